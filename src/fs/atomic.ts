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
 * changed since is left alone: nothing is written and {@link UsageError} names it.
 * The commit failure is reported as {@link UsageError} naming the file that failed and its error code.
 * @throws UsageError (a changed target, a failed rename or removal); the file system error of a failed staging write
 */
export function writeFilesAtomic(
  input: readonly { path: string; data: string | Buffer | null; expected?: string | null }[],
): void {
  const files = input.map((f) => ({ ...f, path: throughLinks(f.path) }));
  const staged: { tmp: string | null; path: string }[] = [];
  const unstage = () => {
    for (const s of staged) {
      if (s.tmp === null) continue;
      try {
        unlinkSync(s.tmp);
      } catch {
        // already gone
      }
    }
  };
  try {
    for (const f of files) {
      if (f.data === null) {
        staged.push({ tmp: null, path: f.path });
        continue;
      }
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
    unstage();
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
    unstage();
    const failed = (staged[i] as { path: string } | undefined)?.path ?? "";
    throw new UsageError(
      `${failed}: cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); nothing written, every file left as it was`,
    );
  }
}
