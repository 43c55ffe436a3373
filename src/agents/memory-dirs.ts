/**
 * Working directories worth checking: every directory under the root that holds a memory file of some
 * registered agent ({@link agentMemoryNames}: CLAUDE.md, CLAUDE.local.md, AGENTS.md, AGENTS.override.md,
 * GEMINI.md with the built-in agents; `.claude/CLAUDE.md`; Codex fallback names when given), and the root
 * itself. A launch in any of them loads a different set.
 */
import { safeRealpath } from "../fs/read.js";
import { walkFiles } from "../fs/walk.js";
import { agents } from "./index.js";

/**
 * The file names that are some registered agent's memory wherever they sit: the bare names among every
 * agent's `memoryFileNames` (a name with a folder, as Copilot's `.github/copilot-instructions.md`, is no
 * name a file has anywhere). A directory holding one is a launch directory; lint walks them.
 */
export function agentMemoryNames(): ReadonlySet<string> {
  return new Set(agents().flatMap((a) => a.memoryFileNames.filter((n) => !n.includes("/"))));
}

/** Directories never walked for memory files. */
const SKIP_DIRS = new Set([".git", "node_modules"]);

/**
 * Directories (POSIX, relative to `root`; the root is ".") holding an agent memory file, root first then
 * in sorted path order. A `.claude/CLAUDE.md` counts for the directory holding `.claude/`.
 * Uses the safe walker (symlink cycles terminate; fifos never opened); links leaving the root are not followed.
 */
export function agentMemoryDirs(root: string, extraNames: readonly string[] = []): string[] {
  const names = new Set([...agentMemoryNames(), ...extraNames]);
  const dirs = new Set<string>(["."]);
  const { files } = walkFiles(root, {
    enterDir: (_rel, name) => !SKIP_DIRS.has(name),
    // A directory reached through a link out of the repository is no launch directory of it (an agent
    // started there runs outside the root): before, `report` and `cap --all-cwds` on a rules directory
    // linking to / stopped with "--cwd …: lies outside the repository root", exit 2.
    stayInside: safeRealpath(root) ?? root,
    includeFile: (rel, name) =>
      names.has(name) || rel === ".claude/CLAUDE.md" || rel.endsWith("/.claude/CLAUDE.md"),
    dedupeFiles: false,
  });
  for (const f of files) {
    const parts = f.rel.split("/");
    parts.pop();
    if (parts[parts.length - 1] === ".claude" && f.rel.endsWith(".claude/CLAUDE.md")) parts.pop();
    dirs.add(parts.length === 0 ? "." : parts.join("/"));
  }
  return [...dirs].sort((a, b) => (a === "." ? -1 : b === "." ? 1 : a < b ? -1 : a > b ? 1 : 0));
}
