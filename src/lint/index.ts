/**
 * `agent-context lint`: diagnostics for the silent failures of agent context. Each check reads the facts
 * the agent models already produce (rule classification, launch set, router index, Codex chain) and never
 * re-derives them; see docs/findings-lint.md for what was settled against the real CLIs.
 */
import { realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { type AgentContextConfig, loadConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { readTextFile, statSafe } from "../fs/read.js";
import { walkFiles } from "../fs/walk.js";
import type { Diagnostic } from "../report/diagnostic.js";
import { writeFilesAtomic } from "../fs/atomic.js";
import { checkImports, checkRules } from "./check-claude.js";
import { checkCodexTruncation } from "./check-codex.js";
import { checkRouterTriggers } from "./check-router.js";
import { fixRuleText } from "./fix.js";
import { gitFiles } from "./git.js";
import { RULES } from "./rules.js";
import { claudeFacts } from "./sources.js";

export { ALL_RULES, RULES } from "./rules.js";

/** Directory names never walked when looking for repository files (build output and VCS internals). */
const SKIP_DIRS = new Set([".git", "node_modules"]);

/** File names that are agent memory wherever they sit. */
export const MEMORY_NAMES = new Set([
  "CLAUDE.md",
  "CLAUDE.local.md",
  "AGENTS.md",
  "AGENTS.override.md",
  "GEMINI.md",
]);

export interface LintOptions {
  /** Repository root (absolute or relative to the process cwd). */
  root: string;
  /** Apply the safe fixes (see ./fix.ts) before reporting. */
  fix?: boolean;
  /** Called between checks with a short label (for a progress indication). */
  onProgress?: (label: string) => void;
}

export interface LintResult {
  root: string;
  diagnostics: Diagnostic[];
  /** Files `--fix` rewrote (relative paths) and the rule ids each fix addressed. */
  fixed: { file: string; ruleIds: string[] }[];
}

/** Lazily computed facts shared by the checks. */
export class LintContext {
  readonly root: string;
  readonly realRoot: string;
  readonly config: AgentContextConfig;
  private _files?: string[];
  private _tracked?: string[] | null;
  private _memory?: { rel: string; realPath: string }[];

  /** Throws UsageError when `root` is not a directory or its config is malformed. */
  constructor(root: string) {
    this.root = resolve(root);
    if (!statSafe(this.root)?.isDirectory()) throw new UsageError(`${root}: not a directory`);
    try {
      this.realRoot = realpathSync(this.root);
    } catch {
      this.realRoot = this.root;
    }
    this.config = loadConfig(this.root).config;
  }

  /**
   * Every file of the repository as POSIX paths relative to the root: `git ls-files` (tracked plus
   * untracked-but-not-ignored) in a git work tree, else the safe walker (skipping .git and node_modules).
   */
  files(): string[] {
    if (!this._files) {
      this._files =
        gitFiles(this.root, { untracked: true }) ??
        walkFiles(this.root, { enterDir: (_r, name) => !SKIP_DIRS.has(name) }).files.map((f) => f.rel);
    }
    return this._files;
  }

  /** Files tracked by git (relative POSIX paths), or null outside a git work tree. */
  tracked(): string[] | null {
    if (this._tracked === undefined) this._tracked = gitFiles(this.root, { untracked: false });
    return this._tracked;
  }

  /** Agent memory files and everything under `.claude/`, found by the safe walker (follows symlinks). */
  memoryEntries(): { rel: string; realPath: string }[] {
    if (!this._memory) {
      this._memory = walkFiles(this.root, {
        enterDir: (_r, name) => !SKIP_DIRS.has(name),
        includeFile: (rel, name) =>
          MEMORY_NAMES.has(name) || rel.startsWith(".claude/") || rel.includes("/.claude/"),
        dedupeFiles: false,
      }).files.map((f) => ({ rel: f.rel, realPath: f.realPath }));
    }
    return this._memory;
  }

  /** True when an absolute real path lies inside the repository's real root. */
  insideRoot(realPath: string): boolean {
    const r = relative(this.realRoot, realPath);
    return r === "" || (!r.startsWith(`..${sep}`) && r !== ".." && !isAbsolute(r));
  }
}

/** A check: one concern, any number of diagnostics. */
export type Check = (ctx: LintContext) => Diagnostic[];

/** CLAUDE.local.md is personal memory (Claude Code labels it so); tracked by git it becomes everyone's. */
export const checkLocalMemoryTracked: Check = (ctx) => {
  const tracked = ctx.tracked();
  if (!tracked) return [];
  return tracked
    .filter((f) => f === "CLAUDE.local.md" || f.endsWith("/CLAUDE.local.md"))
    .map((file) => ({
      ruleId: RULES.localMemoryTracked.id,
      file,
      line: 1,
      column: 1,
      severity: RULES.localMemoryTracked.defaultSeverity,
      message: `${file} is personal memory but is tracked by git, so every clone loads one person's notes`,
      help: `run \`git rm --cached ${file}\` and add CLAUDE.local.md to .gitignore; move shared guidance to CLAUDE.md`,
    }));
};

/**
 * A memory file or `.claude/` entry whose real path leaves the repository. Claude Code 2.1.332 (settled in
 * test/e2e/lint-cli.test.ts) treats the two kinds differently: a memory file linked outside loads the
 * outside text; a rule linked outside (file or directory) never loads.
 */
export const checkMemorySymlinks: Check = (ctx) => {
  const out: Diagnostic[] = [];
  for (const e of ctx.memoryEntries()) {
    if (ctx.insideRoot(e.realPath)) continue;
    const isRule = /(^|\/)\.claude\/rules\//.test(e.rel);
    out.push({
      ruleId: RULES.memorySymlinkEscapes.id,
      file: e.rel,
      line: 1,
      column: 1,
      severity: RULES.memorySymlinkEscapes.defaultSeverity,
      message: isRule
        ? `${e.rel} is a symlink to ${e.realPath}, outside the repository: Claude Code does not load a rule whose real path lies outside, so this rule never arrives`
        : `${e.rel} is a symlink to ${e.realPath}, outside the repository: the agent loads text that code review never sees and that differs per machine`,
      help: "copy the file into the repository (or remove the link) so what the agent reads is versioned with the code",
    });
  }
  return out;
};

/** The checks in the order they run. */
export const CHECKS: readonly [string, Check][] = [
  ["local memory", checkLocalMemoryTracked],
  ["symlinks", checkMemorySymlinks],
  ["rules", (ctx) => checkRules(ctx)],
  ["imports", (ctx) => checkImports(ctx)],
  ["router triggers", checkRouterTriggers],
  ["Codex chains", checkCodexTruncation],
];

function runChecks(ctx: LintContext, onProgress?: (label: string) => void): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [label, check] of CHECKS) {
    onProgress?.(label);
    diagnostics.push(...check(ctx));
  }
  return diagnostics;
}

/**
 * Runs every check on a repository. With `fix`, first computes the safe fixes of every fixable finding
 * (see ./fix.ts), writes them all-or-nothing ({@link writeFilesAtomic}), then lints again and reports what
 * remains. Throws UsageError for a missing directory or a malformed `.agent-context.json`, and the file
 * system error of a failed write (no file is changed then).
 */
export function lintRepository(opts: LintOptions): LintResult {
  let ctx = new LintContext(opts.root);
  const first = runChecks(ctx, opts.onProgress);
  if (!opts.fix) return { root: ctx.root, diagnostics: first, fixed: [] };
  const facts = claudeFacts(ctx.root);
  const files = [...new Set(first.filter((d) => d.fixable).map((d) => d.file))].sort();
  const edits: { path: string; data: string; file: string; ruleIds: string[] }[] = [];
  for (const file of files) {
    const abs = join(ctx.root, file);
    const r = readTextFile(abs);
    if (!r.ok || !r.validUtf8 || !facts) continue;
    const fixed = fixRuleText(r.text, (t) => facts.classifyText(t).scoped);
    if (fixed) edits.push({ path: abs, data: fixed.text, file, ruleIds: fixed.ruleIds });
  }
  if (edits.length === 0) return { root: ctx.root, diagnostics: first, fixed: [] };
  opts.onProgress?.("writing fixes");
  writeFilesAtomic(edits);
  ctx = new LintContext(opts.root);
  return {
    root: ctx.root,
    diagnostics: runChecks(ctx, opts.onProgress),
    fixed: edits.map((e) => ({ file: e.file, ruleIds: e.ruleIds })),
  };
}
