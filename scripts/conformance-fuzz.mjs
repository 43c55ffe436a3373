// `npm run conformance:fuzz -- ...`: the differential test's entry point (TypeScript, with the model's
// sources), bundled and run by ./run-ts.mjs with the given arguments.
import { runTs } from "./run-ts.mjs";

await runTs("conformance-fuzz", "test/conformance/fuzz/main.ts");
