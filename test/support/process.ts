/**
 * What the real-agent harnesses (./claude.ts, ./codex.ts) share: locating a pinned devDependency's binary
 * and version, and running a process to its end with a kill at a timeout.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);

/** The package.json of a pinned devDependency, its folder and its version. */
function pinned(pkgName: string): {
  dir: string;
  json: { version: string; bin: string | Record<string, string> };
} {
  const file = require.resolve(`${pkgName}/package.json`);
  return { dir: join(file, ".."), json: JSON.parse(readFileSync(file, "utf8")) };
}

/** Absolute path of the `binName` executable of the pinned package `pkgName`. */
export function pinnedBin(pkgName: string, binName: string): string {
  const { dir, json } = pinned(pkgName);
  return join(dir, typeof json.bin === "string" ? json.bin : (json.bin[binName] ?? ""));
}

/** The version of the pinned package `pkgName`, from its package.json. */
export function pinnedVersion(pkgName: string): string {
  return pinned(pkgName).json.version;
}

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `bin args` in `cwd` with exactly `env`, no stdin; SIGKILL after `timeoutMs`. Resolves on exit. */
export function runProcess(
  bin: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
