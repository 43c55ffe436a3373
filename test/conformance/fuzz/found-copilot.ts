/**
 * Cases the differential test found for Copilot CLI, shrunk and pinned (test/conformance/copilot-fuzz.test.ts runs
 * them): the CLI must still send exactly `expect` at launch and attach exactly `expectReads[i]` after
 * tool call i, and the model must agree byte for byte (or, while `open` is set, still disagree).
 * `npm run conformance:fuzz -- --agent copilot-cli --seed RUN --from INDEX --cases 1` regenerates
 * the unshrunk case. Findings: docs/findings-fuzz.md.
 */
import type { FuzzFoundCase } from "./found.js";

export const COPILOT_FOUND_CASES: FuzzFoundCase[] = [];
