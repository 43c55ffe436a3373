// `node scripts/bisect-claude.mjs [bisect|run|shape] ...`: the bisection of Claude Code's published releases
// with the release probes (test/support/claude-probes.ts; the commands are in test/support/claude-bisect.ts,
// the results in docs/findings-claude-release-ranges.md). Bundled and run by ./run-ts.mjs.
import { runTs } from "./run-ts.mjs";

await runTs("bisect-claude", {
  contents:
    'import { main } from "./test/support/claude-bisect.ts";\nprocess.exitCode = await main(process.argv.slice(2));\n',
});
