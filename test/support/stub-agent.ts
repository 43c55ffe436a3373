/**
 * A test double of an agent MODEL (never of an agent CLI): an AgentModel whose launch returns fixed items
 * and findings. Used where the pipeline, not a loader, is under test, and to register a throwaway agent.
 */
import type {
  AgentModel,
  ContextItem,
  Finding,
  ListOverhead,
  UnmeasuredSource,
} from "../../src/model/index.js";

export interface StubAgentOptions {
  id?: string;
  name?: string;
  version?: string;
  items?: ContextItem[] | ((root: string, cwd: string) => ContextItem[]);
  findings?: Finding[];
  defaultCap?: number;
  memoryFileNames?: string[];
  /** The lists' fixed text the launch reports (a function: read at each launch). */
  overhead?: ListOverhead[] | (() => ListOverhead[]);
  /** Sources the launch names as not measured. */
  unmeasured?: UnmeasuredSource[];
}

/** An agent model with a fixed launch set (texts: each item's path repeated to its byte size). */
export function stubAgent(o: StubAgentOptions = {}): AgentModel {
  const id = o.id ?? "claude-code";
  const name = o.name ?? "Claude Code";
  const version = o.version ?? "2.1.332";
  const model: AgentModel = {
    id,
    name,
    releases: [version],
    memoryFileNames: o.memoryFileNames ?? ["CLAUDE.md"],
    defaultCap: o.defaultCap ?? 4096,
    launch: ({ root, cwd }) => {
      const items = typeof o.items === "function" ? o.items(root, cwd ?? root) : (o.items ?? []);
      return {
        agent: { id, name, version },
        view: "fresh-clone",
        root,
        cwd: cwd ?? root,
        items,
        texts: new Map(items.map((i) => [i.path, "x".repeat(i.bytes)])),
        imports: [],
        rules: [],
        memory: [],
        findings: o.findings ?? [],
        ...(o.overhead ? { overhead: typeof o.overhead === "function" ? o.overhead() : o.overhead } : {}),
        ...(o.unmeasured ? { unmeasured: o.unmeasured } : {}),
      };
    },
  };
  return model;
}
