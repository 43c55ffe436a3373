/**
 * Matching a tool call's target against the compiled index. A target is a path or a shell command, whose
 * words are matched as word runs and whose path-like words are matched as path targets too. Paths are
 * matched relative to the repository root. Tool inputs are parsed into targets by the hook room
 * (src/hook/targets.ts: `toolTarget`, then `routerTarget` for this room's view).
 */
import { isAbsolute, relative, resolve } from "node:path";
import { checkDeadline, isDeadlineExceeded, tickDeadline } from "../fs/deadline.js";
import { compileRunSource, normalizeTargetPath } from "../globs/trigger.js";
import type { IndexRow, RouterIndex } from "./index-build.js";

export interface Target {
  /** The tool name as Claude Code reports it (`Write`, `Bash`, ...). */
  tool: string;
  /** What a human calls the target: the root-relative path, or the command. */
  display: string;
  /** Root-relative normalised paths to match in path mode. */
  paths: string[];
  /** The command words joined by single spaces (Bash only), or null. */
  words: string | null;
}

export interface RowMatch {
  row: IndexRow;
  /** The trigger (as written) that fired first for this row. */
  trigger: string;
  mode: "path" | "word";
  /** The path or command text it matched. */
  matched: string;
}

/** A root-relative normalised path for `p` (relative to `cwd`), or null when it lies outside `root`. */
export function rootRelative(root: string, cwd: string, p: string): string | null {
  const abs = isAbsolute(p) ? p : resolve(cwd, p);
  const rel = relative(root, abs).replace(/\\/g, "/");
  if (rel === "" || rel === ".." || rel.startsWith("../") || isAbsolute(rel)) return null;
  const n = normalizeTargetPath(rel);
  return n === "" ? null : n;
}

/**
 * The target of a call that touches one file: `path` (absolute, or relative to `cwd`) made root-relative;
 * null when it lies outside `root`.
 */
export function pathTarget(tool: string, root: string, cwd: string, path: string): Target | null {
  const r = rootRelative(root, cwd, path);
  return r ? { tool, display: r, paths: [r], words: null } : null;
}

/** Compiled sources; null for a source that does not compile (it never fires). */
const reCache = new Map<string, RegExp | null>();
function re(source: string, mode: "path" | "word"): RegExp | null {
  const k = mode + source;
  let r = reCache.get(k);
  if (r === undefined) {
    const c = compileRunSource(source, mode);
    r = c.ok ? c.re : null;
    reCache.set(k, r);
  }
  return r;
}

/** `re.test(s)`, false when V8 gives up on it (a stack overflow at run time): that trigger does not fire. */
function fires(r: RegExp | null, s: string): boolean {
  if (r === null) return false;
  try {
    return r.test(s);
  } catch (e) {
    if (isDeadlineExceeded(e)) throw e;
    return false;
  }
}

/**
 * A row's prefilter: for each trigger that has a path-mode regex, `p` + its required literal, and for each
 * with a word-mode regex, `w` + its literal, joined by NUL (a shard holding NUL is not read). The cached
 * index keeps it beside each row (src/router/index-build.ts), so a call parses only the rows it admits.
 */
export function rowPrefilter(row: IndexRow): string {
  const parts: string[] = [];
  for (let i = 0; i < row.triggers.length; i++) {
    if (row.pathRe[i] != null) parts.push(`p${row.pathLit[i] ?? ""}`);
    if (row.wordRe[i] != null) parts.push(`w${row.wordLit[i] ?? ""}`);
  }
  return parts.join("\u0000");
}

/**
 * False when no trigger of the row with this {@link rowPrefilter} can fire for the target: every literal
 * it needs is missing from the target's paths (or words). {@link matchRow} checks the same literals before
 * any regex, so a row this refuses never matches; one it admits may still not. Allocates nothing but the
 * literals' slices.
 */
export function mayFire(prefilter: string, target: Target): boolean {
  let at = 0;
  while (at < prefilter.length) {
    let end = prefilter.indexOf("\u0000", at);
    if (end < 0) end = prefilter.length;
    const mode = prefilter.charCodeAt(at);
    const lit = prefilter.slice(at + 1, end);
    if (mode === 112 /* p */) {
      for (let i = 0; i < target.paths.length; i++) {
        if (lit === "" || (target.paths[i] as string).includes(lit)) return true;
      }
    } else if (target.words !== null && (lit === "" || target.words.includes(lit))) return true;
    at = end + 1;
  }
  return false;
}

/**
 * Every row that fires for the target, in index order (shard order, then line order). A trigger that
 * does not compile never fires; the other rows stand. Throws only `DeadlineExceeded` (src/fs/deadline.ts).
 */
export function matchRows(index: Pick<RouterIndex, "rows">, target: Target): RowMatch[] {
  const out: RowMatch[] = [];
  for (const row of index.rows) {
    checkDeadline();
    const m = matchRow(row, target);
    if (m) out.push(m);
  }
  return out;
}

/** The first trigger of a row that fires for the target, or null. */
export function matchRow(row: IndexRow, target: Target): RowMatch | null {
  for (let i = 0; i < row.triggers.length; i++) {
    const p = row.pathRe[i];
    if (p != null) {
      const lit = row.pathLit[i] ?? "";
      for (const path of target.paths) {
        tickDeadline();
        if (lit !== "" && !path.includes(lit)) continue;
        if (fires(re(p, "path"), path))
          return { row, trigger: row.triggers[i] as string, mode: "path", matched: path };
      }
    }
    const w = row.wordRe[i];
    const wl = row.wordLit[i] ?? "";
    if (
      w != null &&
      target.words !== null &&
      (wl === "" || target.words.includes(wl)) &&
      fires(re(w, "word"), target.words)
    ) {
      return { row, trigger: row.triggers[i] as string, mode: "word", matched: target.display };
    }
  }
  return null;
}
