/**
 * Atomic file writes: the new content goes to a temporary file beside the target, is flushed, and is
 * renamed over the target in one step, so a reader (or a crash) sees the old bytes or the new bytes, never a
 * partial file. The target's permission bits are kept.
 *
 * Writes stay where they were meant to go: with `within`, a target whose real destination (every symlink
 * on its path resolved, the file's own link included) leaves that directory is refused before anything is
 * created, naming the real destination ({@link checkWriteInside}). A staged file is removed when SIGINT or
 * SIGTERM ends the process, and one left by a process that could not remove it (SIGKILL, a power cut) is
 * removed by the next write of the same file: only a regular file of ours, by its name (`.<target
 * name>.<pid>.<ms>[.<n>].tmp`), its owner (this user) and its age (its process gone, or a day old).
 */
import {
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { UsageError } from "../errors.js";
import { inside } from "./paths.js";

/**
 * The file a write to `path` should replace: `path` itself, or the file a symlink at `path` points to.
 * Throws {@link UsageError} when that is something other than a regular file (a device such as
 * `/dev/full`, a fifo, a directory): a write replaces only files.
 */
function throughLinks(path: string): string {
  const target = linkTarget(path);
  let st: import("node:fs").Stats | undefined;
  try {
    st = statSync(target);
  } catch {
    return target; // a new file
  }
  if (!st.isFile())
    throw new UsageError(
      `${path}: ${target === path ? "is" : `leads to ${target}, which is`} a ${typeOfEntry(st)}, not a regular file; nothing written — give the path of a file`,
    );
  return target;
}

function typeOfEntry(st: import("node:fs").Stats): string {
  if (st.isDirectory()) return "directory";
  if (st.isFIFO()) return "fifo";
  if (st.isSocket()) return "socket";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "device";
  return "special file";
}

/** `path`, or the real path a symlink at `path` leads to; a link to nothing is a {@link UsageError}. */
function linkTarget(path: string): string {
  try {
    return lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") {
      // No file (write it), or a link to nothing (realpath failed): say so rather than replace the link.
      try {
        lstatSync(path);
      } catch {
        return path;
      }
      throw new UsageError(
        `${path}: a symbolic link to a missing file; left alone — fix the link, then rerun`,
      );
    }
    throw e;
  }
}

/**
 * Where a write to `path` really lands: the real path of its nearest existing ancestor (links resolved)
 * joined with the components that do not exist yet, or, when `path` exists, its real path (a symlink at
 * `path` resolved). Throws {@link UsageError} for a symlink on the way that leads nowhere.
 */
export function realDestination(path: string): string {
  const rest: string[] = [];
  let cur = resolve(path);
  for (;;) {
    let exists = true;
    try {
      lstatSync(cur);
    } catch {
      exists = false;
    }
    if (exists) break;
    const up = dirname(cur);
    if (up === cur) break;
    rest.unshift(basename(cur));
    cur = up;
  }
  let real: string;
  try {
    real = realpathSync(cur);
  } catch {
    throw new UsageError(
      `${path}: ${cur === resolve(path) ? "a symbolic link" : `${cur}, on its path, is a symbolic link`} to a missing place; left alone — fix the link, then rerun`,
    );
  }
  return rest.length === 0 ? real : join(real, ...rest);
}

/**
 * Throws {@link UsageError} (exit 2) when a write to `path` would land outside the directory `within`
 * (compared by real paths): the message names `path`, the real destination and `within`, and says that
 * nothing was written. `what` names `within` for the message (default: its path). Returns the real
 * destination otherwise.
 */
export function checkWriteInside(path: string, within: string, what = within): string {
  const dest = realDestination(path);
  let realWithin: string;
  try {
    realWithin = realpathSync(within);
  } catch {
    realWithin = resolve(within);
  }
  if (!inside(realWithin, dest))
    throw new UsageError(
      `${path}: leads to ${dest}, outside ${what}, through a symbolic link; nothing written — agent-context writes only inside ${what}: remove or replace the link, then rerun`,
    );
  return dest;
}

/** The temporary files this process has staged and not yet renamed or removed. */
const ourStaged = new Set<string>();
let signalsHandled = false;

/**
 * From the first staging on, SIGINT and SIGTERM remove every staged file before the process ends by the
 * same signal (the default action, re-raised). Node delivers a signal to a handler between synchronous
 * steps, so a write in progress ends (renamed or rolled back) before the handler runs.
 */
function handleSignals(): void {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    const onSignal = () => {
      removeStaged();
      process.removeListener(sig, onSignal);
      // Only our listener was there: end as the signal ends a process. Else leave it to the others.
      if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
    };
    process.on(sig, onSignal);
  }
}

function removeStaged(): void {
  for (const tmp of ourStaged) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
  ourStaged.clear();
}

/** A staged file's name for a write to `target`: `.<name>.<pid>.<ms>[.<n>].tmp`, beside it. */
function stagedName(target: string, n?: number): string {
  return join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${Date.now()}${n === undefined ? "" : `.${n}`}.tmp`,
  );
}

/** How old (ms) a staged file of a process still running must be before it counts as left behind. */
export const STALE_STAGED_MS = 24 * 60 * 60 * 1000;
/** Staged files younger than this (ms) are never removed: another writer may be about to rename it. */
const FRESH_STAGED_MS = 60 * 1000;

/**
 * Removes the staged files an earlier write of `target` left beside it: regular files named
 * `.<name>.<pid>.<ms>[.<n>].tmp` for `target`'s name, owned by this user, older than a minute, whose
 * process is gone (or which are a day old). Nothing else is touched, whoever owns it. Never throws.
 */
export function removeStaleStaged(target: string): void {
  const dir = dirname(target);
  const name = basename(target);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const prefix = `.${name}.`;
  const uid = typeof process.getuid === "function" ? process.getuid() : null;
  const now = Date.now();
  for (const n of names) {
    if (!n.startsWith(prefix) || !n.endsWith(".tmp")) continue;
    const m = /^(\d+)\.(\d+)(?:\.\d+)?\.tmp$/.exec(n.slice(prefix.length));
    if (!m) continue;
    const pid = Number(m[1]);
    const p = join(dir, n);
    try {
      const st = lstatSync(p);
      if (!st.isFile() || (uid !== null && st.uid !== uid)) continue;
      const age = now - st.mtimeMs;
      if (age < FRESH_STAGED_MS) continue;
      if (pid === process.pid || (processAlive(pid) && age < STALE_STAGED_MS)) continue;
      unlinkSync(p);
    } catch {
      // gone, or not ours to remove
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Creates and fills a staged file for `target` with `mode`; registered for removal on a signal. */
function stage(target: string, data: string | Buffer, mode: number, n?: number): string {
  handleSignals();
  const tmp = stagedName(target, n);
  const fd = openSync(tmp, "wx", mode);
  ourStaged.add(tmp);
  try {
    const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
  } catch (e) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    unstage(tmp);
    throw e;
  }
  closeSync(fd);
  return tmp;
}

function unstage(tmp: string): void {
  try {
    unlinkSync(tmp);
  } catch {
    // nothing to remove
  }
  ourStaged.delete(tmp);
}

function lstatSafeSync(path: string): import("node:fs").Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** The mode an existing file at `path` has (permission bits), or 0644 for a new one. */
function modeOf(path: string): number {
  try {
    return statSync(path).mode & 0o7777;
  } catch {
    return 0o644;
  }
}

/** A file system error in words for a message: `ENOSPC, no space left on the device`. */
export function describeWriteError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  const words: Record<string, string> = {
    ENOTDIR: "a component of the path is a file, not a directory",
    EEXIST: "it exists and is not a directory",
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    EROFS: "read-only file system",
    ENOSPC: "no space left on the device",
    EDQUOT: "disk quota exceeded",
    EFBIG: "file too large for this process or file system",
    ENOENT: "a component of the path does not exist or was removed",
    EISDIR: "a directory is in the way",
  };
  return code ? `${code}, ${words[code] ?? (e as Error).message}` : String((e as Error)?.message ?? e);
}

/** The file's current text, or null when it does not exist. */
function currentText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/**
 * Writes `data` to `path` atomically (temp file in the same directory + rename). Keeps an existing file's
 * mode. Throws the underlying filesystem error (after removing the temp file) when the write fails.
 */
export function writeFileAtomic(path: string, data: string | Buffer): void {
  const st = lstatSafeSync(path);
  if (st && !st.isFile() && !st.isSymbolicLink())
    throw new UsageError(
      `${path}: is a ${typeOfEntry(st)}, not a regular file; nothing written — give the path of a file`,
    );
  removeStaleStaged(path);
  const tmp = stage(path, data, modeOf(path));
  try {
    renameSync(tmp, path);
    ourStaged.delete(tmp);
  } catch (e) {
    unstage(tmp);
    throw e;
  }
}

/** The file's current bytes, or null when it does not exist. Never throws. */
function currentBytes(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

/**
 * Writes several files all-or-nothing as far as the file system allows: every new content is first staged
 * in a temporary file beside its target (flushed); only when all are staged are they renamed over their
 * targets. A failure while staging removes every staged file and throws, leaving all targets untouched.
 * An entry whose `data` is null removes its file, after the staging succeeded. A failure while committing
 * (a rename or removal) puts back what the files committed before it held, removes the staged files left,
 * and throws (see below). A symlinked target is written through its link (the link stays). With
 * `expected` (the text the new content was computed from; null: the file did not exist), a target that
 * changed since is left alone: nothing is written and {@link UsageError} names it. With `within`, every
 * target must really land inside that directory ({@link checkWriteInside}), else nothing is written.
 * The commit failure is reported as {@link UsageError} naming the file that failed and its error code.
 * @throws UsageError (a target leaving `within`, a changed target, a failed rename or removal); the file
 *   system error of a failed staging write
 */
export function writeFilesAtomic(
  input: readonly { path: string; data: string | Buffer | null; expected?: string | null }[],
  opts: { within?: string; withinName?: string } = {},
): void {
  if (opts.within !== undefined)
    for (const f of input) checkWriteInside(f.path, opts.within, opts.withinName);
  const files = input.map((f) => ({ ...f, path: throughLinks(f.path) }));
  const staged: { tmp: string | null; path: string }[] = [];
  const unstageAll = () => {
    for (const s of staged) if (s.tmp !== null) unstage(s.tmp);
  };
  try {
    for (const f of files) {
      if (f.data === null) {
        staged.push({ tmp: null, path: f.path });
        continue;
      }
      removeStaleStaged(f.path);
      staged.push({ tmp: stage(f.path, f.data, modeOf(f.path), staged.length), path: f.path });
    }
    for (const f of files) {
      if (f.expected === undefined) continue;
      let now: string | null;
      try {
        now = currentText(f.path);
      } catch (e) {
        throw new UsageError(
          `${f.path}: cannot be read back (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}: it changed while agent-context was working); left alone, nothing written — rerun`,
        );
      }
      if (now !== f.expected)
        throw new UsageError(
          `${f.path}: changed while agent-context was working; left alone, nothing written — rerun`,
        );
    }
  } catch (e) {
    unstageAll();
    throw e;
  }
  const before = staged.map((s) => currentBytes(s.path));
  let i = 0;
  try {
    for (; i < staged.length; i++) {
      const s = staged[i] as { tmp: string | null; path: string };
      if (s.tmp === null) {
        try {
          unlinkSync(s.path);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
        }
      } else {
        renameSync(s.tmp, s.path);
        ourStaged.delete(s.tmp);
        s.tmp = null;
      }
    }
  } catch (e) {
    // Put back what the files committed so far held, newest first, then drop the staged files left.
    for (let j = i - 1; j >= 0; j--) {
      const s = staged[j] as { path: string };
      const old = before[j];
      try {
        if (old === null || old === undefined) unlinkSync(s.path);
        else writeFileAtomic(s.path, old);
      } catch {
        // best effort: the error below names the failure
      }
    }
    unstageAll();
    const failed = (staged[i] as { path: string } | undefined)?.path ?? "";
    throw new UsageError(
      `${failed}: cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); nothing written, every file left as it was`,
    );
  }
}
