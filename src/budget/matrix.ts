/**
 * `cap` over several agents and working directories: one {@link CapRun} per (agent, cwd), agent-major,
 * root first. The ratchet is checked once per agent. With Codex in the run and an AGENTS file in the
 * repository, cross-agent gaps (Claude-only rules and imports) are added as warnings to the first Codex run.
 */
import { resolve } from "node:path";
import { agentMemoryDirs } from "../agents/codex/cwds.js";
import { crossAgentGaps } from "../agents/codex/gaps.js";
import type { AgentId } from "../config.js";
import { UsageError } from "../errors.js";
import type { Launcher } from "./launchers.js";
import { type CapOptions, type CapRun, runCap } from "./run.js";

/** `--agent` values. */
export const AGENT_CHOICES = ["claude-code", "codex", "all"] as const;
export type AgentChoice = (typeof AGENT_CHOICES)[number];

/** Parses `--agent`; throws {@link UsageError} for anything else. */
export function parseAgentOption(raw: string): AgentChoice {
  if ((AGENT_CHOICES as readonly string[]).includes(raw)) return raw as AgentChoice;
  throw new UsageError(`--agent ${raw}: must be one of ${AGENT_CHOICES.join(", ")}`);
}

export interface CapMatrixOptions extends Omit<CapOptions, "agent" | "ratchetDone"> {
  /** Default "claude-code". */
  agent?: AgentChoice;
  /** Check the root and every directory holding an agent memory file (excludes `cwd`). */
  allCwds?: boolean;
  /** Loader model overrides per agent (tests). */
  launchers?: Partial<Record<AgentId, Launcher>>;
}

/** True when the options ask for more than one (agent, cwd) pair (the JSON output is then an array). */
export function isMatrix(opts: Pick<CapMatrixOptions, "agent" | "allCwds">): boolean {
  return opts.agent === "all" || opts.allCwds === true;
}

/**
 * Runs `cap` for each agent and working directory. Throws {@link UsageError} as runCap does, and when
 * `cwd` and `allCwds` are both given.
 */
export function runCapMatrix(opts: CapMatrixOptions = {}): CapRun[] {
  if (opts.allCwds && opts.cwd !== undefined) throw new UsageError("--cwd and --all-cwds cannot be combined");
  const agents: AgentId[] =
    opts.agent === "all" ? ["claude-code", "codex"] : [(opts.agent ?? "claude-code") as AgentId];
  const root = resolve(opts.dir ?? ".");
  const launcher = (agent: AgentId) => opts.launchers?.[agent] ?? opts.launcher;
  const first = runCap({ ...opts, agent: agents[0] as AgentId, launcher: launcher(agents[0] as AgentId) });
  const cwds: (string | undefined)[] = opts.allCwds ? agentMemoryDirs(first.root) : [opts.cwd];
  const runs: CapRun[] = [];
  for (const agent of agents) {
    let done: CapOptions["ratchetDone"];
    for (const cwd of cwds) {
      const run =
        runs.length === 0 && (cwd === "." || cwd === opts.cwd)
          ? first
          : runCap({ ...opts, dir: root, agent, cwd, ratchetDone: done, launcher: launcher(agent) });
      done = { ratchet: run.ratchet, ratchetNote: run.ratchetNote };
      runs.push(run);
    }
  }
  const codexRun = runs.find((r) => r.agent === "codex");
  if (codexRun) codexRun.problems.push(...crossAgentGaps(codexRun.root));
  return runs;
}
