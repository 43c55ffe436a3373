/**
 * The `cap` pipeline: configuration → an agent's launch set → the budget → the ratchet. The CLI renders the
 * result; nothing here prints.
 */
import { resolve } from "node:path";
import { type AgentId, loadConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { inside } from "../fs/paths.js";
import { statSafe } from "../fs/read.js";
import type { ContextItem, Problem } from "../types.js";
import { type EffectiveCap, effectiveCap } from "./cap-setting.js";
import { type CapEvaluation, evaluateCap } from "./evaluate.js";
import { type Launcher, launcherFor } from "./launchers.js";
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
  /** Default "claude-code". */
  agent?: AgentId;
  /** Environment for CI detection (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Loader model override (tests); default: the registered launcher for `agent`. */
  launcher?: Launcher;
  /** A ratchet check already made for this agent (runCapMatrix checks once per agent, not per cwd). */
  ratchetDone?: { ratchet: RatchetResult | null; ratchetNote: string | null };
}

export interface CapRun {
  agent: AgentId;
  agentVersion: string;
  /** Absolute root. */
  root: string;
  /** Absolute working directory of the launch. */
  cwd: string;
  cap: EffectiveCap;
  evaluation: CapEvaluation;
  /** Every file that loads at launch, in load order. */
  items: ContextItem[];
  problems: Problem[];
  /** The ratchet check, or null when none ran. */
  ratchet: RatchetResult | null;
  /** One line saying why no ratchet check ran in CI, else null. */
  ratchetNote: string | null;
  /** Codex only: where Codex's own budget cuts the AGENTS.md chain, or null (see LaunchSet.truncated). */
  truncated?: import("../agents/codex/index.js").CodexTruncation | null;
  /** Codex only: Codex's effective `project_doc_max_bytes` (bytes). */
  codexBudget?: number;
  /** True when within the cap, the ratchet (if checked) holds and no Codex truncation: exit status 0. */
  ok: boolean;
}

function requireDirectory(path: string, what: string): void {
  const st = statSafe(path);
  if (!st) throw new UsageError(`${what} ${path}: no such directory`);
  if (!st.isDirectory()) throw new UsageError(`${what} ${path}: not a directory`);
}

/**
 * Runs `cap` for one agent. Throws {@link UsageError} (exit 2) for a missing or non-directory DIR/--cwd, a
 * --cwd outside DIR, a malformed `.agent-context.json` (here or at the base revision), `--cap` above the
 * configured cap, or a `--base` that is not a commit.
 */
export function runCap(opts: CapOptions = {}): CapRun {
  const agent = opts.agent ?? "claude-code";
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

  const launch = (opts.launcher ?? launcherFor(agent))({ root, cwd });
  const evaluation = evaluateCap(launch.items, cap.cap, { unlowerable: config.unlowerable });
  return {
    agent,
    agentVersion: launch.agentVersion,
    root,
    cwd,
    cap,
    evaluation,
    items: launch.items,
    problems: launch.problems,
    ratchet,
    ratchetNote,
    ...(launch.truncated !== undefined ? { truncated: launch.truncated } : {}),
    ...(launch.codexBudget !== undefined ? { codexBudget: launch.codexBudget } : {}),
    ok: evaluation.ok && (ratchet?.ok ?? true) && !launch.truncated,
  };
}
