/**
 * Gemini CLI behind the agent interface: the launch snapshot (./launch.ts; both views, `addDirs` as
 * `--include-directories`) and the just-in-time session (./on-read.ts). Verified on Gemini CLI 0.61.0.
 */
import type { AgentModel, LaunchOptions, Snapshot } from "../../model/index.js";
import { checkRelease } from "../release.js";
import { geminiLaunch } from "./launch.js";
import { geminiOnDemand } from "./on-read.js";
import { GEMINI_CLI_ID, GEMINI_CLI_NAME, GEMINI_CLI_VERIFIED_VERSION } from "./release.js";
import { geminiVerifyRunner } from "./verify.js";

/** Default cap for Gemini CLI launch context, in bytes (context blocks as sent, framing included). */
export const DEFAULT_GEMINI_CAP = 8192;

/** The Gemini CLI model. */
export const geminiCli: AgentModel = {
  id: GEMINI_CLI_ID,
  name: GEMINI_CLI_NAME,
  releases: [GEMINI_CLI_VERIFIED_VERSION],
  memoryFileNames: ["GEMINI.md"],
  defaultCap: DEFAULT_GEMINI_CAP,
  launch(opts: LaunchOptions): Snapshot {
    checkRelease(geminiCli, opts.release);
    return geminiLaunch(opts);
  },
  onDemand: (snapshot) => geminiOnDemand(snapshot),
  capabilities: { verify: geminiVerifyRunner },
};
