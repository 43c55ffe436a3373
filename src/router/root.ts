/**
 * Which repository a tool call belongs to: the nearest ancestor of the working directory (itself included)
 * holding `.agent-context.json`, `.agent-context/` or `.git` (so a repository's root, or a package that
 * carries its own router), else `$CLAUDE_PROJECT_DIR` when the directory lies inside it, else the directory
 * itself.
 */
import { existsSync } from "node:fs";
import { dirname, relative } from "node:path";
import { joinPath } from "../fs/paths.js";

/** existsSync: no exception objects on the hot path. */
const exists = existsSync;

/** Finds the root for `cwd` (absolute). Never throws. */
export function findRoot(cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  for (let d = cwd; ; d = dirname(d)) {
    if (
      exists(joinPath(d, ".agent-context.json")) ||
      exists(joinPath(d, ".agent-context")) ||
      exists(joinPath(d, ".git"))
    )
      return d;
    if (dirname(d) === d) break;
  }
  const proj = env.CLAUDE_PROJECT_DIR;
  if (proj) {
    const rel = relative(proj, cwd);
    if (!rel.startsWith("..")) return proj;
  }
  return cwd;
}
