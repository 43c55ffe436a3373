/**
 * The one safe reader. Every file the product looks at is opened here, so the bad-input rules hold
 * everywhere: fifos, sockets and devices are never opened; oversized files are not read whole; invalid
 * UTF-8 is reported, not silently mangled; nothing throws for a missing or unreadable file.
 */
import { isUtf8 } from "node:buffer";
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  realpathSync,
  statSync,
} from "node:fs";
import { recordCut } from "./cuts.js";
import { checkDeadline } from "./deadline.js";

/** Files larger than this (bytes) are not read; callers report them by name. 64 MiB. */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

export type ReadFailure =
  | { ok: false; reason: "missing"; path: string }
  | { ok: false; reason: "not-regular"; path: string; type: string }
  | { ok: false; reason: "too-large"; path: string; fileBytes: number; limit: number }
  | { ok: false; reason: "unreadable"; path: string; error: string };

export type ReadResult =
  | {
      ok: true;
      path: string;
      /** The real path (symlinks resolved). */
      realPath: string;
      /** Text decoded as UTF-8 (invalid sequences become U+FFFD, as Node decodes them). */
      text: string;
      /** Size on disk in bytes. */
      fileBytes: number;
      /** Whether the bytes were valid UTF-8. */
      validUtf8: boolean;
      /** The raw bytes. */
      raw: Buffer;
    }
  | ReadFailure;

/** Describes a non-regular file type for a message. */
function typeName(st: import("node:fs").Stats): string {
  if (st.isDirectory()) return "directory";
  if (st.isFIFO()) return "fifo";
  if (st.isSocket()) return "socket";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "device";
  return "special file";
}

export interface ReadOptions {
  /**
   * The caller knows `dirname(path)` is a real path (no symlink in it) and `path` is normalised: then a
   * `path` that is not itself a symlink is its own real path, and the realpath call is saved (one lstat
   * replaces the stat). Same result either way. Linux only (case-insensitive file systems elsewhere may
   * have realpath change a name's case).
   */
  parentIsReal?: boolean;
  /**
   * The caller walked to `path` and knows it is a regular file whose real path is `path` (a listed
   * regular entry of a real directory, or a symlink the walk resolved to a regular file): no stat before
   * the open. The open is non-blocking and the opened file is checked (fstat) as on every read, so a file
   * swapped for a fifo or a directory since the walk is still refused. Same result as without the hint
   * (test/unit/fast-paths.test.ts). Linux only; ignored elsewhere.
   */
  walkedRegular?: boolean;
}

/** The failure for an error of stat or open: missing (also a link loop or a non-directory parent) or not. */
function statFailure(path: string, e: unknown): ReadFailure {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP")
    return { ok: false, reason: "missing", path };
  return { ok: false, reason: "unreadable", path, error: String((e as Error).message) };
}

/**
 * Reads a file as text, safely. Follows symlinks. Never throws, except `DeadlineExceeded` once the
 * process deadline (./deadline.ts, set only by the hook) has passed.
 * @param path absolute path
 * @param limit maximum size in bytes to read (default {@link MAX_READ_BYTES})
 */
export function readTextFile(path: string, limit = MAX_READ_BYTES, opts: ReadOptions = {}): ReadResult {
  checkDeadline();
  const r = readKept(path, limit, opts);
  // The reader's own limit (not one a caller gave to model an agent's): the agent would read the file.
  if (!r.ok && r.reason === "too-large" && limit === MAX_READ_BYTES)
    recordCut({
      bound: "read-size",
      limit,
      path,
      message: `${r.fileBytes} bytes, larger than the reader's ${limit}-byte limit; not read, so its text was not counted`,
    });
  return r;
}

/** {@link readTextFile} through the read snapshot, when one is open. */
function readKept(path: string, limit: number, opts: ReadOptions): ReadResult {
  if (!snapshot) return readFresh(path, limit, opts);
  const kept = snapshot.reads.get(path);
  const answer = kept && fromKept(kept, limit);
  if (answer) return answer;
  const r = readFresh(path, limit, opts);
  const bytes = r.ok ? r.fileBytes : 0;
  if (snapshot.bytes + bytes <= READ_SNAPSHOT_MAX_BYTES) {
    snapshot.bytes += bytes;
    snapshot.reads.set(path, r);
  }
  return r;
}

/**
 * The kernel's pseudo file systems: their files stat as regular files (`/proc/self/environ`, a `/sys`
 * attribute) but hold the machine's state, not anyone's instructions. A real path below one is never read.
 * Linux's mount points (also where macOS and the BSDs put their devices).
 */
const KERNEL_DIRS = ["/proc/", "/sys/", "/dev/"];

/** The pseudo file system a real path lies in (`/proc`), or undefined. */
export function kernelFileSystem(realPath: string): string | undefined {
  const d = KERNEL_DIRS.find((k) => realPath.startsWith(k));
  return d?.slice(0, -1);
}

/** Bytes of file text one read snapshot keeps at most; reads beyond it are not kept (read again). */
export const READ_SNAPSHOT_MAX_BYTES = 256 * 1024 * 1024;

/** Directory entries and stat results one read snapshot keeps at most ({@link snapshotListing}). */
export const LISTING_SNAPSHOT_MAX_ENTRIES = 1_000_000;

/**
 * The reads of the current {@link withReadSnapshot} scope, by path, and the bytes they hold; the directory
 * listings and stat results the walkers asked for, by key, and how many entries they hold.
 */
let snapshot:
  | {
      reads: Map<string, ReadResult>;
      bytes: number;
      listings: Map<string, { value: unknown } | { error: unknown }>;
      entries: number;
    }
  | undefined;

/**
 * Runs `fn` with every {@link readTextFile} of one path answered by its first read: a command that looks
 * at the repository through several models (lint reads each rule as Claude Code, as Copilot CLI, for its
 * import analysis and for its frontmatter checks) opens each file once, and every model sees the same
 * bytes. Only for a scope that writes nothing it reads (lint's analysis, not its `--fix`). A read under
 * another size limit is answered from the kept one when that settles it, else read again. Directory
 * listings and stats asked through {@link snapshotListing} are kept the same way, so the several walks of
 * one command (lint's file list, its memory files, each agent's rules; a link to `/` makes each of them
 * 100,000 entries) list each directory once. Nested scopes share the outer one. Synchronous `fn` only.
 */
export function withReadSnapshot<T>(fn: () => T): T {
  if (snapshot) return fn();
  snapshot = { reads: new Map(), bytes: 0, listings: new Map(), entries: 0 };
  try {
    return fn();
  } finally {
    snapshot = undefined;
  }
}

/**
 * A directory listing or stat result (`compute()`, whose value must not be mutated by callers) kept for
 * the current {@link withReadSnapshot} scope under `key`, so that it is asked once per scope; a thrown
 * error is kept and thrown again. `entries` is what the value holds (a listing's length, 1 for a stat):
 * past {@link LISTING_SNAPSHOT_MAX_ENTRIES} in one scope, results are no longer kept. Outside a scope,
 * `compute()`. Used by the walker (./walk.ts).
 */
export function snapshotListing<T>(key: string, compute: () => T, entries: (value: T) => number): T {
  if (!snapshot) return compute();
  const kept = snapshot.listings.get(key);
  if (kept) {
    if ("error" in kept) throw kept.error;
    return kept.value as T;
  }
  let value: T;
  try {
    value = compute();
  } catch (e) {
    if (snapshot.entries < LISTING_SNAPSHOT_MAX_ENTRIES) {
      snapshot.entries++;
      snapshot.listings.set(key, { error: e });
    }
    throw e;
  }
  const n = entries(value);
  if (snapshot.entries + n <= LISTING_SNAPSHOT_MAX_ENTRIES) {
    snapshot.entries += n;
    snapshot.listings.set(key, { value });
  }
  return value;
}

/**
 * Runs `fn` outside the current {@link withReadSnapshot} scope (reads and listings are neither answered
 * from it nor kept in it), for work that writes what it then reads: the base revision's copy is written
 * between launches (src/budget/base.ts), and a listing kept from an earlier launch would hide what was
 * written since. The scope is open again when `fn` returns.
 */
export function outsideReadSnapshot<T>(fn: () => T): T {
  const kept = snapshot;
  snapshot = undefined;
  try {
    return fn();
  } finally {
    snapshot = kept;
  }
}

/** Whether a {@link withReadSnapshot} scope is open. */
export function inReadSnapshot(): boolean {
  return snapshot !== undefined;
}

/** The answer a kept read gives under `limit`, or undefined when only a new read can tell. */
function fromKept(kept: ReadResult, limit: number): ReadResult | undefined {
  if (kept.ok) {
    if (kept.fileBytes <= limit) return kept;
    return { ok: false, reason: "too-large", path: kept.path, fileBytes: kept.fileBytes, limit };
  }
  if (kept.reason !== "too-large") return kept;
  return kept.fileBytes > limit ? { ...kept, limit } : undefined;
}

/** The buffer reads go through before their bytes are copied out (grown for a larger file, kept to 1 MiB). */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * Reads the open file `fd` from its start to its end: its bytes (a copy), null when there are more than
 * `limit`, or the error a read gave. Reads at most `limit + 1` bytes whatever the file's size.
 */
function readAtMost(fd: number, limit: number): Buffer | null | Error {
  let buf = scratch;
  let off = 0;
  try {
    for (;;) {
      if (off === buf.length) {
        if (off > limit) return null;
        // A file larger than the buffer: its size says at once whether it is over the limit (no read of
        // megabytes to learn it), and how large a buffer it needs.
        const size = fstatSync(fd).size;
        if (size > limit) return null;
        const bigger = Buffer.allocUnsafeSlow(Math.min(Math.max(buf.length * 2, size + 1), limit + 1));
        buf.copy(bigger, 0, 0, off);
        buf = bigger;
        if (buf.length <= 1024 * 1024) scratch = buf;
      }
      const n = readSync(fd, buf, off, buf.length - off, off);
      if (n === 0) break;
      off += n;
    }
  } catch (e) {
    return e as Error;
  }
  if (off > limit) return null;
  // From Node's pool for small files (fewer ArrayBuffers to collect).
  const out = Buffer.allocUnsafe(off);
  buf.copy(out, 0, 0, off);
  return out;
}

/** {@link readTextFile} without the snapshot. */
function readFresh(path: string, limit: number, opts: ReadOptions): ReadResult {
  let knownReal = false;
  let realPath: string | undefined;
  // Without a stat first, a failed open is what the stat would have said (missing, or unreadable).
  const walked = opts.walkedRegular === true && process.platform === "linux";
  if (walked) knownReal = true;
  else {
    let st: import("node:fs").Stats;
    try {
      if (opts.parentIsReal && process.platform === "linux") {
        st = lstatSync(path);
        if (st.isSymbolicLink()) st = statSync(path);
        else knownReal = true;
      } else st = statSync(path);
    } catch (e) {
      return statFailure(path, e);
    }
    if (!st.isFile()) return { ok: false, reason: "not-regular", path, type: typeName(st) };
    if (st.size > limit) return { ok: false, reason: "too-large", path, fileBytes: st.size, limit };
  }
  realPath = knownReal ? path : (safeRealpath(path) ?? path);
  const kernel = kernelFileSystem(realPath);
  if (kernel) return { ok: false, reason: "not-regular", path, type: `file of the kernel's ${kernel}` };
  let fd: number | undefined;
  try {
    // O_NONBLOCK: if the file was swapped for a fifo after the stat, the open does not hang.
    try {
      fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (e) {
      if (walked) return statFailure(path, e);
      throw e;
    }
    // The walk or the stat before the open said a regular file within the limit: it is read without an
    // fstat (its Stats object, four Dates on Node 20, was a tenth of cap's garbage), up to the limit and one
    // byte more. An fstat settles only what the read cannot: a file now over the limit (its size), an empty
    // read or a failed one (a file swapped for a fifo or a directory since is still refused).
    const got = readAtMost(fd, limit);
    if (got === null || got instanceof Error || got.length === 0) {
      const fst = fstatSync(fd);
      if (!fst.isFile()) return { ok: false, reason: "not-regular", path, type: typeName(fst) };
      if (got === null)
        return { ok: false, reason: "too-large", path, fileBytes: Math.max(fst.size, limit + 1), limit };
      if (got instanceof Error) throw got;
    }
    const bytes = got;
    const text = bytes.toString("utf8");
    const validUtf8 = isValidUtf8(bytes);
    return {
      ok: true,
      path,
      realPath,
      text,
      fileBytes: bytes.length,
      validUtf8,
      raw: bytes,
    };
  } catch (e) {
    return { ok: false, reason: "unreadable", path, error: String((e as Error).message) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** True when the buffer is valid UTF-8. */
export function isValidUtf8(buf: Buffer): boolean {
  return isUtf8(buf);
}

/**
 * realpath that returns undefined instead of throwing. Uses the native (libc) realpath: the JS one lstats
 * every path component and was ~5× slower over 12,000 files (bench/cap.mjs).
 */
export function safeRealpath(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/** What is at a path, without following a final symlink. Never throws. */
export function lstatSafe(path: string): import("node:fs").Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** What is at a path, following symlinks. Never throws. */
export function statSafe(path: string): import("node:fs").Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** True when `path` is a symlink that cannot resolve because it leads back to itself (ELOOP). Never throws. */
export function linkLoop(path: string): boolean {
  try {
    statSync(path);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ELOOP";
  }
}

/** A one-line message for a failed read, naming the file and what to do. */
export function describeReadFailure(f: ReadFailure, shownPath: string = f.path): string {
  switch (f.reason) {
    case "missing":
      return `${shownPath}: no such file`;
    case "not-regular":
      return `${shownPath}: is a ${f.type}, not a regular file; it was not opened`;
    case "too-large":
      return `${shownPath}: ${f.fileBytes} bytes, larger than the ${f.limit}-byte read limit; it was not read — shrink or remove it`;
    case "unreadable":
      return `${shownPath}: cannot be read (${f.error}); check its permissions`;
  }
}
