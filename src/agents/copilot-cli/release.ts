/** Who the agent is and the GitHub Copilot CLI releases (`@github/copilot`) the model was verified on, in one place. */

/** Registry id of the agent. */
export const COPILOT_ID = "copilot-cli";
/** Display name of the agent. */
export const COPILOT_NAME = "GitHub Copilot CLI";
/** The Copilot CLI release this model was verified on (docs/findings-copilot-cli.md). */
export const COPILOT_VERIFIED_VERSION = "1.0.102";
/** The releases the model was verified on, newest (the default) first: the AgentModel's `releases`. */
export const COPILOT_RELEASES: readonly string[] = [COPILOT_VERIFIED_VERSION];
