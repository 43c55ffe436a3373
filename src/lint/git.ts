/**
 * The git facts lint needs (through the one git runner, src/fs/git.ts).
 */
import { isGitWorkTree, runGit } from "../fs/git.js";

/**
 * Files git knows about below `root`, as POSIX paths relative to `root`: tracked files, plus (with
 * `untracked`) untracked files that are not ignored. Null when `root` is not in a git work tree.
 */
export function gitFiles(root: string, opts: { untracked: boolean }): string[] | null {
  if (!isGitWorkTree(root)) return null;
  const args = ["-c", "core.quotePath=false", "ls-files", "-z", "--cached"];
  if (opts.untracked) args.push("--others", "--exclude-standard");
  const out = runGit(root, args);
  if (!out.ok) return null;
  return [...new Set(out.stdout.split("\0").filter(Boolean))];
}
