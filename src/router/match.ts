/**
 * Matching a tool call's target against the compiled index. A target is a path (Write, Edit, MultiEdit,
 * NotebookEdit, Read: `tool_input.file_path` / `notebook_path`) or a shell command (Bash:
 * `tool_input.command`), whose words are matched as word runs and whose path-like words are matched as
 * path targets too. Paths are matched relative to the repository root; a path outside the root is not a
 * target (the repository's rules do not speak about it).
 */
import { isAbsolute, relative, resolve } from "node:path";
import { commandWords, normalizeTargetPath, pathLikeWords, runRegexSource } from "../globs/trigger.js";
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

/** Tools whose input names a file path. */
const PATH_KEYS = ["file_path", "notebook_path"] as const;

/** A root-relative normalised path for `p` (relative to `cwd`), or null when it lies outside `root`. */
export function rootRelative(root: string, cwd: string, p: string): string | null {
  const abs = isAbsolute(p) ? p : resolve(cwd, p);
  const rel = relative(root, abs).replace(/\\/g, "/");
  if (rel === "" || rel === ".." || rel.startsWith("../") || isAbsolute(rel)) return null;
  const n = normalizeTargetPath(rel);
  return n === "" ? null : n;
}

/**
 * Builds the target of a tool call. Returns null when the call names nothing to match (no path, no command,
 * or only paths outside the root with no command). Never throws.
 */
export function targetOf(
  tool: string,
  input: Record<string, unknown> | null | undefined,
  root: string,
  cwd: string,
): Target | null {
  if (!input || typeof input !== "object") return null;
  const command = (input as { command?: unknown }).command;
  if (typeof command === "string") {
    const words = commandWords(command);
    if (words.length === 0) return null;
    const paths: string[] = [];
    for (const w of pathLikeWords(words)) {
      const r = rootRelative(root, cwd, w.replace(/^~(?=\/|$)/, process.env.HOME ?? "~"));
      if (r && !paths.includes(r)) paths.push(r);
    }
    return { tool, display: command, paths, words: words.join(" ") };
  }
  for (const k of PATH_KEYS) {
    const v = (input as Record<string, unknown>)[k];
    if (typeof v === "string" && v !== "") {
      const r = rootRelative(root, cwd, v);
      if (!r) return null;
      return { tool, display: r, paths: [r], words: null };
    }
  }
  return null;
}

const reCache = new Map<string, RegExp>();
function re(source: string, mode: "path" | "word"): RegExp {
  const k = mode + source;
  let r = reCache.get(k);
  if (!r) {
    r = new RegExp(runRegexSource(source, mode));
    reCache.set(k, r);
  }
  return r;
}

/** Every row that fires for the target, in index order (shard order, then line order). */
export function matchRows(index: RouterIndex, target: Target): RowMatch[] {
  const out: RowMatch[] = [];
  for (const row of index.rows) {
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
        if (lit !== "" && !path.includes(lit)) continue;
        if (re(p, "path").test(path))
          return { row, trigger: row.triggers[i] as string, mode: "path", matched: path };
      }
    }
    const w = row.wordRe[i];
    const wl = row.wordLit[i] ?? "";
    if (
      w != null &&
      target.words !== null &&
      (wl === "" || target.words.includes(wl)) &&
      re(w, "word").test(target.words)
    ) {
      return { row, trigger: row.triggers[i] as string, mode: "word", matched: target.display };
    }
  }
  return null;
}
