/**
 * Reads a rule's `paths:` exactly as Claude Code 2.1.332 does, through the markdown room's
 * `parseFrontmatter` (Claude Code's fence rule: the block runs lazily to the next `---` anywhere, which is
 * why a glob holding `---` is refused) and the globs room's `normalizeClaudePaths`, the one reading of a
 * `paths:` value the claude-code model uses too (comma split, brace expansion, trailing `/**` cut, lone
 * `**` unscoped). Used to read every written pointer back.
 */
import { normalizeClaudePaths } from "../globs/claude.js";
import { parseFrontmatter } from "../markdown/index.js";

export interface RulePaths {
  /** True when a frontmatter block was found. */
  hasFrontmatter: boolean;
  /** The globs Claude Code matches; empty when the rule is unscoped. */
  globs: string[];
  /** Text after the frontmatter block. */
  body: string;
  /** Why the frontmatter could not be used, when it could not. */
  error?: string;
}

/** Parses the frontmatter `paths:` of a rule's text as the CLI does. Never throws. */
export function readRulePaths(text: string): RulePaths {
  const fm = parseFrontmatter(text);
  const globs = fm.data.paths === undefined ? undefined : normalizeClaudePaths(fm.data.paths);
  return {
    hasFrontmatter: fm.present,
    globs: globs ?? [],
    body: fm.body,
    ...(fm.error ? { error: fm.error.message } : {}),
  };
}
