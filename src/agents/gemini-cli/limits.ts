/**
 * Gemini CLI 0.61.0's size limit and token count (docs/findings-limits.md, docs/tokens.md): before the first
 * request the CLI estimates the session context with its own estimate (`estimateTextTokens`: characters / 4
 * over 100,000 characters) and sends nothing, prints nothing and exits 0 when that estimate exceeds the
 * model's limit of 1,048,576 tokens (`a_gemini_md_of_4200000_characters_makes_the_cli_send_nothing_...`).
 */
import type { AgentTokens, Finding, LimitOptions, Snapshot } from "../../model/index.js";
import { geminiEstimate } from "../../tokens/estimate.js";
import { GEMINI_CLI_NAME } from "./release.js";

/** The token limit of every Gemini model the CLI names (Gemma 4: 256,000). */
export const GEMINI_TOKEN_LIMIT = 1_048_576;

/** Gemini counts with the CLI's own estimate (no offline tokenizer exists; the CLI uses none). */
export const geminiTokens: AgentTokens = {
  defaultModel: "gemini-2.5-pro",
  counting: () => ({ estimate: "gemini" }),
  anthropic: () => false,
};

/** The refusal a session of this launch meets: its context files alone over the estimate's limit. */
export function geminiLimits(snapshot: Snapshot, _opts: LimitOptions): Finding[] {
  let chars = 0;
  for (const i of snapshot.items)
    if (i.countedIn === undefined) chars += (snapshot.texts.get(i.path) ?? "").length;
  // The estimate is characters / 4 over 100,000 characters; under that nothing can reach the limit.
  if (chars <= 100_000) return [];
  const text = [...snapshot.items]
    .filter((i) => i.countedIn === undefined)
    .map((i) => snapshot.texts.get(i.path) ?? "")
    .join("");
  const tokens = geminiEstimate(text);
  if (tokens <= GEMINI_TOKEN_LIMIT) return [];
  const largest = [...snapshot.items].sort((a, b) => b.bytes - a.bytes)[0];
  const n = (x: number) => x.toLocaleString("en-US");
  return [
    {
      ruleId: "gemini-context-over-limit",
      file: largest?.path ?? ".",
      line: 1,
      column: 1,
      severity: "warning",
      message: `the context files add up to ~${n(tokens)} tokens by ${GEMINI_CLI_NAME} ${snapshot.agent.version}'s own estimate, over its ${n(GEMINI_TOKEN_LIMIT)}-token limit: the CLI sends nothing, prints nothing and exits 0`,
      help: "cut the largest context files (the CLI's environment and directory tree count too)",
    },
  ];
}
