/**
 * Atomic file writes: the new content goes to a temporary file beside the target, is flushed, and is
 * renamed over the target in one step, so a reader (or a crash) sees the old bytes or the new bytes, never a
 * partial file. The target's permission bits are kept.
 */
import { closeSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

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
 */
export function writeFilesAtomic(files: readonly { path: string; data: string | Buffer }[]): void {
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
  for (const s of staged) renameSync(s.tmp, s.path);
}
