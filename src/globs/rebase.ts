/**
 * Rebasing a rule's `paths:` globs from the directory they are relative to (the repository holding the
 * `.claude/` folder) onto another directory, with gitignore-style anchoring, and re-emitting them from a safe
 * character set so that a pointer rule never carries a repository byte the tool did not check.
 *
 * Anchoring (as gitignore, which is how Claude Code 2.1.332 matches `paths:`; see docs/findings-pointers.md):
 * - no slash (`*.ts`, `deep`): matches at any depth below its repository → `PREFIX/**\/*.ts`;
 * - a leading or inner slash (`/src/**`, `src/*.ts`): anchored to the repository root → `PREFIX/src/**`;
 * - a trailing slash (`build/`): the directory and everything below it → `PREFIX/**\/build/` (kept: the
 *   CLI keeps a trailing slash and matches it as gitignore does, a directory and everything below);
 * - `/**`: the CLI drops a trailing `/**` (`src/**` is read as `src`, a directory covering everything
 *   below it), so the rebased glob drops it too and reads back exactly as written; a leading `**\/` is not
 *   doubled (`**\/x.kt` → `PREFIX/**\/x.kt`, never `PREFIX/**\/**\/x.kt`);
 * - a lone `**` (or an empty pattern) is not a scope: the rule is unscoped.
 * The output is matched gitignore-style both by the CLI (relative to the cwd, rule route) and by the hook
 * (an absolute glob, anchored at `/`, against the target path; hook route).
 * Braces are expanded first (the CLI expands them, verified on 2.1.332), so no emitted glob holds a comma.
 */

import { expandBraces } from "./braces.js";

/** Characters an emitted glob may contain: path characters plus `*`, `?` and bracket classes. */
export const SAFE_GLOB = /^[A-Za-z0-9._+\-/*?[\]]+$/;
/** Characters an absolute path printed in a pointer may contain (never `@`, never a space or quote). */
export const SAFE_PATH = /^\/[A-Za-z0-9._+\-/]*$/;
/** Characters a relative directory prefix may contain. */
const SAFE_REL_DIR = /^[A-Za-z0-9._+-][A-Za-z0-9._+\-/]*$/;
/** At most this many globs come out of one pattern's brace expansion; past it the pattern is refused. */
export const MAX_BRACE_EXPANSION = 64;

export type RebaseResult =
  | { ok: true; globs: string[] }
  | { ok: false; unscoped: true; reason: string }
  | { ok: false; unscoped: false; reason: string };

/**
 * Rebases one gitignore-style pattern onto `prefix`: "" (the pattern's own directory is the target),
 * a relative POSIX directory such as `lib/x` (the repository lies below the target), or an absolute path
 * (the repository lies outside it; used by the hook route). Returns the globs that match, relative to the
 * target (or absolute), the same files the pattern matched relative to its repository; `unscoped` when the
 * pattern covers everything (lone `**`); a reason when it cannot be rebased safely (negation, `..`,
 * characters outside {@link SAFE_GLOB}, a `---` that would end a frontmatter, an oversized brace).
 */
export function rebaseGlob(pattern: string, prefix: string): RebaseResult {
  const expanded = expandBraces(pattern.trim(), MAX_BRACE_EXPANSION);
  if (!expanded)
    return { ok: false, unscoped: false, reason: `brace expansion exceeds ${MAX_BRACE_EXPANSION}` };
  const out: string[] = [];
  for (const one of expanded) {
    const r = rebaseOne(one, prefix);
    if (!r.ok) return r;
    for (const g of r.globs) if (!out.includes(g)) out.push(g);
  }
  return { ok: true, globs: out };
}

function rebaseOne(raw: string, prefix: string): RebaseResult {
  let p = raw;
  if (p.startsWith("!")) return { ok: false, unscoped: false, reason: "a negated pattern cannot be rebased" };
  if (p.startsWith("./")) {
    return { ok: false, unscoped: false, reason: "the CLI never matches a pattern starting with ./" };
  }
  // `x/**` (as the CLI reads it, after cutting one trailing `/**`) is everything below x, anchored; it is
  // re-emitted as `x/`, which the CLI keeps as written (a glob ending in `/**` would be cut on read-back).
  let dir = false;
  let innerSlash = false;
  if (p.endsWith("/**")) {
    p = p.slice(0, -3);
    dir = true;
    innerSlash = true;
  } else if (p.endsWith("/")) dir = true;
  while (p.endsWith("/")) p = p.slice(0, -1);
  const leading = p.startsWith("/");
  while (p.startsWith("/")) p = p.slice(1);
  p = p.replace(/\/{2,}/g, "/");
  if (p === "" || p === "**" || p === "**/**")
    return { ok: false, unscoped: true, reason: "a lone ** is not a scope" };
  if (p.split("/").some((s) => s === ".." || s === ".")) {
    return { ok: false, unscoped: false, reason: "a pattern with a . or .. segment cannot be rebased" };
  }
  if (!SAFE_GLOB.test(p)) {
    return { ok: false, unscoped: false, reason: "the pattern has characters outside the safe glob set" };
  }
  const pre = prefix.replace(/\/+$/, "");
  if (pre !== "" && !(SAFE_PATH.test(pre) || SAFE_REL_DIR.test(pre))) {
    return { ok: false, unscoped: false, reason: "the directory path has characters outside the safe set" };
  }
  const anchored = leading || innerSlash || p.includes("/");
  let out: string;
  if (pre === "")
    out = leading ? `/${p}` : p; // same directory: the pattern keeps its own anchoring
  else out = `${pre}/${anchored || p.startsWith("**/") ? p : `**/${p}`}`;
  if (dir) out += "/";
  if (out.includes("---")) return { ok: false, unscoped: false, reason: "a glob containing --- is refused" };
  return { ok: true, globs: [out] };
}

/**
 * Rebases every pattern of a rule. `unscoped` when any pattern is a lone `**` (the rule then covers every
 * file, so the CLI treats it as unscoped) or the list is empty; the first refusal otherwise.
 */
export function rebaseGlobs(patterns: string[], prefix: string): RebaseResult {
  if (patterns.length === 0) return { ok: false, unscoped: true, reason: "no paths" };
  const out: string[] = [];
  let refusal: RebaseResult | undefined;
  for (const pat of patterns) {
    const r = rebaseGlob(pat, prefix);
    if (!r.ok) {
      if (r.unscoped) return r;
      refusal ??= { ok: false, unscoped: false, reason: `${JSON.stringify(pat)}: ${r.reason}` };
      continue;
    }
    for (const g of r.globs) if (!out.includes(g)) out.push(g);
  }
  if (refusal) return refusal;
  return { ok: true, globs: out };
}
