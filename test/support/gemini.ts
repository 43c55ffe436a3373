/**
 * Runs the pinned real Gemini CLI offline against a loopback model server and parses what it sent. Ground
 * truth for the gemini-cli agent model (see DESIGN.md, "Ground truth"). The harness lives in the product
 * (src/agents/gemini-cli/verify.ts, src/verify/upstream-gemini.ts), shared with `verify`; this file adds
 * the pinned release and keeps the names the conformance suites import.
 */
import {
  type GeminiRun,
  type RunGeminiCliOptions,
  runGeminiCli,
} from "../../src/agents/gemini-cli/verify.js";
import { pinnedBin, pinnedVersion } from "./process.js";
import { logSession } from "./session-log.js";

export {
  JIT_CONTEXT_PREFIX as JIT_PREFIX,
  JIT_CONTEXT_SUFFIX as JIT_SUFFIX,
} from "../../src/agents/gemini-cli/on-read.js";
export {
  type GeminiBlock,
  type GeminiRun,
  jitContext,
  launchBlocks,
  parseBlocks,
  sessionContext,
  systemContext,
  toolOutputs,
} from "../../src/agents/gemini-cli/verify.js";
export {
  type GeminiPart,
  type GeminiRequest,
  type GeminiServer,
  satisfy,
  startGeminiServer,
} from "../../src/verify/upstream-gemini.js";

export const GEMINI_CLI_PACKAGE = "@google/gemini-cli";

/** Absolute path of the pinned `gemini` script (a Node ESM bundle with a `node` shebang). */
export function geminiBin(release?: string): string {
  return pinnedBin(GEMINI_CLI_PACKAGE, "gemini", release);
}

/** The installed version of the pinned Gemini CLI, read from its package.json. */
export function geminiVersion(release?: string): string {
  return pinnedVersion(GEMINI_CLI_PACKAGE, release);
}

export type RunGeminiOptions = Omit<RunGeminiCliOptions, "bin">;

/** Runs the pinned `gemini -p PROMPT` in `cwd` offline (see {@link runGeminiCli}). */
export function runGemini(opts: RunGeminiOptions): Promise<GeminiRun> {
  logSession("gemini-cli", geminiVersion(), opts);
  return runGeminiCli({ ...opts, bin: geminiBin() });
}
