/**
 * Tokens: how many tokens a text costs, with the method that says how sure the number is
 * (docs/tokens.md). A room of its own: it imports nothing of the product and nothing heavy at load.
 * - `o200k`: exact, OpenAI's o200k_base (Codex's and Copilot's GPT models), offline; the encoder loads on
 *   the first count (src/tokens/o200k.ts).
 * - `estimate`: a labelled estimate per model family, the agent's own estimator (src/tokens/estimate.ts).
 * - `anthropic-api`: exact Claude counts from Anthropic's token-counting endpoint, one request for a whole
 *   set of texts ({@link countWithAnthropic}, asynchronous, src/tokens/anthropic.ts).
 */
import { ESTIMATE_SOURCES, type EstimateFamily, estimateTokens } from "./estimate.js";
import { countO200k } from "./o200k.js";

export {
  ANTHROPIC_DEFAULT_BASE_URL,
  ANTHROPIC_VERSION,
  type AnthropicCountOptions,
  type AnthropicCountResult,
  countWithAnthropic,
} from "./anthropic.js";
export {
  claudeCharacterKindEstimate,
  claudeFamilyOf,
  ESTIMATE_SOURCES,
  type EstimateFamily,
  estimateTokens,
  geminiEstimate,
} from "./estimate.js";
export { O200K_MAX_RUN, O200K_MAX_TEXT, o200kLoads } from "./o200k.js";

export type TokenMethod = "o200k" | "anthropic-api" | "estimate";

/** The method a synchronous count uses. */
export type CountSpec = "o200k" | { estimate: EstimateFamily };

export interface TokenCount {
  tokens: number;
  method: TokenMethod;
  /** True only for a tokenizer's own count of the whole text. */
  exact: boolean;
  /** The family of an estimate. */
  family?: EstimateFamily;
  /** How outputs name the method beside the number, e.g. `o200k` or `~ estimate (…)`. */
  label: string;
  /** Why a count by an exact method is not exact (see src/tokens/o200k.ts). */
  incomplete?: string;
}

/**
 * Counts `text` with an offline method: `"o200k"` (exact) or `{ estimate: family }` (approximate, its
 * source in `label`). For Anthropic's endpoint see {@link countWithAnthropic}.
 */
export function count(text: string, spec: CountSpec): TokenCount {
  if (spec === "o200k") {
    const r = countO200k(text);
    return r.incomplete === undefined
      ? { tokens: r.tokens, method: "o200k", exact: true, label: "o200k" }
      : {
          tokens: r.tokens,
          method: "o200k",
          exact: false,
          label: "o200k (incomplete)",
          incomplete: r.incomplete,
        };
  }
  const family = spec.estimate;
  return {
    tokens: estimateTokens(text, family),
    method: "estimate",
    exact: false,
    family,
    label: `~ estimate (${ESTIMATE_SOURCES[family]})`,
  };
}
