/**
 * Builds small file trees for tests: text or byte files, symlinks, directories, real git repositories.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A file's content, a symlink (`{ link: target }`), a directory (`{ dir: true }`) or a git repo (`{ git: true }`). */
export type Entry = string | Buffer | { link: string } | { dir: true } | { git: true };

/** Writes `files` (paths relative to `base`, POSIX) under `base`. */
export function writeLayout(base: string, files: Record<string, Entry>): void {
  for (const [rel, e] of Object.entries(files)) {
    const p = join(base, rel);
    if (typeof e === "object" && !Buffer.isBuffer(e) && "git" in e) {
      // `"x/.git": { git: true }` makes x a real git repository.
      const repo = p.endsWith("/.git") ? dirname(p) : p;
      mkdirSync(repo, { recursive: true });
      execFileSync("git", ["init", "-q", repo]);
      continue;
    }
    if (typeof e === "object" && !Buffer.isBuffer(e) && "dir" in e) {
      mkdirSync(p, { recursive: true });
      continue;
    }
    mkdirSync(dirname(p), { recursive: true });
    if (typeof e === "object" && !Buffer.isBuffer(e) && "link" in e) symlinkSync(e.link, p);
    else writeFileSync(p, e);
  }
}

/** A fresh temp directory (real path). */
export function tempDir(prefix = "ac-"): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}
