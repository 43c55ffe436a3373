/**
 * Hook-route pointers (issue 4) delivered by the router's hook: pointer rules that `agent-context pointers`
 * wrote into a harness's config dir with absolute `paths:` globs, for files Claude Code 2.1.332 attaches no
 * user rule to (outside its working directory, e.g. an `--add-dir` directory).
 *
 * Cheap to import: a directory listing decides whether any pointer file exists; only then does the pointer
 * module (with its YAML and gitignore dependencies) load, from `dist/pointers/hook.js` (./dist-module.ts). Never throws.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { distModuleUrl } from "./dist-module.js";

/** Pointer file names written by `agent-context pointers` with its default prefix. */
const POINTER_FILE = /^repository-\d{3}\.md$/;

/**
 * The text of the hook-route pointers in `configDir/rules/` that match the payload's target, bounded by
 * `maxBytes` (bytes); undefined when there is none or anything fails (fail open).
 */
export async function pointerContext(
  payload: unknown,
  configDir: string,
  maxBytes: number,
): Promise<string | undefined> {
  try {
    if (maxBytes <= 0) return undefined;
    if (!readdirSync(join(configDir, "rules")).some((n) => POINTER_FILE.test(n))) return undefined;
    const mod = (await import(distModuleUrl("pointers/hook.js"))) as typeof import("../pointers/hook.js");
    return mod.pointerHookContext(payload, { configDir, maxBytes });
  } catch {
    return undefined;
  }
}
