/**
 * `agent-context route`'s view of the hook: the same parse and the same handlers as the hook
 * ({@link ROUTE_HANDLERS}), in a fresh session, with the router's full result for `--json`.
 */
import type { AgentContextConfig } from "../config.js";
import type { RouteResult } from "../router/route.js";
import { hookCall, ROUTE_HANDLERS, runChain } from "./chain.js";

export interface RouteToolCallRequest {
  /** The repository root (absolute). */
  root: string;
  /** The call's working directory (absolute). */
  cwd: string;
  tool: string;
  input: Record<string, unknown>;
  config: AgentContextConfig;
  /** The hook agent's release to model (default: the configuration's, else the newest verified). */
  release?: string;
  /** Whether the router may read and write its compiled index cache (default true). */
  useCache?: boolean;
}

/**
 * Routes one tool call as the hook would in a fresh session. `cliKeys` are the keys of what Claude Code
 * attaches itself after the call (src/hook/handlers/on-read.ts). Throws only on programming errors.
 */
export async function routeToolCall(req: RouteToolCallRequest): Promise<RouteResult & { cliKeys: string[] }> {
  const state = await runChain(hookCall(req), ROUTE_HANDLERS);
  if (!state.route) throw new Error("route: the router handler did not run");
  return { ...state.route, cliKeys: state.cliKeys };
}
