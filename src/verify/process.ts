/** Running an agent CLI to its end, bounded in time: what every verify runner and the conformance suite share. */
import { type ChildProcess, spawn } from "node:child_process";
import type { ProcessResult, RunOptions } from "../model/verify.js";

export type { ProcessResult, RunOptions, RunProcess } from "../model/verify.js";

/** Processes started by {@link runProcess} that have not ended yet (each leads its own process group). */
const live = new Set<ChildProcess>();

/** SIGKILL to every process group {@link runProcess} started that is still running (on SIGINT/SIGTERM). */
export function killLiveProcesses(): void {
  for (const child of live) killGroup(child);
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, "SIGKILL");
    else child.kill("SIGKILL");
  } catch {
    // already gone
  }
}

/**
 * Runs `bin args` in `cwd` with exactly `env` (nothing inherited), no stdin, as the leader of its own
 * process group; SIGKILL to the whole group after `timeoutMs` milliseconds (what the CLI started dies
 * with it). Resolves on exit, never rejects: a binary that cannot be started resolves with `spawnError`
 * and code null.
 */
export function runProcess(bin: string, args: string[], opts: RunOptions): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: process.platform !== "win32",
    });
    live.add(child);
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
      killGroup(child);
    }, opts.timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      live.delete(child);
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
