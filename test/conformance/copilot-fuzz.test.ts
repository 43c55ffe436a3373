/**
 * The differential test against the pinned GitHub Copilot CLI (test/conformance/fuzz/copilot.ts):
 * generated repositories (copilot-instructions.md, AGENTS.md, CLAUDE.md, GEMINI.md at every level,
 * instruction files with every `applyTo` form, imports, symlinks, the user's ~/.copilot, --add-dir) run
 * through the real CLI and the copilot-cli model, which must send the same instruction part of the system
 * message byte for byte and the same reminder after each `view`; then the cases found so far
 * (fuzz/found-copilot.ts). Sized for about two to four minutes of wall time on a 2-core machine
 * (docs/findings-fuzz.md has the measurement); the long tier's copilot-fuzz-long.test.ts runs 300. More cases:
 * `npm run conformance:fuzz -- --agent copilot-cli --cases N --seed S`.
 */
import { copilotAgent } from "./fuzz/copilot.js";
import { fuzzSuite } from "./fuzz/suite.js";

fuzzSuite(copilotAgent, {
  seed: "ci",
  cases: 8,
  concurrency: 2,
  shrinkBudget: 20,
});
