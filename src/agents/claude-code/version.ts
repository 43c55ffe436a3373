/** The Claude Code CLI release the claude-code model (launch set, rule classification) was verified on. */
export const CLAUDE_CODE_VERIFIED_VERSION = "2.1.332";
