/**
 * The one safe walker: follows symlinks (as the agents do) but walks each directory once, by its real
 * path, so symlink cycles terminate and a file reachable two ways is reported once per real path when
 * `dedupeFiles` is set. Never opens fifos, sockets or devices. Never throws for an unreadable directory:
 * it records a problem instead.
 */
import { type Dirent, lstatSync, opendirSync, readdirSync, readlinkSync } from "node:fs";
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
   * `"os"` (alias `"listing"`, the on-read model's name): keep the order the operating system lists a
   * directory in (what an agent that calls readdir(3) without sorting sees; Node's readdirSync sorts).
   * `compare` is then ignored. Default `"sorted"`.
   */
  order?: "sorted" | "os" | "listing";
}

/** Lists a directory in the order the OS returns entries (no sorting). Throws like readdirSync. */
export function readdirOsOrder(dir: string): string[] {
  return direntsOsOrder(dir).map((e) => e.name);
}

/** Directory entries in the order the OS returns them. Throws like readdirSync. */
function direntsOsOrder(dir: string): Dirent[] {
  // A larger buffer than the default 32 entries: fewer native calls, same order.
  const d = opendirSync(dir, { bufferSize: 256 });
  const entries: Dirent[] = [];
  try {
    for (let e = d.readSync(); e; e = d.readSync()) entries.push(e);
  } finally {
    d.closeSync();
  }
  return entries;
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

  // `real` is the directory's real path when already known (a plain subdirectory of a known real path):
  // plain entries cost no stat or realpath; only symlinks (and unknown types) are resolved.
  const visit = (dir: string, rel: string, depth: number, knownReal?: string) => {
    const real = knownReal ?? safeRealpath(dir);
    if (!real) return;
    if (seenDirs.has(real)) return;
    seenDirs.add(real);
    if (depth > maxDepth) {
      problems.push({ path: dir, message: `deeper than ${maxDepth} directories; not walked further` });
      return;
    }
    let entries: Dirent[];
    try {
      entries =
        opts.order === "os" || opts.order === "listing"
          ? direntsOsOrder(dir)
          : readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      problems.push({ path: dir, message: `cannot list directory (${(e as Error).message})` });
      return;
    }
    if (opts.order !== "os" && opts.order !== "listing") entries.sort((a, b) => cmp(a.name, b.name));
    for (const ent of entries) {
      const name = ent.name;
      const p = join(dir, name);
      const r = rel ? `${rel}/${name}` : name;
      let isDir = ent.isDirectory();
      let isFile = ent.isFile();
      let entReal: string | undefined = isDir || isFile ? join(real, name) : undefined;
      if (!isDir && !isFile) {
        if (!ent.isSymbolicLink() && !isUnknown(ent)) continue; // fifo, socket, device: never opened
        const st = statSafe(p);
        if (!st) continue; // dangling symlink or vanished
        isDir = st.isDirectory();
        isFile = st.isFile();
        // Reached by its real path: the link's real path follows from its target without a realpath call.
        entReal = dir === real && ent.isSymbolicLink() ? linkRealpath(real, name) : undefined;
      }
      if (isDir) {
        if (opts.enterDir && !opts.enterDir(r, name)) continue;
        visit(p, r, depth + 1, entReal);
      } else if (isFile) {
        if (opts.includeFile && !opts.includeFile(r, name)) continue;
        const rp = entReal ?? safeRealpath(p) ?? p;
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

/**
 * realpath(3) of `<realDir>/<name>`, a symlink in a directory whose path is its real path, for the common
 * short relative targets (`x`, `../x`, `..`): followed link by link with lstat and readlink, far cheaper
 * than a realpath of a deep path (which re-checks every component). Undefined when the answer is not
 * certain (other targets, more than 8 links, any error): callers then ask realpath itself. Linux only.
 */
export function linkRealpath(realDir: string, name: string): string | undefined {
  if (process.platform !== "linux" || realDir === "/" || !realDir.startsWith("/")) return undefined;
  let dir = realDir;
  let base = name;
  try {
    for (let links = 0; links < 8; links++) {
      const target = readlinkSync(join(dir, base));
      const m = /^((?:\.\.\/)*)(\.\.|[^/]+)$/.exec(target);
      if (!m) return undefined;
      for (let up = (m[1] as string).length / 3; up > 0; up--) dir = parentOf(dir);
      base = m[2] as string;
      if (base === "." || dir === "/") return undefined;
      if (base === "..") {
        const resolved = parentOf(dir);
        return resolved === "/" ? undefined : resolved;
      }
      if (!lstatSync(join(dir, base)).isSymbolicLink()) return join(dir, base);
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function parentOf(dir: string): string {
  const i = dir.lastIndexOf("/");
  return i <= 0 ? "/" : dir.slice(0, i);
}

/** A directory entry whose type the file system did not report (some file systems return DT_UNKNOWN). */
function isUnknown(ent: Dirent): boolean {
  return (
    !ent.isFile() &&
    !ent.isDirectory() &&
    !ent.isSymbolicLink() &&
    !ent.isFIFO() &&
    !ent.isSocket() &&
    !ent.isCharacterDevice() &&
    !ent.isBlockDevice()
  );
}
