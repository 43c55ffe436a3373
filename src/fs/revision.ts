/**
 * A git revision on disk beside the working tree, so a model loads the base of a pull request exactly as it
 * loads the working tree. The revision is checked out with git's own `read-tree` + `checkout-index` into a
 * fresh temporary directory through a temporary index: the working tree, the index and HEAD are never
 * touched, and the files come out as a fresh clone with this repository's git configuration would write
 * them (line-ending conversion and symlinks included; submodules are not checked out).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UsageError } from "../errors.js";
import { runGit } from "./git.js";

/** A checked-out revision; call `cleanup()` when done (removes the temporary directory). */
export interface RevisionTree {
  /** The commit checked out (full hex). */
  commit: string;
  /** Absolute path of the repository's top level at that commit. */
  top: string;
  /** Absolute path, inside `top`, of the directory that corresponds to the `root` asked for. */
  root: string;
  cleanup(): void;
}

/**
 * Checks out `commit` of the git repository holding `root` into a temporary directory and returns where
 * `root` lies in it. Throws {@link UsageError} naming the revision when git fails (not a commit, git
 * missing, a checkout that fails, e.g. a filter that cannot run); nothing is left behind on failure.
 */
export function checkoutRevision(root: string, commit: string, label = commit): RevisionTree {
  const prefix = runGit(root, ["rev-parse", "--show-prefix"]);
  const worktreeTop = runGit(root, ["rev-parse", "--show-toplevel"]);
  if (!prefix.ok || !worktreeTop.ok) throw new UsageError(`${label}: ${root} is not inside a git repository`);
  const dir = mkdtempSync(join(tmpdir(), "agent-context-base-"));
  const cleanup = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    const top = join(dir, "tree");
    const env = { GIT_INDEX_FILE: join(dir, "index") };
    const steps: string[][] = [
      ["read-tree", commit],
      ["checkout-index", "--all", "--force", `--prefix=${top}/`],
    ];
    for (const args of steps) {
      const r = runGit(worktreeTop.stdout.trim(), args, env);
      if (!r.ok) {
        const why = r.stderr.trim().split("\n")[0] || `git ${args[0]} failed`;
        throw new UsageError(`${label}: cannot check out the base revision (${why})`);
      }
    }
    const rel = prefix.stdout.trim().replace(/\/$/, "");
    return { commit, top, root: rel ? join(top, rel) : top, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}
