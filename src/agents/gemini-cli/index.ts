/**
 * Gemini CLI behind the agent interface: the launch snapshot (./launch.ts; both views, `addDirs` as
 * `--include-directories`), the just-in-time session (./on-read.ts), the offline runner of `verify`
 * (./verify.ts), the whole repository as lint reads it (./repository.ts), its memory file names and
 * default cap. Verified on Gemini CLI 0.61.0 (./release.ts).
 */
import type { AgentModel } from "../../model/index.js";
import { geminiLaunch } from "./launch.js";
import { geminiLimits, geminiTokens } from "./limits.js";
import { geminiOnDemand } from "./on-read.js";
import { GEMINI_CLI_ID, GEMINI_CLI_NAME, GEMINI_CLI_RELEASES } from "./release.js";
import { geminiRepositorySnapshot, repositoryContextFileNames } from "./repository.js";
import { geminiVerifyRunner } from "./verify.js";

/** Default cap for Gemini CLI launch context, in bytes (context blocks as sent, framing included). */
export const DEFAULT_GEMINI_CAP = 8192;

/** The Gemini CLI model. */
export const geminiCli: AgentModel = {
  id: GEMINI_CLI_ID,
  name: GEMINI_CLI_NAME,
  releases: GEMINI_CLI_RELEASES,
  memoryFileNames: ["GEMINI.md"],
  defaultCap: DEFAULT_GEMINI_CAP,
  // `.gemini/settings.json` (context.fileName, import format, boundary markers) and the names it gives.
  launchSources: (root) => ({ names: repositoryContextFileNames(root), folders: [".gemini"] }),
  launch: geminiLaunch,
  onDemand: geminiOnDemand,
  findingRules: [
    {
      id: "gemini-context-over-limit",
      description: "Context files over Gemini CLI's token limit by its own estimate: it sends nothing",
      defaultSeverity: "warning",
    },
  ],
  capabilities: {
    verify: geminiVerifyRunner,
    repositorySnapshot: geminiRepositorySnapshot,
    tokens: geminiTokens,
    limits: geminiLimits,
  },
};
