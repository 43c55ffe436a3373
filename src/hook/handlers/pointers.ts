/**
 * Handler "pointers": hook-route pointers (issue 4), pointer rules that `agent-context pointers` wrote into
 * a harness's config dir (`$CLAUDE_CONFIG_DIR`, else ~/.claude) with absolute `paths:` globs, for files
 * Claude Code 2.1.332 attaches no user rule to (outside its working directory, e.g. an `--add-dir`
 * directory). Served for pointers written with any `--prefix`. They share the call's byte bound with the
 * router's section.
 *
 * Cheap to import: a directory listing decides whether any pointer file exists; only then does the pointer
 * matcher (with its YAML and gitignore dependencies) load, from `dist/pointers/hook-route.js`
 * (../dist-module.ts). Never throws.
 */
import { readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { withinDeadline } from "../../fs/deadline.js";
import { POINTER_FILE_RE } from "../../pointers/names.js";
import { hookLimits } from "../../router/route.js";
import type { HookHandler } from "../call.js";
import { importDist } from "../dist-module.js";
import { armWatchdog } from "../watchdog.js";

/** Adds the text of the pointers matching the call's file, bounded by the bytes the sections before left. */
export const hookPointers: HookHandler = async (call, state) => {
  try {
    if (call.target?.kind !== "file") return;
    const used = state.sections.reduce((n, s) => n + Buffer.byteLength(s, "utf8"), 0);
    const maxBytes = hookLimits(call.config).maxBytes - used;
    if (maxBytes <= 0) return;
    const configDir = call.env.CLAUDE_CONFIG_DIR ?? join(homedir(), ".claude");
    if (!readdirSync(join(configDir, "rules")).some((n) => POINTER_FILE_RE.test(n))) return;
    armWatchdog(call.env);
    const mod = (await importDist("pointers/hook-route.js")) as typeof import("../../pointers/hook-route.js");
    const file = call.target.file;
    const text = withinDeadline(() => mod.hookRoutePointers(file, { configDir, maxBytes }));
    if (text) state.sections.push(text);
  } catch {
    // fail open: no pointers
  }
};
