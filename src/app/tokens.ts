/**
 * Tokens for a cap run (docs/tokens.md): each item's and the total's tokens, by the method the agent's
 * models count with (its `tokens` capability): o200k exactly, the agent's own estimate labelled `~`, or,
 * with `--tokens api` and `ANTHROPIC_API_KEY`, the total counted exactly by Anthropic's endpoint in one
 * request. Computed after the budget, only when an output shows tokens; bytes stay the cap's and the
 * ratchet's unit, and a token cap (`tokenCap`) is a second check beside them.
 */
import { findAgent } from "../agents/index.js";
import { countsAgainstCap } from "../budget/kinds.js";
import type { ContextItem, ListOverhead, TokenCounting } from "../model/index.js";
import {
  ANTHROPIC_DEFAULT_BASE_URL,
  count,
  countWithAnthropic,
  type EstimateFamily,
  type TokenCount,
} from "../tokens/index.js";
import type { CapRun } from "./cap.js";

/** `--tokens`: `auto` (the agent's offline method), `api` (Anthropic's endpoint for Claude models), `off`. */
export type TokensChoice = "auto" | "api" | "off";

export const TOKENS_CHOICES: readonly TokensChoice[] = ["auto", "api", "off"];

/** One item's tokens and the method that counted them. */
export interface ItemTokens {
  count: number;
  /** `o200k`, `estimate:<family>` or `anthropic-api` (a total only). */
  method: string;
  exact: boolean;
}

/** The tokens of one run. */
export interface RunTokens {
  /** How the total was counted, e.g. `o200k`, `estimate:claude`, `anthropic-api`. */
  method: string;
  /** How outputs name it beside the number (`o200k`, `~ Claude Code 2.1.332's character-kind estimate`). */
  label: string;
  exact: boolean;
  /** The model the count assumes (`--model`, else the agent's default), or null when every model counts alike. */
  model: string | null;
  /** The charged items' and charged list overhead's tokens, each text once (the cap's total, in tokens). */
  total: number;
  /** Per item path (as in items): its tokens. */
  items: ReadonlyMap<string, ItemTokens>;
  /** The token cap (`tokenCap` in .agent-context.json), or null. */
  cap: number | null;
  over: number;
  ok: boolean;
  /** One line when the method asked for could not count (no key, a refused request) or a count is not exact. */
  note: string | null;
  /** Requests sent to Anthropic's endpoint (0 or 1). */
  requests: number;
}

export interface TokensOptions {
  choice: TokensChoice;
  /** `--model`: the session's model. */
  model?: string;
  /** The environment holding `ANTHROPIC_API_KEY` and `ANTHROPIC_BASE_URL` (default process.env). */
  env?: NodeJS.ProcessEnv;
}

function methodOf(c: TokenCount): string {
  return c.method === "estimate" ? `estimate:${c.family}` : c.method;
}

/** The method as outputs name it beside the number (docs/tokens.md has each estimate's source). */
const SHORT_LABELS: Readonly<Record<EstimateFamily, string>> = {
  claude: "Claude Code 2.1.332's estimate, Opus 4.7+ tokenizer",
  "claude-legacy": "Claude Code 2.1.332's estimate, Claude 3 to 4.6 tokenizer",
  gemini: "Gemini CLI 0.61.0's estimate",
};

function labelOf(spec: TokenCounting): string {
  return spec === "o200k" ? "o200k (exact)" : SHORT_LABELS[spec.estimate];
}

/** The charged texts of a run: items (each text once) and charged list overhead. */
function chargedParts(run: CapRun): { items: ContextItem[]; overhead: ListOverhead[] } {
  const kinds = run.charging.kinds;
  const items = run.items.filter((i) => i.charged && i.countedIn === undefined && countsAgainstCap(i, kinds));
  const overhead = (run.snapshot.overhead ?? []).filter((o) => countsAgainstCap(o, kinds));
  return { items, overhead };
}

/** The text of each charged part, in order (what `--tokens api` sends). */
function chargedTexts(run: CapRun): string[] {
  const { items, overhead } = chargedParts(run);
  return [...items.map((i) => run.snapshot.texts.get(i.path) ?? ""), ...overhead.map((o) => o.text ?? "")];
}

/** The offline tokens of a run (synchronous): each item counted by the agent's method, summed. */
export function offlineTokens(
  run: CapRun,
  opts: Omit<TokensOptions, "choice"> & { tokenCap?: number | undefined },
): RunTokens {
  const caps = findAgent(run.agent)?.capabilities?.tokens;
  const model = opts.model ?? caps?.defaultModel ?? null;
  const spec: TokenCounting = caps ? caps.counting(model ?? "") : { estimate: "claude" };
  const items = new Map<string, ItemTokens>();
  let incomplete: string | undefined;
  for (const i of run.items) {
    if (i.countedIn !== undefined || items.has(i.path)) continue;
    const c = count(run.snapshot.texts.get(i.path) ?? "", spec);
    if (c.incomplete) incomplete = `${i.path}: ${c.incomplete}`;
    items.set(i.path, { count: c.tokens, method: methodOf(c), exact: c.exact });
  }
  const { items: charged, overhead } = chargedParts(run);
  let total = 0;
  for (const i of charged) total += items.get(i.path)?.count ?? 0;
  let estimatedOverhead = false;
  for (const o of overhead) {
    if (o.text !== undefined) total += count(o.text, spec).tokens;
    else {
      total += Math.ceil(o.bytes / 4);
      estimatedOverhead = true;
    }
  }
  const exact = spec === "o200k" && incomplete === undefined && !estimatedOverhead;
  const notes = [
    ...(incomplete ? [`not exact: ${incomplete}`] : []),
    ...(estimatedOverhead ? ["a list's fixed text without its text is estimated at 4 bytes a token"] : []),
  ];
  return finish(
    {
      method: spec === "o200k" ? "o200k" : `estimate:${spec.estimate}`,
      label: caps ? labelOf(spec) : `${labelOf(spec)} (this agent declares no tokenizer: a generic estimate)`,
      exact,
      model,
      total,
      items,
      note: notes.length > 0 ? notes.join("; ") : null,
      requests: 0,
    },
    opts.tokenCap,
  );
}

function finish(t: Omit<RunTokens, "cap" | "over" | "ok">, tokenCap: number | undefined): RunTokens {
  const cap = tokenCap ?? null;
  const over = cap === null ? 0 : Math.max(0, t.total - cap);
  return { ...t, cap, over, ok: over === 0 };
}

/**
 * The enrichment step: sets each run's `tokens` (null for `off`) and fails a run over its token cap. Returns
 * the runs.
 */
export async function addTokens(runs: readonly CapRun[], opts: TokensOptions): Promise<readonly CapRun[]> {
  const counted = await runTokens(runs, opts);
  for (const r of runs) {
    const t = counted?.get(r) ?? null;
    r.tokens = t;
    if (t && !t.ok) r.ok = false;
  }
  return runs;
}

/**
 * The tokens of every run, by `opts.choice`; null for `off`. With `api`, the runs of agents whose model
 * Anthropic counts are counted with one request for all of them together when there is one run, else one
 * request per run (a total per run); every other run, and a run whose request failed (the reason in
 * `note`), keeps its offline count.
 */
export async function runTokens(
  runs: readonly CapRun[],
  opts: TokensOptions,
): Promise<Map<CapRun, RunTokens> | null> {
  if (opts.choice === "off") return null;
  const out = new Map<CapRun, RunTokens>();
  for (const r of runs) out.set(r, offlineTokens(r, { ...opts, tokenCap: r.tokenCap ?? undefined }));
  if (opts.choice !== "api") return out;
  const env = opts.env ?? process.env;
  const claude = runs.filter((r) => {
    const t = findAgent(r.agent)?.capabilities?.tokens;
    return t?.anthropic(out.get(r)?.model ?? "") === true;
  });
  if (claude.length === 0) {
    for (const r of runs)
      out.set(r, {
        ...(out.get(r) as RunTokens),
        note: "--tokens api counts Claude models only: this agent's count is its own",
      });
    return out;
  }
  // One request per run: the endpoint answers one total per request. `cap` measures one launch per agent
  // unless --all-cwds; the Claude runs share the key and the model.
  for (const r of claude) {
    const off = out.get(r) as RunTokens;
    const model = off.model ?? "claude-opus-5-5";
    const res = await countWithAnthropic(chargedTexts(r), {
      apiKey: env.ANTHROPIC_API_KEY,
      model,
      baseUrl: env.ANTHROPIC_BASE_URL || ANTHROPIC_DEFAULT_BASE_URL,
    });
    if (!res.ok) {
      out.set(r, {
        ...off,
        note: `--tokens api: ${res.reason}; the estimate is shown`,
        requests: res.requests,
      });
      continue;
    }
    out.set(
      r,
      finish(
        {
          ...off,
          method: "anthropic-api",
          label: "Anthropic's count_tokens, exact (items ~ estimated)",
          exact: true,
          total: res.tokens,
          note: null,
          requests: res.requests,
        },
        off.cap ?? undefined,
      ),
    );
  }
  return out;
}

/** An item's tokens in JSON. */
export interface ItemTokensJson {
  count: number;
  /** `o200k` or `estimate:<family>`. */
  method: string;
  exact: boolean;
}

/** A run's tokens in JSON (`cap --json`'s and `explain --json`'s `tokens`). */
export interface RunTokensJson {
  /** The charged items' and charged list overhead's tokens: the cap's total, in tokens. */
  total: number;
  /** `o200k`, `estimate:<family>` or `anthropic-api`. */
  method: string;
  /** The method as the text output names it. */
  label: string;
  exact: boolean;
  /** The model the count assumes, or null when every model counts alike. */
  model: string | null;
  /** The token cap, or null. */
  cap: number | null;
  over: number;
  ok: boolean;
  note: string | null;
  /** Requests sent to Anthropic's endpoint (0 or 1). */
  requests: number;
}

/** The JSON of an item's tokens: `{ count, method, exact }`. */
export function itemTokensJson(t: ItemTokens | undefined): ItemTokensJson | undefined {
  return t ? { count: t.count, method: t.method, exact: t.exact } : undefined;
}

/** The JSON of a run's tokens (`cap --json`'s `tokens`). */
export function runTokensJson(t: RunTokens): RunTokensJson;
export function runTokensJson(t: RunTokens | null | undefined): RunTokensJson | null;
export function runTokensJson(t: RunTokens | null | undefined): RunTokensJson | null {
  if (!t) return null;
  return {
    total: t.total,
    method: t.method,
    label: t.label,
    exact: t.exact,
    model: t.model,
    cap: t.cap,
    over: t.over,
    ok: t.ok,
    note: t.note,
    requests: t.requests,
  };
}

/** Validates `--tokens`. */
export function isTokensChoice(v: string): v is TokensChoice {
  return (TOKENS_CHOICES as readonly string[]).includes(v);
}
