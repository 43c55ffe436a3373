/**
 * The `cap` pipeline: configuration → an agent's launch set → the budget → the ratchet, for one agent and
 * launch directory ({@link runCap}) or for several ({@link runCapMatrix}: every agent, every launch
 * directory, agent-major, root first; the ratchet checked once per agent; with Codex in the run and an AGENTS
 * file in the repository, cross-agent gaps added as warnings to the first Codex run). One {@link Workspace}
 * holds the configuration and the snapshots. The CLI renders the result; nothing here prints.
 */
import { join, relative } from "node:path";
import { agentById, agentName, agents, defaultAgent, selectAgents } from "../agents/index.js";
import { agentMemoryDirs } from "../agents/memory-dirs.js";
import { adoptionBytes } from "../budget/adoption.js";
import { launchAtRevision } from "../budget/base.js";
import { type EffectiveCap, effectiveCap, tokenCapFor } from "../budget/cap-setting.js";
import { type LaunchDelta, launchDelta } from "../budget/delta.js";
import { type CapEvaluation, evaluateCap } from "../budget/evaluate.js";
import { applyCharging, type Charging, chargingFor } from "../budget/kinds.js";
import { checkRatchet, findDefaultBase, isCi, type RatchetResult } from "../budget/ratchet.js";
import { type AgentContextConfig, loadConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { collectCuts } from "../fs/cuts.js";
import { displayPath, inside, toPosix } from "../fs/paths.js";
import { lstatSafe } from "../fs/read.js";
import { openRevision, type RevisionTree } from "../fs/revision.js";
import type {
  AgentModel,
  ContextItem,
  Finding,
  ItemKind,
  MeasurementCut,
  Snapshot,
  UserEnvironment,
  View,
} from "../model/index.js";
import { type ModelledRelease, modelledRelease } from "./release.js";
import type { RunTokens } from "./tokens.js";
import { requireDirectory, Workspace } from "./workspace.js";

export interface CapOptions {
  /** Repository root (the directory holding `.agent-context.json`); absolute, or relative to process.cwd(). Default ".". */
  dir?: string;
  /**
   * Working directory of the launch; absolute, or relative to process.cwd() as on the command line. Default:
   * `dir`. With `workspace`: absolute, inside its root.
   */
  cwd?: string;
  /** The Workspace to run on (its root is the root; its configuration and snapshots are shared). */
  workspace?: Workspace;
  /** `--cap N`: lowers the configured cap for this run; raising throws UsageError. Bytes. */
  cap?: number;
  /** `--base REF`: check the ratchet against the config at this git revision. */
  base?: string;
  /** Agent id (default: the registry's default agent). */
  agent?: string;
  /**
   * The agent release to model; absent: `agents.<id>.release` of the configuration, else the model's
   * newest verified (src/app/release.ts).
   */
  release?: string;
  /** Why `release` is given: `--agent-version` (default) or `installed` (the user view's CLI). */
  releaseWhy?: "--agent-version" | "installed";
  /**
   * `fresh-clone` (default): the repository alone, what the cap and the ratchet judge; `user` (`cap --user`):
   * adds `user`'s home layer, settings, approvals and environment (src/model/agent.ts, LaunchOptions).
   */
  view?: View;
  /** The machine the user view reads (required with `view: "user"`; never read otherwise). */
  user?: UserEnvironment;
  /** `--add-dir` directories (absolute), with the agent CLI's own meaning. */
  addDirs?: readonly string[];
  /** Environment for CI detection (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** `--model`: the session's model, where the agent's own limits depend on it. */
  sessionModel?: string;
  /** The agent model to use instead of the registered one for `agent` (a test double of the model). */
  model?: AgentModel;
  /** A ratchet check already made for this agent (runCapMatrix checks once per agent, not per cwd). */
  ratchetDone?: { ratchet: RatchetResult | null; ratchetNote: string | null };
  /**
   * Base revisions already checked out, by commit (runCapMatrix checks one out once for all its runs and
   * cleans up). Without it, runCap checks out the base itself and removes it before returning.
   */
  revisions?: Map<string, RevisionTree>;
}

export interface CapRun {
  /** Agent id. */
  agent: string;
  /** The agent release the snapshot was computed for. */
  agentVersion: string;
  /** That release, why it is the one modelled, and how the model knows it (src/app/release.ts). */
  release?: ModelledRelease;
  /** Absolute root. */
  root: string;
  /** Absolute working directory of the launch. */
  cwd: string;
  cap: EffectiveCap;
  evaluation: CapEvaluation;
  /** The launch snapshot the run charged (items, texts, imports, rules, findings). */
  snapshot: Snapshot;
  /**
   * Every file that loads at launch, in load order: snapshot.items as the cap charges them (an item of a kind
   * the configuration does not charge has `charged: false` and says so in its reason; src/budget/kinds.ts).
   */
  items: ContextItem[];
  /** The kinds the cap charges for this agent, where that was decided, and the caps per kind. */
  charging: Charging;
  /** Findings of the loader, the agent's own limits a session would meet, plus any a multi-launch run adds. */
  findings: Finding[];
  /** The token cap (`tokenCap` in .agent-context.json, per agent), or null: checked when tokens are shown. */
  tokenCap?: number | null;
  /**
   * Tokens of the items and the total (./tokens.ts, {@link addTokens}): set only when an output shows them;
   * absent or null otherwise.
   */
  tokens?: RunTokens | null;
  /** The sessions that start without some of the launch items (Claude Code's Explore and Plan), or []. */
  partialSessions?: { sessions: string; paths: string[] }[];
  /** The ratchet check, or null when none ran. */
  ratchet: RatchetResult | null;
  /** One line saying why no ratchet check ran in CI, else null. */
  ratchetNote: string | null;
  /**
   * The change against the base revision (the ratchet's base: `--base REF` or the CI default), per file;
   * null when no base was compared.
   */
  delta: LaunchDelta | null;
  /**
   * The bounds of agent-context's own that cut the measurement (the snapshot's `incomplete`): the total
   * counts only what was found before them, so the run fails. Empty or absent: complete.
   */
  incomplete?: MeasurementCut[];
  /**
   * True when within the cap, the ratchet (if checked) holds, the agent's own verdict passes and the
   * measurement is complete: exit 0.
   */
  ok: boolean;
}

/** `cwd` resolved from the process directory; throws UsageError unless a directory inside the root. */
function launchDirectory(ws: Workspace, cwd: string): string {
  const abs = requireDirectory(cwd, "--cwd");
  if (!inside(ws.root, abs))
    throw new UsageError(`--cwd ${cwd}: must be inside ${ws.root} (the repository being measured)`);
  return abs;
}

/**
 * Runs `cap` for one agent: configuration → the agent's launch snapshot → the budget → the ratchet.
 * `dir` and `cwd` are taken from the process directory (absolute paths are the library's way; relative ones
 * mean what they mean on the command line); `workspace`, when given, is the Workspace to run on instead.
 * Throws {@link UsageError} (exit 2) for a missing or non-directory DIR/--cwd, a --cwd outside DIR, a
 * malformed `.agent-context.json` (here or at the base revision), `--cap` above the configured cap, a
 * `--base` that is not a commit, or an unknown agent or release.
 */
export function runCap(opts: CapOptions = {}): CapRun {
  const agent = opts.model ?? (opts.agent === undefined ? defaultAgent() : agentById(opts.agent));
  const ws = opts.workspace ?? Workspace.at(opts.dir ?? ".", opts.cwd);
  const root = ws.root;
  const cwd = opts.workspace && opts.cwd !== undefined ? launchDirectory(ws, opts.cwd) : ws.cwd;
  const { file, config } = ws.config();
  const cap = effectiveCap(config, agent, opts.cap, file);
  const charging = chargingFor(config, agent);
  const modelled = modelledRelease(agent, {
    ...(opts.release !== undefined ? { given: opts.release } : {}),
    ...(opts.releaseWhy !== undefined ? { givenWhy: opts.releaseWhy } : {}),
    config,
    file,
  });
  // The bytes of kinds a change adopts, measured now: the raise the ratchet accepts in that change.
  const measure = (kinds: readonly ItemKind[]) => adoptionBytes(root, agent, kinds, modelled.release);

  const env = opts.env ?? process.env;
  let ratchet: RatchetResult | null = null;
  let ratchetNote: string | null = null;
  if (opts.ratchetDone) {
    ({ ratchet, ratchetNote } = opts.ratchetDone);
  } else if (opts.base !== undefined) {
    ratchet = checkRatchet(root, opts.base, "--base", config, agent, measure);
  } else if (isCi(env)) {
    const def = findDefaultBase(root, env);
    if (def.found) ratchet = checkRatchet(root, def.ref, def.via, config, agent, measure);
    else ratchetNote = `no ratchet check: ${def.why}; pass --base REF to compare the cap`;
  }

  const snapshot = ws.snapshot(agent, {
    cwd,
    release: modelled.release,
    ...(opts.view === "user" && opts.user ? { view: "user" as const, user: opts.user } : {}),
    ...(opts.addDirs && opts.addDirs.length > 0 ? { addDirs: opts.addDirs } : {}),
  });
  const evaluation = evaluateCap(snapshot.items, cap.cap, {
    unlowerable: config.unlowerable,
    kinds: charging.kinds,
    overhead: snapshot.overhead ?? [],
    kindCaps: charging.caps,
  });
  const measured = ratchet
    ? measureDelta(agent, snapshot, ratchet, { ...opts, kinds: charging.kinds })
    : null;
  const delta = measured?.delta ?? null;
  const incomplete = [...(snapshot.incomplete ?? []), ...(measured?.incomplete ?? [])];
  // The agent's own limits: an error (Copilot CLI refusing every prompt of this launch) fails whatever the cap.
  const limits =
    agent.capabilities?.limits?.(snapshot, {
      ...(opts.sessionModel !== undefined ? { model: opts.sessionModel } : {}),
      ...(config.hook?.maxBytes !== undefined ? { hook: { maxBytes: config.hook.maxBytes } } : {}),
    }) ?? [];
  return {
    agent: agent.id,
    agentVersion: snapshot.agent.version,
    release: modelled,
    root,
    cwd,
    cap,
    evaluation,
    snapshot,
    items: applyCharging(snapshot.items, charging.kinds),
    charging,
    findings: [...snapshot.findings, ...limits],
    tokenCap: tokenCapFor(config, agent),
    partialSessions: (agent.capabilities?.partialSessions ?? [])
      .filter((s) => s.releases.includes(snapshot.agent.version))
      .map((s) => ({
        sessions: s.sessions,
        paths: snapshot.items.filter((i) => s.without(i)).map((i) => i.path),
      }))
      .filter((s) => s.paths.length > 0),
    ratchet,
    ratchetNote,
    delta,
    incomplete,
    ok:
      evaluation.ok &&
      evaluation.kindsOk &&
      (ratchet?.ok ?? true) &&
      !snapshot.verdict?.failure &&
      !limits.some((f) => f.severity === "error") &&
      incomplete.length === 0,
  };
}

/**
 * The launch at the ratchet's base commit, from git objects (./base.ts: only what a launch reads is
 * written, never checked out), and its per-file change to `head`. The working directory keeps its place
 * relative to the root; when it did not exist at the base, everything charged now is new.
 */
function measureDelta(
  agent: AgentModel,
  head: Snapshot,
  ratchet: RatchetResult,
  opts: Pick<CapOptions, "release" | "revisions"> & { kinds: readonly ItemKind[] },
): { delta: LaunchDelta; incomplete: MeasurementCut[] } {
  const own = opts.revisions === undefined;
  const cache = opts.revisions ?? new Map<string, RevisionTree>();
  let tree = cache.get(ratchet.commit);
  if (!tree) {
    tree = openRevision(head.root, ratchet.commit, `base ${ratchet.base}`);
    cache.set(ratchet.commit, tree);
  }
  const at = tree;
  try {
    const baseRoot = at.root;
    const baseCwd = join(baseRoot, relative(head.root, head.cwd));
    const prefixed = (p: string) => toPosix(join(at.prefix, p));
    const { value: base, cuts } = collectCuts(() =>
      launchAtRevision(at, { root: baseRoot, cwd: baseCwd, release: head.agent.version }, (o) =>
        agent.launch(o),
      ),
    );
    const delta = launchDelta(base, head, {
      base: ratchet.via === "--base" ? ratchet.base : ratchet.via,
      commit: ratchet.commit,
      existedAtBase: (p) => at.entry(prefixed(p)) !== undefined,
      existsNow: (p) => lstatSafe(join(head.root, p)) !== undefined,
      kinds: opts.kinds,
    });
    // A cut at the base makes the change against it a guess: the run is incomplete too.
    const incomplete = [
      ...(base?.incomplete ?? []),
      ...cuts.map((c) => ({ ...c, path: displayPath(c.path, baseRoot) })),
    ].map((c) => ({ ...c, message: `at the base revision ${ratchet.base}: ${c.message}` }));
    return { delta, incomplete };
  } finally {
    if (own) at.cleanup();
  }
}

/**
 * What `cap` charges for a launch `snapshot` under the configuration of `root`: the charged items and
 * overhead, bytes (`verify` shows it beside its bytes as sent). Null when the configuration cannot be read
 * (`cap` says why).
 */
export function chargedTotal(root: string, agent: AgentModel, snapshot: Snapshot): number | null {
  let config: AgentContextConfig;
  try {
    ({ config } = loadConfig(root));
  } catch {
    return null;
  }
  const charging = chargingFor(config, agent);
  return evaluateCap(snapshot.items, 0, {
    unlowerable: config.unlowerable,
    kinds: charging.kinds,
    overhead: snapshot.overhead ?? [],
    kindCaps: charging.caps,
  }).total;
}

export interface CapMatrixOptions extends Omit<CapOptions, "ratchetDone" | "model"> {
  /** An agent id or `all` (default: the registry's default agent). */
  agent?: string;
  /** Check the root and every directory holding an agent memory file (excludes `cwd`). */
  allCwds?: boolean;
  /** Agent models to use instead of the registered ones, by id (test doubles of a model). */
  models?: Readonly<Record<string, AgentModel>>;
}

/** True when the options ask for more than one (agent, cwd) pair (the JSON output is then an array). */
export function isMatrix(opts: Pick<CapMatrixOptions, "agent" | "allCwds">): boolean {
  return opts.agent === "all" || opts.allCwds === true;
}

/**
 * Runs `cap` for each agent and working directory. Throws {@link UsageError} as runCap does, and when
 * `cwd` and `allCwds` are both given or the agent is unknown.
 */
export function runCapMatrix(opts: CapMatrixOptions = {}): CapRun[] {
  if (opts.allCwds && opts.cwd !== undefined) throw new UsageError("--cwd and --all-cwds cannot be combined");
  const agents = selectAgents(opts.agent).map((a) => opts.models?.[a.id] ?? a);
  const ws = opts.workspace ?? Workspace.at(opts.dir ?? ".", opts.cwd);
  const revisions = new Map<string, RevisionTree>();
  try {
    // No read scope here: a base revision's files are written as its launch reads them (src/budget/base.ts),
    // so a listing kept from before would miss them.
    return runEach({ ...opts, workspace: ws }, ws, agents, revisions);
  } finally {
    for (const tree of revisions.values()) tree.cleanup();
  }
}

function runEach(
  opts: CapMatrixOptions,
  ws: Workspace,
  agents: AgentModel[],
  revisions: Map<string, RevisionTree>,
): CapRun[] {
  const base = { ...opts, agent: undefined, workspace: ws, revisions };
  const first = runCap({ ...base, model: agents[0] as AgentModel, cwd: opts.allCwds ? ws.root : ws.cwd });
  let cwds: string[] = [ws.cwd];
  if (opts.allCwds) {
    // A bound that cuts the search for launch directories leaves launches unchecked: incomplete.
    const found = collectCuts(() => agentMemoryDirs(ws.root));
    cwds = found.value.map((d) => join(ws.root, d));
    if (found.cuts.length > 0) {
      first.incomplete = [
        ...(first.incomplete ?? []),
        ...found.cuts.map((c) => ({
          ...c,
          path: displayPath(c.path, ws.root),
          message: `${c.message}; launch directories beyond it were not checked`,
        })),
      ];
      first.ok = false;
    }
  }
  const runs: CapRun[] = [];
  for (const agent of agents) {
    let done: CapOptions["ratchetDone"];
    for (const cwd of cwds) {
      const run =
        runs.length === 0 && cwd === first.cwd
          ? first
          : runCap({ ...base, model: agent, cwd, ratchetDone: done });
      done = { ratchet: run.ratchet, ratchetNote: run.ratchetNote };
      runs.push(run);
    }
  }
  // Guidance an agent never sees (written for another agent), once, on that agent's first run.
  for (const agent of agents) {
    const run = runs.find((r) => r.agent === agent.id);
    if (run && agent.missedGuidance) run.findings.push(...agent.missedGuidance(run.root));
  }
  return runs;
}

/**
 * True when no registered agent loads anything from the Workspace's root: at the root and in every directory
 * holding an agent memory file, nothing loads at launch, no scoped rule waits for a file, no nested memory
 * waits for a read. A command run on such a directory says so (issue 29: `cap` on a folder with no
 * instruction files said only "0 bytes", and the likely mistake is the directory). The fresh-clone view,
 * never CI's ratchet: only the repository's own files count. The launches are the Workspace's (built once).
 */
export function holdsNoInstructionFiles(ws: Workspace): boolean {
  const runs = runCapMatrix({ workspace: ws, agent: "all", allCwds: true, env: {} });
  return runs.every(
    (r) => r.items.length === 0 && r.snapshot.rules.length === 0 && r.snapshot.memory.length === 0,
  );
}

/** The one line a command prints (on stderr) when {@link holdsNoInstructionFiles}; `shown` names the directory. */
export function noInstructionFilesLine(shown: string): string {
  const names = agents().map((a) => agentName(a.id));
  const list = `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
  return `agent-context: ${shown} holds no instruction files for any agent (${list} loads nothing there); run it on the repository, or pass its root as DIR\n`;
}
