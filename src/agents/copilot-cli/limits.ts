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

/** Copilot's GPT models count exactly with o200k; its Claude models with the Claude estimate. */
export const copilotTokens: AgentTokens = {
  defaultModel: "gpt-4.1",
  counting: (model) => (/claude/i.test(model) ? { estimate: claudeFamilyOf(model) } : "o200k"),
  anthropic: () => false,
};

/** The refusal a session of this launch meets with the default provider. */
export function copilotLimits(snapshot: Snapshot, opts: LimitOptions): Finding[] {
  if (opts.model !== undefined && !/^gpt-4\.1/.test(opts.model)) return [];
  const items = snapshot.items.filter((i) => i.countedIn === undefined);
  // An o200k token is at least one byte: fewer bytes cannot reach the limit (and load no tokenizer).
  if (items.reduce((s, i) => s + i.bytes, 0) < COPILOT_REFUSAL_MIN_TOKENS) return [];
  const tokens = items.reduce((s, i) => s + count(snapshot.texts.get(i.path) ?? "", "o200k").tokens, 0);
  if (tokens < COPILOT_REFUSAL_MIN_TOKENS) return [];
  const largest = [...items].sort((a, b) => b.bytes - a.bytes)[0];
  const n = (x: number) => x.toLocaleString("en-US");
  return [
    {
      ruleId: "copilot-context-refused",
      file: largest?.path ?? ".",
      line: 1,
      column: 1,
      severity: "warning",
      message: `the instruction files are ${n(tokens)} o200k tokens: ${COPILOT_NAME} ${snapshot.agent.version} refuses every prompt over about ${n(COPILOT_REFUSAL_MIN_TOKENS)} with its default model (gpt-4.1): "Static system messages and tool definitions exceed the model's usable context budget"`,
      help: "cut the largest instruction files, or scope them with applyTo so they load on demand",
    },
  ];
}
