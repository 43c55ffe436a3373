/**
 * Routing one tool call: target → matched rows → the bounded injection. Shared by `agent-context route`
 * (for humans and scripts) and the PreToolUse hook's router handler (src/hook/handlers/router.ts), so
 * `route --print` prints exactly what the hook injects in a fresh session. The target comes parsed
 * (src/hook/targets.ts); this room does not read tool inputs.
 */
import type { AgentContextConfig } from "../config.js";
import { DEFAULT_ROUTERS, type OpenIndex, openIndex } from "./index-build.js";
import { matchRows, mayFire, type RowMatch, type Target } from "./match.js";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_ROWS,
  type ExtraDelivery,
  type Injection,
  renderInjection,
} from "./render.js";
import { type RouterProblem, routerFinding } from "./shard.js";

/** Hook limits from the configuration, with defaults. Bad values fall back to defaults with a problem. */
export interface HookLimits {
  maxRows: number;
  maxBytes: number;
  oncePerSession: boolean;
}

/** Reads `hook` limits from the config (see src/config.ts). Never throws. */
export function hookLimits(config: AgentContextConfig, problems: RouterProblem[] = []): HookLimits {
  const h = (config.hook ?? {}) as Record<string, unknown>;
  const num = (k: string, d: number) => {
    const v = h[k];
    if (v === undefined) return d;
    if (typeof v === "number" && Number.isInteger(v) && v > 0) return v;
    problems.push(
      routerFinding(
        "config",
        ".agent-context.json",
        `"hook.${k}" must be a positive whole number; using ${d}`,
      ),
    );
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
  /** The call's target, root-relative (src/hook/targets.ts `routerTarget`); null when it names nothing here. */
  target: Target | null;
  config: AgentContextConfig;
  /** Keys already delivered in the session. */
  delivered?: Set<string>;
  useCache?: boolean;
  /** On-read sources (scoped rules, nested memory) to deliver with the router rules; see src/hook/handlers/on-read.ts. */
  extras?: ExtraDelivery[];
}

export interface RouteResult {
  target: Target | null;
  /** The index the call read: from the cache, only the rows the target may fire were parsed. */
  index: OpenIndex;
  matches: RowMatch[];
  injection: Injection;
  limits: HookLimits;
  unlowerable: string[];
  problems: RouterProblem[];
}

/** Routes one tool call (see module doc). Throws only on programming errors; callers fail open. */
export function routeCall(req: RouteRequest): RouteResult {
  const problems: RouterProblem[] = [];
  const limits = hookLimits(req.config, problems);
  const index = openIndex(req.root, req.config.routers ?? DEFAULT_ROUTERS, { useCache: req.useCache });
  const target = req.target;
  // Only the rows whose literals the target holds are parsed and matched (src/router/match.ts `mayFire`).
  const matches = target ? matchRows({ rows: index.select((pre) => mayFire(pre, target)) }, target) : [];
  problems.push(...index.problems);
  const unlowerable = req.config.unlowerable ?? [];
  const extras = target ? (req.extras ?? []) : [];
  const injection = target
    ? renderInjection(matches, {
        root: req.root,
        tool: target.tool,
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
