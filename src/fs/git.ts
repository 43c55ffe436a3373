/**
 * The one git runner. Every git fact the product needs comes from the real `git` binary (never from
 * parsing `.git` ourselves), run as `git -C DIR ARGS…` with no prompts, no optional locks and no pager.
 */
import { execFileSync } from "node:child_process";

/** What one git call gave back. Never thrown: a failing call is `ok: false`. */
export interface GitResult {
  /** True when git exited 0. */
  ok: boolean;
  /** Standard output, UTF-8 (what was printed before a failure when `ok` is false). */
  stdout: string;
  /** Standard error, UTF-8 ("git not found" when the binary is missing). */
  stderr: string;
  /** True when no `git` binary was found on PATH. */
  missingGit: boolean;
}

/** Largest output read from one git call, in bytes (512 MiB: `ls-files -z` of a very large repository). */
export const GIT_MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

/**
 * Runs `git -C dir ...args` synchronously and returns its status and output. `GIT_TERMINAL_PROMPT=0` and
 * `GIT_OPTIONAL_LOCKS=0` are set so a call never waits on a prompt or takes the index lock; `env` adds
 * variables (e.g. `GIT_INDEX_FILE`). Never throws.
 */
export function runGit(
  dir: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): GitResult {
  try {
    const stdout = execFileSync("git", ["-C", dir, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: GIT_MAX_OUTPUT_BYTES,
      env: { ...process.env, ...env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" },
    });
    return { ok: true, stdout, stderr: "", missingGit: false };
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string | Buffer; stdout?: string | Buffer };
    if (err.code === "ENOENT") return { ok: false, stdout: "", stderr: "git not found", missingGit: true };
    return {
      ok: false,
      stdout: String(err.stdout ?? ""),
      stderr: String(err.stderr ?? ""),
      missingGit: false,
    };
  }
}

/** True when `dir` lies inside a git work tree (`git rev-parse --is-inside-work-tree`). Never throws. */
export function isGitWorkTree(dir: string): boolean {
  const r = runGit(dir, ["rev-parse", "--is-inside-work-tree"]);
  return r.ok && r.stdout.trim() === "true";
}
