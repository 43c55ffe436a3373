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
}

/**
 * Reads a file as text, safely. Follows symlinks. Never throws, except `DeadlineExceeded` once the
 * process deadline (./deadline.ts, set only by the hook) has passed.
 * @param path absolute path
 * @param limit maximum size in bytes to read (default {@link MAX_READ_BYTES})
 */
export function readTextFile(path: string, limit = MAX_READ_BYTES, opts: ReadOptions = {}): ReadResult {
  checkDeadline();
  let st: import("node:fs").Stats;
  let knownReal = false;
  try {
    if (opts.parentIsReal && process.platform === "linux") {
      st = lstatSync(path);
      if (st.isSymbolicLink()) st = statSync(path);
      else knownReal = true;
    } else st = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP")
      return { ok: false, reason: "missing", path };
    return { ok: false, reason: "unreadable", path, error: String((e as Error).message) };
  }
  if (!st.isFile()) return { ok: false, reason: "not-regular", path, type: typeName(st) };
  if (st.size > limit) return { ok: false, reason: "too-large", path, fileBytes: st.size, limit };
  let fd: number | undefined;
  try {
    // O_NONBLOCK: if the file was swapped for a fifo after the stat, the open does not hang.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const fst = fstatSync(fd);
    if (!fst.isFile()) return { ok: false, reason: "not-regular", path, type: typeName(fst) };
    if (fst.size > limit) return { ok: false, reason: "too-large", path, fileBytes: fst.size, limit };
    const raw = Buffer.alloc(fst.size);
    let off = 0;
    while (off < raw.length) {
      const n = readSync(fd, raw, off, raw.length - off, off);
      if (n === 0) break;
      off += n;
    }
    const bytes = off === raw.length ? raw : raw.subarray(0, off);
    const text = bytes.toString("utf8");
    const validUtf8 = isValidUtf8(bytes);
    return {
      ok: true,
      path,
      realPath: knownReal ? path : (safeRealpath(path) ?? path),
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
