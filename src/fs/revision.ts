/**
 * A git revision on disk beside the working tree, so a model loads the base of a pull request exactly as it
 * loads the working tree — read from git's objects, never checked out. The revision's tree is listed once
 * (`git ls-tree -r`), and only the files a caller asks for are written, as regular files (or symlinks),
 * into a fresh private temporary directory, their bytes read with `git cat-file --batch`: no checkout, so no
 * clean or smudge filter, no LFS download, no hook and no textconv of the repository's runs, and a
 * 30,000-file repository costs a listing, not a copy. The working tree, the index and HEAD are never
 * touched (src/fs/git.ts: every call switches off what could run).
 *
 * - Symlinks are written as the revision holds them when they stay inside it; a relative link that leaves
 *   it is written as the absolute path it leads to from the working tree's top level, so it reaches what
 *   it reaches there (the same inside-the-repository rules then apply to both).
 * - Submodules: a submodule checked out in the working tree is read from its own objects at the commit the
 *   revision records (when that commit is there), so its files measure as the working tree's do where they
 *   are equal; one not checked out holds nothing, as in the working tree.
 * - Sparse checkouts: a path the working tree leaves out (skip-worktree) is left out of the revision too.
 * - A file larger than the reader's limit is written as a sparse file of its size (never read, as in the
 *   working tree). The top level gets an empty `.git` directory, as a clone has.
 */
import {
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { UsageError } from "../errors.js";
import { GIT_MAX_OUTPUT_BYTES, runGit, runGitBytes } from "./git.js";
import { MAX_READ_BYTES } from "./read.js";

/** One path of the revision: a file, a symlink, a folder or a submodule's commit. */
export interface RevisionEntry {
  /** Git's mode: `100644`, `100755` (files), `120000` (symlink), `040000` (folder), `160000` (submodule). */
  mode: string;
  type: "blob" | "tree" | "commit";
  oid: string;
  /** Size in bytes (blobs). */
  size: number;
  /** The git directory whose objects hold it (the repository's, or a submodule's work tree). */
  repo: string;
}

/** A revision listed and partly written; call `cleanup()` when done (removes the temporary directory). */
export interface RevisionTree {
  /** The commit (full hex). */
  commit: string;
  /** Absolute real path of the temporary directory standing for the repository's top level. */
  top: string;
  /** Absolute path, inside `top`, of the directory that corresponds to the `root` asked for. */
  root: string;
  /** `root`'s path relative to the top level, POSIX ("" at the top). */
  prefix: string;
  /** What the revision holds at a top-relative POSIX path (folders included), or undefined. */
  entry(topRel: string): RevisionEntry | undefined;
  /** Every top-relative path of a file or symlink the revision holds, in git's order. */
  files(): readonly string[];
  /**
   * Writes these top-relative files and symlinks into `top` as the revision holds them (paths it does not
   * hold, folders and paths already written are skipped). Returns the paths newly written.
   */
  write(paths: Iterable<string>): string[];
  cleanup(): void;
}

/** Splits `git ls-tree -r -z -l` output into entries. */
function parseLsTree(out: Buffer, prefix: string, repo: string, into: Map<string, RevisionEntry>): void {
  for (const rec of out.toString("utf8").split("\0")) {
    if (!rec) continue;
    const tab = rec.indexOf("\t");
    if (tab < 0) continue;
    const [mode, type, oid, size] = rec.slice(0, tab).split(/ +/);
    if (!mode || !oid || (type !== "blob" && type !== "tree" && type !== "commit")) continue;
    const path = prefix + rec.slice(tab + 1);
    into.set(path, { mode, type, oid, size: Number(size) || 0, repo });
  }
}

/** Submodules nested deeper than this are not read (each level is one more repository's listing). */
const MAX_SUBMODULE_DEPTH = 8;

/**
 * Lists `commit` of the git repository holding `root` and prepares an empty private temporary directory for
 * it. Throws {@link UsageError} naming the revision when git fails (not a commit, git missing); nothing is
 * left behind on failure.
 */
export function openRevision(root: string, commit: string, label = commit): RevisionTree {
  const prefixOut = runGit(root, ["rev-parse", "--show-prefix"]);
  const topOut = runGit(root, ["rev-parse", "--show-toplevel"]);
  if (!prefixOut.ok || !topOut.ok) throw new UsageError(`${label}: ${root} is not inside a git repository`);
  const worktreeTop = topOut.stdout.trim();
  const entries = new Map<string, RevisionEntry>();
  const list = (repo: string, rev: string, prefix: string, depth: number) => {
    const r = runGitBytes(repo, ["ls-tree", "-r", "-t", "-z", "-l", "--full-tree", rev]);
    if (!r.ok) {
      if (depth > 0) return; // a submodule whose commit is not here: nothing, as a checkout without it
      const why = r.stderr.trim().split("\n")[0] || "git ls-tree failed";
      throw new UsageError(`${label}: cannot read the base revision (${why})`);
    }
    const before = new Set(entries.keys());
    parseLsTree(r.stdout, prefix, repo, entries);
    if (depth >= MAX_SUBMODULE_DEPTH) return;
    for (const [path, e] of entries) {
      if (before.has(path) || e.type !== "commit") continue;
      const sub = join(worktreeTop, path);
      if (!runGit(sub, ["rev-parse", "--is-inside-work-tree"]).ok) continue;
      const subTop = runGit(sub, ["rev-parse", "--show-toplevel"]).stdout.trim();
      if (realOr(subTop) !== realOr(sub)) continue; // not a checked-out submodule: its folder belongs to us
      list(sub, e.oid, `${path}/`, depth + 1);
    }
  };
  list(worktreeTop, commit, "", 0);
  // A sparse checkout leaves paths out of the working tree: the revision leaves them out too.
  const sparse = runGit(worktreeTop, ["config", "--type=bool", "core.sparseCheckout"]);
  if (sparse.ok && sparse.stdout.trim() === "true") {
    const ls = runGitBytes(worktreeTop, ["ls-files", "-z", "-t"]);
    if (ls.ok)
      for (const rec of ls.stdout.toString("utf8").split("\0"))
        if (rec.startsWith("S ")) entries.delete(rec.slice(2).replace(/\/$/, ""));
  }
  const files = [...entries].filter(([, e]) => e.type === "blob").map(([p]) => p);

  const dir = realpathSync(mkdtempSync(join(tmpdir(), "agent-context-base-")));
  const cleanup = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    const top = join(dir, "tree");
    mkdirSync(join(top, ".git"), { recursive: true });
    const prefix = prefixOut.stdout.trim().replace(/\/$/, "");
    const root = prefix ? join(top, prefix) : top;
    mkdirSync(root, { recursive: true });
    const written = new Set<string>();
    const write = (paths: Iterable<string>): string[] => {
      const todo: [string, RevisionEntry][] = [];
      for (const p of paths) {
        const e = entries.get(p);
        if (e?.type !== "blob" || written.has(p)) continue;
        written.add(p);
        todo.push([p, e]);
      }
      writeBlobs(top, worktreeTop, todo, label);
      return todo.map(([p]) => p);
    };
    return { commit, top, root, prefix, entry: (p) => entries.get(p), files: () => files, write, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}

function realOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** Bytes of blob text one `cat-file --batch` call returns at most (the rest goes to the next call). */
const BATCH_BYTES = 64 * 1024 * 1024;

/** Writes blobs (files and symlinks) into `top`, reading their bytes with `cat-file --batch`. */
function writeBlobs(top: string, worktreeTop: string, todo: [string, RevisionEntry][], label: string): void {
  const read: [string, RevisionEntry][] = [];
  for (const [p, e] of todo) {
    const dest = join(top, p);
    mkdirSync(dirname(dest), { recursive: true });
    if (e.mode !== "120000" && e.size > MAX_READ_BYTES) {
      // Never read, as in the working tree: a sparse file of its size says so to every reader.
      writeFileSync(dest, "");
      truncateSync(dest, e.size);
      continue;
    }
    read.push([p, e]);
  }
  const byRepo = new Map<string, [string, RevisionEntry][]>();
  for (const t of read) byRepo.set(t[1].repo, [...(byRepo.get(t[1].repo) ?? []), t]);
  for (const [repo, list] of byRepo) {
    for (let i = 0; i < list.length; ) {
      const chunk: [string, RevisionEntry][] = [];
      let bytes = 0;
      while (i < list.length && (chunk.length === 0 || bytes + (list[i]?.[1].size ?? 0) <= BATCH_BYTES)) {
        const t = list[i++] as [string, RevisionEntry];
        chunk.push(t);
        bytes += t[1].size;
      }
      const out = runGitBytes(repo, ["cat-file", "--batch"], {
        input: `${chunk.map(([, e]) => e.oid).join("\n")}\n`,
      });
      if (!out.ok || out.stdout.length > GIT_MAX_OUTPUT_BYTES)
        throw new UsageError(
          `${label}: cannot read the base revision's files (${out.stderr.trim() || "git cat-file failed"})`,
        );
      let off = 0;
      for (const [p, e] of chunk) {
        const nl = out.stdout.indexOf(10, off);
        const head = out.stdout.toString("utf8", off, nl).split(" ");
        const size = Number(head[2]);
        if (head[1] !== "blob" || !Number.isInteger(size))
          throw new UsageError(`${label}: cannot read ${p} at the base revision (${head.join(" ")})`);
        const body = out.stdout.subarray(nl + 1, nl + 1 + size);
        off = nl + 1 + size + 1;
        const dest = join(top, p);
        if (e.mode === "120000") symlinkSync(linkTarget(body.toString("utf8"), p, worktreeTop), dest);
        else writeFileSync(dest, body, { mode: e.mode === "100755" ? 0o755 : 0o644 });
      }
    }
  }
}

/**
 * What a symlink of the revision at `p` (top-relative) should point at in the copy: its target as written
 * when it is absolute or stays inside the top level, else the absolute path it reaches from the working
 * tree's top level.
 */
function linkTarget(target: string, p: string, worktreeTop: string): string {
  if (target.startsWith("/")) return target;
  const rel = posix.normalize(posix.join(posix.dirname(p), target));
  if (rel !== ".." && !rel.startsWith("../")) return target;
  return join(worktreeTop, rel);
}
