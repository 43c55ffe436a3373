/**
 * The `cap` pipeline: configuration → an agent's launch set → the budget → the ratchet. The CLI renders the
 * result; nothing here prints.
 */
import { join, relative, resolve } from "node:path";
import { agentById, defaultAgent } from "../agents/index.js";
import { type AgentContextConfig, loadConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { collectCuts } from "../fs/cuts.js";
import { displayPath, inside, toPosix } from "../fs/paths.js";
import { lstatSafe, statSafe } from "../fs/read.js";
import { openRevision, type RevisionTree } from "../fs/revision.js";
import type {
  AgentModel,
  ContextItem,
  Finding,
  ItemKind,
  LaunchOptions,
  MeasurementCut,
  Snapshot,
  UserEnvironment,
  View,
} from "../model/index.js";
import { adoptionBytes } from "./adoption.js";
import { launchAtRevision } from "./base.js";
import { type EffectiveCap, effectiveCap, tokenCapFor } from "./cap-setting.js";
import { type LaunchDelta, launchDelta } from "./delta.js";
import { type CapEvaluation, evaluateCap } from "./evaluate.js";
import { applyCharging, type Charging, chargingFor } from "./kinds.js";
import { checkRatchet, findDefaultBase, isCi, type RatchetResult } from "./ratchet.js";
import type { RunTokens } from "./tokens.js";

export interface CapOptions {
  /** Repository root (the directory holding `.agent-context.json`); relative to process.cwd(). Default ".". */
  dir?: string;
  /** Working directory of the launch; relative paths are taken from `dir`. Default: `dir`. */
  cwd?: string;
  /** `--cap N`: lowers the configured cap for this run; raising throws UsageError. Bytes. */
  cap?: number;
  /** `--base REF`: check the ratchet against the config at this git revision. */
  base?: string;
  /** Agent id (default: the registry's default agent). */
  agent?: string;
  /** The agent release to model (default: the model's newest). */
  release?: string;
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

function requireDirectory(path: string, what: string): void {
  const st = statSafe(path);
  if (!st) throw new UsageError(`${what} ${path}: no such directory`);
  if (!st.isDirectory()) throw new UsageError(`${what} ${path}: not a directory`);
}

/**
 * Runs `cap` for one agent: configuration → the agent's launch snapshot → the budget → the ratchet.
 * Throws {@link UsageError} (exit 2) for a missing or non-directory DIR/--cwd, a --cwd outside DIR, a
 * malformed `.agent-context.json` (here or at the base revision), `--cap` above the configured cap, a
 * `--base` that is not a commit, or an unknown agent or release.
 */
export function runCap(opts: CapOptions = {}): CapRun {
  const agent = opts.model ?? (opts.agent === undefined ? defaultAgent() : agentById(opts.agent));
  const root = resolve(opts.dir ?? ".");
  requireDirectory(root, "DIR");
  const cwd = opts.cwd === undefined ? root : resolve(root, opts.cwd);
  if (opts.cwd !== undefined) {
    requireDirectory(cwd, "--cwd");
    if (!inside(root, cwd)) {
      throw new UsageError(`--cwd ${opts.cwd}: must be inside ${root} (the repository being measured)`);
    }
  }
  const { file, config } = loadConfig(root);
  const cap = effectiveCap(config, agent, opts.cap, file);
  const charging = chargingFor(config, agent);
  // The bytes of kinds a change adopts, measured now: the raise the ratchet accepts in that change.
  const measure = (kinds: readonly ItemKind[]) => adoptionBytes(root, agent, kinds, opts.release);

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

  const snapshot = measuredLaunch(agent, {
    root,
    cwd,
    ...(opts.release ? { release: opts.release } : {}),
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
  return {
    agent: agent.id,
    agentVersion: snapshot.agent.version,
    root,
    cwd,
    cap,
    evaluation,
    snapshot,
    items: applyCharging(snapshot.items, charging.kinds),
    charging,
    findings: [
      ...snapshot.findings,
      ...(agent.capabilities?.limits?.(snapshot, {
        ...(opts.sessionModel !== undefined ? { model: opts.sessionModel } : {}),
        ...(config.hook?.maxBytes !== undefined ? { hook: { maxBytes: config.hook.maxBytes } } : {}),
      }) ?? []),
    ],
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
      incomplete.length === 0,
  };
}

/**
 * `agent.launch(opts)` with every cut (src/model/cut.ts) met while it ran, wherever in the loader, added to
 * the snapshot's `incomplete` (display paths, each place and bound once).
 */
export function measuredLaunch(agent: AgentModel, opts: LaunchOptions): Snapshot {
  const { value: snapshot, cuts } = collectCuts(() => agent.launch(opts));
  if (cuts.length === 0) return snapshot;
  const shown = cuts.map((c) => ({ ...c, path: displayPath(c.path, snapshot.root) }));
  const all = [...(snapshot.incomplete ?? []), ...shown];
  const seen = new Set<string>();
  snapshot.incomplete = all.filter((c) => {
    const key = `${c.bound}\0${c.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return snapshot;
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
