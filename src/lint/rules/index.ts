/**
 * The lint rules: one file per rule (ESLint's shape, see ../rule.ts), listed here in documentation order
 * (the table in docs/commands/lint.md, SARIF's `tool.driver.rules`). Ids are stable, never renamed once released: CI
 * suppressions and SARIF key on them. `error` means the agent silently gets something other than what
 * the author wrote; `warning` means context is wasted or a rule can never fire.
 */
import type { LintRuleMeta } from "../../model/agent.js";
import type { LintRule } from "../rule.js";
import agentLimit from "./agent-limit.js";
import agentMissingDescription from "./agent-missing-description.js";
import agentsMdShadowed from "./agents-md-shadowed.js";
import codexChainTruncated from "./codex-chain-truncated.js";
import copilotApplytoNeverMatches from "./copilot-applyto-never-matches.js";
import descriptionOverCut from "./description-over-cut.js";
import duplicateEntryName from "./duplicate-entry-name.js";
import fileUnreadable from "./file-unreadable.js";
import frontmatterUnparseable from "./frontmatter-unparseable.js";
import geminiImportFailed from "./gemini-import-failed.js";
import hiddenFromModel from "./hidden-from-model.js";
import importBeyondHopLimit from "./import-beyond-hop-limit.js";
import importInCodeSpan from "./import-in-code-span.js";
import importMissing from "./import-missing.js";
import importNotFollowed from "./import-not-followed.js";
import importOutsideCwd from "./import-outside-cwd.js";
import listingOverBudget from "./listing-over-budget.js";
import localMemoryInDotClaude from "./local-memory-in-dot-claude.js";
import localMemoryTracked from "./local-memory-tracked.js";
import memoryReadByOneAgent from "./memory-read-by-one-agent.js";
import memorySymlinkEscapes from "./memory-symlink-escapes.js";
import memoryUnseenByAgent from "./memory-unseen-by-agent.js";
import projectAgentNeedsAcknowledgment from "./project-agent-needs-acknowledgment.js";
import routerDeadTrigger from "./router-dead-trigger.js";
import routerShardUnusable from "./router-shard-unusable.js";
import ruleDeadGlob from "./rule-dead-glob.js";
import ruleFrontmatterNotFirstLine from "./rule-frontmatter-not-first-line.js";
import ruleFrontmatterYaml from "./rule-frontmatter-yaml.js";
import ruleGlobsKey from "./rule-globs-key.js";
import ruleLinkEscapes from "./rule-link-escapes.js";
import rulePathsEmpty from "./rule-paths-empty.js";
import rulePathsNested from "./rule-paths-nested.js";
import ruleUnscoped from "./rule-unscoped.js";
import skillFolderNotScanned from "./skill-folder-not-scanned.js";
import skillMissingDescription from "./skill-missing-description.js";
import skillNameDiffersFromFolder from "./skill-name-differs-from-folder.js";
import skillNameTooLong from "./skill-name-too-long.js";

/** Every lint rule, in documentation order. */
export const RULES: readonly LintRule[] = [
  importMissing,
  importBeyondHopLimit,
  importOutsideCwd,
  importInCodeSpan,
  importNotFollowed,
  ruleGlobsKey,
  ruleFrontmatterYaml,
  rulePathsEmpty,
  ruleFrontmatterNotFirstLine,
  rulePathsNested,
  ruleDeadGlob,
  routerDeadTrigger,
  routerShardUnusable,
  ruleUnscoped,
  localMemoryTracked,
  localMemoryInDotClaude,
  agentsMdShadowed,
  memorySymlinkEscapes,
  ruleLinkEscapes,
  fileUnreadable,
  codexChainTruncated,
  agentLimit,
  geminiImportFailed,
  memoryUnseenByAgent,
  copilotApplytoNeverMatches,
  memoryReadByOneAgent,
  skillMissingDescription,
  agentMissingDescription,
  frontmatterUnparseable,
  descriptionOverCut,
  listingOverBudget,
  duplicateEntryName,
  skillFolderNotScanned,
  skillNameDiffersFromFolder,
  skillNameTooLong,
  hiddenFromModel,
  projectAgentNeedsAcknowledgment,
];

/** The metadata of every rule, in documentation order (SARIF's `tool.driver.rules`). */
export const ALL_RULES: readonly LintRuleMeta[] = RULES.map((r) => r.meta);
