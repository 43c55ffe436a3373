/**
 * Where a command's repository is when DIR is not given, found upward the way ESLint and size-limit find
 * their configuration: the nearest directory holding `.agent-context.json`, else the git top level (the
 * nearest directory holding `.git`, a directory or a worktree's file; no git process is run), else the
 * start directory itself.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CONFIG_FILE } from "../config.js";

/** The nearest directory at or above `start` (absolute) holding `name`, or null. Never throws. */
function nearestHolding(start: string, name: string): string | null {
  for (let d = start; ; d = dirname(d)) {
    if (existsSync(join(d, name))) return d;
    if (dirname(d) === d) return null;
  }
}

/**
 * The project root for a command started in `start` (absolute, or relative to the process directory):
 * the nearest ancestor (itself included) holding `.agent-context.json`, else the nearest holding `.git`,
 * else `start`. Returns an absolute path. Never throws; does not check that `start` exists.
 */
export function findProjectRoot(start: string): string {
  const from = resolve(start);
  return nearestHolding(from, CONFIG_FILE) ?? nearestHolding(from, ".git") ?? from;
}
