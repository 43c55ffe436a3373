/**
 * Runs the pinned real Codex CLI offline (`codex debug prompt-input "hi"`) with a throwaway HOME and
 * CODEX_HOME and extracts the AGENTS.md user message it would send. Ground truth for the codex agent model
 * (see DESIGN.md, "Ground truth"). The harness itself lives in the product (src/agents/codex/verify.ts,
 * which `verify` runs on the user's CLI); this file adds the pinned releases of test/agents.
 */
import { type CodexRun, runCodexCli } from "../../src/agents/codex/verify.js";
import { pinnedBin, pinnedVersion } from "./process.js";
import { logSession } from "./session-log.js";

export type { CodexRun } from "../../src/agents/codex/verify.js";

export const CODEX_PACKAGE = "@openai/codex";

/**
 * Absolute path of the `codex` launcher of a pinned release (test/agents/package.json); `release`
 * defaults to the main pin (0.171.0).
 */
export function codexBin(release?: string): string {
  return pinnedBin(CODEX_PACKAGE, "codex", release);
}

/** The installed version of a pinned release (default: the main pin), read from its package.json. */
export function codexVersion(release?: string): string {
  return pinnedVersion(CODEX_PACKAGE, release);
}

export interface RunCodexOptions {
  cwd: string;
  /**
   * CODEX_HOME (created when absent; default a throwaway one). `null`: leave CODEX_HOME unset, so Codex
   * falls back to `$HOME/.codex`.
   */
  codexHome?: string | null;
  /** HOME (default: a throwaway directory). */
  home?: string;
  /** Extra global args before `debug prompt-input`, e.g. ["-c", "project_doc_max_bytes=10"]. */
  args?: string[];
  timeoutMs?: number;
  /** The pinned Codex release to run (default: the main pin). */
  release?: string;
  /** Extra environment, applied last (e.g. CODEX_HOME="" for an empty variable). */
  env?: Record<string, string>;
}

/** Runs `codex [args] debug prompt-input hi` of a pinned release in `cwd`; resolves when the CLI exits. */
export async function runCodex(opts: RunCodexOptions): Promise<CodexRun> {
  const { release, ...rest } = opts;
  logSession("codex", release ?? codexVersion(), rest);
  return runCodexCli({ ...rest, bin: codexBin(release) });
}
