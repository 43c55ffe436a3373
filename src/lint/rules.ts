/**
 * The lint rules: stable ids (never renamed once released; CI suppressions and SARIF key on them), a
 * one-line description and a default severity. `error` means the agent silently gets something other than
 * what the author wrote; `warning` means context is wasted or a rule can never fire.
 */
import type { RuleMeta } from "../report/diagnostic.js";

export const RULES = {
  importMissing: {
    id: "import-missing",
    description: "An @import resolves to no file, so nothing is imported",
    defaultSeverity: "error",
  },
  importBeyondHopLimit: {
    id: "import-beyond-hop-limit",
    description: "An @import lies deeper than the agent's import hop limit and is never loaded",
    defaultSeverity: "error",
  },
  importOutsideCwd: {
    id: "import-outside-cwd",
    description: "An @import points outside the working directory and loads only after the user approves it",
    defaultSeverity: "warning",
  },
  importInCodeSpan: {
    id: "import-in-code-span",
    description: "An @path to an existing file sits inside a code span, so it is literal text, not an import",
    defaultSeverity: "warning",
  },
  ruleGlobsKey: {
    id: "rule-globs-key",
    description:
      "A rule uses `globs:` (another agent's key); Claude Code ignores it and loads the rule every session",
    defaultSeverity: "error",
  },
  ruleFrontmatterYaml: {
    id: "rule-frontmatter-yaml",
    description:
      "A rule's frontmatter is not valid YAML, so its `paths:` are ignored and it loads every session",
    defaultSeverity: "error",
  },
  rulePathsEmpty: {
    id: "rule-paths-empty",
    description: "A rule's `paths:` is empty or null, so the rule is unscoped and loads every session",
    defaultSeverity: "error",
  },
  ruleFrontmatterNotFirst: {
    id: "rule-frontmatter-not-first-line",
    description:
      "A rule's frontmatter does not start on the first line, so it is body text and the rule is unscoped",
    defaultSeverity: "error",
  },
  rulePathsNested: {
    id: "rule-paths-nested",
    description:
      "A rule's `paths:` is nested under another key instead of at the top level, so it is ignored",
    defaultSeverity: "error",
  },
  ruleDeadGlob: {
    id: "rule-dead-glob",
    description: "A scoped rule's globs match no file in the repository, so it never loads",
    defaultSeverity: "warning",
  },
  routerDeadTrigger: {
    id: "router-dead-trigger",
    description: "A router trigger matches no file in the repository, so its row never fires for a file",
    defaultSeverity: "warning",
  },
  ruleUnscoped: {
    id: "rule-unscoped",
    description:
      "A rule is neither scoped, nor routed, nor declared un-lowerable: it silently costs launch context",
    defaultSeverity: "warning",
  },
  localMemoryTracked: {
    id: "local-memory-tracked",
    description: "CLAUDE.local.md (personal memory) is tracked by git",
    defaultSeverity: "warning",
  },
  memorySymlinkEscapes: {
    id: "memory-symlink-escapes",
    description: "A symlink in agent memory leads outside the repository",
    defaultSeverity: "error",
  },
  codexChainTruncated: {
    id: "codex-chain-truncated",
    description: "Codex's project_doc_max_bytes budget cuts the AGENTS.md chain",
    defaultSeverity: "error",
  },
} as const satisfies Record<string, RuleMeta>;

/** Every rule, in documentation order. */
export const ALL_RULES: readonly RuleMeta[] = Object.values(RULES);
