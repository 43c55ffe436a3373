/**
 * Runs the pinned real Codex CLI offline (`codex debug prompt-input "hi"`) with a throwaway HOME and
 * CODEX_HOME and extracts the AGENTS.md user message it would send. Ground truth for the codex agent model
 * (see DESIGN.md, "Ground truth"). No network: prompt-input only assembles the prompt.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pinnedBin, pinnedVersion, runProcess } from "./process.js";

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

export interface CodexRun {
  code: number | null;
  stderr: string;
  /** Every user-role text item of the prompt, in order. */
  userTexts: string[];
  /** The "# AGENTS.md instructions" user message, or "" when Codex sent none. */
  agentsMessage: string;
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
}

/** Runs `codex [args] debug prompt-input hi` in `cwd`; resolves when the CLI exits. */
export async function runCodex(opts: RunCodexOptions): Promise<CodexRun> {
  const home = opts.home ?? mkdtempSync(join(tmpdir(), "ac-codex-home-"));
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
  if (opts.codexHome !== null) {
    const codexHome = opts.codexHome ?? join(home, ".codex");
    mkdirSync(codexHome, { recursive: true });
    env.CODEX_HOME = codexHome;
  }
  const args = [...(opts.args ?? []), "debug", "prompt-input", "hi"];
  const { code, stdout, stderr } = await runProcess(codexBin(opts.release), args, {
    cwd: opts.cwd,
    env,
    timeoutMs: opts.timeoutMs ?? 30_000,
  });
  const userTexts: string[] = [];
  try {
    const items = JSON.parse(stdout) as { role?: string; content?: { text?: string }[] }[];
    for (const it of items) {
      if (it.role !== "user") continue;
      for (const c of it.content ?? []) if (typeof c.text === "string") userTexts.push(c.text);
    }
  } catch {
    // leave userTexts empty; the caller sees code/stderr
  }
  const agentsMessage = userTexts.find((t) => t.startsWith("# AGENTS.md instructions")) ?? "";
  return { code, stderr, userTexts, agentsMessage };
}
