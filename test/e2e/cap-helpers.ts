/** Helpers for the `cap` end-to-end tests: real temp repositories, real git, the built CLI. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { CapJson } from "../../src/report/cap-json.js";
import { agentContext } from "../support/cli-run.js";

export { CLI } from "../support/cli-run.js";

const made: string[] = [];

/** A fresh temp directory (real path) holding `files` (path → text); removed by {@link cleanup}. */
export function tempRepo(files: Record<string, string> = {}): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), "ac-cap-e2e-")));
  made.push(d);
  writeFiles(d, files);
  return d;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

export function cleanup(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** This process's environment without the CI and colour variables, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ["CI", "GITHUB_ACTIONS", "GITHUB_BASE_REF", "NO_COLOR", "FORCE_COLOR"]) delete base[k];
  return { ...base, ...extra };
}

/** Runs the built CLI's `agent-context ...args` (test/support/cli-run.ts); CI variables cleared unless in `env`. */
export async function run(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliRun> {
  const r = await agentContext(args, { env: cleanEnv(env), cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs the built CLI's `cap ...args`; CI variables are cleared unless given in `env`. */
export function cap(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliRun> {
  return run(["cap", ...args], env, cwd);
}

/** Runs `cap --json` and parses stdout. */
export async function capJson(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; json: CapJson }> {
  const r = await cap([...args, "--json"], env);
  return { code: r.code, json: JSON.parse(r.stdout) as CapJson };
}

/** The `cap --json` shape: the product's own types, so a test reads every key the output has. */
export type { ContextItemJson as CapJsonItem } from "../../src/model/item.js";
export type { CapJson } from "../../src/report/cap-json.js";

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.com",
  GIT_CONFIG_NOSYSTEM: "1",
};

/** Runs real git in `cwd`. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    env: GIT_ENV,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Writes files and commits them all. */
export function commit(root: string, files: Record<string, string>, message: string): void {
  writeFiles(root, files);
  git(root, "add", "-A");
  git(root, "commit", "-q", "--allow-empty", "-m", message);
}
