/**
 * The one place lint and init call into the agent models (claude-code launch set and rule classification,
 * router, codex). Lint never re-derives what these produce.
 */

import type { RuleInfo } from "../agents/claude-code/index.js";
import { evaluateCap } from "../budget/evaluate.js";
import { launcherFor } from "../budget/launchers.js";
import { loadConfig } from "../config.js";
import type { ContextItem } from "../types.js";

/**
 * Charged launch bytes of a Claude Code launch at `root` (the `cap` total, UTF-8 bytes as injected).
 * Throws UsageError when the launch model is unavailable or the config is malformed.
 */
export function launchTotal(root: string): number {
  const launch = launcherFor("claude-code")({ root, cwd: root });
  return evaluateCap(launch.items, Number.MAX_SAFE_INTEGER, {
    unlowerable: loadConfig(root).config.unlowerable,
  }).total;
}

/** An `@import` token as Claude Code reads it, with its 1-based place in the file. */
export interface ImportToken {
  /** The path as written after `@`. */
  target: string;
  line: number;
  column: number;
}

/** A file's frontmatter as the claude-code model parses it. */
export interface FrontmatterInfo {
  /** True when the file starts with a frontmatter block. */
  present: boolean;
  /** The YAML text between the fences ("" when absent). */
  raw: string;
  /** 1-based line of the opening fence. */
  startLine: number;
  /** The YAML error, with its 1-based line/column within `raw`, or null. */
  error: { message: string; line: number; column: number } | null;
}

/** The facts of the claude-code model that lint reads (never re-derived). */
export interface ClaudeFacts {
  launch(): { cwd: string; items: ContextItem[] };
  rules(): RuleInfo[];
  frontmatter(text: string): FrontmatterInfo;
  classifyText(text: string): { scoped: boolean; globs: string[] };
  scanImports(text: string): ImportToken[];
  resolveImport(fromAbs: string, target: string): string;
  /** Whether Claude Code expands `@imports` in this launch item. */
  expandsImports(item: ContextItem): boolean;
  /** Import hops Claude Code follows from a memory file. */
  hopLimit: number;
  /** Root-relative paths of rule files a router row delivers. */
  routedFiles(): Set<string>;
}

/** The claude-code facts for a repository, or null when the model is not built into this copy. */
export function claudeFacts(_root: string): ClaudeFacts | null {
  return null;
}
