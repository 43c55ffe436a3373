/**
 * The `cap` pipeline: configuration → an agent's launch set → the budget → the ratchet. The CLI renders the
 * result; nothing here prints.
 */
import { resolve } from "node:path";
import { agentById, defaultAgent } from "../agents/index.js";
import { loadConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { inside } from "../fs/paths.js";
import { statSafe } from "../fs/read.js";
import type { AgentModel, ContextItem, Finding, Snapshot, UserEnvironment } from "../model/index.js";
import { type EffectiveCap, effectiveCap } from "./cap-setting.js";
import { type CapEvaluation, evaluateCap } from "./evaluate.js";
import { checkRatchet, findDefaultBase, isCi, type RatchetResult } from "./ratchet.js";

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
   * The user view (`cap --user`): this machine's home and environment, which each agent reads its user
   * layer from (LaunchOptions.user). Absent: the fresh-clone view, what CI and the ratchet judge.
   */
  user?: UserEnvironment;
  /** Environment for CI detection (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** The agent model to use instead of the registered one for `agent` (a test double of the model). */
  model?: AgentModel;
  /** A ratchet check already made for this agent (runCapMatrix checks once per agent, not per cwd). */
  ratchetDone?: { ratchet: RatchetResult | null; ratchetNote: string | null };
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
  /** Every file that loads at launch, in load order (= snapshot.items). */
  items: ContextItem[];
  /** Findings of the loader, plus any a multi-launch run adds. */
  findings: Finding[];
  /** The ratchet check, or null when none ran. */
  ratchet: RatchetResult | null;
  /** One line saying why no ratchet check ran in CI, else null. */
  ratchetNote: string | null;
  /** True when within the cap, the ratchet (if checked) holds and the agent's own verdict passes: exit 0. */
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

  const env = opts.env ?? process.env;
  let ratchet: RatchetResult | null = null;
  let ratchetNote: string | null = null;
  if (opts.ratchetDone) {
    ({ ratchet, ratchetNote } = opts.ratchetDone);
  } else if (opts.base !== undefined) {
    ratchet = checkRatchet(root, opts.base, "--base", config, agent);
  } else if (isCi(env)) {
    const def = findDefaultBase(root, env);
    if (def.found) ratchet = checkRatchet(root, def.ref, def.via, config, agent);
    else ratchetNote = `no ratchet check: ${def.why}; pass --base REF to compare the cap`;
  }

  const snapshot = agent.launch({
    root,
    cwd,
    ...(opts.release ? { release: opts.release } : {}),
    ...(opts.user ? { view: "user" as const, user: opts.user } : {}),
  });
  const evaluation = evaluateCap(snapshot.items, cap.cap, { unlowerable: config.unlowerable });
  return {
    agent: agent.id,
    agentVersion: snapshot.agent.version,
    root,
    cwd,
    cap,
    evaluation,
    snapshot,
    items: snapshot.items,
    findings: [...snapshot.findings],
    ratchet,
    ratchetNote,
    ok: evaluation.ok && (ratchet?.ok ?? true) && !snapshot.verdict?.failure,
  };
}
