/**
 * Runs a real Codex CLI offline (`codex [args] debug prompt-input hi`) with a throwaway HOME and
 * CODEX_HOME and extracts the AGENTS.md user message it would send: the one harness the product's
 * `verify` and the conformance suite (test/support/codex.ts) share. `debug prompt-input` only assembles
 * the prompt; it opens no connection (settled on Codex 0.171.0).
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runProcess } from "../../verify/process.js";

export interface CodexRun {
  /** Exit status (null when killed). */
  code: number | null;
  stderr: string;
  /** True when the CLI was killed at the timeout. */
  timedOut?: boolean;
  /** Set when the binary could not be started. */
  spawnError?: string;
  /** False when stdout was not the JSON list of prompt items `debug prompt-input` prints. */
  parsed: boolean;
  /** Every user-role text item of the prompt, in order. */
  userTexts: string[];
  /** The "# AGENTS.md instructions" user message, or "" when Codex sent none. */
  agentsMessage: string;
}

export interface RunCodexCliOptions {
  /** The `codex` executable (absolute path, or a name found on PATH). */
  bin: string;
  /** Directory the CLI starts in (absolute). */
  cwd: string;
  /** Throwaway CODEX_HOME (HOME/.codex when absent; created). */
  codexHome?: string;
  /** Throwaway HOME (a fresh temp directory when absent). */
  home?: string;
  /** Extra global args before `debug prompt-input`, e.g. ["-c", "project_doc_max_bytes=10"]. */
  args?: string[];
  /** Extra environment, applied last. */
  env?: Record<string, string>;
  /** Kill the CLI after this many milliseconds (default 30,000). */
  timeoutMs?: number;
}

/** Runs `BIN [args] debug prompt-input hi` in `cwd`; resolves when the CLI exits, never rejects. */
export async function runCodexCli(opts: RunCodexCliOptions): Promise<CodexRun> {
  const home = opts.home ?? mkdtempSync(join(tmpdir(), "ac-codex-home-"));
  const codexHome = opts.codexHome ?? join(home, ".codex");
  mkdirSync(codexHome, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    CODEX_HOME: codexHome,
    ...opts.env,
  };
  const args = [...(opts.args ?? []), "debug", "prompt-input", "hi"];
  const r = await runProcess(opts.bin, args, { cwd: opts.cwd, env, timeoutMs: opts.timeoutMs ?? 30_000 });
  const userTexts: string[] = [];
  let parsed = false;
  try {
    const items = JSON.parse(r.stdout) as { role?: string; content?: { text?: string }[] }[];
    if (Array.isArray(items)) {
      parsed = true;
      for (const it of items) {
        if (it?.role !== "user") continue;
        for (const c of it.content ?? []) if (typeof c?.text === "string") userTexts.push(c.text);
      }
    }
  } catch {
    // not the JSON prompt: parsed stays false; the caller sees code/stderr
  }
  const agentsMessage = userTexts.find((t) => t.startsWith("# AGENTS.md instructions")) ?? "";
  return {
    code: r.code,
    stderr: r.stderr,
    ...(r.timedOut ? { timedOut: true } : {}),
    ...(r.spawnError !== undefined ? { spawnError: r.spawnError } : {}),
    parsed,
    userTexts,
    agentsMessage,
  };
}
