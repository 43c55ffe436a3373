/**
 * The hook route of pointers: Claude Code 2.1.332 attaches no user rule for a file outside its working
 * directory (an `--add-dir` directory), so pointers for such files carry absolute globs (which the CLI never
 * matches) and reach the agent through a PreToolUse hook registered for Read (and Write/Edit): this module
 * matches the hook's target path against those globs and returns the pointer texts as additionalContext.
 * Meant to be called from `agent-context hook` (route/hook issue) and from `agent-context pointers --hook`.
 * Never throws: any failure means no context (fail open).
 */
import { readdirSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import ignore from "ignore";
import { readTextFile } from "../fs/read.js";
import { MAX_POINTER_BYTES, MAX_POINTERS } from "./bounds.js";
import { readRulePaths } from "./frontmatter.js";

/**
 * Bytes of pointer text one hook call injects: 8 KiB. Claude Code 2.1.332 replaces an additionalContext
 * longer than 10,000 characters with a file reference and a preview (router finding, docs/findings-hook.md),
 * so what one call injects stays below that; pointers past it are counted in a closing line.
 */
export const MAX_HOOK_CONTEXT_BYTES = 8192;

export interface PointerHookOptions {
  /** The config dir holding `rules/` (default: $CLAUDE_CONFIG_DIR, else ~/.claude). */
  configDir?: string;
  /** Pointer file prefix (default `repository`). */
  prefix?: string;
  /** Bytes this call may inject (default {@link MAX_HOOK_CONTEXT_BYTES}); the router passes what it left. */
  maxBytes?: number;
}

/** The target path of a PreToolUse input (file_path, notebook_path or path), absolute; undefined if none. */
export function hookTarget(input: unknown): string | undefined {
  if (!input || typeof input !== "object") return undefined;
  const i = input as { tool_input?: Record<string, unknown>; cwd?: unknown };
  const ti = i.tool_input ?? {};
  const p = [ti.file_path, ti.notebook_path, ti.path].find((x) => typeof x === "string" && x !== "") as
    | string
    | undefined;
  if (!p) return undefined;
  if (isAbsolute(p)) return resolve(p);
  return typeof i.cwd === "string" && isAbsolute(i.cwd) ? resolve(i.cwd, p) : undefined;
}

/**
 * The text of every hook-route pointer (absolute `paths:` globs) whose globs match the hook input's target,
 * frontmatter removed, joined by blank lines; undefined when none matches. Bounded by the pointer bounds.
 */
export function pointerHookContext(input: unknown, opts: PointerHookOptions = {}): string | undefined {
  try {
    const target = hookTarget(input);
    if (!target) return undefined;
    const configDir = opts.configDir ?? process.env.CLAUDE_CONFIG_DIR ?? join(homedir(), ".claude");
    const prefix = opts.prefix ?? "repository";
    const rulesDir = join(configDir, "rules");
    const re = new RegExp(`^${prefix.replace(/[^A-Za-z0-9_-]/g, "")}-\\d{3}\\.md$`);
    const names = readdirSync(rulesDir)
      .filter((n) => re.test(n))
      .sort()
      .slice(0, MAX_POINTERS);
    const out: string[] = [];
    let total = 0;
    let more = 0;
    for (const n of names) {
      const r = readTextFile(join(rulesDir, n), MAX_POINTER_BYTES);
      if (!r.ok) continue;
      const fm = readRulePaths(r.text);
      if (fm.globs.length === 0 || !fm.globs.every((g) => g.startsWith("/"))) continue;
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
