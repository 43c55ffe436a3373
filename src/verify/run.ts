/**
 * The verify pipeline: find the user's agent CLI, read its release, pick the model release (the same, or
 * the nearest known, said so), run the CLI offline on a throwaway copy of the repository's instruction
 * files against the loopback upstream with a throwaway home, and compare what it delivered with the
 * model's prediction, file by file and byte for byte. `--probes` runs the agent's bundled probes the same
 * way. Every CLI run is bounded by a timeout; anything that leaves nothing to compare is a UsageError
 * (exit 2) with one clear message.
 */
import { execFileSync } from "node:child_process";
import {
  accessSync,
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { agents } from "../agents/index.js";
import { UsageError } from "../errors.js";
import { inside, toPosix } from "../fs/paths.js";
import {
  type AgentModel,
  type Delivery,
  type VerifyObservation,
  type VerifyProbe,
  VerifyRunError,
  type VerifyRunner,
} from "../model/index.js";
import { compareDelivery, type Disagreement } from "./compare.js";
import { runProcess } from "./process.js";
import { nearestRelease } from "./release.js";
import { makeSandbox } from "./sandbox.js";
import { startTrap } from "./upstream.js";

/** Default time one CLI run may take, in milliseconds. */
export const VERIFY_DEFAULT_TIMEOUT_MS = 60_000;
/**
 * The least time `CLI --version` may take, in milliseconds (Gemini CLI 0.61.0 takes 13 s on an idle
 * 2-core machine, over 30 s on a loaded one); a longer `--timeout` raises it to the same.
 */
const VERSION_TIMEOUT_MS = 30_000;
/** Probes run at the same time (the CLIs are heavy; CI machines have 2 cores). */
const PROBE_CONCURRENCY = 2;

export interface VerifyCliOptions {
  agent: AgentModel;
  /** `--cli`: the executable to run (absolute, or relative to the current directory). Default: PATH. */
  cli?: string;
  /** `--agent-version`: the model release to compare with (must be one the model knows). */
  agentVersion?: string;
  /** Per CLI run, in milliseconds (default {@link VERIFY_DEFAULT_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** The PATH searched for the executable (default `process.env.PATH`). */
  path?: string;
}

export interface VerifyOptions extends VerifyCliOptions {
  /** Repository root (absolute). */
  root: string;
  /** Launch directory (absolute, inside root). */
  cwd: string;
  /** `--read`: files the scripted model reads, absolute, inside root. */
  reads?: readonly string[];
  /** `--save-case DIR`: write the instruction files of the run there (absolute; outside the repository). */
  saveCase?: string;
}

/** The CLI that ran and the model it was compared with. */
export interface VerifyHeader {
  agent: { id: string; name: string };
  cli: { path: string; release: string };
  /** The model release compared; `exact` false when the CLI's release is unknown to the model. */
  model: { release: string; exact: boolean; chosen: "detected" | "--agent-version" };
}

/** What the run's traffic was, beyond the model API on the loopback upstream. */
export interface VerifyTraffic {
  /** Other requests to the loopback upstream, as `METHOD path`. */
  loopback: string[];
  /** Attempts to reach anything else (refused by the trap proxy), as `CONNECT host:port` or `METHOD url`. */
  refused: string[];
}

export interface VerifyReport extends VerifyHeader {
  root: string;
  cwd: string;
  /**
   * What the CLI delivered at launch: files and UTF-8 bytes of their texts. For a one-message agent
   * (Codex), the bytes of the instruction text in the message and the model's count of files (the
   * message has no file boundaries of its own).
   */
  launch: { files: number; bytes: number };
  /** What the CLI attached for each `--read`. */
  reads: { file: string; files: number; bytes: number }[];
  disagreements: Disagreement[];
  traffic: VerifyTraffic;
  /** Files copied into the run (relative to the root). */
  copied: string[];
  /** Bounds the copy reached, as sentences. */
  limits: string[];
  /** Where `--save-case` wrote the case. */
  savedCase?: string;
  agrees: boolean;
}

export interface ProbeResult {
  id: string;
  behaviour: string;
  holds: boolean;
  disagreements: Disagreement[];
}

export interface ProbesReport extends VerifyHeader {
  probes: ProbeResult[];
  traffic: VerifyTraffic;
  /** True when every probe holds. */
  agrees: boolean;
}

/** No CLI to run: `runner.executable` is not on PATH (and no `--cli` was given). Exit 2 for one agent. */
export class CliNotFoundError extends UsageError {
  override name = "CliNotFoundError";
}

/** The agent's runner; UsageError when the agent has none. */
export function verifyRunner(agent: AgentModel): VerifyRunner {
  const r = agent.capabilities?.verify;
  if (!r)
    throw new UsageError(
      `verify cannot run ${agent.name}: its model has no verify runner (agents that have one: ${agents()
        .filter((a) => a.capabilities?.verify)
        .map((a) => a.id)
        .join(", ")})`,
    );
  return r;
}

function executable(p: string): boolean {
  try {
    if (!statSync(p).isFile()) return false;
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The CLI to run: `--cli` (checked to be an executable file) or the first `runner.executable` on PATH.
 * @throws CliNotFoundError (a UsageError) when it is not on PATH; UsageError for a `--cli` that is missing
 *   or not executable
 */
export function findCli(
  agent: AgentModel,
  runner: VerifyRunner,
  cli: string | undefined,
  path: string,
): string {
  if (cli !== undefined) {
    const abs = resolve(cli);
    let st: ReturnType<typeof statSync> | undefined;
    try {
      st = statSync(abs);
    } catch {
      st = undefined;
    }
    if (!st) throw new UsageError(`--cli ${cli}: no such file`);
    if (!st.isFile() || !executable(abs)) throw new UsageError(`--cli ${cli}: not an executable file`);
    return abs;
  }
  for (const dir of path.split(delimiter)) {
    if (dir === "") continue;
    const p = join(dir, runner.executable);
    if (executable(p)) return p;
  }
  throw new CliNotFoundError(
    `${agent.name}: \`${runner.executable}\` is not on PATH; install it (npm install -g ${runner.npmPackage}@${agent.releases[0]}, the release the model is verified on), or give its path with --cli`,
  );
}

/** The environment that sends anything but loopback traffic into the trap proxy. */
function proxyEnv(trapUrl: string): Record<string, string> {
  const noProxy = "127.0.0.1,localhost,::1";
  return {
    HTTPS_PROXY: trapUrl,
    HTTP_PROXY: trapUrl,
    ALL_PROXY: trapUrl,
    https_proxy: trapUrl,
    http_proxy: trapUrl,
    all_proxy: trapUrl,
    NO_PROXY: noProxy,
    no_proxy: noProxy,
  };
}

/**
 * The CLI's release, from `CLI --version` run with a throwaway HOME, auto-update off and the trap proxy.
 * @throws UsageError when the CLI does not run, times out, or prints a version line of an unknown format
 */
async function cliRelease(
  agent: AgentModel,
  runner: VerifyRunner,
  bin: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), "agent-context-verify-home-"));
  try {
    const r = await runProcess(bin, ["--version"], {
      cwd: home,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, DISABLE_AUTOUPDATER: "1", ...env },
      timeoutMs,
    });
    if (r.spawnError) throw new UsageError(`${agent.name} CLI ${bin}: could not start: ${r.spawnError}`);
    if (r.timedOut)
      throw new UsageError(
        `${agent.name} CLI ${bin}: \`--version\` did not answer within ${timeoutMs / 1000} s (killed; raise --timeout)`,
      );
    const release = runner.parseVersion(r.stdout);
    if (!release)
      throw new UsageError(
        `${agent.name} CLI ${bin}: \`--version\` printed ${JSON.stringify(`${r.stdout}${r.stderr}`.trim().slice(0, 200))}, not a version line verify knows (${runner.executable} of another tool, or a format this release of agent-context cannot read)`,
      );
    return release;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function modelRelease(
  agent: AgentModel,
  cli: string,
  agentVersion: string | undefined,
): VerifyHeader["model"] {
  if (agentVersion !== undefined) {
    if (!agent.releases.includes(agentVersion))
      throw new UsageError(
        `--agent-version ${agentVersion}: the ${agent.name} model knows ${agent.releases.join(", ")}; pass one of them`,
      );
    return { release: agentVersion, exact: agentVersion === cli, chosen: "--agent-version" };
  }
  return { ...nearestRelease(agent.releases, cli), chosen: "detected" };
}

interface Prepared {
  runner: VerifyRunner;
  header: VerifyHeader;
  bin: string;
}

async function prepare(opts: VerifyCliOptions, env: Record<string, string>): Promise<Prepared> {
  const runner = verifyRunner(opts.agent);
  const found = findCli(opts.agent, runner, opts.cli, opts.path ?? process.env.PATH ?? "");
  const bin = runner.resolveBin ? runner.resolveBin(found) : found;
  const release = await cliRelease(
    opts.agent,
    runner,
    bin,
    env,
    Math.max(VERSION_TIMEOUT_MS, opts.timeoutMs ?? VERIFY_DEFAULT_TIMEOUT_MS),
  );
  return {
    runner,
    bin,
    header: {
      agent: { id: opts.agent.id, name: opts.agent.name },
      cli: { path: bin, release },
      model: modelRelease(opts.agent, release, opts.agentVersion),
    },
  };
}

const bytesOf = (d: Delivery) =>
  d.message !== undefined
    ? (d.instructionBytes ?? Buffer.byteLength(d.message, "utf8"))
    : d.files.reduce((n, f) => n + Buffer.byteLength(f.text, "utf8"), 0);

interface Compared {
  observed: VerifyObservation;
  disagreements: Disagreement[];
}

/** One CLI run on a prepared tree, and the model's prediction beside it. */
async function runAndCompare(
  p: Prepared,
  agent: AgentModel,
  place: { root: string; cwd: string; home: string; reads: readonly string[] },
  timeoutMs: number,
  env: Record<string, string>,
): Promise<Compared> {
  const show = (abs: string) => (inside(place.root, abs) ? toPosix(relative(place.root, abs)) || "." : abs);
  let observed: VerifyObservation;
  try {
    observed = await p.runner.observe({
      bin: p.bin,
      root: place.root,
      cwd: place.cwd,
      home: place.home,
      reads: place.reads,
      timeoutMs,
      proxyEnv: env,
    });
  } catch (e) {
    if (e instanceof VerifyRunError)
      throw new UsageError(`${agent.name} ${p.header.cli.release} (${p.bin}): ${e.message}`);
    throw e;
  }
  const snapshot = agent.launch({ root: place.root, cwd: place.cwd, release: p.header.model.release });
  const predicted = p.runner.predict(snapshot, place.reads, place.home);
  const disagreements = compareDelivery("launch", predicted.launch, observed.launch, show);
  place.reads.forEach((r, i) => {
    disagreements.push(
      ...compareDelivery(
        `read ${show(r)}`,
        predicted.reads[i] ?? { files: [] },
        observed.reads[i] ?? { files: [] },
        show,
      ),
    );
  });
  return { observed, disagreements };
}

/**
 * `verify` on one repository.
 * @throws UsageError (exit 2): no CLI, a CLI that does not run or times out, an unknown version format, an
 *   unknown `--agent-version`, `--read` outside the repository or with an agent that cannot read,
 *   `--save-case` inside the repository or not empty
 */
export async function verifyRepository(opts: VerifyOptions): Promise<VerifyReport> {
  const reads = opts.reads ?? [];
  for (const r of reads)
    if (!inside(opts.root, r)) throw new UsageError(`--read ${r}: must be inside ${opts.root}`);
  if (opts.saveCase !== undefined) checkSaveCase(opts.saveCase, opts.root);
  const runner = verifyRunner(opts.agent);
  if (reads.length > 0 && !runner.reads)
    throw new UsageError(
      `--read: ${opts.agent.name} attaches nothing when it reads a file; verify compares its launch only`,
    );
  const trap = await startTrap();
  const env = proxyEnv(trap.url);
  try {
    const p = await prepare(opts, env);
    const memoryNames = new Set(agents().flatMap((a) => a.memoryFileNames));
    const box = makeSandbox({ root: opts.root, memoryNames, runner, reads });
    try {
      const realRoot = realpathSync(opts.root);
      const mapIn = (abs: string) => join(box.root, relative(realRoot, realpathOr(abs)));
      const cwd = mapIn(opts.cwd);
      mkdirSync(cwd, { recursive: true });
      const copiedReads = reads.map(mapIn);
      const { observed, disagreements } = await runAndCompare(
        p,
        opts.agent,
        { root: box.root, cwd, home: box.home, reads: copiedReads },
        opts.timeoutMs ?? VERIFY_DEFAULT_TIMEOUT_MS,
        env,
      );
      const report: VerifyReport = {
        ...p.header,
        root: opts.root,
        cwd: opts.cwd,
        launch: {
          files:
            observed.launch.message !== undefined
              ? countFiles(p, opts, box.root, cwd)
              : observed.launch.files.length,
          bytes: bytesOf(observed.launch),
        },
        reads: reads.map((r, i) => ({
          file: toPosix(relative(opts.root, r)),
          files: observed.reads[i]?.files.length ?? 0,
          bytes: bytesOf(observed.reads[i] ?? { files: [] }),
        })),
        disagreements,
        traffic: {
          loopback: observed.otherRequests,
          refused: trap.attempts.map((a) => `${a.method} ${a.target}`),
        },
        copied: box.files,
        limits: box.limits,
        agrees: disagreements.length === 0,
      };
      if (opts.saveCase !== undefined) {
        saveCase(opts.saveCase, box.root, box.files, {
          agent: opts.agent.id,
          cliRelease: p.header.cli.release,
          modelRelease: p.header.model.release,
          cwd: toPosix(relative(opts.root, opts.cwd)) || ".",
          reads: report.reads.map((r) => r.file),
          disagreements,
        });
        report.savedCase = opts.saveCase;
      }
      return report;
    } finally {
      rmSync(box.base, { recursive: true, force: true });
    }
  } finally {
    await trap.close();
  }
}

/** Files in a one-message agent's delivery: the model's files when the messages agree (the message has no boundaries of its own). */
function countFiles(p: Prepared, opts: VerifyOptions, root: string, cwd: string): number {
  const snapshot = opts.agent.launch({ root, cwd, release: p.header.model.release });
  return p.runner.predict(snapshot, [], root).launch.files.length;
}

function realpathOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}

/** `--save-case DIR` must lie outside the repository and be absent or empty. */
function checkSaveCase(dir: string, root: string): void {
  if (inside(realpathOr(root), realpathOr(dir)) || inside(root, resolve(dir)))
    throw new UsageError(
      `--save-case ${dir}: inside the repository; verify writes nothing there — pick a directory outside it`,
    );
  let names: string[] | undefined;
  try {
    names = readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOTDIR")
      throw new UsageError(`--save-case ${dir}: not a directory`);
    names = undefined;
  }
  if (names && names.length > 0)
    throw new UsageError(`--save-case ${dir}: not empty; give a new or empty directory`);
}

/** Writes the case: the copied instruction files (as run: settings sanitized) and `verify-case.json`. */
function saveCase(dir: string, from: string, files: readonly string[], meta: Record<string, unknown>): void {
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  for (const rel of files) {
    const src = join(from, rel);
    const dst = join(out, rel);
    mkdirSync(dirname(dst), { recursive: true });
    copyEntry(src, dst);
  }
  writeFileSync(join(out, "verify-case.json"), `${JSON.stringify(meta, null, 2)}\n`);
}

function copyEntry(src: string, dst: string): void {
  if (lstatSync(src).isSymbolicLink()) symlinkSync(readlinkSync(src), dst);
  else copyFileSync(src, dst);
}

/** Writes a probe's repository into `dir` (files, symlinks, git repositories). */
function writeProbe(dir: string, probe: VerifyProbe): void {
  for (const [rel, text] of Object.entries(probe.files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  for (const [rel, target] of Object.entries(probe.links ?? {})) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    symlinkSync(target, join(dir, rel));
  }
  for (const g of probe.git ?? []) {
    mkdirSync(join(dir, g), { recursive: true });
    execFileSync("git", ["init", "-q", join(dir, g)], {
      stdio: "ignore",
      env: { PATH: process.env.PATH ?? "" },
    });
  }
}

/**
 * `verify --probes`: the agent's bundled probes, each a small repository written to a throwaway directory,
 * run on the CLI and compared with the model (a probe holds when they agree), two at a time.
 * @throws UsageError as {@link verifyRepository} for the CLI and `--agent-version`
 */
export async function verifyProbes(opts: VerifyCliOptions): Promise<ProbesReport> {
  const trap = await startTrap();
  const env = proxyEnv(trap.url);
  try {
    const p = await prepare(opts, env);
    const probes = p.runner.probes;
    const results: ProbeResult[] = new Array(probes.length);
    const loopback: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < probes.length) {
        const i = next++;
        const probe = probes[i] as VerifyProbe;
        const base = realpathSync(mkdtempSync(join(tmpdir(), "agent-context-probe-")));
        try {
          const root = join(base, "repo");
          const home = join(base, "home");
          mkdirSync(root);
          mkdirSync(home);
          writeProbe(root, probe);
          const cwd = join(root, probe.cwd ?? "");
          mkdirSync(cwd, { recursive: true });
          const reads = (probe.reads ?? []).map((r) => join(root, r));
          const { observed, disagreements } = await runAndCompare(
            p,
            opts.agent,
            { root, cwd, home, reads },
            opts.timeoutMs ?? VERIFY_DEFAULT_TIMEOUT_MS,
            env,
          );
          loopback.push(...observed.otherRequests);
          results[i] = {
            id: probe.id,
            behaviour: probe.behaviour,
            holds: disagreements.length === 0,
            disagreements,
          };
        } finally {
          rmSync(base, { recursive: true, force: true });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PROBE_CONCURRENCY, probes.length) }, worker));
    return {
      ...p.header,
      probes: results,
      traffic: {
        loopback: [...new Set(loopback)],
        refused: trap.attempts.map((a) => `${a.method} ${a.target}`),
      },
      agrees: results.every((r) => r.holds),
    };
  } finally {
    await trap.close();
  }
}

/** One agent of `verify --agent all`. */
export type VerifyAllEntry =
  | { agent: { id: string; name: string }; status: "verified"; report: VerifyReport | ProbesReport }
  | { agent: { id: string; name: string }; status: "not-found"; message: string }
  | { agent: { id: string; name: string }; status: "error"; message: string };

export interface VerifyAllReport {
  /** Every registered agent with a verify runner, in registry order. */
  agents: VerifyAllEntry[];
  /** True when at least one CLI was found and every one found agrees (an agent not found does not count). */
  agrees: boolean;
}

/**
 * `verify --agent all`: every registered agent that has a verify runner, one after another (the CLIs are
 * heavy), each on its own executable found on PATH; an agent whose executable is not on PATH is reported
 * as `not-found`, not as a failure; a CLI that is found but cannot be used (it does not start, times out,
 * prints an unknown version) is an `error` entry. With `probes`, each found CLI runs its bundled probes
 * instead of the repository.
 */
export async function verifyAll(
  opts: Omit<VerifyOptions, "agent" | "cli" | "agentVersion" | "reads" | "saveCase"> & { probes?: boolean },
): Promise<VerifyAllReport> {
  const out: VerifyAllEntry[] = [];
  for (const agent of agents()) {
    if (!agent.capabilities?.verify) continue;
    const id = { id: agent.id, name: agent.name };
    try {
      const report = opts.probes
        ? await verifyProbes({
            agent,
            ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
            ...(opts.path !== undefined ? { path: opts.path } : {}),
          })
        : await verifyRepository({ ...opts, agent });
      out.push({ agent: id, status: "verified", report });
    } catch (e) {
      if (e instanceof CliNotFoundError) out.push({ agent: id, status: "not-found", message: e.message });
      else if (e instanceof UsageError) out.push({ agent: id, status: "error", message: e.message });
      else throw e;
    }
  }
  const verified = out.filter((e) => e.status === "verified");
  return {
    agents: out,
    agrees:
      verified.length > 0 &&
      out.every((e) => e.status !== "error") &&
      verified.every((e) => e.status === "verified" && e.report.agrees),
  };
}
