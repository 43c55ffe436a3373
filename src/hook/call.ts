/**
 * The records the hook chain passes along: one tool call as every handler sees it, and what the handlers
 * have produced so far. Types only.
 */
import type { AgentContextConfig } from "../config.js";
import type { Target } from "../router/match.js";
import type { ExtraDelivery } from "../router/render.js";
import type { RouteResult } from "../router/route.js";
import type { ToolTarget } from "./targets.js";

/** One tool call, parsed once (./targets.ts) and read by every handler. */
export interface HookCall {
  /** `tool_name`. */
  tool: string;
  /** `tool_input`, as the model sent it (the Claude Code model reads it for what the CLI attaches). */
  input: Record<string, unknown>;
  /** The call's working directory, absolute. */
  cwd: string;
  /** The repository the call belongs to (src/router/root.ts). */
  root: string;
  config: AgentContextConfig;
  /**
   * The hook agent's release to model (`route --agent-version`); absent: `agents.<id>.release` of
   * {@link config}, else the newest verified (src/app/release.ts's rule).
   */
  release?: string;
  env: NodeJS.ProcessEnv;
  /** The call's target (the one parser, ./targets.ts); null when it names nothing. */
  target: ToolTarget | null;
  /** The router's root-relative view of {@link target}; null when nothing of it lies in the repository. */
  routed: Target | null;
  /** Keys delivered earlier in the session (empty in a fresh session or without once-per-session). */
  delivered: Set<string>;
  /** Whether the router may read and write its compiled index cache (default true). */
  useCache?: boolean;
}

/** What the handlers have produced so far, in chain order. */
export interface ChainState {
  /** On-read gaps: scoped rules and nested memory to deliver with the router rules (rendered by the router handler). */
  extras: ExtraDelivery[];
  /** Keys of what Claude Code attaches itself after this call: recorded as delivered, never injected. */
  cliKeys: string[];
  /** The router's result, once the router handler ran. */
  route?: RouteResult;
  /** Parts of the additionalContext, in order; joined by a blank line. */
  sections: string[];
  /** Keys this call injects (to record for the session). */
  deliveredNow: string[];
  /** Lines for stderr (each ending in a newline). */
  stderr: string[];
}

/** One handler of the chain: reads the call and what earlier handlers produced, adds its own. Never throws. */
export type HookHandler = (call: HookCall, state: ChainState) => void | Promise<void>;

/** An empty chain state. */
export function emptyChainState(): ChainState {
  return { extras: [], cliKeys: [], sections: [], deliveredNow: [], stderr: [] };
}
