/**
 * The names of the agent models that the library exports (src/index.ts): Claude Code's loaders and Codex's
 * chain, as earlier releases exported them. The one file outside an agent's folder that re-exports from
 * it, so the library entry point imports no agent folder; issue 28's library API narrows this list.
 */

export { claudeCode, DEFAULT_CLAUDE_CAP } from "./claude-code/index.js";
export {
  type ClaudeLaunchOptions,
  type ClaudeLaunchResult,
  claudeLaunchSet,
  launchDirectories,
  nestedWorktree,
  UNSCOPED_RULE_REMEDY,
} from "./claude-code/launch.js";
export {
  AGENTS_MD_PLUGIN_ID,
  type ClaudeLayers,
  claudeConfigDir,
  claudeGlobalConfigFile,
  envTruthy,
  INSTRUCTION_FILES_MODES,
  type InstructionFilesMode,
  resolveClaudeLayers,
} from "./claude-code/layers.js";
export {
  CLAUDE_ONREAD_VERIFIED_VERSION,
  type ClaudeOnReadOptions,
  type ClaudeOnReadResult,
  type ClaudeOnReadSession,
  claudeAttachTargets,
  claudeMemoryWithImports,
  claudeOnDemand,
  claudeOnRead,
  claudeOnReadSession,
} from "./claude-code/on-read.js";
export {
  CLAUDE_CODE_NAME,
  CLAUDE_CODE_VERIFIED_VERSION,
  CLAUDE_RELEASES,
  type ClaudeReleaseBehaviour,
  claudeRelease,
} from "./claude-code/release.js";
export {
  type ClassifiedRule,
  classifyRule,
  type ListedRules,
  listRules,
  listRulesIn,
  type RuleInfo,
  ruleBase,
  ruleScope,
  walkRules,
} from "./claude-code/rules.js";
export {
  CLAUDE_MAX_FILE_BYTES,
  CLAUDE_MAX_IMPORT_HOPS,
  CLAUDE_TEXT_EXTENSIONS,
  claudeFrontmatter,
  claudePathGlobs,
  isTextPath,
  processFileText,
  resolveImportPath,
} from "./claude-code/text.js";
export {
  type CodexChainOptions,
  type CodexChainResult,
  type CodexTruncation,
  codexChain,
  truncatedBytes,
} from "./codex/chain.js";
export { crossAgentGaps } from "./codex/gaps.js";
export { codex, DEFAULT_CODEX_CAP } from "./codex/index.js";
export { CODEX_VERIFIED_VERSION } from "./codex/release.js";
export { codexChainsByDir } from "./codex-dirs.js";
