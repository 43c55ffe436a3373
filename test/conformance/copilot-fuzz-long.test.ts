/**
 * The long differential campaign against the pinned GitHub Copilot CLI (the `long` tier, test/support/
 * long-tier.ts): 300 generated cases with every feature of the Copilot generator (test/conformance/fuzz/
 * copilot.ts: instruction files at every level, `applyTo` forms, imports, links, the user layer and
 * `COPILOT_HOME`, `COPILOT_CUSTOM_INSTRUCTIONS_DIRS`, the child folders' feature flag,
 * `--no-custom-instructions`, `excludeAgent`, odd files), then the found cases. The conformance tier's
 * copilot-fuzz.test.ts runs 24 cases of another seed. Counts: docs/findings-fuzz.md ("GitHub Copilot CLI").
 * More: `npm run conformance:fuzz -- --agent copilot-cli --cases N --seed S`.
 */
import { copilotAgent } from "./fuzz/copilot.js";
import { fuzzSuite } from "./fuzz/suite.js";

fuzzSuite(copilotAgent, {
  seed: "long31",
  cases: 300,
  concurrency: 2,
  shrinkBudget: 0,
  timeoutMs: 3_600_000,
  open: {
    // docs/findings-fuzz.md ("GitHub Copilot CLI", open after the long31 run).
    "long31:191":
      "a view of a directory attaches a scoped file of a folder between the cwd and it on the CLI only",
    "long31:237": "a second view attaches proj/a/.claude/rules/r1.md on the CLI only",
  },
});
