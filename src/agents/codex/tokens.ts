/** How Codex's models count tokens: every model it runs (GPT-5, o-series) uses o200k_base, exactly. */
import type { AgentTokens } from "../../model/index.js";

export const codexTokens: AgentTokens = {
  counting: () => "o200k",
  anthropic: () => false,
};
