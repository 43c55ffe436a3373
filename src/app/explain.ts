/**
 * `explain`: what reaches an agent for one path — its launch snapshot (as `cap` charges it), what its
 * on-demand model attaches when a tool reads the path, and what the agent-context hook adds on a Write
 * to it (as context items, `loadedAt: "tool"`, each with the trigger that brought it).
 */
import { agentById, defaultAgent } from "../agents/index.js";
import { whyCharged } from "../budget/evaluate.js";
import { countsAgainstCap } from "../budget/kinds.js";
import type { AgentContextConfig } from "../config.js";
import {
  type AppliedSource,
  type ContextItem,
  type ContextItemJson,
  itemToJson,
  type ListOverhead,
  sentBytes,
  type UnmeasuredSource,
  type UserEnvironment,
  type View,
} from "../model/index.js";
import { pathTarget } from "../router/match.js";
import { routeCall } from "../router/route.js";
import { schemaUrl } from "../version.js";
import { type CapRun, runCap } from "./cap.js";
import {
  itemTokensJson,
  offlineTokens,
  type RunTokens,
  type RunTokensJson,
  runTokens,
  runTokensJson,
  type TokensChoice,
} from "./tokens.js";
import { Workspace } from "./workspace.js";

/** What reaches one agent for one path: the launch set, what it attaches on read, what the hook adds. */
export interface Explanation {
  /**
   * The agent: registry id, display name, the release the snapshot was computed for, why that release
   * (`--agent-version`, `installed`, `configured`, `default`) and how the model knows it (src/app/release.ts).
   */
  agent: {
    id: string;
    name: string;
    version: string;
    why: "--agent-version" | "installed" | "configured" | "default";
    basis: "verified" | "release-ranges";
  };
  /** Absolute root and working directory of the launch (real paths). */
  root: string;
  cwd: string;
  /** Every launch item, in load order; charged items carry why they are charged. */
  launch: ContextItem[];
  /** The launch's lists' fixed text, once per list, `charged` as the cap charges it. */
  overhead: ListOverhead[];
  /** What `cap` charges for this launch (the same run): the charged items and overhead, bytes. */
  charged: number;
  /** Sources that add context only by running code: named, never run. */
  unmeasured: UnmeasuredSource[];
  /** What the agent attaches when it reads the path (nested memory, scoped rules, their imports). */
  onRead: ContextItem[];
  /** What the agent-context hook injects on a Write to the path. */
  onTool: ContextItem[];
  /** False when the agent's model has no on-demand part. */
  hasOnRead: boolean;
  /** False when the agent runs no agent-context hook. */
  hasHook: boolean;
  /** Sessions that start without some of the launch items (Claude Code's Explore and Plan subagents). */
  partialSessions: { sessions: string; paths: string[] }[];
  /** The view the snapshot is (`user` by default for explain) and what beyond the repository it applied. */
  view: View;
  applied: AppliedSource[];
  /**
   * The launch's tokens, counted as `cap` counts them (the same run, method and numbers: src/app/tokens.ts):
   * per launch item (by path; an import inlined into a block has none, it is in the block's) and the charged
   * total; null with `tokens: "off"`.
   */
  tokens: RunTokens | null;
  /** The agent's own limits that refuse every prompt of this launch (as `cap` finds them), one message each. */
  refused: string[];
}

/**
 * Explains `target` for a session in `cwd` of the repository at `root` (all absolute; `cwd` inside
 * `root`), for one agent (default: the registry's default agent), from its launch snapshot: the user view
 * when `user` is given (this machine's user layer, settings, approvals, environment), else the fresh-clone
 * view; with `addDirs` as the agent's `--add-dir`; for `release` (default: the newest the model knows). Throws
 * UsageError for a malformed `.agent-context.json`, an unknown agent or a release the model does not know.
 */
export function explainPath(opts: {
  root: string;
  cwd: string;
  target: string;
  agent?: string;
  release?: string;
  /** Why `release` is given: `--agent-version` (default) or `installed`. */
  releaseWhy?: "--agent-version" | "installed";
  /** The machine the user view reads; absent: the fresh-clone view. */
  user?: UserEnvironment;
  /** `--add-dir` directories (absolute). */
  addDirs?: readonly string[];
  /** The Workspace to run on (its root must be `root`). */
  workspace?: Workspace;
  /** `--tokens`: `auto` (default: the agent's offline method, as `cap`) or `off`; `api` needs {@link explainPathTokens}. */
  tokens?: Exclude<TokensChoice, "api">;
  /** `--model`: the session's model, where the token count depends on it. */
  model?: string;
}): Explanation {
  return explainRun(opts).explanation;
}

/**
 * {@link explainPath} with every `--tokens` choice, `api` included (one request to Anthropic's endpoint for
 * a Claude model, as `cap --tokens api`; `env` holds the key).
 */
export async function explainPathTokens(
  opts: Omit<Parameters<typeof explainPath>[0], "tokens"> & {
    tokens?: TokensChoice;
    env?: NodeJS.ProcessEnv;
  },
): Promise<Explanation> {
  if (opts.tokens !== "api") return explainPath({ ...opts, tokens: opts.tokens ?? "auto" });
  const { explanation, run } = explainRun({ ...opts, tokens: "off" });
  const counted = await runTokens([run], {
    choice: "api",
    ...(opts.model ? { model: opts.model } : {}),
    ...(opts.env ? { env: opts.env } : {}),
  });
  return { ...explanation, tokens: counted?.get(run) ?? null };
}

function explainRun(opts: Parameters<typeof explainPath>[0]): { explanation: Explanation; run: CapRun } {
  const { root, cwd, target } = opts;
  const agent = opts.agent === undefined ? defaultAgent() : agentById(opts.agent);
  const ws = opts.workspace ?? Workspace.at(root, cwd);
  const { config } = ws.config();
  const run = runCap({
    workspace: ws,
    cwd,
    env: {},
    model: agent,
    ...(opts.release ? { release: opts.release } : {}),
    ...(opts.releaseWhy ? { releaseWhy: opts.releaseWhy } : {}),
    ...(opts.user ? { view: "user" as const, user: opts.user } : {}),
    ...(opts.addDirs ? { addDirs: opts.addDirs } : {}),
  });
  const launch = run.items.map((i) =>
    i.charged ? { ...i, reason: whyCharged(i, { unlowerable: config.unlowerable }) } : i,
  );
  const session = agent.onDemand?.(run.snapshot);
  const hasHook = agent.capabilities?.hook !== undefined;
  const tokens =
    opts.tokens === "off"
      ? null
      : offlineTokens(run, {
          ...(opts.model ? { model: opts.model } : {}),
          tokenCap: run.tokenCap ?? undefined,
        });
  const explanation: Explanation = {
    agent: {
      id: agent.id,
      name: agent.name,
      version: run.agentVersion,
      why: run.release?.why ?? "default",
      basis: run.release?.basis ?? "verified",
    },
    root: run.snapshot.root,
    cwd: run.snapshot.cwd,
    launch,
    overhead: (run.snapshot.overhead ?? []).map(({ text: _text, ...o }) => ({
      ...o,
      charged: countsAgainstCap(o, run.charging.kinds),
    })),
    charged: run.evaluation.total,
    partialSessions: run.partialSessions ?? [],
    unmeasured: [...(run.snapshot.unmeasured ?? [])],
    onRead: session ? session.read(target).items : [],
    onTool: hasHook ? onToolItems(root, cwd, target, config) : [],
    hasOnRead: session !== undefined,
    hasHook,
    view: run.snapshot.view,
    applied: [...(run.snapshot.applied ?? [])],
    tokens,
    refused: run.findings.flatMap((f) => (f.refusal !== undefined ? [f.refusal] : [])),
  };
  return { explanation, run };
}

/**
 * The items the hook injects for a Write to `path` in a fresh session. `bytes` is the UTF-8 size of the
 * rule's section in the injected text (its inlined text, or its "read it" line); rules named only in a row
 * line (no file found) have `bytes: 0`. Never charged (they are not launch context).
 * @param path absolute, or relative to `cwd`
 */
export function onToolItems(
  root: string,
  cwd: string,
  path: string,
  config: AgentContextConfig,
): ContextItem[] {
  const r = routeCall({ root, target: pathTarget("Write", root, cwd, path), config });
  const items: ContextItem[] = [];
  for (const row of r.injection.rows) {
    for (const rule of row.rules) {
      const where = `${row.match.row.shard}:${row.match.row.line}`;
      const inlined = r.injection.inlined.includes(rule.id);
      items.push({
        path: rule.file ?? (rule.dir ? `${rule.dir}/${rule.id}` : rule.id),
        kind: "routed",
        loadedAt: "tool",
        bytes: r.injection.sectionBytes[rule.key] ?? 0,
        fileBytes: rule.fileBytes,
        charged: false,
        importedBy: null,
        reason:
          `rule ${rule.id}: router trigger \`${row.match.trigger}\` (${where}) fires for a Write to ${r.target?.display}` +
          (rule.file
            ? inlined
              ? ""
              : "; named, not inlined (over the hook's byte bound)"
            : "; no rule file found, id only"),
      });
    }
  }
  for (const e of r.injection.extras) {
    items.push({
      path: e.path,
      kind: e.kind,
      loadedAt: "tool",
      bytes: r.injection.sectionBytes[e.key] ?? 0,
      fileBytes: e.fileBytes,
      charged: false,
      importedBy: null,
      reason: `${e.why}; delivered by the hook for a tool target`,
    });
  }
  return items;
}

/** `explain --json`: the header and item records of `cap --json`, the launch, what loads on read and on a tool. */
export interface ExplainJson {
  /** The schema of this output. */
  $schema?: string;
  agent: string;
  agentVersion: string;
  /** Why `agentVersion` is the release modelled, and how the model knows it (as `cap --json`'s). */
  release: { why: Explanation["agent"]["why"]; basis: Explanation["agent"]["basis"] };
  root: string;
  cwd: string;
  view: View;
  applied: AppliedSource[];
  launch: ContextItemJson[];
  /** The launch's bytes (each once: an inlined import is in its block). */
  total: number;
  /** What `cap` charges of them. */
  charged: number;
  overhead: ListOverhead[];
  unmeasured: UnmeasuredSource[];
  /** Sessions that start without some of the launch items (Claude Code's Explore and Plan subagents). */
  partialSessions: { sessions: string; paths: string[] }[];
  onRead: ContextItemJson[];
  onTool: ContextItemJson[];
  /**
   * The launch's tokens as `cap --json` gives them (same method, same numbers): the charged total and how it
   * was counted; each launch item carries its own `tokens`. Absent with `--tokens off`.
   */
  tokens?: RunTokensJson;
}

/** The JSON form of an {@link Explanation} (`explain --json`). */
export function explainJson(sets: Explanation): ExplainJson {
  return {
    $schema: schemaUrl("explain"),
    agent: sets.agent.id,
    agentVersion: sets.agent.version,
    release: { why: sets.agent.why, basis: sets.agent.basis },
    root: sets.root,
    cwd: sets.cwd,
    view: sets.view,
    applied: sets.applied,
    launch: sets.launch.map((i) => {
      const t = sets.tokens ? itemTokensJson(sets.tokens.items.get(i.path)) : undefined;
      return t && i.countedIn === undefined ? { ...itemToJson(i), tokens: t } : itemToJson(i);
    }),
    // The launch's bytes (each once: an inlined import is in its block) and what cap charges of them.
    total: sentBytes(sets.launch) + sets.overhead.reduce((n, o) => n + o.bytes, 0),
    charged: sets.charged,
    overhead: sets.overhead,
    unmeasured: sets.unmeasured,
    partialSessions: sets.partialSessions,
    onRead: sets.onRead.map(itemToJson),
    onTool: sets.onTool.map(itemToJson),
    ...(sets.tokens ? { tokens: runTokensJson(sets.tokens) } : {}),
  };
}
