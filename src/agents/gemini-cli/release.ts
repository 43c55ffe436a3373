/** Display name of the agent. */
export const GEMINI_CLI_NAME = "Gemini CLI";
/** Registry id of the agent. */
export const GEMINI_CLI_ID = "gemini-cli";
/**
 * The Gemini CLI release (`@google/gemini-cli`) the gemini-cli model (launch blocks, imports, just-in-time
 * context) was verified on. The one definition: every other "verified on" reads it.
 */
export const GEMINI_CLI_VERIFIED_VERSION = "0.61.0";
/** The context file name when no setting names one (`context.fileName`). */
export const DEFAULT_CONTEXT_FILENAME = "GEMINI.md";
/** The directory of Gemini CLI's user files and of a workspace's settings (`~/.gemini`, `<cwd>/.gemini`). */
export const GEMINI_DIR = ".gemini";
