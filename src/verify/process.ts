/** Running an agent CLI to its end, bounded in time: what every verify runner and the conformance suite share. */
import { spawn } from "node:child_process";

export interface ProcessResult {
  /** Exit status, or null when the process was killed (at the timeout) or died of a signal. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the process was killed at the timeout. */
  timedOut?: boolean;
  /** Set when the process could not be started at all (e.g. ENOENT, EACCES): the error's message. */
  spawnError?: string;
}

/**
 * Runs `bin args` in `cwd` with exactly `env` (nothing inherited), no stdin; SIGKILL after `timeoutMs`
 * milliseconds. Resolves on exit, never rejects: a binary that cannot be started resolves with
 * `spawnError` and code null.
 */
export function runProcess(
  bin: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    let spawnError: string | undefined;
    child.stdout?.on("data", (d) => {
      stdout += d;
    });
    child.stderr?.on("data", (d) => {
      stderr += d;
    });
    child.on("error", (e) => {
      spawnError = e.message;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, opts.timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout,
        stderr,
        ...(timedOut ? { timedOut } : {}),
        ...(spawnError !== undefined ? { spawnError } : {}),
      });
    });
  });
}
