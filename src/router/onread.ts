/**
 * Trigger source 2: the repository's own scoped rules (`.claude/rules/**` with `paths:`) and nested
 * CLAUDE.md, matched exactly as Claude Code matches them on Read (the on-read model,
 * src/agents/claude-code/on-read.ts, and its matcher src/globs/claude.ts: no second matcher here).
 *
 * Claude Code 2.1.332 attaches these itself after Read, Write, Edit and plain-read Bash commands
 * (`claudeAttachTargets`; docs/findings-hook.md §5). The hook therefore delivers them only for the path
 * targets the CLI does not cover — paths named in other Bash commands (`cp`, `touch`, `sed -i`, redirects,
 * pipelines, `git add` …) — and records what the CLI attaches itself in the session state, so it never
 * repeats it. Keys are `file:<absolute path>`.
 *
 * This module is cheap to import: the on-read model (YAML, gitignore matching) loads only when a stat
 * pre-check finds a `.claude/rules/` directory or nested memory that could apply.
 */
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { distModuleUrl } from "./dist-module.js";
import type { Target } from "./match.js";
import type { ExtraDelivery } from "./render.js";

const MEMORY_NAMES = ["CLAUDE.md", "CLAUDE.local.md", ".claude/CLAUDE.md", ".claude/rules"];

/** True when nothing on disk could make Claude Code attach anything for these targets (stat calls only). */
export function nothingToAttach(cwd: string, absTargets: string[]): boolean {
  for (let d = cwd; ; d = dirname(d)) {
    if (existsSync(join(d, ".claude", "rules"))) return false;
    if (dirname(d) === d) break;
  }
  for (const t of absTargets) {
    const rel = relative(cwd, dirname(t));
    if (rel === "" || rel.startsWith("..")) continue;
    let d = cwd;
    for (const seg of rel.split(/[\\/]/)) {
      d = join(d, seg);
      // A directory that does not exist holds no memory, nor does anything below it: stop here, so a
      // target of 10,000 made-up segments costs one stat, not 40,000 (and no quadratic path joining).
      if (!existsSync(d)) break;
      for (const n of MEMORY_NAMES) if (existsSync(join(d, n))) return false;
    }
  }
  return true;
}

export interface OnReadDeliveries {
  /** What the hook delivers (files the CLI would not attach for this call). */
  extras: ExtraDelivery[];
  /** Keys of what the CLI attaches itself after this call: recorded as delivered, never injected. */
  cliKeys: string[];
}

/**
 * Source-2 deliveries for one tool call. `target` is the router target (its root-relative `paths`).
 * Never rejects (returns nothing on any failure).
 */
export async function onReadDeliveries(
  root: string,
  cwd: string,
  tool: string,
  input: Record<string, unknown>,
  target: Target,
): Promise<OnReadDeliveries> {
  const none: OnReadDeliveries = { extras: [], cliKeys: [] };
  try {
    const abs = target.paths.map((p) => resolve(root, p));
    if (abs.length === 0 || nothingToAttach(cwd, abs)) return none;
    (globalThis as { __agentContextArmWatchdog?: () => void }).__agentContextArmWatchdog?.();
    const m = (await import(
      distModuleUrl("agents/claude-code/on-read.js")
    )) as typeof import("../agents/claude-code/on-read.js");
    const cli = m.claudeAttachTargets(tool, input, cwd);
    const cliSet = new Set(cli);
    const session = m.claudeOnReadSession({ root, cwd });
    const cliKeys: string[] = [];
    for (const t of cli) {
      for (const it of session.read(t).items) cliKeys.push(`file:${resolve(root, it.path)}`);
    }
    const extras: ExtraDelivery[] = [];
    for (const t of abs) {
      if (cliSet.has(t)) continue;
      const r = session.read(t);
      for (const it of r.items) {
        extras.push({
          key: `file:${resolve(root, it.path)}`,
          path: it.path,
          why: `${it.reason}; Claude Code would not attach it for this ${tool} call`,
          text: r.texts.get(it.path) ?? "",
          fileBytes: it.fileBytes,
        });
      }
    }
    return { extras, cliKeys };
  } catch {
    return none;
  }
}
