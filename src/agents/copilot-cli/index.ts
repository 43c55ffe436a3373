/**
 * GitHub Copilot CLI behind the agent interface: the launch snapshot (./launch.ts), the on-demand session
 * (./on-read.ts), the offline runner of `verify` (./verify.ts), its memory file names and default cap. The
 * user view adds `~/.copilot` (or `$COPILOT_HOME`): its `copilot-instructions.md` and `instructions/**`
 * files. Verified on @github/copilot 1.0.102 (./release.ts, docs/findings-copilot-cli.md).
 */
import type { AgentModel } from "../../model/index.js";
import { copilotLaunchSnapshot, copilotPatternDir, copilotPatternMatches } from "./launch.js";
import { copilotLimits, copilotTokens } from "./limits.js";
import { copilotOnDemandOf } from "./on-read.js";
import { COPILOT_ID, COPILOT_NAME, COPILOT_RELEASES } from "./release.js";
import { copilotVerifyRunner } from "./verify.js";

/** Default cap for Copilot CLI launch context, in bytes, when `.agent-context.json` sets none. */
export const DEFAULT_COPILOT_CAP = 8192;

/** The Copilot CLI model. */
export const copilotCli: AgentModel = {
  id: COPILOT_ID,
  name: COPILOT_NAME,
  releases: COPILOT_RELEASES,
  memoryFileNames: [".github/copilot-instructions.md", "AGENTS.md", "CLAUDE.md", "GEMINI.md"],
  defaultCap: DEFAULT_COPILOT_CAP,
  launchSources: () => ({ names: [], folders: [".github/instructions"] }),
  launch: copilotLaunchSnapshot,
  onDemand: copilotOnDemandOf,
  capabilities: {
    verify: copilotVerifyRunner,
    // applyTo patterns, relative to the git root (./launch.ts, copilotPatternMatches).
    scopeMatcher: (patterns) => (rel) => patterns.some((p) => copilotPatternMatches(p, rel)),
    scopeDir: copilotPatternDir,
    tokens: copilotTokens,
    limits: copilotLimits,
  },
  findingRules: [
    {
      id: "copilot-context-refused",
      description: "Instructions over Copilot CLI's token budget: it refuses every prompt",
      defaultSeverity: "error",
    },
    {
      id: "copilot-unmodelled-setting",
      description: "a Copilot CLI setting changes the launch in a way the model does not measure",
      defaultSeverity: "warning",
    },
    {
      id: "copilot-user-file-skipped",
      description:
        "a user instruction file Copilot CLI skips: over its 1 MiB limit, past the 10 MiB the user files may add up to",
      defaultSeverity: "warning",
    },
  ],
};
