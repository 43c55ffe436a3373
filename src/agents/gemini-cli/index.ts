/** The gemini-cli agent: launch context, imports and just-in-time context of Gemini CLI 0.61.0. */
export { activeImportTokens, GEMINI_MAX_IMPORT_DEPTH, type GeminiImport } from "./imports.js";
export { contextFileNames, type GeminiLaunchState, geminiLaunch, launchState } from "./launch.js";
export { DEFAULT_GEMINI_CAP, geminiCli } from "./model.js";
export { geminiOnDemand, JIT_CONTEXT_PREFIX, JIT_CONTEXT_SUFFIX } from "./on-read.js";
export { geminiRepositorySnapshot, repositoryContextFileNames } from "./repository.js";
export { type GeminiSettings, geminiSettings } from "./settings.js";
export {
  DEFAULT_CONTEXT_FILENAME,
  GEMINI_CLI_ID,
  GEMINI_CLI_NAME,
  GEMINI_CLI_VERIFIED_VERSION,
} from "./version.js";
