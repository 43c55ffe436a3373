/**
 * Writes a small fixture repository described as a table (files, symlinks, git) into a fresh temp dir.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface FixtureSpec {
  /** Relative path → content (string, Buffer, or null for an empty directory). `<R>` in strings is the root. */
  files?: Record<string, string | Buffer | null>;
  /** Relative link path → link target (relative, or absolute with `<R>`). */
  links?: Record<string, string>;
  /** Directories (relative) to `git init`. */
  git?: string[];
  /** Commands run after the files are written: [cwd relative to the root, program, ...args]. */
  run?: string[][];
}

const created: string[] = [];

/** Removes every fixture this process created (call from afterAll). */
export function removeFixtures(): void {
  for (const root of created.splice(0)) rmSync(root, { recursive: true, force: true });
}

/** Creates the fixture; returns its real absolute root. */
export function writeFixture(spec: FixtureSpec, prefix = "ac-fx-"): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  created.push(root);
  for (const [rel, content] of Object.entries(spec.files ?? {})) {
    const p = join(root, rel);
    if (content === null) {
      mkdirSync(p, { recursive: true });
      continue;
    }
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, typeof content === "string" ? content.replaceAll("<R>", root) : content);
  }
  for (const [rel, target] of Object.entries(spec.links ?? {})) {
    const p = join(root, rel);
    mkdirSync(dirname(p), { recursive: true });
    symlinkSync(target.replaceAll("<R>", root), p);
  }
  for (const g of spec.git ?? []) {
    mkdirSync(join(root, g), { recursive: true });
    execFileSync("git", ["init", "-q"], { cwd: join(root, g) });
  }
  for (const [cwd = "", cmd = "true", ...args] of spec.run ?? []) {
    execFileSync(cmd, args, {
      cwd: join(root, cwd),
      stdio: "ignore",
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "t",
        GIT_AUTHOR_EMAIL: "t@t",
        GIT_COMMITTER_NAME: "t",
        GIT_COMMITTER_EMAIL: "t@t",
      },
    });
  }
  return root;
}
