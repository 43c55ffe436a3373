/**
 * The `route` pipeline: what the PreToolUse hook injects for one tool call (the hook's own chain of
 * handlers, src/hook/route-call.ts), or the router's shard table (`--map`). Nothing here prints.
 */
import { resolve } from "node:path";
import { HOOK_AGENT } from "../agents/hook.js";
import { agentById } from "../agents/index.js";
import { UsageError } from "../errors.js";
import { routeToolCall } from "../hook/route-call.js";
import { DEFAULT_ROUTERS, loadIndex, type RouterIndex } from "../router/index-build.js";
import type { RouteResult } from "../router/route.js";
import { type ModelledRelease, modelledRelease } from "./release.js";
import { Workspace } from "./workspace.js";

/** The tools `route` accepts (the hook's matcher, plus Read). */
export const ROUTE_TOOLS = ["Write", "Edit", "MultiEdit", "NotebookEdit", "Read", "Bash"] as const;

export interface RouteOptions {
  /** Repository root (absolute, or relative to the process directory). */
  root: string;
  /** The call's working directory (absolute; default the root). */
  cwd?: string;
  /** The tool (default Write). */
  tool?: string;
  /** A path (absolute, or relative to the process directory) or, for Bash, the command string. */
  target: string;
  /** Whether the router may read and write its compiled index cache (default true). */
  useCache?: boolean;
  /** The Workspace to run on (its root is the root). */
  workspace?: Workspace;
  /**
   * The hook agent's release whose own attachments the hook leaves out (`--agent-version`); absent:
   * `agents.<id>.release` of the configuration, else the newest verified (src/app/release.ts).
   */
  release?: string;
}

export interface RouteRun extends RouteResult {
  /** The configuration keys the call's CLI reads (the hook's chain). */
  cliKeys: string[];
  /** The router globs the shards were looked for at. */
  routers: string[];
  /** The hook agent's release modelled, why, and how the model knows it. */
  release: ModelledRelease;
}

/** The tool input the hook receives for `tool` on `target`. */
function toolInput(tool: string, target: string): Record<string, unknown> {
  // A path argument is relative to the process's directory, as for every CLI (not to the session's
  // directory); a Bash command's words are relative to the session's directory, where the shell runs.
  const file = resolve(target);
  return tool === "Bash"
    ? { command: target }
    : tool === "NotebookEdit"
      ? { notebook_path: file }
      : { file_path: file };
}

/**
 * Runs `route` for one tool call. Throws UsageError for an unknown tool, a malformed configuration or a
 * release the model does not know.
 */
export async function runRoute(opts: RouteOptions): Promise<RouteRun> {
  const tool = opts.tool ?? "Write";
  if (!(ROUTE_TOOLS as readonly string[]).includes(tool))
    throw new UsageError(`--tool ${tool}: unknown tool; use one of ${ROUTE_TOOLS.join(", ")}`);
  const ws = opts.workspace ?? Workspace.at(opts.root, opts.cwd);
  const { file, config } = ws.config();
  const release = modelledRelease(agentById(HOOK_AGENT.id), {
    ...(opts.release !== undefined ? { given: opts.release } : {}),
    config,
    file,
  });
  const r = await routeToolCall({
    root: ws.root,
    cwd: opts.cwd ?? ws.cwd,
    tool,
    input: toolInput(tool, opts.target),
    config,
    release: release.release,
    ...(opts.useCache !== undefined ? { useCache: opts.useCache } : {}),
  });
  return { ...r, routers: config.routers ?? DEFAULT_ROUTERS, release };
}

/** The router's index for `route --map` and the globs its shards were looked for at. */
export function routeMap(opts: { root: string; useCache?: boolean; workspace?: Workspace }): {
  index: RouterIndex;
  routers: string[];
} {
  const ws = opts.workspace ?? Workspace.at(opts.root);
  const routers = ws.config().config.routers ?? DEFAULT_ROUTERS;
  return { index: loadIndex(ws.root, routers, { useCache: opts.useCache }), routers };
}
