/**
 * Codex behind the agent interface: the AGENTS.md chain as a launch snapshot with Codex's own verdict
 * (./launch.ts over ./chain.ts), the guidance it never sees (./gaps.ts), the offline runner of `verify`
 * (./verify.ts), its memory file names and default cap. No on-demand part (./on-read.ts says why).
 * Verified on Codex 0.171.0 (./release.ts, docs/findings-codex.md).
 */
import type { AgentModel } from "../../model/index.js";
import { CODEX_DEFAULT_MAX_BYTES } from "./config.js";
import { crossAgentGaps } from "./gaps.js";
import { CODEX_TRUNCATED_RULE, codexBudgetCut, codexLaunch } from "./launch.js";
import { CODEX_ID, CODEX_NAME, CODEX_RELEASES } from "./release.js";
import { codexTokens } from "./tokens.js";
import { codexVerifyRunner } from "./verify.js";

/** Default cap for the Codex AGENTS.md chain, in bytes: Codex's own `project_doc_max_bytes` default. */
export const DEFAULT_CODEX_CAP = CODEX_DEFAULT_MAX_BYTES;

/** The Codex model. */
export const codex: AgentModel = {
  id: CODEX_ID,
  name: CODEX_NAME,
  releases: CODEX_RELEASES,
  memoryFileNames: ["AGENTS.md", "AGENTS.override.md"],
  defaultCap: DEFAULT_CODEX_CAP,
  launch: codexLaunch,
  missedGuidance: (root) => crossAgentGaps(root),
  findingRules: [CODEX_TRUNCATED_RULE],
  capabilities: { verify: codexVerifyRunner, budgetCut: codexBudgetCut, tokens: codexTokens },
};
