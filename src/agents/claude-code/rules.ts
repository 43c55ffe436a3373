/**
 * `.claude/rules/` as Claude Code 2.1.332 reads it: every `*.md` file (case-sensitive suffix) at any depth,
 * symlinks followed, each directory walked once by its real path, each real file once, in the order the
 * OS lists directories (Claude Code does not sort). A rule is scoped when its frontmatter carries a
 * `paths:` value that yields at least one glob other than `**` (see claudePathGlobs); `globs:` is not read.
 */
import { dirname, join, sep } from "node:path";
import { displayPath } from "../../fs/paths.js";
import { describeReadFailure, readTextFile } from "../../fs/read.js";
import { walkFiles } from "../../fs/walk.js";
import { type Frontmatter, parseFrontmatter } from "../../markdown/index.js";
import type { Finding, InstructionReading } from "../../model/index.js";
import { claudeRelease } from "./release.js";
import {
  CLAUDE_MAX_FILE_BYTES,
  CLAUDE_MAX_IMPORT_HOPS,
  claudePathGlobs,
  processFileText,
  resolveImportPath,
} from "./text.js";

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

/** The directory a rule's globs are relative to: the directory holding the `.claude/` above it. */
export function ruleBase(absPath: string): string {
  // The last segment named `.claude` that is not the path's first (what `split(sep).lastIndexOf` finds), and
  // `rules` after it, found without splitting: called once per rule (10,000 in bench/cap.mjs).
  const mark = `${sep}.claude`;
  let at = absPath.lastIndexOf(mark);
  while (at >= 0 && at + mark.length < absPath.length && absPath[at + mark.length] !== sep)
    at = at === 0 ? -1 : absPath.lastIndexOf(mark, at - 1);
  if (at >= 0) {
    const from = at + mark.length + 1;
    const next = absPath.indexOf(sep, from);
    if (absPath.slice(from, next < 0 ? absPath.length : next) === "rules") return absPath.slice(0, at) || sep;
  }
  return dirname(dirname(dirname(absPath)));
}

/** Why Claude Code treats a rule with frontmatter as unscoped, or undefined when it is scoped / has none. */
function unscopedReason(fm: Frontmatter): string | undefined {
  if (!fm.present) return undefined;
  if (fm.error)
    return `its frontmatter is not valid YAML (line ${fm.error.line ?? "?"}: ${fm.error.message})`;
  const d = fm.data;
  if (!("paths" in d)) {
    if ("globs" in d) return "it has `globs:`, which Claude Code does not read (use `paths:`)";
    const near = Object.keys(d).find((k) => k.toLowerCase() === "paths");
    if (near) return `it has \`${near}:\`; Claude Code only reads lower-case \`paths:\``;
    return "its frontmatter has no `paths:`";
  }
  return "its `paths:` yields no glob other than `**` (empty, null, not a string or list, or all `**`)";
}

/** Claude Code's verdict on a rule's frontmatter: its globs when scoped, else why it is unscoped. */
export function ruleScope(fm: Frontmatter): { globs: string[] | undefined; why: string | undefined } {
  const globs = fm.data.paths ? claudePathGlobs(fm.data.paths) : undefined;
  return { globs, why: globs ? undefined : unscopedReason(fm) };
}

/**
 * Walks `<dir>/.claude/rules` for `*.md` files in Claude Code's order (see module doc). No depth limit:
 * CLI 2.1.332 loads unscoped rules 70, 100, 200 and 500 directories deep (the conformance case
 * `unscoped_rules_load_beyond_sixty_four_directories_deep`; docs/findings-claude-rules-depth.md). The
 * walk still ends: each directory is entered once by its real path, and the path length bounds depth.
 */
export function walkRules(dir: string): RulesWalk {
  return walkRulesDir(join(dir, ".claude", "rules"));
}

/**
 * Walks one rules directory itself (e.g. the user layer's `$CLAUDE_CONFIG_DIR/rules`) for `*.md` files in
 * Claude Code's order, as {@link walkRules} does for `<dir>/.claude/rules`.
 */
export function walkRulesDir(rulesDir: string): RulesWalk {
  const special: RulesWalk["special"] = [];
  const walk = walkFiles(rulesDir, {
    maxDepth: Number.POSITIVE_INFINITY,
    order: "os",
    includeFile: (_rel, name) => name.endsWith(".md"),
    onSpecial: (e) => special.push({ path: e.path, type: e.type }),
  });
  return { ...walk, special };
}

/**
 * A rules walk: the rule files and walk problems, and the `*.md` entries that are not regular files (a
 * fifo, socket or device, also through a symlink such as one to `/dev/zero`), which are never opened.
 */
export type RulesWalk = ReturnType<typeof walkFiles> & { special: { path: string; type: string }[] };

/** The warning for a rules entry that is not a regular file, worded as for a memory file (read-failed). */
export function specialRuleMessage(shown: string, type: string): string {
  return `${shown}: is a ${type}, not a regular file; it was not opened`;
}

export interface ClassifiedRule extends RuleInfo {
  /** Problems reading the rule (too large, unreadable, invalid UTF-8), if any. */
  findings: Finding[];
}

/**
 * Classifies one rule file as Claude Code does. Never throws; an unreadable rule comes back unscoped
 * with an empty text and a problem.
 * @param absPath absolute path of the rule (as reached; symlinks allowed)
 * @param root repository root; `path` is relative to it (absolute when outside)
 * @param release the Claude Code release (default the newest; ./release.ts: 2.1.197 sees no frontmatter
 *   after a BOM)
 */
export function classifyRule(absPath: string, root: string, release?: string): ClassifiedRule {
  const path = displayPath(absPath, root);
  const base = ruleBase(absPath);
  const r = readTextFile(absPath, CLAUDE_MAX_FILE_BYTES);
  if (!r.ok) {
    const fileBytes = r.reason === "too-large" ? r.fileBytes : 0;
    return {
      path,
      absPath,
      scoped: false,
      globs: [],
      base,
      text: "",
      fileBytes,
      findings: [
        { ruleId: "read-failed", severity: "warning", file: path, message: describeReadFailure(r, path) },
      ],
    };
  }
  const p = processFileText(r.text, claudeRelease(release));
  const { globs, why } = ruleScope(p.frontmatter);
  const findings: Finding[] = [];
  if (!r.validUtf8)
    findings.push({
      ruleId: "invalid-utf8",
      severity: "warning",
      file: path,
      message: `${path}: not valid UTF-8; Claude Code injects U+FFFD for the bad bytes`,
      help: "re-save the file as UTF-8",
    });
  if (p.frontmatter.error)
    findings.push({
      ruleId: "rule-frontmatter-yaml",
      severity: "warning",
      file: path,
      ...(p.frontmatter.error.line !== undefined ? { line: p.frontmatter.error.line } : {}),
      message: `${path}: frontmatter is not valid YAML (${p.frontmatter.error.message}); Claude Code treats the rule as unscoped`,
      help: "fix the YAML, e.g. quote the globs",
    });
  return {
    path,
    absPath,
    scoped: globs !== undefined,
    globs: globs ?? [],
    base,
    text: p.text,
    fileBytes: r.fileBytes,
    ...(why ? { unscopedWhy: why } : {}),
    findings,
  };
}

export interface ListedRules {
  rules: ClassifiedRule[];
  findings: Finding[];
}

/**
 * Every rule under `<dir>/.claude/rules/` in Claude Code's load order (OS directory order, depth-first),
 * each real file once, symlink cycles cut. Non-`.md` files are ignored.
 * @param root repository root for display paths
 * @param dir directory holding `.claude/` (default: root)
 */
export function listRulesIn(root: string, dir: string = root): ListedRules {
  const rulesDir = join(dir, ".claude", "rules");
  const walk = walkRules(dir);
  const findings: Finding[] = walk.problems.map((p) => ({
    ruleId: "walk-stopped",
    severity: "warning",
    file: displayPath(p.path, root),
    message: `${displayPath(p.path, root)}: ${p.message}`,
  }));
  for (const sp of walk.special) {
    const shown = displayPath(sp.path, root);
    findings.push({
      ruleId: "read-failed",
      severity: "warning",
      file: shown,
      message: specialRuleMessage(shown, sp.type),
    });
  }
  const rules = walk.files.map((f) => {
    const c = classifyRule(f.realPath, root);
    return { ...c, base: ruleBase(join(rulesDir, "x")) };
  });
  return { rules, findings };
}

/** Every rule under `<root>/.claude/rules/` (see listRulesIn), without walk problems. */
export function listRules(root: string): ClassifiedRule[] {
  return listRulesIn(root).rules;
}

/**
 * Claude Code's reading of an instruction file's text, for lint (the `instructions` capability): its
 * import scanner and resolution, its hop limit, and whether a rule's frontmatter scopes it. Verified on
 * Claude Code 2.1.332.
 */
export const claudeInstructions: InstructionReading = {
  importHops: CLAUDE_MAX_IMPORT_HOPS,
  imports: (text) =>
    processFileText(text).imports.map((i) => ({ path: i.path, line: i.line, column: i.column })),
  resolveImport: (token, importerRealPath, home) => resolveImportPath(token, importerRealPath, home),
  ruleScope: (text) => {
    const s = ruleScope(parseFrontmatter(text));
    return { scoped: s.globs !== undefined, globs: s.globs ?? [] };
  },
};
