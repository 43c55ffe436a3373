/**
 * One way for the e2e, slow and hostile tiers to run the built CLI (dist/): `agentContext(args, options)`.
 *
 * By default a run without standard input goes through dist/cli/program.js's `runCli` in this worker
 * (the library build of the same source, tsc's output; `node dist/cli/main.js` runs esbuild's bundle of it,
 * and pays 0.3 s for a new Node process): the
 * working directory and the environment are set to the run's for its duration and restored after, runs
 * are serialised, and stdout and stderr are collected. A run with `input` (the hook and the servers read
 * standard input), `spawn: true`, or any run under `AGENT_CONTEXT_TEST_SPAWN=1` spawns
 * `node dist/cli/main.js` as a user does. test/e2e/cli-run-modes.test.ts holds the two ways equal on a
 * table of runs of every command.
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const PROGRAM = resolve(import.meta.dirname, "../../dist/cli/program.js");

export interface CliOptions {
  /** The working directory (default: this process's). */
  cwd?: string;
  /**
   * The whole environment of the run, as `spawn` takes it (default: this process's). In process, the
   * worker's `process.env` is made exactly this for the run's duration.
   */
  env?: NodeJS.ProcessEnv;
  /** Standard input; a run with input is always spawned. */
  input?: string;
  /** Spawn `node dist/cli/main.js` whatever the mode. */
  spawn?: boolean;
  /** Spawned runs only: killed after this many milliseconds (default 120 s; 0: never). */
  timeout?: number;
}

export interface CliResult {
  /** The exit status (null when a spawned run ended by a signal). */
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** How the run went: `process` (in this worker) or `spawn`. */
  via: "process" | "spawn";
}

/** Whether runs spawn by default (`AGENT_CONTEXT_TEST_SPAWN=1`). */
export const SPAWN_ALL = process.env.AGENT_CONTEXT_TEST_SPAWN === "1";

/** Runs `agent-context ...args` (the built CLI) and collects what it wrote. */
export function agentContext(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  if (SPAWN_ALL || options.spawn || options.input !== undefined) return spawned(args, options);
  const run = queue.then(() => inProcess(args, options));
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** Spawns `node dist/cli/main.js ...args` as a user runs it. */
export function spawned(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
      timeout: options.timeout ?? 120_000,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", fail);
    child.stdin.on("error", () => {}); // a CLI that exits before reading its input
    child.stdin.end(options.input ?? "");
    child.on("close", (status, signal) =>
      done({
        status,
        signal,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        via: "spawn",
      }),
    );
  });
}

let queue: Promise<unknown> = Promise.resolve();
let runCli: ((argv: readonly string[]) => Promise<number>) | undefined;

async function inProcess(args: readonly string[], options: CliOptions): Promise<CliResult> {
  runCli ??= ((await import(pathToFileURL(PROGRAM).href)) as { runCli: typeof runCli }).runCli;
  const out: string[] = [];
  const err: string[] = [];
  const write = { out: process.stdout.write, err: process.stderr.write };
  const cwd = process.cwd();
  const env = { ...process.env };
  const exitCode = process.exitCode;
  const collect =
    (to: string[]) =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      to.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      const cb = rest.find((r) => typeof r === "function") as (() => void) | undefined;
      cb?.();
      return true;
    };
  try {
    if (options.env) setEnv(options.env);
    if (options.cwd) process.chdir(options.cwd);
    process.stdout.write = collect(out) as typeof process.stdout.write;
    process.stderr.write = collect(err) as typeof process.stderr.write;
    const status = await (runCli as NonNullable<typeof runCli>)(["node", CLI, ...args]);
    return { status, signal: null, stdout: out.join(""), stderr: err.join(""), via: "process" };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
    process.chdir(cwd);
    setEnv(env);
    process.exitCode = exitCode;
  }
}

/** Makes `process.env` hold exactly `env` (keys absent from it are removed). */
function setEnv(env: NodeJS.ProcessEnv): void {
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  for (const [k, v] of Object.entries(env)) if (v !== undefined) process.env[k] = v;
}
