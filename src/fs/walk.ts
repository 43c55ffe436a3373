/**
 * The one safe walker: follows symlinks (as the agents do) but walks each directory once, by its real
 * path, so symlink cycles terminate and a file reachable two ways is reported once per real path when
 * `dedupeFiles` is set. Never opens fifos, sockets or devices. Never throws for an unreadable directory:
 * it records a problem instead.
 *
 * Every walk is bounded (a link to `/` must not make a command run for minutes): by directory entries
 * visited ({@link WALK_MAX_ENTRIES}), by depth (`maxDepth`, never above {@link WALK_DEPTH_CEILING}) and by
 * wall time ({@link WALK_MAX_MS}). A bound that stops the walk is reported once, as a structured problem
 * (`kind: "bound"`, which `bound`, its `limit`, the `path` where it cut: the symlink through which the walk
 * left its root, else the directory) with a message, e.g. `links to /; walk stopped after 100,000 directory
 * entries (the walker's entry limit); ...`. A bound of the walker's own (every entry and time limit, the
 * depth ceiling, the default depth) is also reported as a cut (./cuts.ts): whoever measures learns that the
 * walk is incomplete. A symlink that points back at a directory it sits in (a link loop) is reported as one.
 */
import { type Dirent, opendirSync, readdirSync, readlinkSync, statSync } from "node:fs";
import type { CutBound } from "../model/cut.js";
import { recordCut } from "./cuts.js";
import { checkDeadline } from "./deadline.js";
import { inside, joinPath } from "./paths.js";
import { inReadSnapshot, safeRealpath, snapshotListing } from "./read.js";

export interface WalkEntry {
  /** Absolute path as reached (through symlinks, not resolved). */
  path: string;
  /** Real path (symlinks resolved). */
  realPath: string;
  /** Path relative to the walk root, POSIX separators. */
  rel: string;
}

/** Directory entries (files, directories, links, anything) one walk visits at most. */
export const WALK_MAX_ENTRIES = 100_000;
/**
 * Depth no walk goes beyond, whatever `maxDepth` asks (an agent with no depth limit of its own still gets
 * this one). Far above what agents load: Claude Code 2.1.332 loads unscoped rules 70 directories deep.
 */
export const WALK_DEPTH_CEILING = 1_000;
/** Wall time one walk may take, in milliseconds. */
export const WALK_MAX_MS = 10_000;

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
  /** Entries visited before the walk stops with a problem. Default {@link WALK_MAX_ENTRIES}. */
  maxEntries?: number;
  /** Wall time (milliseconds) before the walk stops with a problem. Default {@link WALK_MAX_MS}. */
  maxMillis?: number;
  /**
   * Called for an entry that `includeFile` accepts but that is neither a directory nor a regular file (a
   * fifo, socket or device, also one reached through a symlink such as a link to `/dev/zero`). Such an
   * entry is never opened and never in `files`; without this option it is skipped silently.
   */
  onSpecial?: (entry: { path: string; rel: string; type: string }) => void;
  /**
   * A real path the walk stays inside: a symlinked directory whose real path lies outside it is not
   * entered (a problem names it). For walks that look for a repository's own files, which a link to `/`
   * must not turn into a walk of the machine. Default: links are followed wherever they lead.
   */
  stayInside?: string;
}

function specialType(x: {
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
}): string {
  if (x.isFIFO()) return "fifo";
  if (x.isSocket()) return "socket";
  if (x.isCharacterDevice() || x.isBlockDevice()) return "device";
  return "special file";
}

/** Lists a directory in the order the OS returns entries (no sorting). Throws like readdirSync. */
export function readdirOsOrder(dir: string): string[] {
  return direntsOsOrder(dir).map((e) => e.name);
}

const countOf = (list: readonly unknown[]) => list.length;
const one = () => 1;

/**
 * A directory's entries as `readdirSync(dir, { withFileTypes: true })` gives them (sorted by the bytes of
 * their names), in a new array the caller may reorder. Within a read snapshot the listing is kept: taken
 * from the kept OS-order listing when every name is ASCII (byte order is then `<` order), else listed once
 * more and kept. Throws like readdirSync.
 */
export function direntsSorted(dir: string): Dirent[] {
  if (!inReadSnapshot()) return readdirSync(dir, { withFileTypes: true });
  const os = snapshotListing(`os\0${dir}`, () => direntsOsOrder(dir), countOf);
  if (os.every((e) => ASCII.test(e.name))) return os.slice().sort(byName);
  return snapshotListing(`ls\0${dir}`, () => readdirSync(dir, { withFileTypes: true }), countOf).slice();
}

/** No character above U+007F (a file name holds no NUL). */
const ASCII = /^[^\u0080-\uffff]*$/;
const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

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

/**
 * A problem one walk met, structured: `kind` says what (a `bound` that stopped the walk or a branch of it,
 * a directory it could not list, a link loop, a link leaving `stayInside`); `path` is where (absolute);
 * `message` says it in words, without the path. Callers decide on `kind` and `bound`, never on the words.
 */
export type WalkProblem =
  | {
      kind: "bound";
      /** Which bound: the entry limit, the depth limit, the time limit. */
      bound: "entries" | "depth" | "time";
      /** Its value: entries, directories deep, milliseconds. */
      limit: number;
      /**
       * True when the bound is the walker's own (the entry and time limits, the depth ceiling, the default
       * depth), false for a `maxDepth` the caller chose (e.g. to model an agent's own limit).
       */
      own: boolean;
      path: string;
      message: string;
    }
  | { kind: "unlistable" | "link-loop" | "outside"; path: string; message: string };

export interface WalkResult {
  files: WalkEntry[];
  problems: WalkProblem[];
}

const CUT_OF = { entries: "walk-entries", depth: "walk-depth", time: "walk-time" } as const satisfies Record<
  string,
  CutBound
>;

/**
 * Walks `root` depth-first (sorted, or in the OS's order). See the module doc for the guarantees and
 * bounds. Never throws, except `DeadlineExceeded` once the process deadline (./deadline.ts, set only by
 * the hook) has passed.
 * @returns the files found (`path` as reached, `realPath`, `rel` to the root) and the problems met
 *   (`path` absolute, `message` without the path): unlistable directories, the depth limit, link loops,
 *   and a bound that stopped the walk (then `files` holds what was found before it).
 */
export function walkFiles(root: string, opts: WalkOptions = {}): WalkResult {
  const walk = new Walk(opts);
  walk.visit(root, "", 0);
  return { files: walk.files, problems: walk.problems };
}

/** An entry's type once links are followed: a directory or a regular file, with its real path when known. */
interface Resolved {
  dir: boolean;
  /** The real path when settled without realpath(3) (a link resolved by the walk's {@link LinkResolver}). */
  real: string | undefined;
}

/**
 * One walk's state and its steps: {@link Walk.visit} lists a directory and hands each entry to
 * {@link Walk.entry}, which resolves its type ({@link Walk.resolve}), then enters a directory
 * ({@link Walk.enter}) or keeps a file ({@link Walk.keep}); the bounds are checked on the way
 * ({@link Walk.tooDeep}, {@link Walk.counted}, {@link Walk.stop}).
 */
class Walk {
  readonly files: WalkEntry[] = [];
  readonly problems: WalkProblem[] = [];
  private readonly seenDirs = new Set<string>();
  private readonly seenFiles = new Set<string>();
  private readonly dedupe: boolean;
  private readonly maxDepth: number;
  /** The depth asked exceeds the ceiling: the ceiling cut. */
  private readonly depthIsCeiling: boolean;
  /** The depth bound is the walker's own (the ceiling or the default), not the caller's. */
  private readonly depthIsOwn: boolean;
  private readonly maxEntries: number;
  private readonly maxMillis: number;
  private readonly cmp: (a: string, b: string) => number;
  /** Keep the operating system's listing order (`order: "os"` or `"listing"`). */
  private readonly osOrder: boolean;
  private readonly started = Date.now();
  private entries = 0;
  private stopped = false;
  /** The directories on the current path, by real path (a link to one of them is a loop). */
  private readonly onPath = new Set<string>();
  private readonly links = new LinkResolver();
  /** The outermost symlink the current path went through (named when a bound stops the walk). */
  private via: { path: string; target: string } | undefined;

  constructor(private readonly opts: WalkOptions) {
    this.dedupe = opts.dedupeFiles ?? true;
    this.maxDepth = Math.min(opts.maxDepth ?? 64, WALK_DEPTH_CEILING);
    this.depthIsCeiling = (opts.maxDepth ?? 64) > WALK_DEPTH_CEILING;
    this.depthIsOwn = this.depthIsCeiling || opts.maxDepth === undefined;
    this.maxEntries = opts.maxEntries ?? WALK_MAX_ENTRIES;
    this.maxMillis = opts.maxMillis ?? WALK_MAX_MS;
    this.cmp = opts.compare ?? ((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0));
    this.osOrder = opts.order === "os" || opts.order === "listing";
  }

  /**
   * Walks the directory `dir` (`rel` to the root, `depth` below it). `knownReal` is its real path when
   * already known (a plain subdirectory of a known real path): plain entries cost no stat or realpath;
   * only symlinks (and unknown types) are resolved.
   */
  visit(dir: string, rel: string, depth: number, knownReal?: string): void {
    if (this.stopped) return;
    const real = knownReal ?? safeRealpath(dir);
    if (!real || this.seenDirs.has(real)) return;
    this.seenDirs.add(real);
    if (depth > this.maxDepth) {
      this.tooDeep(dir);
      return;
    }
    if (Date.now() - this.started > this.maxMillis) {
      this.stop(dir, "time");
      return;
    }
    const list = this.list(dir);
    if (!list) return;
    this.onPath.add(real);
    for (const ent of list) {
      if (this.stopped) break;
      checkDeadline();
      if (!this.counted(dir)) break;
      this.entry(ent, dir, real, rel, depth);
    }
    this.onPath.delete(real);
  }

  /** The directory's entries in walk order, or undefined (and a problem) when it cannot be listed. */
  private list(dir: string): Dirent[] | undefined {
    let list: Dirent[];
    try {
      // Kept for the command's read snapshot, if any (several walks of one command list a directory once):
      // the kept array is never sorted in place.
      list = this.osOrder
        ? snapshotListing(`os\0${dir}`, () => direntsOsOrder(dir), countOf)
        : direntsSorted(dir);
    } catch (e) {
      this.problems.push({
        kind: "unlistable",
        path: dir,
        message: `cannot list directory (${(e as Error).message})`,
      });
      return undefined;
    }
    if (!this.osOrder) list.sort((a, b) => this.cmp(a.name, b.name));
    return list;
  }

  /** Counts one more entry; false (and the walk stopped) when the entry or time limit is reached. */
  private counted(dir: string): boolean {
    if (++this.entries > this.maxEntries) {
      this.stop(dir, "entries");
      return false;
    }
    if ((this.entries & 255) === 0 && Date.now() - this.started > this.maxMillis) {
      this.stop(dir, "time");
      return false;
    }
    return true;
  }

  /** One entry of the directory `dir` (real path `real`): entered, kept, or skipped. */
  private entry(ent: Dirent, dir: string, real: string, rel: string, depth: number): void {
    const name = ent.name;
    // A listed name has no `/` and is not `.` or `..`: appending it to a real path gives a normal path.
    const inReal = real === "/" ? `/${name}` : `${real}/${name}`;
    const p = dir === real ? inReal : joinPath(dir, name);
    const r = rel ? `${rel}/${name}` : name;
    if (ent.isDirectory()) {
      this.enter(p, r, name, depth, inReal, false);
      return;
    }
    if (ent.isFile()) {
      this.keep(p, r, name, inReal);
      return;
    }
    const link = ent.isSymbolicLink();
    const resolved = this.resolve(ent, p, r, name, real, link);
    if (!resolved) return; // fifos, sockets, devices, dangling links: never opened
    if (resolved.dir) this.enter(p, r, name, depth, resolved.real, link);
    else this.keep(p, r, name, resolved.real);
  }

  /**
   * For an entry listed as neither a directory nor a regular file: what it is once a link is followed (or
   * stat asked about an unknown type); undefined for anything but a directory or a regular file (reported
   * through `onSpecial`), a dangling link or a link loop.
   */
  private resolve(
    ent: Dirent,
    p: string,
    r: string,
    name: string,
    real: string,
    link: boolean,
  ): Resolved | undefined {
    if (!link && !isUnknown(ent)) {
      this.special(p, r, name, specialType(ent)); // fifo, socket, device: never opened
      return undefined;
    }
    let st: import("node:fs").Stats;
    try {
      st = snapshotListing(`st\0${p}`, () => statSync(p), one);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ELOOP")
        this.problems.push({
          kind: "link-loop",
          path: p,
          message: "link loop (the symlink resolves to itself); not followed",
        });
      return undefined; // dangling symlink or vanished
    }
    if (!st.isDirectory() && !st.isFile()) {
      this.special(p, r, name, specialType(st));
      return undefined;
    }
    // The link sits in the directory `real`, whichever way the walk reached it: its real path follows
    // from its target (and the links it leads through, each read once per walk) without realpath(3).
    return { dir: st.isDirectory(), real: link ? this.links.realOf(real, name) : undefined };
  }

  /** An entry that is neither a directory nor a regular file, for `onSpecial` when `includeFile` takes it. */
  private special(p: string, r: string, name: string, type: string): void {
    const { onSpecial, includeFile } = this.opts;
    if (onSpecial && (!includeFile || includeFile(r, name))) onSpecial({ path: p, rel: r, type });
  }

  /** Enters a subdirectory unless `enterDir` refuses it; a linked one only inside `stayInside` and no loop. */
  private enter(
    p: string,
    r: string,
    name: string,
    depth: number,
    entReal: string | undefined,
    link: boolean,
  ): void {
    if (this.opts.enterDir && !this.opts.enterDir(r, name)) return;
    if (!link) {
      this.visit(p, r, depth + 1, entReal);
      return;
    }
    const target = entReal ?? safeRealpath(p);
    const { stayInside } = this.opts;
    if (target && stayInside && !inside(stayInside, target)) {
      this.problems.push({
        kind: "outside",
        path: p,
        message: `links to ${target}, outside ${stayInside}; not followed`,
      });
      return;
    }
    if (target && this.onPath.has(target)) {
      this.problems.push({
        kind: "link-loop",
        path: p,
        message: `link loop: it points at ${target}, a directory it sits in; not followed`,
      });
      return;
    }
    if (this.via || !target) {
      this.visit(p, r, depth + 1, entReal);
      return;
    }
    this.via = { path: p, target };
    this.visit(p, r, depth + 1, target);
    this.via = undefined;
  }

  /** Keeps a regular file unless `includeFile` refuses it or (deduplicating) its real path was kept. */
  private keep(p: string, r: string, name: string, entReal: string | undefined): void {
    if (this.opts.includeFile && !this.opts.includeFile(r, name)) return;
    const rp = entReal ?? safeRealpath(p) ?? p;
    if (this.dedupe) {
      if (this.seenFiles.has(rp)) return;
      this.seenFiles.add(rp);
    }
    this.files.push({ path: p, realPath: rp, rel: r });
  }

  /** The depth bound cut at `dir`: not walked further. */
  private tooDeep(dir: string): void {
    this.bound(
      {
        kind: "bound",
        bound: "depth",
        limit: this.maxDepth,
        own: this.depthIsOwn,
        path: dir,
        message: this.depthIsCeiling
          ? `deeper than ${WALK_DEPTH_CEILING.toLocaleString("en-US")} directories (the walker's depth limit); not walked further`
          : `deeper than ${this.maxDepth} directories; not walked further`,
      },
      false,
    );
  }

  /** The entry or time limit stopped the whole walk at `dir` (named by the link it went through, if any). */
  private stop(dir: string, which: "entries" | "time"): void {
    this.stopped = true;
    const what =
      which === "entries"
        ? `${this.maxEntries.toLocaleString("en-US")} directory entries (the walker's entry limit)`
        : `${(this.maxMillis / 1000).toLocaleString("en-US")} s (the walker's time limit)`;
    const limit = which === "entries" ? this.maxEntries : this.maxMillis;
    const { via } = this;
    // First: the one problem that says the walk is incomplete must not drown among the others.
    this.bound(
      {
        kind: "bound",
        bound: which,
        limit,
        own: true,
        path: via ? via.path : dir,
        message: via
          ? `links to ${via.target}; walk stopped after ${what}, so files beyond it were not counted; an agent may keep walking (remove or narrow the link)`
          : `walk stopped after ${what}, so files beyond it were not counted`,
      },
      true,
    );
  }

  /** Records a bound problem (`first`: ahead of the others) and, for the walker's own bounds, a cut. */
  private bound(p: Extract<WalkProblem, { kind: "bound" }>, first: boolean): void {
    if (first) this.problems.unshift(p);
    else this.problems.push(p);
    if (p.own) recordCut({ bound: CUT_OF[p.bound], limit: p.limit, path: p.path, message: p.message });
  }
}

/**
 * realpath(3) of `<realDir>/<name>`, a symlink in a directory whose path is its real path, for the common
 * relative targets (`x`, `../x`, `..`, `sub/x`): followed link by link with readlink. Undefined when the
 * answer is not certain (see {@link LinkResolver}): callers then ask realpath itself. Linux only.
 */
export function linkRealpath(realDir: string, name: string): string | undefined {
  return new LinkResolver().realOf(realDir, name);
}

/** Symbolic links resolved at most (Linux's MAXSYMLINKS and glibc's realpath limit): more is ELOOP. */
const MAX_LINKS = 40;

/**
 * Real paths of the symlinks one walk meets, each link read once: a chain of links (`n5/rule.md ->
 * ../rule.md -> ../rule.md ...`) costs one readlink per link over the whole walk, where realpath(3) re-reads
 * every component of every path (about 130 readlinks for one file 128 directories deep, bench/cap.mjs).
 * Answers only what it can settle from relative targets made of leading `..` segments and names; anything
 * else (an absolute target, a `.` or empty segment, a `..` after a name, a missing file, a cycle, more
 * than 40 links) is undefined, and the caller asks realpath(3). The answers hold for one walk (a snapshot
 * of the file system); a differential test holds them equal to realpath(3) (test/unit/fast-paths.test.ts).
 * Linux only (elsewhere every answer is undefined).
 */
export class LinkResolver {
  /** Resolved `<realDir>/<name>` keys: the real path and the links followed; null while or when unsettled. */
  private readonly memo = new Map<string, { real: string; links: number } | null>();

  /** realpath(3) of `<realDir>/<name>` (`realDir` a real path, `name` one path segment), or undefined. */
  realOf(realDir: string, name: string): string | undefined {
    if (process.platform !== "linux" || !realDir.startsWith("/")) return undefined;
    if (name === "" || name === "." || name === ".." || name.includes("/")) return undefined;
    const r = this.resolve(realDir, name);
    return r && r.links <= MAX_LINKS ? r.real : undefined;
  }

  private resolve(dir: string, name: string): { real: string; links: number } | null {
    const key = dir === "/" ? `/${name}` : `${dir}/${name}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    this.memo.set(key, null); // a cycle meets its own key unsettled
    let target: string;
    try {
      target = readlinkSync(key);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EINVAL") return null; // missing, not a directory, ...
      const plain = { real: key, links: 0 }; // exists and is not a link: its own real path
      this.memo.set(key, plain);
      return plain;
    }
    if (target === "" || target.startsWith("/")) return null;
    let cur = dir;
    let links = 1;
    let named = false;
    for (const seg of target.split("/")) {
      if (seg === "..") {
        if (named || cur === "/") return null;
        cur = parentOf(cur);
        continue;
      }
      if (seg === "" || seg === ".") return null;
      named = true;
      const sub = this.resolve(cur, seg);
      if (!sub) return null;
      links += sub.links;
      if (links > MAX_LINKS) return null;
      cur = sub.real;
    }
    if (cur === "/") return null;
    const res = { real: cur, links };
    this.memo.set(key, res);
    return res;
  }
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
