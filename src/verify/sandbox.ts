/**
 * The throwaway copy a verify run happens in: the repository's instruction files and nothing else, so no
 * repository hook, tool or command can run and nothing is written into the repository.
 *
 * What is copied (paths kept): every file named as a registered agent's memory file, every file the
 * agent's runner asks for (`copies`: rules, settings, project config — settings through `sanitize`),
 * every file those import (any `@path` token that names an existing file inside the repository,
 * transitively, a deliberately generous scan independent of the model's own parsing, so a model that misses
 * an import cannot hide it from the CLI), the targets of symlinks among them (inside the repository), and
 * the `--read` targets. Symlinks stay symlinks. Each `.git` directory becomes an empty `git init`
 * repository (the CLIs look for it; nothing of the history is copied); a `.git` file is copied as is.
 * `node_modules` and `.git` are not entered.
 */
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { inside, toPosix } from "../fs/paths.js";
import type { VerifyRunner } from "../model/index.js";

/** Directory entries one sandbox walk visits at most. */
export const SANDBOX_MAX_ENTRIES = 200_000;
/** Files (instruction files and their imports) one sandbox copies at most. */
export const SANDBOX_MAX_FILES = 5_000;
/** Largest file copied, in bytes (Claude Code skips files over 4 MiB; one byte more shows the skip). */
export const SANDBOX_MAX_FILE_BYTES = 4 * 1024 * 1024 + 1;

export interface Sandbox {
  /** The copy's root (real path); its base name is the repository's. */
  root: string;
  /** The directory holding the copy and the throwaway home (removed by the caller). */
  base: string;
  /** A throwaway, empty home directory. */
  home: string;
  /** Copied paths relative to the root (POSIX), in copy order; settings as sanitized. */
  files: string[];
  /** Walk or copy bounds that were reached, as sentences (empty: none). */
  limits: string[];
}

export interface SandboxOptions {
  /** The repository root (absolute). */
  root: string;
  /** Memory file names of every registered agent. */
  memoryNames: ReadonlySet<string>;
  runner: Pick<VerifyRunner, "copies" | "sanitize">;
  /** Files the run will read (absolute, inside the root): copied too. */
  reads: readonly string[];
}

const IMPORT_TOKEN = /@([^\s`'"<>()[\]{}]+)/g;

/** Makes the copy. Never writes inside `opts.root`. */
export function makeSandbox(opts: SandboxOptions): Sandbox {
  const root = realpathSync(opts.root);
  const base = realpathSync(mkdtempSync(join(tmpdir(), "agent-context-verify-")));
  const copyRoot = join(base, basename(root) || "repo");
  const home = join(base, "home");
  mkdirSync(copyRoot);
  mkdirSync(home);
  const limits: string[] = [];
  const wanted: string[] = [];
  const gitDirs: string[] = [];
  const gitFiles: string[] = [];
  let entries = 0;
  const walk = (dir: string): void => {
    if (entries > SANDBOX_MAX_ENTRIES) return;
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (++entries > SANDBOX_MAX_ENTRIES) {
        limits.push(`the copy stopped after ${SANDBOX_MAX_ENTRIES.toLocaleString("en")} directory entries`);
        return;
      }
      const abs = join(dir, name);
      const rel = toPosix(relative(root, abs));
      let st: ReturnType<typeof lstatSync>;
      try {
        st = lstatSync(abs);
      } catch {
        continue;
      }
      if (name === ".git") {
        if (st.isDirectory()) gitDirs.push(rel);
        else if (st.isFile()) gitFiles.push(rel);
        continue;
      }
      if (st.isDirectory()) {
        if (name !== "node_modules") walk(abs);
        continue;
      }
      if (opts.memoryNames.has(name) || opts.runner.copies(rel)) wanted.push(rel);
      else if (st.isSymbolicLink() && /(^|\/)\.claude\/rules(\/|$)/.test(rel)) wanted.push(rel);
    }
  };
  walk(root);
  for (const r of opts.reads) if (inside(root, r)) wanted.push(toPosix(relative(root, r)));

  const copied = new Set<string>();
  const order: string[] = [];
  const queue = [...wanted];
  while (queue.length > 0) {
    const rel = queue.shift() as string;
    if (copied.has(rel) || rel === "") continue;
    if (copied.size >= SANDBOX_MAX_FILES) {
      limits.push(`the copy stopped after ${SANDBOX_MAX_FILES} files`);
      break;
    }
    copied.add(rel);
    const src = join(root, rel);
    const dst = join(copyRoot, rel);
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(src);
    } catch {
      continue;
    }
    mkdirSync(dirname(dst), { recursive: true });
    if (st.isSymbolicLink()) {
      const target = readlinkSync(src);
      symlinkSync(target, dst);
      order.push(rel);
      const real = realTarget(src);
      if (real && inside(root, real)) {
        const rt = toPosix(relative(root, real));
        if (statSync(real).isDirectory()) queue.push(...filesUnder(real, root));
        else queue.push(rt);
      }
      continue;
    }
    if (!st.isFile() || st.size > SANDBOX_MAX_FILE_BYTES) continue;
    const buf = readFileSync(src);
    const sanitized = opts.runner.sanitize(rel, buf.toString("utf8"));
    if (sanitized === undefined) continue;
    if (sanitized === buf.toString("utf8")) copyFileSync(src, dst);
    else writeFileSync(dst, sanitized);
    order.push(rel);
    for (const m of buf.toString("utf8").matchAll(IMPORT_TOKEN)) {
      const token = (m[1] ?? "").replace(/#.*$/, "");
      for (const candidate of [token, token.replace(/[.,:;!?]+$/, "")]) {
        if (candidate === "" || candidate.startsWith("~")) continue;
        const abs = isAbsolute(candidate) ? candidate : resolve(dirname(src), candidate);
        if (!inside(root, abs)) continue;
        try {
          if (lstatSync(abs).isFile() || lstatSync(abs).isSymbolicLink())
            queue.push(toPosix(relative(root, abs)));
        } catch {
          // not a file: nothing to copy
        }
      }
    }
  }
  for (const g of gitDirs) {
    const dir = dirname(join(copyRoot, g));
    mkdirSync(dir, { recursive: true });
    execFileSync("git", ["init", "-q", dir], { stdio: "ignore", env: { PATH: process.env.PATH ?? "" } });
  }
  for (const g of gitFiles) {
    mkdirSync(dirname(join(copyRoot, g)), { recursive: true });
    copyFileSync(join(root, g), join(copyRoot, g));
  }
  return { root: realpathSync(copyRoot), base, home, files: order, limits };
}

function realTarget(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

/** Files below `dir` (a real directory inside `root`), relative to `root`, bounded. */
function filesUnder(dir: string, root: string): string[] {
  const out: string[] = [];
  const visit = (d: string, depth: number) => {
    if (depth > 32 || out.length > 1000) return;
    for (const n of readdirSync(d).sort()) {
      const abs = join(d, n);
      const st = lstatSync(abs);
      if (st.isDirectory()) visit(abs, depth + 1);
      else out.push(toPosix(relative(root, abs)));
    }
  };
  visit(dir, 0);
  return out;
}
