/**
 * `cap` over several agents and working directories: one {@link CapRun} per (agent, cwd), agent-major,
 * root first. The ratchet is checked once per agent. With Codex in the run and an AGENTS file in the
 * repository, cross-agent gaps (Claude-only rules and imports) are added as warnings to the first Codex run.
 */
import { resolve } from "node:path";
import { agentName, agents, selectAgents } from "../agents/index.js";
import { agentMemoryDirs } from "../agents/memory-dirs.js";
import { UsageError } from "../errors.js";
import { collectCuts } from "../fs/cuts.js";
import { displayPath } from "../fs/paths.js";
import type { RevisionTree } from "../fs/revision.js";
import type { AgentModel } from "../model/index.js";
import { type CapOptions, type CapRun, runCap } from "./run.js";

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
  const revisions = new Map<string, RevisionTree>();
  try {
    return runEach(opts, agents, revisions);
  } finally {
    for (const tree of revisions.values()) tree.cleanup();
  }
}

function runEach(
  opts: CapMatrixOptions,
  agents: AgentModel[],
  revisions: Map<string, RevisionTree>,
): CapRun[] {
  const root = resolve(opts.dir ?? ".");
  const first = runCap({ ...opts, agent: undefined, model: agents[0] as AgentModel, revisions });
  let cwds: (string | undefined)[] = [opts.cwd];
  if (opts.allCwds) {
    // A bound that cuts the search for launch directories leaves launches unchecked: incomplete.
    const found = collectCuts(() => agentMemoryDirs(first.root));
    cwds = found.value;
    if (found.cuts.length > 0) {
      first.incomplete = [
        ...(first.incomplete ?? []),
        ...found.cuts.map((c) => ({
          ...c,
          path: displayPath(c.path, first.root),
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
        runs.length === 0 && (cwd === "." || cwd === opts.cwd)
          ? first
          : runCap({ ...opts, dir: root, agent: undefined, model: agent, cwd, ratchetDone: done, revisions });
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
 * True when no registered agent loads anything from `root` (a directory, absolute or relative to the
 * current one): at the root and in every directory holding an agent memory file, nothing loads at launch,
 * no scoped rule waits for a file, no nested memory waits for a read. A command run on such a directory
 * says so (issue 29: `cap` on a folder with no instruction files said only "0 bytes", and the likely mistake
 * is the directory). The fresh-clone view, never CI's ratchet: only the repository's own files count.
 */
export function holdsNoInstructionFiles(root: string): boolean {
  const runs = runCapMatrix({ dir: root, agent: "all", allCwds: true, env: {} });
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
