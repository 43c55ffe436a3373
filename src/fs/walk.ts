/**
 * The one safe walker: follows symlinks (as the agents do) but walks each directory once, by its real
 * path, so symlink cycles terminate and a file reachable two ways is reported once per real path when
 * `dedupeFiles` is set. Never opens fifos, sockets or devices. Never throws for an unreadable directory:
 * it records a problem instead.
 */
import { opendirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { safeRealpath, statSafe } from "./read.js";

export interface WalkEntry {
  /** Absolute path as reached (through symlinks, not resolved). */
  path: string;
  /** Real path (symlinks resolved). */
  realPath: string;
  /** Path relative to the walk root, POSIX separators. */
  rel: string;
}

export interface WalkOptions {
  /** Return false to skip a directory (given its rel path and name). */
  enterDir?: (rel: string, name: string) => boolean;
  /** Return false to skip a file. */
  includeFile?: (rel: string, name: string) => boolean;
  /** Report each real file once (the first path that reaches it, in sorted walk order). Default true. */
  dedupeFiles?: boolean;
  /** Maximum directory depth (root is 0). Default 64. */
  maxDepth?: number;
  /** Sort entries with this comparator (default: code-unit order of names). */
  compare?: (a: string, b: string) => number;
  /**
   * `"os"`: keep the order the operating system lists a directory in (what an agent that calls
   * readdir(3) without sorting sees; Node's readdirSync sorts). `compare` is then ignored. Default
   * `"sorted"`.
   */
  order?: "sorted" | "os";
}

/** Lists a directory in the order the OS returns entries (no sorting). Throws like readdirSync. */
export function readdirOsOrder(dir: string): string[] {
  const d = opendirSync(dir);
  const names: string[] = [];
  try {
    for (let e = d.readSync(); e; e = d.readSync()) names.push(e.name);
  } finally {
    d.closeSync();
  }
  return names;
}

export interface WalkResult {
  files: WalkEntry[];
  problems: { path: string; message: string }[];
}

/** Walks `root` depth-first in sorted order. See module doc for guarantees. */
export function walkFiles(root: string, opts: WalkOptions = {}): WalkResult {
  const files: WalkEntry[] = [];
  const problems: WalkResult["problems"] = [];
  const seenDirs = new Set<string>();
  const seenFiles = new Set<string>();
  const dedupe = opts.dedupeFiles ?? true;
  const maxDepth = opts.maxDepth ?? 64;
  const cmp = opts.compare ?? ((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0));

  const visit = (dir: string, rel: string, depth: number) => {
    const real = safeRealpath(dir);
    if (!real) return;
    if (seenDirs.has(real)) return;
    seenDirs.add(real);
    if (depth > maxDepth) {
      problems.push({ path: dir, message: `deeper than ${maxDepth} directories; not walked further` });
      return;
    }
    let names: string[];
    try {
      names = opts.order === "os" ? readdirOsOrder(dir) : readdirSync(dir);
    } catch (e) {
      problems.push({ path: dir, message: `cannot list directory (${(e as Error).message})` });
      return;
    }
    if (opts.order !== "os") names.sort(cmp);
    for (const name of names) {
      const p = join(dir, name);
      const r = rel ? `${rel}/${name}` : name;
      const st = statSafe(p);
      if (!st) continue; // dangling symlink or vanished
      if (st.isDirectory()) {
        if (opts.enterDir && !opts.enterDir(r, name)) continue;
        visit(p, r, depth + 1);
      } else if (st.isFile()) {
        if (opts.includeFile && !opts.includeFile(r, name)) continue;
        const rp = safeRealpath(p) ?? p;
        if (dedupe) {
          if (seenFiles.has(rp)) continue;
          seenFiles.add(rp);
        }
        files.push({ path: p, realPath: rp, rel: r });
      }
      // fifos, sockets, devices: never opened, silently skipped
    }
  };
  visit(root, "", 0);
  return { files, problems };
}
