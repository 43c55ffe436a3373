/** Who the agent is and the Gemini CLI releases (`@google/gemini-cli`) the model was verified on, in one place. */

/** Registry id of the agent. */
export const GEMINI_CLI_ID = "gemini-cli";
/** Display name of the agent. */
export const GEMINI_CLI_NAME = "Gemini CLI";
/**
 * The Gemini CLI release the gemini-cli model (launch blocks, imports, just-in-time context) was verified
 * on. The one definition: every other "verified on" reads it.
 */
export const GEMINI_CLI_VERIFIED_VERSION = "0.61.0";
/** The releases the model was verified on, newest (the default) first: the AgentModel's `releases`. */
export const GEMINI_CLI_RELEASES: readonly string[] = [GEMINI_CLI_VERIFIED_VERSION];
