/**
 * The model of how Claude Code loads context. Interface fixed here; the implementation is settled against
 * the pinned CLI (see ./version.ts and test/conformance/).
 */
import type { Snapshot } from "../../model/index.js";
import type { ClaudeLayers } from "./layers.js";

export interface ClaudeLaunchOptions {
  /** Repository root (absolute). Item paths are relative to it. */
  root: string;
  /** Working directory Claude Code starts in (absolute; default: root). Ancestors above it load too. */
  cwd?: string;
  /** Home directory for `~/` imports (default: os.homedir()). User-level memory comes with `layers`. */
  home?: string;
  /**
   * Settings, environment switches, the user layer, approvals and added directories (./layers.ts);
   * absent: the fresh-clone view with the default settings.
   */
  layers?: ClaudeLayers;
  /** The Claude Code release to model (default: the newest verified, see ./releases.ts). */
  release?: string;
}

/** The launch snapshot of Claude Code (see src/model/snapshot.ts). */
export type ClaudeLaunchResult = Snapshot;

/** A `.claude/rules/**` Markdown file, classified as Claude Code classifies it. */
export interface RuleInfo {
  /** Path relative to the root (POSIX). */
  path: string;
  absPath: string;
  /** True when Claude Code treats the rule as path-scoped (recognised `paths:` frontmatter). */
  scoped: boolean;
  /** The globs Claude Code matches (empty when unscoped). */
  globs: string[];
  /** Directory the globs are relative to (absolute): the directory holding `.claude/`. */
  base: string;
  /** Injected text (after frontmatter and comment stripping). */
  text: string;
  fileBytes: number;
  /** For an unscoped rule with frontmatter: why Claude Code does not treat it as scoped. */
  unscopedWhy?: string;
}

export { claudeLaunchSet, launchDirectories, nestedWorktree, UNSCOPED_RULE_REMEDY } from "./launch.js";
export {
  AGENTS_MD_PLUGIN_ID,
  type ClaudeLayers,
  claudeConfigDir,
  claudeGlobalConfigFile,
  envTruthy,
  INSTRUCTION_FILES_MODES,
  type InstructionFilesMode,
  resolveClaudeLayers,
} from "./layers.js";
export { claudeCode, DEFAULT_CLAUDE_CAP } from "./model.js";
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
} from "./on-read.js";
export { CLAUDE_RELEASES, type ClaudeReleaseBehaviour, claudeRelease } from "./releases.js";
export {
  type ClassifiedRule,
  classifyRule,
  type ListedRules,
  listRules,
  listRulesIn,
  ruleBase,
  ruleScope,
  walkRules,
} from "./rules.js";
export {
  CLAUDE_MAX_FILE_BYTES,
  CLAUDE_MAX_IMPORT_HOPS,
  CLAUDE_TEXT_EXTENSIONS,
  claudeFrontmatter,
  claudePathGlobs,
  isTextPath,
  processFileText,
  resolveImportPath,
} from "./text.js";
export { CLAUDE_CODE_NAME, CLAUDE_CODE_VERIFIED_VERSION } from "./version.js";
