/** Display name of the agent. */
export const CLAUDE_CODE_NAME = "Claude Code";
/**
 * The Claude Code CLI release the claude-code model (launch set, rule classification, on-demand
 * attachment, pointers) was verified on. The one definition: every other "verified on" reads it.
 */
export const CLAUDE_CODE_VERIFIED_VERSION = "2.1.332";
