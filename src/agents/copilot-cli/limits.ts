/**
 * Copilot CLI 1.0.102's size limit and token count (docs/findings-limits.md): before any request it compares
 * its static system message (its prompt, the instruction files) and tool definitions with the model's usable
 * budget, in o200k tokens, and refuses with `Static system messages and tool definitions exceed the model's
 * usable context budget`. With the default offline provider (`gpt-4.1`, 64,000 max prompt tokens) the
 * instructions' refusal point lies between 43,916 and 43,945 o200k tokens
 * (`words_instructions_of_43800_o200k_tokens_are_sent_and_44100_are_refused_before_any_request`).
 */
import type { AgentTokens, Finding, LimitOptions, Snapshot } from "../../model/index.js";
import { claudeFamilyOf } from "../../tokens/estimate.js";
import { count } from "../../tokens/index.js";
import { COPILOT_NAME } from "./release.js";

/** The fewest o200k tokens of instructions refused with the default offline provider (observed). */
export const COPILOT_REFUSAL_MIN_TOKENS = 43_916;

/** The provider's max prompt tokens when `COPILOT_PROVIDER_MAX_PROMPT_TOKENS` is unset. */
const DEFAULT_MAX_PROMPT_TOKENS = 64_000;
/** Past this many max prompt tokens the budget stops growing (observed: 120,000 and 200,000 refuse alike). */
const MAX_PROMPT_TOKENS_CEILING = 111_600;

/**
 * The fewest o200k tokens of instructions the CLI refuses for a provider's max prompt tokens: 85 % of them
 * (up to the ceiling) less the CLI's own prompt and tools, anchored at the default's observed point
 * (docs/findings-limits.md: 80,000 → near 57,520, 100,000 → near 74,550, 120,000 and up → near 84,430).
 */
export function copilotRefusalTokens(maxPromptTokens = DEFAULT_MAX_PROMPT_TOKENS): number {
  const max = Math.min(maxPromptTokens, MAX_PROMPT_TOKENS_CEILING);
  return COPILOT_REFUSAL_MIN_TOKENS + Math.round(0.85 * (max - DEFAULT_MAX_PROMPT_TOKENS));
}

/** `COPILOT_PROVIDER_MAX_PROMPT_TOKENS` as the user view applied it (a positive integer), else undefined. */
function maxPromptTokensOf(snapshot: Snapshot): number | undefined {
  const v = snapshot.applied?.find(
    (a) => a.kind === "env" && a.name === "COPILOT_PROVIDER_MAX_PROMPT_TOKENS",
  )?.value;
  const n = Number(v);
  return v !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Copilot's GPT models count exactly with o200k; its Claude models with the Claude estimate. */
export const copilotTokens: AgentTokens = {
  defaultModel: "gpt-4.1",
  counting: (model) => (/claude/i.test(model) ? { estimate: claudeFamilyOf(model) } : "o200k"),
  anthropic: () => false,
};

/** The refusal a session of this launch meets with the default model (an error: nothing is sent). */
export function copilotLimits(snapshot: Snapshot, opts: LimitOptions): Finding[] {
  if (opts.model !== undefined && !/^gpt-4\.1/.test(opts.model)) return [];
  const items = snapshot.items.filter((i) => i.countedIn === undefined);
  // An o200k token is at least one byte: fewer bytes cannot reach the limit (and load no tokenizer).
  const maxPrompt = maxPromptTokensOf(snapshot);
  const limit = copilotRefusalTokens(maxPrompt);
  if (items.reduce((s, i) => s + i.bytes, 0) < limit) return [];
  const tokens = items.reduce((s, i) => s + count(snapshot.texts.get(i.path) ?? "", "o200k").tokens, 0);
  if (tokens < limit) return [];
  const largest = [...items].sort((a, b) => b.bytes - a.bytes)[0];
  const n = (x: number) => x.toLocaleString("en-US");
  const refusal = `the instruction files are ${n(tokens)} o200k tokens; ${COPILOT_NAME} ${snapshot.agent.version} allows about ${n(limit)} with its default model (gpt-4.1${maxPrompt !== undefined ? `, COPILOT_PROVIDER_MAX_PROMPT_TOKENS=${maxPrompt}` : ""}): it sends no request and prints "! Static system messages and tool definitions exceed the model's usable context budget. Reduce static context or switch to a larger-context model." for every prompt`;
  return [
    {
      ruleId: "copilot-context-refused",
      file: largest?.path ?? ".",
      line: 1,
      column: 1,
      severity: "error",
      message: `refused: ${refusal}`,
      refusal,
      help: "cut the largest instruction files, or scope them with applyTo so they load on demand; a launch the CLI refuses fails whatever the cap",
    },
  ];
}
