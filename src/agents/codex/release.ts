/** Who the agent is and the Codex CLI releases (`@openai/codex`) the model was verified on, in one place. */

/** Registry id of the agent. */
export const CODEX_ID = "codex";
/** Display name of the agent. */
export const CODEX_NAME = "Codex";
/** The Codex CLI release this model was verified on (docs/findings-codex.md). */
export const CODEX_VERIFIED_VERSION = "0.171.0";
/** The releases the model was verified on, newest (the default) first: the AgentModel's `releases`. */
export const CODEX_RELEASES: readonly string[] = [CODEX_VERIFIED_VERSION];
