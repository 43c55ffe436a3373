/**
 * Glob matching as Claude Code matches the `paths:` frontmatter of scoped rules (`.claude/rules/**\/*.md`).
 *
 * Settled against the pinned CLI 2.1.332 (test/conformance/claude-onread.test.ts; notes in
 * docs/findings-claude-onread.md). Claude Code does NOT match these globs as shell globs: it
 *
 * 1. normalises the frontmatter value ({@link normalizeClaudePaths}): a string or a list of strings (other
 *    items are dropped); each string is split on commas outside braces and trimmed; braces are expanded
 *    (`src/*.{ts,js}` → `src/*.ts`, `src/*.js`); a trailing `/**` is cut (`src/**` → `src`); empty
 *    patterns are dropped; when nothing but `**` is left the rule counts as unscoped (it loads at launch);
 * 2. matches the remaining patterns as **gitignore lines** (case-insensitive), against the path of the file
 *    relative to the directory that holds the rule's `.claude/` folder ({@link matchClaudeGlobs}).
 *
 * So, for a rule in `<base>/.claude/rules/`:
 * - a pattern without a slash (other than a trailing one) matches at any depth: `*.ts` fires for
 *   `src/deep/a.ts`, `src` (and `src/**`, which becomes `src`) fires for `lib/src/x.ts`;
 * - a pattern with a slash before its end is anchored at the base: `src/*.ts` fires for `src/a.ts`, not
 *   `lib/src/a.ts`; a leading `/` anchors too (`/src/**` becomes `/src`: only the top `src/`);
 * - a pattern that matches a directory matches everything below it: `src/*` fires for `src/deep/x/b.ts`;
 * - `*` and `?` never cross `/`; `**` crosses directories; `[ab]` classes work; dotfiles are not special;
 * - matching ignores case (`**\/*.TS` fires for `a.ts`);
 * - `!pattern` re-includes a path matched by an earlier pattern, but never below a directory that an
 *   earlier pattern matched (gitignore's rule);
 * - `./src/**` never matches (gitignore paths never start with `./`);
 * - a file outside the base (relative path starting with `..`) never matches.
 *
 * Implemented on the `ignore` package (gitignore semantics, `ignorecase: true`), not on picomatch: the CLI's
 * own matcher is a gitignore-line compiler, and picomatch cannot express "a matched directory matches
 * everything below it" or "no slash means any depth" without re-implementing gitignore. Its major release 5
 * (`ignore5`, npm:ignore@5.3.2), not the 7 the rest of the product uses for `.gitignore`: the CLI matches as
 * 5.x does where they differ — an unclosed `[` (`[**` matches every path; `[src/**` does not compile and is
 * dropped) and `[!a]` / `[^a]`, which 5.x reads as a class of `!`/`^` and `a`, not a negation (settled on
 * 2.1.332 by the differential test: `a_rule_matches_bracket_classes_as_the_cli_does_*` in
 * test/conformance/fuzz/found.ts).
 */
import { isAbsolute, relative } from "node:path";
import ignoreModule, { type Ignore } from "ignore5";
import { toPosix } from "../fs/paths.js";
import { type BraceBudget, claudeBraceBudget, expandBracesAsClaudeCode, splitPathsValue } from "./braces.js";

function flattenPatterns(value: unknown, budget: BraceBudget): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => flattenPatterns(v, budget));
  if (typeof value !== "string") return [];
  return splitPathsValue(value).flatMap((p) => expandBracesAsClaudeCode(p, budget));
}

/**
 * Normalises a parsed `paths:` frontmatter value into the glob list Claude Code matches.
 *
 * @param value the YAML value of the `paths` key (already parsed; `undefined` when the key is absent)
 * @returns the patterns (a non-empty list) when the rule is scoped, or `undefined` when Claude Code treats
 *   the rule as unscoped (loaded at launch): the value is falsy (absent, `""`, `null`, `0`, `false`), holds no
 *   string, or every pattern is `**` (e.g. `paths: "**"`, `paths: "/**"`, `paths: []`).
 * Never throws. Verified on Claude Code 2.1.332.
 */
export function normalizeClaudePaths(value: unknown): string[] | undefined {
  if (!value) return undefined;
  const budget = claudeBraceBudget();
  const patterns = flattenPatterns(value, budget)
    .map((p) => (p.endsWith("/**") ? p.slice(0, -3) : p))
    .filter((p) => p.length > 0);
  return patterns.every((p) => p === "**") ? undefined : patterns;
}

/** A compiled set of `paths:` patterns. */
export interface ClaudeGlobMatcher {
  /** The usable patterns, in order (uncompilable ones dropped, as the CLI drops them). */
  readonly patterns: readonly string[];
  /** Patterns the matcher dropped because they do not compile (the CLI logs and ignores them). */
  readonly dropped: readonly string[];
  /**
   * Tests a POSIX path relative to the rule's base directory (no leading `./`, `/` or `..`).
   * @returns the pattern that fired (for a path below a matched directory: the pattern that matched the
   *   directory), or `null`.
   */
  match(relPath: string): string | null;
}

/** True when `relPath` is a path the gitignore matcher accepts (relative, not `.`/`..`-led, non-empty). */
function isMatchablePath(relPath: string): boolean {
  if (!relPath || isAbsolute(relPath) || relPath.startsWith("/")) return false;
  return !/^\.\.?(\/|$)/.test(relPath);
}

/** ignore 5.x is CommonJS with a `default` that is itself (its typings declare an ES default export). */
const ignore = ignoreModule.default;

const cache = new Map<string, ClaudeGlobMatcher>();

/** A `paths:` pattern longer than this (characters) is dropped, not compiled (see compileClaudeGlobs). */
export const MAX_PATTERN_CHARS = 4096;

/**
 * Compiles `paths:` patterns (as returned by {@link normalizeClaudePaths}) into a matcher with the CLI's
 * semantics (gitignore lines, case-insensitive). Memoised by pattern list. Never throws.
 */
export function compileClaudeGlobs(patterns: readonly string[]): ClaudeGlobMatcher {
  const key = patterns.join("\u0000");
  const hit = cache.get(key);
  if (hit) return hit;
  const usable: string[] = [];
  const dropped: string[] = [];
  for (const p of patterns) {
    // Bounded: ignore 5 rewrites a pattern with regular expressions that backtrack quadratically (a 200 KB
    // pattern takes minutes), and no real rule comes near this length.
    if (p.length > MAX_PATTERN_CHARS) {
      dropped.push(p);
      continue;
    }
    try {
      ignore().add(p).ignores("probe");
      usable.push(p);
    } catch {
      dropped.push(p);
    }
  }
  const ig: Ignore = ignore({ ignorecase: true }).add(usable);
  // 5.x does not say which line decided: the last positive pattern that matches the path alone did.
  const single = usable.map((p) => [p, ignore({ ignorecase: true }).add(p)] as const);
  const matcher: ClaudeGlobMatcher = {
    patterns: usable,
    dropped,
    match(relPath: string): string | null {
      const p = toPosix(relPath);
      if (!isMatchablePath(p)) return null;
      try {
        if (!ig.ignores(p)) return null;
        for (let i = single.length - 1; i >= 0; i--) {
          const [pattern, one] = single[i] as (typeof single)[number];
          if (!pattern.startsWith("!") && one.ignores(p)) return pattern;
        }
        return usable[0] ?? null;
      } catch {
        return null;
      }
    },
  };
  if (cache.size > 4096) cache.clear();
  cache.set(key, matcher);
  return matcher;
}

/**
 * Whether a file fires a scoped rule, as Claude Code decides it.
 *
 * @param patterns normalised `paths:` patterns ({@link normalizeClaudePaths})
 * @param base absolute directory holding the rule's `.claude/` folder
 * @param target absolute path of the file the agent touches
 * @returns the pattern that fired, or `null` (also when `target` is `base` itself or lies outside it)
 */
export function matchClaudeGlobs(patterns: readonly string[], base: string, target: string): string | null {
  const rel = relative(base, target);
  if (!rel || rel.startsWith("..") || isAbsolute(rel)) return null;
  return compileClaudeGlobs(patterns).match(rel);
}
