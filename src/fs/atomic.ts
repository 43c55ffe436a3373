/**
 * Atomic file writes: the new content goes to a temporary file beside the target, is flushed, and is
 * renamed over the target in one step, so a reader (or a crash) sees the old bytes or the new bytes, never a
 * partial file. The target's permission bits are kept.
 */
import {
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { UsageError } from "../errors.js";

/** The file a write to `path` should replace: `path` itself, or the file a symlink at `path` points to. */
function throughLinks(path: string): string {
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
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  let mode = 0o644;
  try {
    mode = statSync(path).mode & 0o7777;
  } catch {
    // new file
  }
  const fd = openSync(tmp, "wx", mode);
  try {
    const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, path);
  } catch (e) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    try {
      unlinkSync(tmp);
    } catch {
      // nothing to remove
    }
    throw e;
  }
}

/**
 * Writes several files all-or-nothing as far as the file system allows: every new content is first staged
 * in a temporary file beside its target (flushed); only when all are staged are they renamed over their
 * targets. A failure while staging removes every staged file and throws, leaving all targets untouched.
 * A symlinked target is written through its link (the link stays). With `expected` (the text the new
 * content was computed from; null: the file did not exist), a target that changed since is left alone:
 * nothing is written and {@link UsageError} names it. A failure while renaming (a target replaced by a
 * directory, a read-only place) rolls back the targets renamed already and removes the staged files:
 * {@link UsageError} names the file that failed and no file is changed.
 * @throws UsageError (a changed target, a failed rename); the file system error of a failed staging write
 */
export function writeFilesAtomic(
  input: readonly { path: string; data: string | Buffer; expected?: string | null }[],
): void {
  const files = input.map((f) => ({ ...f, path: throughLinks(f.path) }));
  const staged: { tmp: string; path: string }[] = [];
  try {
    for (const f of files) {
      const tmp = join(
        dirname(f.path),
        `.${basename(f.path)}.${process.pid}.${Date.now()}.${staged.length}.tmp`,
      );
      let mode = 0o644;
      try {
        mode = statSync(f.path).mode & 0o7777;
      } catch {
        // new file
      }
      const fd = openSync(tmp, "wx", mode);
      staged.push({ tmp, path: f.path });
      try {
        const buf = typeof f.data === "string" ? Buffer.from(f.data, "utf8") : f.data;
        let off = 0;
        while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
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
    for (const s of staged) {
      try {
        unlinkSync(s.tmp);
      } catch {
        // already gone
      }
    }
    throw e;
  }
  // Renames, rolled back on a failure: a target renamed already gets its original bytes back (from the
  // text it was checked against, or a copy read now), and every staged file left is removed, so a failure
  // here too leaves every target as it was and no temporary file behind.
  const originals = files.map((f) => {
    if (typeof f.expected === "string") return f.expected;
    try {
      return readFileSync(f.path);
    } catch {
      return null;
    }
  });
  let done = 0;
  try {
    for (; done < staged.length; done++) {
      const st = staged[done] as { tmp: string; path: string };
      renameSync(st.tmp, st.path);
    }
  } catch (e) {
    for (let i = done; i < staged.length; i++) {
      try {
        unlinkSync((staged[i] as { tmp: string }).tmp);
      } catch {
        // already gone
      }
    }
    for (let i = 0; i < done; i++) {
      const orig = originals[i];
      const path = (staged[i] as { path: string }).path;
      try {
        if (orig === null || orig === undefined) unlinkSync(path);
        else writeFileAtomic(path, orig);
      } catch {
        // best effort: the error below names the file that failed
      }
    }
    const failed = (staged[done] as { path: string } | undefined)?.path ?? "";
    throw new UsageError(
      `${failed}: cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); nothing written, every file left as it was`,
    );
  }
}
