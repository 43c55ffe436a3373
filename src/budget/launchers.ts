/**
 * The loader models `cap` can charge, one per agent. Adding an agent is one entry in {@link LAUNCHERS}.
 */
import { claudeLaunchSet } from "../agents/claude-code/index.js";
import type { CodexTruncation } from "../agents/codex/index.js";
import { codexLaunchSet } from "../agents/codex/launcher.js";
import type { AgentId } from "../config.js";
import { UsageError } from "../errors.js";
import type { ContextItem, Problem } from "../types.js";

/** What a loader model returns for one launch: the items in load order, and the problems it met. */
export interface LaunchSet {
  agent: AgentId;
  /** The agent CLI version the model was verified on. */
  agentVersion: string;
  root: string;
  cwd: string;
  items: ContextItem[];
  problems: Problem[];
  /** Codex only: where Codex's own byte budget cuts the chain (null when whole). A cut fails the run. */
  truncated?: CodexTruncation | null;
  /** Codex only: Codex's effective `project_doc_max_bytes` (bytes). */
  codexBudget?: number;
}

/** Computes the launch set of one agent for a launch in `cwd` of the repository at `root` (absolute). */
export type Launcher = (opts: { root: string; cwd: string }) => LaunchSet;

/** The registered loader models. */
export const LAUNCHERS: Partial<Record<AgentId, Launcher>> = {
  "claude-code": (opts) => claudeLaunchSet(opts),
  codex: codexLaunchSet,
};

/** The launcher for `agent`; throws {@link UsageError} when none is registered. */
export function launcherFor(agent: AgentId): Launcher {
  const l = LAUNCHERS[agent];
  if (!l) throw new UsageError(`cap does not model the agent "${agent}" yet`);
  return l;
}
