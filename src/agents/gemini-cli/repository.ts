/**
 * The whole repository as Gemini CLI can see it, for `lint`: one launch at the root with every directory
 * below it that holds a context file given as an include directory, so the snapshot holds every context
 * file a launch anywhere in the repository (or a just-in-time read) would send, each with its import
 * edges. Settled on Gemini CLI 0.61.0: an include directory is searched exactly as the working directory
 * is (test/conformance/gemini-corpus.test.ts runs the pinned CLI this way on the corpus).
 */
import { join } from "node:path";
import { walkFiles } from "../../fs/walk.js";
import type { Snapshot } from "../../model/index.js";
import { contextFileNames, geminiLaunch } from "./launch.js";
import { geminiSettings } from "./settings.js";

const SKIP_DIRS = new Set([".git", "node_modules"]);

/** The context file names of a launch at the root (GEMINI.md plus the root's `context.fileName`). */
export function repositoryContextFileNames(root: string): string[] {
  return contextFileNames(geminiSettings(root, root).fileName);
}

/** See the module comment. Never throws for repository input. */
export function geminiRepositorySnapshot(root: string): Snapshot {
  const names = repositoryContextFileNames(root);
  const simple = new Set(names.filter((n) => !n.includes("/")));
  const { files } = walkFiles(root, {
    enterDir: (_rel, name) => !SKIP_DIRS.has(name),
    includeFile: (_rel, name) => simple.has(name),
    dedupeFiles: false,
  });
  const dirs = [...new Set(files.map((f) => join(root, f.rel, "..")))].filter((d) => d !== root).sort();
  return geminiLaunch({ root, cwd: root, addDirs: dirs });
}
