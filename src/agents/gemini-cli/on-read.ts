/**
 * Gemini CLI's just-in-time context, settled on Gemini CLI 0.61.0 (docs/findings-gemini-cli.md): when a
 * tool touches a path (read_file and list_directory, run; write_file and replace, by the bundle), the CLI finds the
 * context files from the path's directory (the path itself when it is a directory) up to the project root
 * of the workspace directory holding it (the deepest one; a path in no workspace directory attaches
 * nothing), drops those already in the context (by file identity), and appends the rest to the tool's
 * output as `\n\n--- Newly Discovered Project Context ---\n<blocks>\n--- End Project Context ---`, top-most
 * directory first (not sorted as at launch). Each file attaches once per session. A tool call on a path
 * that does not exist, or whose real path (links resolved) lies outside every workspace directory, fails
 * and attaches nothing.
 */
import { realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type { OnDemandResult, OnDemandSession, Snapshot } from "../../model/index.js";
import {
  boundaryRoot,
  contextItems,
  dedupeByIdentity,
  geminiLaunch,
  launchState,
  readContextFile,
  upwardContextFiles,
} from "./launch.js";

/** The framing the CLI puts around just-in-time context in a tool's output. */
export const JIT_CONTEXT_PREFIX = "\n\n--- Newly Discovered Project Context ---\n";
export const JIT_CONTEXT_SUFFIX = "\n--- End Project Context ---";

function isSubpath(parent: string, child: string): boolean {
  const r = relative(parent, child);
  return !r.startsWith(`..${sep}`) && r !== ".." && !isAbsolute(r);
}

/** The on-demand session over a gemini-cli snapshot. */
export function geminiOnDemand(snapshot: Snapshot): OnDemandSession {
  const state =
    launchState(snapshot) ?? launchState(geminiLaunch({ root: snapshot.root, cwd: snapshot.cwd }));
  if (!state) throw new Error("gemini-cli: no launch state for this snapshot");
  const loadedPaths = new Set(state.loadedPaths);
  const loadedIds = new Set(state.loadedIdentities);
  return {
    get loaded() {
      return loadedPaths;
    },
    read(target: string): OnDemandResult {
      const abs = resolve(snapshot.cwd, target);
      let best: string | null = null;
      for (const d of state.workspaceDirs)
        if (isSubpath(d, abs) && (!best || d.length > best.length)) best = d;
      if (!best) return { items: [], texts: new Map(), findings: [] };
      // A link whose real path leaves every workspace directory: the tool refuses it and nothing is
      // attached (fuzz seed ci:7; case `a_read_through_a_link_leaving_the_workspace_attaches_nothing`).
      let real = abs;
      try {
        real = realpathSync(abs);
      } catch {
        // missing: handled below
      }
      if (!state.workspaceDirs.some((d) => isSubpath(d, real)))
        return { items: [], texts: new Map(), findings: [] };
      const ceiling = boundaryRoot(best, state.boundaryMarkers) ?? best;
      let start = abs;
      try {
        if (statSync(abs).isFile()) start = dirname(abs);
      } catch {
        // The tool fails on a missing path and nothing is attached (fuzz seeds g061:15, g061:19;
        // case `a_read_of_a_missing_file_attaches_nothing`).
        return { items: [], texts: new Map(), findings: [] };
      }
      const found = upwardContextFiles(start, ceiling, state.fileNames, state.geminiHome);
      const { paths, ids } = dedupeByIdentity(found);
      const fresh = paths.filter((p) => {
        const id = ids.get(p);
        return !(id && loadedIds.has(id));
      });
      // The JIT path always expands imports in tree form.
      const files = fresh.map((p) => readContextFile(p, state.boundaryMarkers, "tree")).filter((f) => f.ok);
      for (const f of files) {
        loadedPaths.add(f.path);
        const id = ids.get(f.path);
        if (id) loadedIds.add(id);
      }
      const r = contextItems(
        files,
        snapshot.root,
        "read",
        false,
        () =>
          "attached by Gemini CLI when a tool touches a path below it (just-in-time context), appended to the tool's output",
      );
      return { items: r.items, texts: r.texts, findings: r.findings };
    },
  };
}
