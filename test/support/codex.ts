/**
 * Runs the pinned real Codex CLI offline (`codex debug prompt-input "hi"`) with a throwaway HOME and
 * CODEX_HOME and extracts the AGENTS.md user message it would send. Ground truth for the codex agent model
 * (see DESIGN.md, "Ground truth"). No network: prompt-input only assembles the prompt.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(import.meta.url);

/** Absolute path of the pinned CLI launcher (devDependency @openai/codex). */
export function codexBin(): string {
  const pkg = require.resolve("@openai/codex/package.json");
  const bin = JSON.parse(readFileSync(pkg, "utf8")).bin;
  return join(pkg, "..", typeof bin === "string" ? bin : bin.codex);
}

/** The pinned CLI version, read from its package.json. */
export function codexVersion(): string {
  return JSON.parse(readFileSync(require.resolve("@openai/codex/package.json"), "utf8")).version;
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
  /** Throwaway CODEX_HOME (created when absent). */
  codexHome?: string;
  /** Extra global args before `debug prompt-input`, e.g. ["-c", "project_doc_max_bytes=10"]. */
  args?: string[];
  timeoutMs?: number;
}

/** Runs `codex [args] debug prompt-input hi` in `cwd`; resolves when the CLI exits. */
export function runCodex(opts: RunCodexOptions): Promise<CodexRun> {
  const home = mkdtempSync(join(tmpdir(), "ac-codex-home-"));
  const codexHome = opts.codexHome ?? join(home, ".codex");
  mkdirSync(codexHome, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    CODEX_HOME: codexHome,
  };
  const args = [...(opts.args ?? []), "debug", "prompt-input", "hi"];
  return new Promise<CodexRun>((resolve) => {
    const child = spawn(codexBin(), args, { cwd: opts.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 30_000);
    child.on("close", (code) => {
      clearTimeout(timer);
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
      resolve({ code, stderr, userTexts, agentsMessage });
    });
  });
}
