/**
 * The hook route of pointers: Claude Code 2.1.332 attaches no user rule for a file outside its working
 * directory (an `--add-dir` directory), so pointers for such files carry absolute globs (which the CLI never
 * matches) and reach the agent through the agent-context PreToolUse hook (`dist/hook.cjs`, registered for
 * Read and Write/Edit): this module matches the call's target path against those globs and returns the
 * pointer texts for the additionalContext. Called lazily by the hook's pointer handler
 * (src/hook/handlers/pointers.ts). Never throws: any failure means no context (fail open).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import ignore from "ignore";
import { readTextFile } from "../fs/read.js";
import { MAX_HOOK_POINTER_FILES, MAX_POINTER_BYTES } from "./bounds.js";
import { readRulePaths } from "./frontmatter.js";
import { isPointerBody, POINTER_FILE_RE } from "./names.js";

/**
 * Bytes of pointer text one hook call injects: 8 KiB. Claude Code 2.1.332 replaces an additionalContext
 * longer than 10,000 characters with a file reference and a preview (router finding, docs/findings-hook.md),
 * so what one call injects stays below that; pointers past it are counted in a closing line.
 */
export const MAX_HOOK_CONTEXT_BYTES = 8192;

export interface HookPointerOptions {
  /** The config dir holding `rules/` (the hook passes $CLAUDE_CONFIG_DIR, else ~/.claude). */
  configDir: string;
  /** Bytes this call may inject (default {@link MAX_HOOK_CONTEXT_BYTES}); the hook passes what the router left. */
  maxBytes?: number;
}

/**
 * The text of every hook-route pointer in `configDir/rules/` whose globs match `target`, frontmatter
 * removed, joined by blank lines; undefined when none matches.
 *
 * A hook-route pointer is a file named `<prefix>-NNN.md` for any valid prefix (so pointers written with any
 * `--prefix` are served), whose `paths:` globs are all absolute and whose body begins as the pointers this
 * tool writes begin (./names.ts), so a user's own rule is never injected. Files are taken in name order, at
 * most {@link MAX_HOOK_POINTER_FILES}, each read up to {@link MAX_POINTER_BYTES} bytes. Globs match
 * gitignore-style and case-insensitively, as Claude Code 2.1.332 matches `paths:`.
 * @param target the call's file, absolute
 * @param opts the config dir and the byte bound (UTF-8 bytes of the returned text stay below it)
 */
export function hookRoutePointers(target: string, opts: HookPointerOptions): string | undefined {
  try {
    if (!target.startsWith("/")) return undefined;
    const rulesDir = join(opts.configDir, "rules");
    const names = readdirSync(rulesDir)
      .filter((n) => POINTER_FILE_RE.test(n))
      .sort()
      .slice(0, MAX_HOOK_POINTER_FILES);
    const out: string[] = [];
    let total = 0;
    let more = 0;
    for (const n of names) {
      const r = readTextFile(join(rulesDir, n), MAX_POINTER_BYTES);
      if (!r.ok) continue;
      const fm = readRulePaths(r.text);
      if (fm.globs.length === 0 || !fm.globs.every((g) => g.startsWith("/"))) continue;
      if (!isPointerBody(fm.body)) continue;
      // gitignore-style, case-insensitive, as the CLI matches paths: (absolute globs anchored at `/`)
      if (!ignore({ ignorecase: true }).add(fm.globs).ignores(target.slice(1))) continue;
      const body = fm.body.trim();
      const bytes = Buffer.byteLength(body, "utf8") + 2;
      if (total + bytes > (opts.maxBytes ?? MAX_HOOK_CONTEXT_BYTES) - 100) {
        more++;
        continue;
      }
      total += bytes;
      out.push(body);
    }
    if (more > 0)
      out.push(
        `(${more} more pointer${more === 1 ? " matches" : "s match"} this path; left out to stay small)`,
      );
    return out.length ? out.join("\n\n") : undefined;
  } catch {
    return undefined;
  }
}
