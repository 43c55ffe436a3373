/**
 * Routing one tool call: target → matched rows → the bounded injection. Shared by `agent-context route`
 * (for humans and scripts) and the PreToolUse hook, so `route --print` prints exactly what the hook injects
 * in a fresh session.
 */
import type { AgentContextConfig } from "../config.js";
import { DEFAULT_ROUTERS, loadIndex, type RouterIndex } from "./index-build.js";
import { matchRows, type RowMatch, type Target, targetOf } from "./match.js";
import { onReadDeliveries } from "./onread.js";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_ROWS,
  type ExtraDelivery,
  type Injection,
  renderInjection,
} from "./render.js";

/** Hook limits from the configuration, with defaults. Bad values fall back to defaults with a problem. */
export interface HookLimits {
  maxRows: number;
  maxBytes: number;
  oncePerSession: boolean;
}

/** Reads `hook` limits from the config (see src/config.ts). Never throws. */
export function hookLimits(config: AgentContextConfig, problems: string[] = []): HookLimits {
  const h = (config.hook ?? {}) as Record<string, unknown>;
  const num = (k: string, d: number) => {
    const v = h[k];
    if (v === undefined) return d;
    if (typeof v === "number" && Number.isInteger(v) && v > 0) return v;
    problems.push(`.agent-context.json: "hook.${k}" must be a positive whole number; using ${d}`);
    return d;
  };
  return {
    maxRows: num("maxRows", DEFAULT_MAX_ROWS),
    maxBytes: num("maxBytes", DEFAULT_MAX_BYTES),
    oncePerSession: h.oncePerSession !== false,
  };
}

export interface RouteRequest {
  root: string;
  cwd: string;
  tool: string;
  input: Record<string, unknown>;
  config: AgentContextConfig;
  /** Keys already delivered in the session. */
  delivered?: Set<string>;
  useCache?: boolean;
  /** On-read sources (scoped rules, nested memory) to deliver with the router rules; see ./onread.ts. */
  extras?: ExtraDelivery[];
}

export interface RouteResult {
  target: Target | null;
  index: RouterIndex & { cached: boolean };
  matches: RowMatch[];
  injection: Injection;
  limits: HookLimits;
  unlowerable: string[];
  problems: string[];
}

/** Routes one tool call (see module doc). Throws only on programming errors; callers fail open. */
export function routeCall(req: RouteRequest): RouteResult {
  const problems: string[] = [];
  const limits = hookLimits(req.config, problems);
  const index = loadIndex(req.root, req.config.routers ?? DEFAULT_ROUTERS, { useCache: req.useCache });
  problems.push(...index.problems);
  const unlowerable = req.config.unlowerable ?? [];
  const target = targetOf(req.tool, req.input, req.root, req.cwd);
  const matches = target ? matchRows(index, target) : [];
  const extras = target ? (req.extras ?? []) : [];
  const injection = target
    ? renderInjection(matches, {
        root: req.root,
        tool: req.tool,
        display: target.display,
        maxRows: limits.maxRows,
        maxBytes: limits.maxBytes,
        delivered: req.delivered,
        unlowerable: new Set(unlowerable),
        extras,
      })
    : { text: "", rows: [], droppedRows: 0, inlined: [], delivered: [], extras: [], sectionBytes: {} };
  return { target, index, matches, injection, limits, unlowerable, problems };
}

/**
 * {@link routeCall} with trigger source 2 (scoped rules and nested memory the CLI would not attach for this
 * call). `cliKeys` are the keys of what the CLI attaches itself (to record as delivered).
 */
export async function routeCallWithOnRead(req: RouteRequest): Promise<RouteResult & { cliKeys: string[] }> {
  const target = targetOf(req.tool, req.input, req.root, req.cwd);
  const src2 = target
    ? await onReadDeliveries(req.root, req.cwd, req.tool, req.input, target)
    : { extras: [], cliKeys: [] };
  return { ...routeCall({ ...req, extras: src2.extras }), cliKeys: src2.cliKeys };
}
