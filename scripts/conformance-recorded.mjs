// `npm run conformance:recorded -- ...`: the recorded-case agreement counter (TypeScript, with the model's
// sources), bundled and run by ./run-ts.mjs with the given arguments.
import { runTs } from "./run-ts.mjs";

await runTs("conformance-recorded", "test/conformance/recorded/main.ts");
