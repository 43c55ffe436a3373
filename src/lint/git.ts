/**
 * The few git facts lint needs, from the real `git` binary (never by parsing .git ourselves).
 */
import { execFileSync } from "node:child_process";

/** Options shared by every git call: no pager, no prompts, bounded output. */
function git(root: string, args: string[]): string | null {
  try {
    return execFileSync("git", ["-C", root, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 512 * 1024 * 1024,
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" },
    });
  } catch {
    return null;
  }
}

/** True when `root` lies inside a git work tree. */
export function inGitRepo(root: string): boolean {
  return git(root, ["rev-parse", "--is-inside-work-tree"])?.trim() === "true";
}

/**
 * Files git knows about below `root`, as POSIX paths relative to `root`: tracked files, plus (with
 * `untracked`) untracked files that are not ignored. Null when `root` is not in a git work tree.
 */
export function gitFiles(root: string, opts: { untracked: boolean }): string[] | null {
  if (!inGitRepo(root)) return null;
  const args = ["-c", "core.quotePath=false", "ls-files", "-z", "--cached"];
  if (opts.untracked) args.push("--others", "--exclude-standard");
  const out = git(root, args);
  if (out === null) return null;
  return [...new Set(out.split("\0").filter(Boolean))];
}
