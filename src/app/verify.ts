/**
 * The verify pipeline: find the user's agent CLI, make a private place, copy an allowlist of the
 * repository's instruction files into it (src/verify/sandbox.ts), read the CLI's release, pick the model
 * release (the same, or the nearest known, said so), run the CLI offline on the copy against the loopback
 * upstream with a throwaway home, isolated (src/verify/isolate.ts: its own network namespace where the
 * system allows, else the trap proxy), and compare what it delivered with the model's prediction, file by
 * file and byte for byte. `--probes` runs the agent's bundled probes the same way. Every CLI run is bounded
 * by a timeout; anything that leaves nothing to compare is a UsageError (exit 2) with one clear message;
 * a run that is incomplete (a bound cut the copy) or that tried to reach beyond the machine fails (not
 * `agrees`).
 */
import {
  accessSync,
  constants,
  copyFileSync,
  mkdirSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, delimiter, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { agents } from "../agents/index.js";
import { checkRelease, releaseBasisOf, unknownReleaseError } from "../agents/release.js";
import { UsageError } from "../errors.js";
import { inside, relativeInside, toPosix } from "../fs/paths.js";
import {
  type AgentModel,
  type Delivery,
  type RunProcess,
  type Snapshot,
  type VerifyObservation,
  type VerifyProbe,
  VerifyRunError,
  type VerifyRunner,
} from "../model/index.js";
import { compareDelivery, type Disagreement } from "../verify/compare.js";
import { type Isolation, type IsolationKind, isolation } from "../verify/isolate.js";
import {
  checkAncestors,
  makePrivatePlace,
  type PrivatePlace,
  placeOf,
  realpathOrUndefined,
} from "../verify/place.js";
import { nearestRelease } from "../verify/release.js";
import { copyablePlace, emptyGitDir, makeSandbox, type NotCopied } from "../verify/sandbox.js";
import { startTrap } from "../verify/upstream.js";
import { schemaUrl } from "../version.js";

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
  /** Launch directory (absolute; its real path inside the root's). */
  cwd: string;
  /** `--read`: files the scripted model reads, absolute, their real paths inside the root's. */
  reads?: readonly string[];
  /** `--save-case DIR`: write the instruction files of the run there (absolute; outside the repository). */
  saveCase?: string;
  /**
   * `--env K=V`: variables for the CLI, and for the model's user view of the copy (an empty home with this
   * environment), so the two are compared like for like. Only the agent's allowlist ({@link checkUserInputs}).
   */
  env?: Readonly<Record<string, string>>;
  /** `--agent-arg ARG`: arguments for the CLI and the model, in order; only the agent's allowlist. */
  agentArgs?: readonly string[];
  /**
   * What `cap` charges for the model's launch snapshot of the copy (its items' bytes leave out the
   * machine-dependent framing, so the copy measures as the repository does), shown beside the bytes as
   * sent; absent or null: not shown. The caller brings it (verify does not charge).
   */
  charged?: (agent: AgentModel, snapshot: Snapshot) => number | null;
}

/** The CLI that ran and the model it was compared with. */
export interface VerifyHeader {
  agent: { id: string; name: string };
  cli: { path: string; release: string };
  /**
   * The model release compared; `exact` false when the CLI's release is unknown to the model. `basis`:
   * how the model knows that release (`verified` on it, or `release-ranges`: modelled from the releases
   * each behaviour changed at).
   */
  model: {
    release: string;
    exact: boolean;
    chosen: "detected" | "--agent-version";
    basis: "verified" | "release-ranges";
  };
  /**
   * How the CLI was kept off the network: `network namespace` (its own, with nothing but loopback) or
   * `trap proxy` (a loopback-only environment whose proxies refuse and record the rest), and why no
   * namespace was used.
   */
  isolation: { kind: IsolationKind; why?: string };
}

/** What the run's traffic was, beyond the model API on the loopback upstream. */
export interface VerifyTraffic {
  /** Other requests to the loopback upstream, as `METHOD path`. */
  loopback: string[];
  /**
   * Attempts to reach anything else (refused by the trap proxy), as `CONNECT host:port` or `METHOD url`.
   * Any one fails the run.
   */
  refused: string[];
}

export interface VerifyReport extends VerifyHeader {
  root: string;
  cwd: string;
  /**
   * What the CLI delivered at launch: files and UTF-8 bytes of their texts. For a one-message agent
   * (Codex), the bytes of the instruction text in the message and the model's count of files (the
   * message has no file boundaries of its own). These are bytes as sent, the agent's framing and this
   * machine's paths included; `charged` is what `cap` charges for the same launch (null: the configuration
   * cannot be read).
   */
  launch: {
    files: number;
    bytes: number;
    charged: number | null;
    /** Entries of the lists compared entry by entry (skills, subagents, commands), the CLI's own left out. */
    entries: number;
  };
  /** What the CLI attached for each `--read`. */
  reads: { file: string; files: number; bytes: number }[];
  disagreements: Disagreement[];
  traffic: VerifyTraffic;
  /** Files copied into the run (relative to the root). */
  copied: string[];
  /** Files the copy kept out (dotted places that are no instruction location, links leaving, special files). */
  notCopied: NotCopied[];
  /** Bounds the copy reached, as sentences: the run is incomplete and fails. */
  limits: string[];
  /** Where `--save-case` wrote the case. */
  savedCase?: string;
  /** True when the model and the CLI agree, the copy was complete and nothing tried to leave the machine. */
  agrees: boolean;
}

export interface ProbeResult {
  id: string;
  /** The behaviour as the compared model release has it (a probe's wording with or without it). */
  behaviour: string;
  /** True when the CLI delivered what the compared model release predicts. */
  holds: boolean;
  disagreements: Disagreement[];
  /**
   * For a behaviour some releases have and others not: the releases that have it, whether the compared
   * model release does (`modelHas`), and what the CLI did (`cliHas`): true or false when it matched the
   * model of a release with or without it, undefined when it matched neither (the model does not know
   * what this CLI does here).
   */
  byRelease?: { releases: string; modelHas: boolean; cliHas?: boolean };
}

export interface ProbesReport extends VerifyHeader {
  probes: ProbeResult[];
  traffic: VerifyTraffic;
  /** True when every probe holds and nothing tried to leave the machine. */
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

/** True when `p` (or its real path) lies inside the real folder `realRoot`. */
function within(realRoot: string | undefined, p: string): boolean {
  if (realRoot === undefined) return false;
  return inside(realRoot, p) || inside(realRoot, realpathOrUndefined(p) ?? p);
}

/**
 * The CLI to run: `--cli` (checked to be an executable file) or the first `runner.executable` on PATH.
 * Never a file of the repository under measurement (`realRoot`): verify runs none of its code.
 * @throws CliNotFoundError (a UsageError) when it is not on PATH; UsageError for a `--cli` that is missing,
 *   not executable or inside the repository
 */
export function findCli(
  agent: AgentModel,
  runner: VerifyRunner,
  cli: string | undefined,
  path: string,
  realRoot?: string,
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
    if (within(realRoot, abs))
      throw new UsageError(
        `--cli ${cli}: a file of the repository under measurement; verify runs none of its code — give a CLI installed outside it`,
      );
    return abs;
  }
  const skipped: string[] = [];
  for (const dir of path.split(delimiter)) {
    if (dir === "" || !isAbsolute(dir)) continue;
    const p = join(dir, runner.executable);
    if (!executable(p)) continue;
    if (within(realRoot, p)) {
      skipped.push(p);
      continue;
    }
    return p;
  }
  const install = `install it (npm install -g ${runner.npmPackage}@${agent.releases[0]}, the release the model is verified on), or give its path with --cli`;
  throw new CliNotFoundError(
    skipped.length > 0
      ? `${agent.name}: \`${runner.executable}\` is not on PATH outside the repository (verify never runs ${skipped[0]}, a file of the repository); ${install}`
      : `${agent.name}: \`${runner.executable}\` is not on PATH; ${install}`,
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

/** PATH for the CLI: the user's absolute entries, none inside the repository (`realRoot`). */
function cliPath(path: string, realRoot: string | undefined): string {
  return (
    path
      .split(delimiter)
      .filter((d) => d !== "" && isAbsolute(d) && !within(realRoot, d))
      .join(delimiter) || "/usr/bin:/bin"
  );
}

/**
 * What the pipeline adds last to every CLI environment (each runner builds the rest from nothing): PATH,
 * the trap proxy, and a git ceiling above the copy.
 */
function pipelineEnv(trapUrl: string, path: string, work: string): Record<string, string> {
  return { PATH: path, GIT_CEILING_DIRECTORIES: work, ...proxyEnv(trapUrl) };
}

/**
 * The CLI's release, from `CLI --version` run isolated with a throwaway HOME, auto-update off and the
 * trap proxy.
 * @throws UsageError when the CLI does not run, times out, or prints a version line of an unknown format
 */
async function cliRelease(
  agent: AgentModel,
  runner: VerifyRunner,
  bin: string,
  run: { run: RunProcess; env: Record<string, string>; home: string },
  timeoutMs: number,
): Promise<string> {
  const r = await run.run(bin, ["--version"], {
    cwd: run.home,
    env: { HOME: run.home, DISABLE_AUTOUPDATER: "1", ...runner.versionEnv?.(), ...run.env },
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
}

function modelRelease(
  agent: AgentModel,
  cli: string,
  agentVersion: string | undefined,
): VerifyHeader["model"] {
  if (agentVersion !== undefined) {
    const basis = releaseBasisOf(agent, agentVersion);
    if (!basis) throw unknownReleaseError(agent, agentVersion);
    return { release: agentVersion, exact: agentVersion === cli, chosen: "--agent-version", basis };
  }
  const basis = releaseBasisOf(agent, cli);
  if (basis) return { release: cli, exact: true, chosen: "detected", basis };
  return { ...nearestRelease(agent.releases, cli), chosen: "detected", basis: "verified" };
}

/** One run's machinery: the private place, the trap proxy, the isolation and the environment. */
interface Rig {
  place: PrivatePlace;
  iso: Isolation;
  trap: Awaited<ReturnType<typeof startTrap>>;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Makes the place, starts the trap and chooses the isolation; `close()` undoes all three. */
async function rig(path: string, realRoot: string | undefined): Promise<Rig> {
  const place = makePrivatePlace(process.env, realRoot);
  try {
    const trap = await startTrap();
    const iso = isolation({ sockets: place.sockets, trapUrl: trap.url });
    return {
      place,
      iso,
      trap,
      env: pipelineEnv(trap.url, cliPath(path, realRoot), place.work),
      async close() {
        try {
          await iso.close();
          await trap.close();
        } finally {
          place.dispose();
        }
      },
    };
  } catch (e) {
    place.dispose();
    throw e;
  }
}

interface Prepared {
  runner: VerifyRunner;
  header: VerifyHeader;
  bin: string;
}

/** The CLI to run (found, resolved, never a repository file), after `--agent-version` is checked: before any place is made. */
function locate(opts: VerifyCliOptions, realRoot?: string): { runner: VerifyRunner; bin: string } {
  if (opts.agentVersion !== undefined) checkRelease(opts.agent, opts.agentVersion);
  const runner = verifyRunner(opts.agent);
  const found = findCli(opts.agent, runner, opts.cli, opts.path ?? process.env.PATH ?? "", realRoot);
  const bin = runner.resolveBin ? runner.resolveBin(found) : found;
  if (within(realRoot, bin))
    throw new UsageError(
      `${opts.agent.name}: ${bin} is a file of the repository under measurement; verify runs none of its code`,
    );
  return { runner, bin };
}

async function prepare(
  opts: VerifyCliOptions,
  located: { runner: VerifyRunner; bin: string },
  r: Rig,
): Promise<Prepared> {
  const { runner, bin } = located;
  const release = await cliRelease(
    opts.agent,
    runner,
    bin,
    { run: r.iso.run, env: r.env, home: r.place.version },
    Math.max(VERSION_TIMEOUT_MS, opts.timeoutMs ?? VERIFY_DEFAULT_TIMEOUT_MS),
  );
  return {
    runner,
    bin,
    header: {
      agent: { id: opts.agent.id, name: opts.agent.name },
      cli: { path: bin, release },
      model: modelRelease(opts.agent, release, opts.agentVersion),
      isolation: { kind: r.iso.kind, ...(r.iso.why !== undefined ? { why: r.iso.why } : {}) },
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
  /** The model's launch snapshot of the place (what `cap` measures there). */
  snapshot: Snapshot;
  /** The disagreements with the model of the other release asked for (a probe's other side). */
  other?: Disagreement[];
}

/** One CLI run on a prepared tree, and the model's prediction beside it. */
async function runAndCompare(
  p: Prepared,
  agent: AgentModel,
  place: {
    root: string;
    cwd: string;
    home: string;
    reads: readonly string[];
    /** `--env` and `--agent-arg` (checked): given to the CLI and to the model's user view. */
    env?: Readonly<Record<string, string>>;
    agentArgs?: readonly string[];
  },
  timeoutMs: number,
  r: Rig,
  otherRelease?: string,
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
      release: p.header.cli.release,
      env: r.env,
      ...(place.env && Object.keys(place.env).length > 0 ? { userEnv: place.env } : {}),
      ...(place.agentArgs && place.agentArgs.length > 0 ? { agentArgs: place.agentArgs } : {}),
      run: r.iso.run,
    });
  } catch (e) {
    if (e instanceof VerifyRunError)
      throw new UsageError(`${agent.name} ${p.header.cli.release} (${p.bin}): ${e.message}`);
    throw e;
  }
  // With `--env` / `--agent-arg`, the model's user view of the copy: an empty home (the CLI's holds
  // nothing of the user's either) with that environment and those arguments.
  const inputs = Object.keys(place.env ?? {}).length > 0 || (place.agentArgs ?? []).length > 0;
  const launchAt = (release: string) =>
    agent.launch({
      root: place.root,
      cwd: place.cwd,
      release,
      ...(inputs
        ? {
            view: "user" as const,
            user: { home: emptyHome(r), env: { ...place.env } },
            agentArgs: [...(place.agentArgs ?? [])],
          }
        : {}),
    });
  const snapshot = launchAt(p.header.model.release);
  const disagreements = compareWithModel(p.runner, snapshot, place, observed, show);
  const other =
    otherRelease === undefined
      ? undefined
      : compareWithModel(p.runner, launchAt(otherRelease), place, observed, show);
  return { observed, disagreements, snapshot, ...(other ? { other } : {}) };
}

/** What the CLI delivered against the prediction of one model snapshot: the disagreements. */
function compareWithModel(
  runner: VerifyRunner,
  snapshot: Snapshot,
  place: { home: string; reads: readonly string[] },
  observed: VerifyObservation,
  show: (abs: string) => string,
): Disagreement[] {
  const predicted = runner.predict(snapshot, place.reads, place.home);
  const disagreements = compareDelivery("launch", predicted.launch, observed.launch, show);
  place.reads.forEach((read, i) => {
    disagreements.push(
      ...compareDelivery(
        `read ${show(read)}`,
        predicted.reads[i] ?? { files: [] },
        observed.reads[i] ?? { files: [] },
        show,
      ),
    );
  });
  return disagreements;
}

/** An empty folder of the run's private place: the home of the model's user view. */
function emptyHome(r: Rig): string {
  const d = join(r.place.work, ".model-home");
  mkdirSync(d, { recursive: true, mode: 0o700 });
  return d;
}

/** Every registered agent's memory file names and the names its CLI reads in the folders above. */
function ancestorNames(): Set<string> {
  return new Set(
    agents().flatMap((a) => [...a.memoryFileNames, ...(a.capabilities?.verify?.ancestorNames ?? [])]),
  );
}

/** True when any registered agent's runner reads `rel` as instruction text below a dotted folder. */
function anyInstructionFile(rel: string): boolean {
  return agents().some((a) => a.capabilities?.verify?.instructionFile(rel) === true);
}

/** The copy's folder name: the repository's, unless that could read as one of `names` or is hidden. */
function copyName(realRoot: string, names: ReadonlySet<string>): string {
  const b = basename(realRoot);
  const plain = [...b].every((ch) => (ch.codePointAt(0) ?? 0) >= 0x20 && ch !== "\u007f");
  return b === "" || b.startsWith(".") || names.has(b) || !plain ? "repo" : b;
}

/**
 * The model's files for the copy (relative to the real root): its launch on the repository (items, rules,
 * memory, skipped memory, import targets) and what each read attaches. The model reads the repository
 * with its own safe reader, as `cap` does; only the paths are used.
 */
function modelFiles(
  agent: AgentModel,
  runner: VerifyRunner,
  at: { realRoot: string; realCwd: string; reads: readonly string[]; home: string },
  release: string,
): string[] {
  let paths: string[];
  try {
    const s = agent.launch({ root: at.realRoot, cwd: at.realCwd, release });
    const abs = (p: string) => (isAbsolute(p) ? p : join(s.root, p));
    const predicted = runner.predict(s, at.reads, at.home);
    paths = [
      ...s.items.map((i) => abs(i.path)),
      ...s.rules.map((r) => r.absPath),
      ...s.memory.map((m) => m.absPath),
      ...(s.skipped ?? []).map((m) => m.absPath),
      ...s.imports.map((e) => e.targetAbs),
      ...[predicted.launch, ...predicted.reads].flatMap((d) => d.files.map((f) => f.path)),
    ];
  } catch (e) {
    throw new UsageError(`the ${agent.name} model could not read this repository: ${(e as Error).message}`);
  }
  return paths.map((p) => relativeInside(at.realRoot, p)).filter((p): p is string => !!p);
}

/** The real paths of the place and reads, checked: exit 2 naming the path that leaves the repository. */
function checkPlace(opts: VerifyOptions): {
  realRoot: string;
  cwdRel: string;
  realCwd: string;
  reads: string[];
} {
  const realRoot = realpathOrUndefined(opts.root);
  if (realRoot === undefined) throw new UsageError(`${opts.root}: no such directory`);
  const cwd = placeOf(opts.root, realRoot, opts.cwd);
  if ("why" in cwd)
    throw new UsageError(
      cwd.why === "missing"
        ? `--cwd ${opts.cwd}: no such directory`
        : `--cwd ${opts.cwd}: its real path ${cwd.real} leaves the repository ${realRoot} (a link); verify runs nowhere outside the repository`,
    );
  const reads = (opts.reads ?? []).map((r) => {
    const at = placeOf(opts.root, realRoot, r);
    if ("why" in at) {
      if (!inside(opts.root, r) && !inside(realRoot, r))
        throw new UsageError(`--read ${r}: must be inside ${opts.root}`);
      throw new UsageError(
        at.why === "missing"
          ? `--read ${r}: no such file`
          : `--read ${r}: its real path ${at.real} leaves the repository ${realRoot} (a link); verify reads nothing outside the repository`,
      );
    }
    if (!statSync(at.real).isFile()) throw new UsageError(`--read ${r}: not a regular file`);
    if (!copyablePlace(at.rel, anyInstructionFile))
      throw new UsageError(
        `--read ${r}: a dotted place that is no instruction location, and verify copies none (agents read such places as configuration or code); read a file elsewhere`,
      );
    return at.rel;
  });
  return { realRoot, cwdRel: cwd.rel, realCwd: cwd.real, reads };
}

/**
 * Refuses, in one line, a `--env` or `--agent-arg` that the agent's runner does not allow
 * ({@link VerifyRunner.userInputs}: the variables and arguments its model reads, none of which can run the
 * repository's code, read outside the copy or reach the network).
 * @throws UsageError naming the input and what is allowed
 */
export function checkUserInputs(
  agent: AgentModel,
  runner: VerifyRunner,
  env: Readonly<Record<string, string>>,
  args: readonly string[],
): void {
  const allowed = runner.userInputs ?? { env: {}, args: [] };
  const envNames = Object.keys(allowed.env);
  for (const [name, value] of Object.entries(env)) {
    const check = Object.hasOwn(allowed.env, name) ? allowed.env[name] : undefined;
    if (!check)
      throw new UsageError(
        `--env ${name}: ${agent.name}'s verify takes ${envNames.length > 0 ? `only ${envNames.join(", ")}` : "no variable"} (the ones its model reads; any other could change the run in a way the comparison cannot follow)`,
      );
    const why = check(value);
    if (why !== undefined) throw new UsageError(`--env ${name}=${value}: ${why}`);
  }
  for (const a of args)
    if (!allowed.args.includes(a))
      throw new UsageError(
        `--agent-arg ${a}: ${agent.name}'s verify takes ${allowed.args.length > 0 ? `only ${allowed.args.join(", ")}` : "no argument"} (the ones its model reads)`,
      );
}

/**
 * `verify` on one repository.
 * @throws UsageError (exit 2): no CLI, a CLI that does not run or times out, an unknown version format, an
 *   unknown `--agent-version`, `--cwd` or `--read` whose real path leaves the repository, `--read` with an
 *   agent that cannot read, `--save-case` inside the repository or not empty, settings nested too deep,
 *   an instruction or MCP file above the private place
 */
export async function verifyRepository(opts: VerifyOptions): Promise<VerifyReport> {
  const at = checkPlace(opts);
  if (opts.saveCase !== undefined) checkSaveCase(opts.saveCase, opts.root);
  const runner = verifyRunner(opts.agent);
  checkUserInputs(opts.agent, runner, opts.env ?? {}, opts.agentArgs ?? []);
  if (at.reads.length > 0 && !runner.reads)
    throw new UsageError(
      `--read: ${opts.agent.name} attaches nothing when it reads a file; verify compares its launch only`,
    );
  const located = locate(opts, at.realRoot);
  const r = await rig(opts.path ?? process.env.PATH ?? "", at.realRoot);
  try {
    const names = ancestorNames();
    const copyRoot = join(r.place.work, copyName(at.realRoot, names));
    mkdirSync(copyRoot, { mode: 0o700 });
    checkAncestors(copyRoot, names);
    const seedRelease =
      opts.agent.releases.find((x) => x === opts.agentVersion) ?? opts.agent.releases[0] ?? "";
    const box = makeSandbox({
      root: at.realRoot,
      copyRoot,
      memoryNames: new Set(agents().flatMap((a) => a.memoryFileNames)),
      instructionFile: anyInstructionFile,
      listedSource: (rel) => agents().some((a) => a.capabilities?.verify?.listedSource(rel) === true),
      runner,
      reads: at.reads,
      seeds: () =>
        modelFiles(
          opts.agent,
          runner,
          {
            realRoot: at.realRoot,
            realCwd: at.realCwd,
            reads: at.reads.map((x) => join(at.realRoot, x)),
            home: r.place.home,
          },
          seedRelease,
        ),
    });
    const p = await prepare(opts, located, r);
    const cwd = join(copyRoot, at.cwdRel);
    mkdirSync(cwd, { recursive: true, mode: 0o700 });
    const copiedReads = at.reads.map((x) => join(copyRoot, x));
    checkAncestors(copyRoot, names);
    const { observed, disagreements, snapshot } = await runAndCompare(
      p,
      opts.agent,
      {
        root: copyRoot,
        cwd,
        home: r.place.home,
        reads: copiedReads,
        env: opts.env ?? {},
        agentArgs: opts.agentArgs ?? [],
      },
      opts.timeoutMs ?? VERIFY_DEFAULT_TIMEOUT_MS,
      r,
    );
    // A file planted above the copy while the CLI ran makes what it saw untrustworthy.
    checkAncestors(copyRoot, names);
    const refused = r.trap.attempts.map((a) => `${a.method} ${a.target}`);
    const report: VerifyReport = {
      ...p.header,
      root: opts.root,
      cwd: opts.cwd,
      launch: {
        files:
          observed.launch.message !== undefined
            ? p.runner.predict(snapshot, [], copyRoot).launch.files.length
            : observed.launch.files.length,
        bytes: bytesOf(observed.launch),
        charged: opts.charged?.(opts.agent, snapshot) ?? null,
        entries: observed.launch.entries?.length ?? 0,
      },
      reads: at.reads.map((x, i) => ({
        file: x,
        files: observed.reads[i]?.files.length ?? 0,
        bytes: bytesOf(observed.reads[i] ?? { files: [] }),
      })),
      disagreements,
      traffic: { loopback: observed.otherRequests, refused },
      copied: box.files,
      notCopied: box.notCopied,
      limits: box.limits,
      agrees: disagreements.length === 0 && refused.length === 0 && box.limits.length === 0,
    };
    if (opts.saveCase !== undefined) {
      saveCase(opts.saveCase, copyRoot, box.files, {
        agent: opts.agent.id,
        cliRelease: p.header.cli.release,
        modelRelease: p.header.model.release,
        cwd: at.cwdRel || ".",
        reads: report.reads.map((x) => x.file),
        disagreements,
      });
      report.savedCase = opts.saveCase;
    }
    return report;
  } finally {
    await r.close();
  }
}

function realpathOr(p: string): string {
  return realpathOrUndefined(p) ?? resolve(p);
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

/** Writes the case: the copied instruction files (as run: settings re-written) and `verify-case.json`. */
function saveCase(dir: string, from: string, files: readonly string[], meta: Record<string, unknown>): void {
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  for (const rel of files) {
    const dst = join(out, rel);
    mkdirSync(dirname(dst), { recursive: true });
    copyFileSync(join(from, rel), dst);
  }
  writeFileSync(join(out, "verify-case.json"), `${JSON.stringify(meta, null, 2)}\n`);
}

/** Writes a probe's repository into `dir` (files, symlinks, git directories): bundled, trusted data. */
function writeProbe(dir: string, probe: VerifyProbe): void {
  for (const [rel, text] of Object.entries(probe.files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  for (const [rel, target] of Object.entries(probe.links ?? {})) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    symlinkSync(target, join(dir, rel));
  }
  for (const g of probe.git ?? []) emptyGitDir(join(dir, g, ".git"));
}

/**
 * `verify --probes`: the agent's bundled probes, each a small repository written into the run's private
 * place, run on the CLI and compared with the model (a probe holds when they agree), two at a time.
 * @throws UsageError as {@link verifyRepository} for the CLI and `--agent-version`
 */
export async function verifyProbes(opts: VerifyCliOptions): Promise<ProbesReport> {
  const located = locate(opts);
  const r = await rig(opts.path ?? process.env.PATH ?? "", undefined);
  try {
    const p = await prepare(opts, located, r);
    const names = ancestorNames();
    const probes = p.runner.probes;
    const results: ProbeResult[] = new Array(probes.length);
    const loopback: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < probes.length) {
        const i = next++;
        const probe = probes[i] as VerifyProbe;
        const root = join(r.place.work, String(i), "repo");
        const home = join(r.place.home, String(i));
        mkdirSync(root, { recursive: true, mode: 0o700 });
        mkdirSync(home, { mode: 0o700 });
        writeProbe(root, probe);
        const cwd = join(root, probe.cwd ?? "");
        mkdirSync(cwd, { recursive: true });
        const reads = (probe.reads ?? []).map((x) => join(root, x));
        checkAncestors(root, names);
        const by = probe.byRelease;
        const release = p.header.model.release;
        const { observed, disagreements, other } = await runAndCompare(
          p,
          opts.agent,
          { root, cwd, home, reads },
          opts.timeoutMs ?? VERIFY_DEFAULT_TIMEOUT_MS,
          r,
          by?.other(release),
        );
        loopback.push(...observed.otherRequests);
        results[i] = probeResult(probe, release, disagreements, other);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PROBE_CONCURRENCY, probes.length) }, worker));
    const refused = r.trap.attempts.map((a) => `${a.method} ${a.target}`);
    return {
      ...p.header,
      probes: results,
      traffic: { loopback: [...new Set(loopback)], refused },
      agrees: results.every((x) => x.holds) && refused.length === 0,
    };
  } finally {
    await r.close();
  }
}

/**
 * A probe's result for the compared model release: worded as that release has the behaviour, and, for a
 * behaviour keyed by release, which side the CLI is on (it matched the model of the release with it, of
 * the release without it, or neither).
 */
function probeResult(
  probe: VerifyProbe,
  release: string,
  disagreements: Disagreement[],
  other: Disagreement[] | undefined,
): ProbeResult {
  const holds = disagreements.length === 0;
  const by = probe.byRelease;
  if (!by) return { id: probe.id, behaviour: probe.behaviour, holds, disagreements };
  const modelHas = by.has(release);
  const cliHas = holds ? modelHas : other?.length === 0 ? !modelHas : undefined;
  return {
    id: probe.id,
    behaviour: modelHas ? probe.behaviour : by.without,
    holds,
    disagreements,
    byRelease: { releases: by.releases, modelHas, ...(cliHas !== undefined ? { cliHas } : {}) },
  };
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

/** `verify --json`: one repository's report, the probes' report, or `--agent all`'s, `$schema` first. */
export type VerifyJson =
  | ({ $schema?: string } & VerifyReport)
  | ({ $schema?: string } & ProbesReport)
  | ({ $schema?: string } & VerifyAllReport);

/** The JSON form of a verify report (`verify --json`). */
export function verifyJson(r: VerifyReport | ProbesReport | VerifyAllReport): VerifyJson {
  return { $schema: schemaUrl("verify"), ...r };
}
