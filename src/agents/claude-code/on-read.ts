/**
 * The model of what Claude Code ATTACHES ON DEMAND when a tool touches a file: nested memory (CLAUDE.md,
 * `.claude/CLAUDE.md`, CLAUDE.local.md and their imports) in the directories between the working
 * directory and the file, the rules of those directories' `.claude/rules/`, and the path-scoped rules of
 * the working directory and its ancestors whose `paths:` globs match the file.
 *
 * Settled against the pinned Claude Code CLI 2.1.332 (docs/findings-claude-onread.md,
 * test/conformance/claude-onread.test.ts). In that version the attachment is triggered by Read (also of a
 * missing file), by Write and Edit, and by a Bash command that the CLI recognises as a plain file read
 * (`cat F`, `head -n N F`, `sed -n '1,2p' F`, `grep X F`...; see {@link claudeAttachTargets}); each file is
 * attached at most once per session and never when it is already in context (loaded at launch, read,
 * or attached before). Each attached file arrives as its own
 * `<system-reminder>\nContents of ABSPATH:\n\nTEXT\n</system-reminder>` block after the tool result.
 */
import { existsSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { readTextFile, safeRealpath } from "../../fs/index.js";
import { displayPath, inside, toPosix } from "../../fs/paths.js";
import { compileClaudeGlobs } from "../../globs/claude.js";
import type {
  AgentPointers,
  ContextItem,
  Finding,
  HookOnRead,
  OnDemandResult,
  OnDemandSession,
  Snapshot,
} from "../../model/index.js";
import { simpleCommands } from "../../shell/index.js";
import type { ClaudeLayers } from "./layers.js";
import { CLAUDE_CODE_VERIFIED_VERSION, type ClaudeReleaseBehaviour, claudeRelease } from "./release.js";
import { classifyRule, listRules, ruleScope, walkRulesDir } from "./rules.js";
import {
  analyzeClaudeBody,
  CLAUDE_MAX_FILE_BYTES,
  CLAUDE_MAX_IMPORT_HOPS,
  claudeFrontmatter,
  isTextPath,
  resolveImportPath,
} from "./text.js";

/** The CLI version the on-demand model was verified on (the model's one verified release). */
export const CLAUDE_ONREAD_VERIFIED_VERSION = CLAUDE_CODE_VERIFIED_VERSION;

/**
 * Nested memory longer than this many characters may be cut by the CLI (its limit is
 * max(40000, 5% of the model's context window in characters)); the model reports a problem instead of
 * guessing the cut.
 */
const NESTED_CUT_CHARS = 40_000;

export interface ClaudeOnReadOptions {
  /** Repository root (absolute). Item paths are relative to it (absolute when outside it). */
  root: string;
  /** Working directory Claude Code runs in (absolute; default: root). */
  cwd?: string;
  /** The file the tool touches: absolute, or relative to `cwd`. It need not exist. */
  target: string;
  /**
   * Absolute paths of the launch set: never attached again on 2.1.332; on 2.1.197, which does not count
   * the launch set as in context on read, ignored (./release.ts). `explain` passes the launch items here.
   */
  alreadyLoaded?: Iterable<string>;
}

/**
 * What the CLI attaches for one tool target (the agent interface's OnDemandResult): items in the order the
 * CLI attaches them, `loadedAt: "read"`, `charged: false`; `texts` keyed by item path.
 */
export interface ClaudeOnReadResult extends OnDemandResult {
  texts: Map<string, string>;
}

/** A session: remembers what is in context, so each file is attached once, as in the CLI. */
/** How a tool reached the target (default: a whole-file Read). */
export interface ClaudeReadHow {
  /** The tool (`Read`, `Write`, `Edit`, `Bash` …): the AGENTS.md plugin adds its files after a Read only. */
  tool?: string;
  /** False for a Read with `offset` or `limit`: an AGENTS file read in part is still added later. */
  whole?: boolean;
}

export interface ClaudeOnReadSession extends OnDemandSession {
  read(target: string, how?: ClaudeReadHow): ClaudeOnReadResult;
}

// ---------------------------------------------------------------------------------------------------------
// Injected text of one file, on the markdown room. Unlike launch, the on-demand text is NOT trimmed.

interface Parsed {
  text: string;
  paths: string[] | undefined;
  imports: string[];
}

function parseFile(raw: string, behaviour: ClaudeReleaseBehaviour): Parsed {
  const fm = claudeFrontmatter(raw, behaviour.bomBeforeFrontmatter);
  const { stripped, imports } = analyzeClaudeBody(fm.body, fm.bodyLine, behaviour);
  return { text: stripped.text, paths: ruleScope(fm).globs, imports: imports.map((t) => t.path) };
}

// ---------------------------------------------------------------------------------------------------------

/** Directories strictly below `cwd` down to the target's directory, outermost first. */
function nestedDirs(cwd: string, target: string): string[] {
  const dirs: string[] = [];
  let d = dirname(target);
  if (!inside(cwd, d)) {
    const real = safeRealpath(d);
    if (real && inside(cwd, real)) d = real;
  }
  while (d !== cwd && d !== dirname(d)) {
    if (inside(cwd, d)) dirs.push(d);
    d = dirname(d);
  }
  return dirs.reverse();
}

/** `cwd` and each of its ancestors, filesystem root first. */
function cwdLevelDirs(cwd: string): string[] {
  const dirs: string[] = [];
  for (let d = cwd; ; d = dirname(d)) {
    dirs.push(d);
    if (d === dirname(d)) break;
  }
  return dirs.reverse();
}

interface Ctx {
  /** The release modelled (./release.ts). */
  behaviour: ClaudeReleaseBehaviour;
  root: string;
  cwd: string;
  home: string;
  target: string;
  /** In context for the session (absolute paths); shared across reads. */
  loaded: Set<string>;
  /** Loaded during this read (the CLI's processed-paths set). */
  processed: Set<string>;
  items: ContextItem[];
  texts: Map<string, string>;
  findings: Finding[];
  /** When set, imports left out because they resolve outside the working directory are recorded here. */
  outside?: { from: string; target: string }[];
  /** The launch's layers (user view, settings, switches); absent: the fresh-clone defaults. */
  layers?: ClaudeLayers;
  /**
   * Rules directories already walked and parsed in this session, with the findings the walk made: each
   * directory is read once per session, not once per target (a Bash command naming 20,000 paths parsed
   * every rule 20,000 times).
   */
  ruleDirs?: Map<string, { rules: RuleFile[]; findings: Finding[] }>;
}

function emit(
  ctx: Ctx,
  abs: string,
  text: string,
  fileBytes: number,
  kind: ContextItem["kind"],
  importedBy: string | null,
  reason: string,
): void {
  const path = displayPath(abs, ctx.root);
  ctx.loaded.add(abs);
  if (kind !== "rule" && text.length > NESTED_CUT_CHARS) {
    ctx.findings.push({
      ruleId: "nested-memory-may-be-cut",
      severity: "warning",
      file: path,
      message: `${text.length} characters: Claude Code ${CLAUDE_ONREAD_VERIFIED_VERSION} may attach only the start of it`,
      help: "split it; nested memory longer than about 40000 characters is cut on attachment",
    });
  }
  ctx.items.push({
    path,
    kind,
    loadedAt: "read",
    bytes: Buffer.byteLength(text, "utf8"),
    fileBytes,
    charged: false,
    importedBy,
    reason,
  });
  ctx.texts.set(path, text);
}

/**
 * Loads a memory file (or an unscoped rule) and, depth-first, what it imports, as the CLI's loader does:
 * empty files are skipped with their imports, imports outside the working directory are not followed,
 * non-text import targets are skipped, depth is bounded, and each file loads once.
 */
function loadWithImports(
  ctx: Ctx,
  abs: string,
  depth: number,
  kind: ContextItem["kind"],
  parent: string | null,
  reason: string,
  emitSelf = true,
  underRule = false,
): void {
  if (depth > CLAUDE_MAX_IMPORT_HOPS) return;
  if (ctx.processed.has(abs)) return;
  if (ctx.layers?.excluded(abs, kind === "local" ? "Local" : "Project")) return;
  if (depth > 0 && !inside(ctx.cwd, abs)) {
    if (parent) ctx.outside?.push({ from: parent, target: abs });
    return;
  }
  if (depth > 0 && !isTextPath(abs)) return;
  const r = readTextFile(abs, CLAUDE_MAX_FILE_BYTES);
  if (!r.ok) {
    if (r.reason !== "missing" && r.reason !== "not-regular") {
      ctx.findings.push({
        ruleId: "read-failed",
        severity: "warning",
        file: displayPath(abs, ctx.root),
        message: `not attached: ${r.reason}`,
      });
    }
    return;
  }
  ctx.processed.add(abs);
  const { text, imports, paths } = parseFile(r.text, ctx.behaviour);
  if (!text.trim()) return;
  // Under a rule, an imported file with its own recognised `paths:` is dropped; its imports still load.
  const dropped = underRule && depth > 0 && paths !== undefined;
  // In context already is a question of the real path: a file attached through a link is not attached
  // again by its own path, nor the reverse (found by the differential test, seed r332:197).
  if (emitSelf && !dropped && !ctx.loaded.has(abs) && !ctx.loaded.has(r.realPath) && abs !== ctx.target) {
    emit(ctx, abs, text, r.fileBytes, kind, parent ? displayPath(parent, ctx.root) : null, reason);
    ctx.loaded.add(r.realPath);
  }
  const seen = new Set<string>();
  for (const p of imports) {
    const imp = resolveImportPath(p, r.realPath, ctx.home);
    if (seen.has(imp)) continue;
    seen.add(imp);
    loadWithImports(
      ctx,
      imp,
      depth + 1,
      "import",
      abs,
      `imported by ${displayPath(abs, ctx.root)}`,
      true,
      underRule,
    );
  }
}

interface RuleFile {
  abs: string;
  fileBytes: number;
  text: string;
  paths: string[] | undefined;
  /** The rule's imports as written (resolved from its real path, `abs`). */
  imports: string[];
  /** Set by {@link withConditionalImports}: an import with its own `paths:`, attached like a scoped rule. */
  importedBy?: string;
}

/**
 * The `.md` files of the rules directory of `dir`, walked as at launch (walkRules: same order, no depth
 * limit, links followed once), each read and classified.
 */
function listRuleFiles(ctx: Ctx, dir: string): RuleFile[] {
  if (!existsSync(join(dir, ".claude", "rules"))) return [];
  return listRuleFilesIn(ctx, join(dir, ".claude", "rules"));
}

/** The `.md` files of one rules directory, walked as at launch, each read and classified. */
function listRuleFilesIn(ctx: Ctx, rulesDir: string): RuleFile[] {
  const cached = ctx.ruleDirs?.get(rulesDir);
  if (cached) {
    ctx.findings.push(...cached.findings);
    return cached.rules;
  }
  const findingsBefore = ctx.findings.length;
  const walk = walkRulesDir(rulesDir);
  for (const p of walk.problems)
    ctx.findings.push({
      ruleId: "walk-stopped",
      severity: "warning",
      file: displayPath(p.path, ctx.root),
      message: p.message,
    });
  const out: RuleFile[] = [];
  for (const f of walk.files) {
    // As at launch (settled on 2.1.332): a rule reached through a link whose real path leaves the working
    // directory is never attached, nor are its imports (found by the differential test, seed r332:31).
    if (ctx.behaviour.ruleLinksStayInsideCwd && f.realPath !== f.path && !inside(ctx.cwd, f.realPath))
      continue;
    const r = readTextFile(f.path, CLAUDE_MAX_FILE_BYTES);
    if (!r.ok) continue;
    const { text, paths, imports } = parseFile(r.text, ctx.behaviour);
    // Attached by its real path, as at launch (a linked rule shows its target's path).
    out.push({ abs: f.realPath, fileBytes: r.fileBytes, text, paths, imports });
  }
  ctx.ruleDirs?.set(rulesDir, { rules: out, findings: ctx.findings.slice(findingsBefore) });
  return out;
}

const conditionalCache = new WeakMap<RuleFile[], RuleFile[]>();

/**
 * `rules`, each followed by the files it imports (depth-first, at most 4 hops, inside the working
 * directory) that have a `paths:` of their own: the CLI drops such an import at launch but keeps it as a
 * scoped rule of the same folder, attached on a read its globs match relative to the folder's directory,
 * whether or not the importing rule fires (2.1.332; found by the differential test, seed h332:147;
 * claude-onread.test.ts `an_import_with_its_own_paths_under_a_rule_attaches_when_its_globs_match_the_read`).
 */
function withConditionalImports(ctx: Ctx, rules: RuleFile[]): RuleFile[] {
  const cached = conditionalCache.get(rules);
  if (cached) return cached;
  const out: RuleFile[] = [];
  const seen = new Set<string>(rules.map((r) => r.abs));
  const visit = (from: string, imports: string[], depth: number, rule: string) => {
    if (depth > CLAUDE_MAX_IMPORT_HOPS) return;
    for (const p of imports) {
      const imp = resolveImportPath(p, safeRealpath(from) ?? from, ctx.home);
      if (seen.has(imp) || !inside(ctx.cwd, imp) || !isTextPath(imp)) continue;
      seen.add(imp);
      const r = readTextFile(imp, CLAUDE_MAX_FILE_BYTES);
      if (!r.ok) continue;
      const parsed = parseFile(r.text, ctx.behaviour);
      if (parsed.paths !== undefined)
        out.push({
          abs: imp,
          fileBytes: r.fileBytes,
          text: parsed.text,
          paths: parsed.paths,
          imports: [],
          importedBy: rule,
        });
      visit(imp, parsed.imports, depth + 1, rule);
    }
  };
  for (const rule of rules) {
    out.push(rule);
    visit(rule.abs, rule.imports, 1, rule.abs);
  }
  conditionalCache.set(rules, out);
  return out;
}

function attachScopedRules(ctx: Ctx, base: string, listed: RuleFile[], where: string): void {
  const rel = relative(base, ctx.target);
  if (!rel || rel.startsWith("..") || isAbsolute(rel)) return;
  const rules = withConditionalImports(ctx, listed);
  for (const rule of rules) {
    if (!rule.paths) continue;
    const fired = compileClaudeGlobs(rule.paths).match(toPosix(rel));
    if (!fired) continue;
    if (ctx.processed.has(rule.abs)) continue;
    const userDir = ctx.layers?.userDir;
    if (ctx.layers?.excluded(rule.abs, userDir && inside(userDir, rule.abs) ? "User" : "Project")) continue;
    ctx.processed.add(rule.abs);
    if (!rule.text.trim() || ctx.loaded.has(rule.abs) || rule.abs === ctx.target) continue;
    const shownRel = toPosix(rel);
    emit(
      ctx,
      rule.abs,
      rule.text,
      rule.fileBytes,
      "rule",
      null,
      `${rule.importedBy ? `imported by ${displayPath(rule.importedBy, ctx.root)} with paths of its own, a ` : ""}scoped rule (${where}): paths glob "${fired}" matches ${shownRel} relative to ${displayPath(base, ctx.root)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// The AGENTS.md plugin on read (2.1.332): a built-in plugin's hook on Read adds, after the tool result, in a
// `role: "system"` message `tool.call hook additional context: Contents of PATH:\n\nTEXT` (joined by "\n"),
// the AGENTS files of the directories below the working directory down to the file's, with their imports.
// Read from the CLI's bundle (plugin "agents_md", hooks `tool.call` on Read) and settled by
// claude-onread.test.ts "agents md on read".

/** The names the plugin looks for in a directory, in its order. */
const PLUGIN_AGENTS_NAMES = ["AGENTS.md", join(".claude", "AGENTS.md")];
/** The CLAUDE files whose presence in a directory hides its AGENTS files (the default mode). */
const PLUGIN_CLAUDE_NAMES = ["CLAUDE.md", join(".claude", "CLAUDE.md"), "CLAUDE.local.md"];

/** What the plugin keeps across one session's reads. */
interface AgentsPluginState {
  /** Files it added, and AGENTS files read whole: never added again. */
  given: Set<string>;
  /** The launch set (absolute paths). */
  inContextPaths: Set<string>;
  /** Trimmed texts of the launch set's project and local files. */
  inContextTexts: Set<string>;
  /** A CLAUDE file with text at the working directory or above (decided once per session). */
  claudeProject?: boolean;
}

/** One file as the plugin sends it: the file, or one of its imports (`parent` set). */
interface PluginPart {
  abs: string;
  text: string;
  fileBytes: number;
  parent: string | null;
}

/**
 * `files` (absolute, in order) each followed depth-first by its imports, loaded on their own: a fresh
 * context over `base`'s release, directories, home and layers, with nothing in context and no target.
 */
function loadAlone(
  base: Pick<Ctx, "behaviour" | "root" | "cwd" | "home" | "layers" | "outside">,
  files: readonly string[],
  reason: string,
): Ctx {
  const ctx: Ctx = {
    ...base,
    target: "\0",
    loaded: new Set(),
    processed: new Set(),
    items: [],
    texts: new Map(),
    findings: [],
  };
  for (const f of files) loadWithImports(ctx, f, 0, "memory", null, reason);
  return ctx;
}

/** `files` (absolute, in order) each followed depth-first by its imports, as the on-read loader reads them. */
function pluginParts(ctx: Ctx, files: string[]): PluginPart[] {
  const { behaviour, root, cwd, home, layers } = ctx;
  const sub = loadAlone({ behaviour, root, cwd, home, ...(layers ? { layers } : {}) }, files, "");
  return sub.items.map((it) => ({
    abs: isAbsolute(it.path) ? it.path : join(ctx.root, it.path),
    text: sub.texts.get(it.path) ?? "",
    fileBytes: it.fileBytes,
    parent: it.importedBy,
  }));
}

function agentsOnRead(ctx: Ctx, st: AgentsPluginState, whole: boolean): void {
  const { behaviour, layers, cwd, target } = ctx;
  // CLAUDE_CODE_DISABLE_CLAUDE_MDS and CLAUDE_CODE_SIMPLE stop it too (settled on 2.1.332 by a probe with
  // CLAUDE_CODE_DISABLE_CLAUDE_MDS=1), as does CLAUDE_CODE_DISABLE_ATTACHMENTS (its code); managed-only: below.
  if (!behaviour.agentsMdOnRead || layers?.nothingLoadsOnRead || layers?.nothingAttaches) return;
  const mode = layers?.mode ?? "claude-md-or-agents-md";
  if (mode === "claude-md" || mode === "managed-only") return;
  if (!isRegularFile(target) || !inside(cwd, target)) return;
  const fallback = mode === "claude-md-or-agents-md";
  if (fallback) {
    st.claudeProject ??= cwdLevelDirs(cwd).some((d) =>
      PLUGIN_CLAUDE_NAMES.some((n) => pluginParts(ctx, [join(d, n)]).length > 0),
    );
    if (st.claudeProject) return;
  }
  const agentsParts: PluginPart[] = [];
  const claudeParts: PluginPart[] = [];
  for (const dir of nestedDirs(cwd, target)) {
    const claude = pluginParts(
      ctx,
      PLUGIN_CLAUDE_NAMES.map((n) => join(dir, n)),
    );
    claudeParts.push(...claude);
    // The default mode leaves out the AGENTS files of a directory that has a CLAUDE file.
    if (fallback && claude.some((p) => p.parent === null)) continue;
    agentsParts.push(
      ...pluginParts(
        ctx,
        PLUGIN_AGENTS_NAMES.map((n) => join(dir, n)),
      ),
    );
  }
  // Not already in context: by path (the launch set, the CLAUDE files on the way) or by trimmed text (the
  // launch set's project files, the CLAUDE files on the way); then not given before in the session.
  const paths = new Set([...st.inContextPaths, ...claudeParts.map((p) => p.abs)]);
  const texts = new Set([...st.inContextTexts, ...claudeParts.map((p) => p.text.trim())]);
  const fresh: PluginPart[] = [];
  for (const p of agentsParts) {
    const t = p.text.trim();
    if (paths.has(p.abs) || (t !== "" && texts.has(t))) continue;
    paths.add(p.abs);
    if (!st.given.has(p.abs)) fresh.push(p);
  }
  for (const p of fresh) {
    if (p.abs === target) {
      if (whole) st.given.add(p.abs);
      continue;
    }
    st.given.add(p.abs);
    const path = displayPath(p.abs, ctx.root);
    ctx.items.push({
      path,
      kind: p.parent === null ? "memory" : "import",
      loadedAt: "read",
      bytes: Buffer.byteLength(p.text, "utf8"),
      fileBytes: p.fileBytes,
      charged: false,
      importedBy: p.parent,
      reason:
        p.parent === null
          ? `nested AGENTS file: Claude Code's AGENTS.md plugin adds it after a Read below ${displayPath(dirname(p.abs), ctx.root)}/`
          : `imported by ${p.parent} (added with it by the AGENTS.md plugin)`,
    });
    ctx.texts.set(path, p.text);
  }
}

/** Whether `p` is (or links to) a regular file. Never throws. */
function isRegularFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Linux PATH_MAX in bytes: no longer path can be opened. */
const PATH_MAX_BYTES = 4096;

/**
 * Whether the read's attachments end at `dir` (2.1.197, `badGlobEndsRead`): a rule of its rules folder has
 * a `paths:` pattern the CLI's gitignore matcher cannot compile (e.g. `[b/**` from an unquoted flow list
 * `[b/**, *.md]`). Adds an info finding naming the rule.
 */
function endsRead(ctx: Ctx, dir: string): boolean {
  if (!ctx.behaviour.badGlobEndsRead) return false;
  let bad: RuleFile | undefined;
  let dropped: readonly string[] = [];
  for (const r of listRuleFiles(ctx, dir)) {
    dropped = r.paths ? compileClaudeGlobs(r.paths).dropped : [];
    if (dropped.length > 0) {
      bad = r;
      break;
    }
  }
  if (!bad) return false;
  ctx.findings.push({
    ruleId: "glob-ends-read",
    severity: "info",
    file: displayPath(bad.abs, ctx.root),
    message: `${displayPath(bad.abs, ctx.root)}: paths pattern ${JSON.stringify(dropped[0])} does not compile; Claude Code ${ctx.behaviour.release} attaches nothing more for this read from ${displayPath(dir, ctx.root) || "."} on`,
    help: 'quote the list\'s values or write it in block form (paths:\n  - "b/**/*.ts"\n  - "*.md")',
  });
  return true;
}

function readOnce(ctx: Ctx): void {
  const { cwd, target } = ctx;
  if (ctx.layers?.nothingLoadsOnRead || ctx.layers?.nothingAttaches) return;
  // The CLI attaches nothing for a file outside the working directory (or reached through a link
  // that leads outside it).
  if (!inside(cwd, target)) return;
  // A path longer than PATH_MAX (4096 bytes on Linux) names no file: the tool call fails with
  // ENAMETOOLONG and nothing is attached. Checked first, so a made-up target of 10,000 segments does not
  // cost quadratic gitignore matching (test/e2e/bad-input-route.test.ts).
  if (Buffer.byteLength(target) > PATH_MAX_BYTES) return;
  const real = safeRealpath(target);
  const realCwd = safeRealpath(cwd) ?? cwd;
  if (real && !inside(cwd, real) && !inside(realCwd, real)) return;
  // Before 2.1.199 the CLI attaches only when a Read gets a file's text: nothing for a missing file or a
  // directory (./release.ts, attachOnReadOfAnyPath).
  if (!ctx.behaviour.attachOnReadOfAnyPath && !isRegularFile(target)) return;

  // The user layer's scoped rules ($CLAUDE_CONFIG_DIR/rules, where `pointers` writes) come first, before
  // the nested memory of the directories between (2.1.332, the differential test's g332:72): globs relative
  // to the working directory (docs/findings-pointers.md).
  const userDir = ctx.layers?.userDir;
  if (userDir && existsSync(join(userDir, "rules"))) {
    attachScopedRules(ctx, cwd, listRuleFilesIn(ctx, join(userDir, "rules")), "user rules");
  }
  for (const dir of nestedDirs(cwd, target)) {
    // A directory that does not exist holds nothing to attach, nor does anything below it (a target of
    // 10,000 made-up segments would otherwise cost quadratic time; test/e2e/bad-input-route.test.ts).
    if (!existsSync(dir)) break;
    if (endsRead(ctx, dir)) return;
    const shown = displayPath(dir, ctx.root);
    const why = `nested memory in ${shown}/ (between the working directory and the file)`;
    loadWithImports(ctx, join(dir, "CLAUDE.md"), 0, "memory", null, why);
    loadWithImports(ctx, join(dir, ".claude", "CLAUDE.md"), 0, "memory", null, why);
    loadWithImports(ctx, join(dir, "CLAUDE.local.md"), 0, "local", null, `${why}; personal, not checked in`);
    const rules = listRuleFiles(ctx, dir);
    // The CLI loads this folder like a launch folder: each unscoped rule with its imports, and for a scoped
    // rule only its imports (the rule itself waits for a matching file; its imports do not).
    const before = new Set(ctx.processed);
    for (const rule of rules) {
      const why = rule.paths ? "scoped" : "unscoped";
      loadWithImports(
        ctx,
        rule.abs,
        0,
        "rule",
        null,
        `${why} rule of nested ${shown}/.claude/rules`,
        !rule.paths,
        true,
      );
    }
    // The scoped pass starts from the processed set as it was before the folder pass (as in the CLI).
    const after = ctx.processed;
    ctx.processed = before;
    attachScopedRules(ctx, dir, rules, `nested ${shown}/.claude/rules`);
    for (const p of after) ctx.processed.add(p);
  }
  for (const dir of cwdLevelDirs(cwd)) {
    const rulesDir = join(dir, ".claude", "rules");
    if (!existsSync(rulesDir)) continue;
    if (endsRead(ctx, dir)) return;
    attachScopedRules(ctx, dir, listRuleFiles(ctx, dir), `${displayPath(rulesDir, ctx.root)}`);
  }
}

/**
 * Starts a model session: a sequence of tool targets in one Claude Code session, where each file is
 * attached at most once and files already in context are never attached.
 *
 * @param opts.root repository root (absolute); @param opts.cwd working directory (absolute, default root)
 * @param opts.alreadyLoaded absolute paths of the launch set (in context before the first call on 2.1.332;
 *   2.1.197 attaches them again when nested memory imports them)
 * @param opts.home directory for `~/` imports (default: `$HOME`)
 * Never throws; unreadable files become problems. Verified on Claude Code 2.1.332.
 */
export function claudeOnReadSession(opts: {
  root: string;
  cwd?: string;
  alreadyLoaded?: Iterable<string>;
  home?: string;
  /** The launch's layers (./layers.ts): the user's scoped rules, claudeMdExcludes, switches. */
  layers?: ClaudeLayers;
  /** The Claude Code release to model (default: the newest verified; ./release.ts). */
  release?: string;
  /**
   * The injected texts of the launch set's project and local files (absolute path → text): the AGENTS.md
   * plugin adds no file whose trimmed text equals one of them.
   */
  launchTexts?: ReadonlyMap<string, string>;
}): ClaudeOnReadSession {
  const behaviour = claudeRelease(opts.release);
  const root = resolve(opts.root);
  const cwd = resolve(opts.cwd ?? root);
  // 2.1.197 does not count the launch set as in context on read (release.ts, launchSetInContextOnRead).
  const launchSet = [...(opts.alreadyLoaded ?? [])];
  const loaded = new Set<string>(behaviour.launchSetInContextOnRead ? launchSet : []);
  const plugin: AgentsPluginState = {
    given: new Set(),
    inContextPaths: new Set(launchSet),
    inContextTexts: new Set(
      [...(opts.launchTexts ?? new Map()).values()].map((t) => t.trim()).filter(Boolean),
    ),
  };
  const home = opts.home ?? process.env.HOME ?? "/";
  const ruleDirs = new Map<string, { rules: RuleFile[]; findings: Finding[] }>();
  return {
    loaded,
    read(target: string, how: ClaudeReadHow = {}): ClaudeOnReadResult {
      const abs = resolve(cwd, target);
      const ctx: Ctx = {
        behaviour,
        root,
        cwd,
        home,
        target: abs,
        loaded,
        processed: new Set(),
        items: [],
        texts: new Map(),
        findings: [],
        ruleDirs,
        ...(opts.layers ? { layers: opts.layers } : {}),
      };
      readOnce(ctx);
      if ((how.tool ?? "Read") === "Read") agentsOnRead(ctx, plugin, how.whole !== false);
      loaded.add(abs);
      return { items: ctx.items, texts: ctx.texts, findings: ctx.findings };
    },
  };
}

/**
 * What Claude Code attaches when its Read tool (or Write, Edit, or a plain-read Bash command) touches
 * `target` for the first time in a session: nested memory (with imports) of each directory strictly between
 * `cwd` and the file, unscoped and matching scoped rules of those directories' `.claude/rules/`, and the
 * scoped rules of `cwd` and its ancestors whose `paths:` globs match the file (relative to the directory
 * holding that `.claude/`). Files in `alreadyLoaded` and the target itself are never attached.
 *
 * @returns items (`loadedAt: "read"`, `charged: false`, `bytes` = UTF-8 bytes of the injected text, kind
 *   `memory` | `local` | `import` | `rule`, `reason` naming the glob or directory), texts, problems.
 * Never throws. Verified on Claude Code 2.1.332.
 */
export function claudeOnRead(opts: ClaudeOnReadOptions): ClaudeOnReadResult {
  return claudeOnReadSession(opts).read(opts.target);
}

/**
 * The files Claude Code brings with memory files it attaches together (e.g. one nested directory's
 * CLAUDE.md, `.claude/CLAUDE.md`, CLAUDE.local.md): each file and, depth-first, its imports — resolved
 * from the importing file's real directory, at most 4 hops, each file once, non-text and empty files
 * skipped — as the on-read loader attaches them (the same code path). Imports that resolve outside `cwd`
 * are not followed and are listed in `outside` (absolute `from` and `target`). Verified on 2.1.332.
 * @param opts.files absolute memory file paths, in the CLI's order; missing ones are skipped
 */
export function claudeMemoryWithImports(opts: {
  root: string;
  cwd: string;
  files: readonly string[];
  home?: string;
}): { items: ContextItem[]; texts: Map<string, string>; outside: { from: string; target: string }[] } {
  const ctx = loadAlone(
    {
      behaviour: claudeRelease(),
      root: resolve(opts.root),
      cwd: resolve(opts.cwd),
      home: opts.home ?? process.env.HOME ?? "/",
      outside: [],
    },
    opts.files,
    "memory file",
  );
  return { items: ctx.items, texts: ctx.texts, outside: ctx.outside ?? [] };
}

/**
 * The on-demand session that follows a launch: what is in the snapshot's launch set is in context
 * already and is never attached again; the release is the snapshot's. Verified on Claude Code 2.1.332
 * and 2.1.197.
 */
export function claudeOnDemand(
  snapshot: Snapshot,
  opts: { home?: string; layers?: ClaudeLayers } = {},
): ClaudeOnReadSession {
  const home = opts.home ?? opts.layers?.home;
  const abs = (p: string) => (isAbsolute(p) ? p : join(snapshot.root, p));
  const userDir = opts.layers?.userDir;
  const launchTexts = new Map<string, string>();
  for (const it of snapshot.items)
    if (!userDir || !inside(userDir, abs(it.path)))
      launchTexts.set(abs(it.path), snapshot.texts.get(it.path) ?? "");
  return claudeOnReadSession({
    root: snapshot.root,
    cwd: snapshot.cwd,
    alreadyLoaded: snapshot.items.map((i) => abs(i.path)),
    launchTexts,
    release: snapshot.agent.version,
    ...(home ? { home } : {}),
    ...(opts.layers ? { layers: opts.layers } : {}),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Which tool calls trigger the attachment (CLI 2.1.332).

const CAT_FLAGS: Record<string, Set<string>> = {
  cat: new Set(["-n", "--number"]),
  nl: new Set(),
  bat: new Set(["-n", "--number", "-p", "--plain"]),
  batcat: new Set(["-n", "--number", "-p", "--plain"]),
};

function singleReadFile(w: string[], alone: boolean): string | null {
  const [cmd, ...args] = w;
  if (cmd === "sed") {
    let quiet = false;
    const pos: string[] = [];
    for (const a of args) {
      if (a.startsWith("--")) {
        if (a === "--in-place" || a.startsWith("--in-place=") || a === "--expression") return null;
        if (a === "--quiet" || a === "--silent") quiet = true;
      } else if (a.startsWith("-")) {
        if (a.includes("i") || a === "-e") return null;
        if (a.includes("n")) quiet = true;
      } else pos.push(a);
    }
    if (!quiet || pos.length !== 2) return null;
    return /^(\d+),(\d+)p$/.test(pos[0] ?? "") || /^(\d+)p$/.test(pos[0] ?? "") ? (pos[1] ?? null) : null;
  }
  const flags = cmd ? CAT_FLAGS[cmd] : undefined;
  if (flags) {
    let file: string | null = null;
    for (const a of args) {
      if (a.startsWith("-") && a !== "-") {
        if (!flags.has(a)) return null;
      } else if (file !== null) return null;
      else file = a;
    }
    return file === "-" ? null : file;
  }
  if (cmd === "head" || cmd === "tail") {
    let file: string | null = null;
    for (let i = 0; i < args.length; i++) {
      const a = args[i] as string;
      if (a === "-n" || a === "--lines") {
        if (!/^\d+$/.test(args[++i] ?? "")) return null;
      } else if (/^--lines=\d+$/.test(a) || /^-n\d+$/.test(a) || /^-\d+$/.test(a)) {
        /* a line count */
      } else if (a.startsWith("-")) return null;
      else if (file !== null) return null;
      else file = a;
    }
    return file === "-" ? null : file;
  }
  if (alone && (cmd === "grep" || cmd === "egrep" || cmd === "fgrep" || cmd === "rg")) {
    const rg = cmd === "rg";
    const short = rg ? /^-[iSswxFnNHUP]+$/ : /^-[niwxEFGPHh]+$/;
    const long = rg
      ? ["--ignore-case", "--smart-case", "--case-sensitive", "--word-regexp", "--line-regexp"]
          .concat([
            "--fixed-strings",
            "--line-number",
            "--no-line-number",
            "--with-filename",
            "--no-filename",
          ])
          .concat(["--multiline", "--pcre2"])
      : ["--line-number", "--ignore-case", "--word-regexp", "--line-regexp", "--extended-regexp"]
          .concat(["--fixed-strings", "--basic-regexp", "--perl-regexp", "--with-filename", "--no-filename"])
          .concat(["--color=never", "--color=auto"]);
    const pos: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i] as string;
      if (a.startsWith("-") && a !== "-") {
        if (a === "-A" || a === "-B" || a === "-C") {
          if (!/^\d+$/.test(args[++i] ?? "")) return null;
        } else if (rg && ["--after-context", "--before-context", "--context"].includes(a)) {
          if (!/^\d+$/.test(args[++i] ?? "")) return null;
        } else if (
          !/^-[ABC]\d+$/.test(a) &&
          !/^--(?:after-context|before-context|context)=\d+$/.test(a) &&
          !short.test(a) &&
          !long.includes(a)
        )
          return null;
      } else pos.push(a);
    }
    if (pos.length !== 2 || pos[1] === "-" || /[*?[{]/.test(pos[1] ?? "")) return null;
    return pos[1] ?? null;
  }
  return null;
}

/**
 * The files for which Claude Code 2.1.332 runs its on-demand attachment after a tool call: `file_path` of
 * Read, Write and Edit (`notebook_path` of NotebookEdit, not verified), and for Bash the file of a command
 * it recognises as a plain read: `cat`/`nl`/`bat` of one file, `head`/`tail` with a line count,
 * `sed -n 'N,Mp'`, and (as the whole command) `grep`/`rg` PATTERN FILE; several such commands may be joined
 * by `&&`, `||` or `;` with `echo`/`printf`/`true`/`:`. Any `|`, `<` or `>` disqualifies the command.
 * A Bash target that is a directory attaches nothing (it is left out). Runtime conditions the CLI adds and
 * this function does not check: the command's output must contain the file's text, grep must exit 0, and
 * the file must be at most 10 MiB.
 *
 * @param toolName the tool (`Read`, `Write`, `Edit`, `MultiEdit`, `NotebookEdit`, `Bash`)
 * @param input the tool input as the model sent it
 * @param cwd directory relative paths resolve against (absolute)
 * @param release the Claude Code release (default: the newest verified). Before 2.1.288 only Read triggers
 *   the attachment (before 2.1.199 only for an existing file, which the session checks); before 2.1.293 no
 *   Bash command does.
 * @returns absolute paths, possibly empty. Throws UsageError for a release the model does not know.
 */
export function claudeAttachTargets(
  toolName: string,
  input: Record<string, unknown>,
  cwd: string,
  release?: string,
): string[] {
  const abs = (p: unknown) => (typeof p === "string" && p ? [resolve(cwd, p)] : []);
  // Which tools attach is the release's (./release.ts): Read on every release, Write and Edit from 2.1.288
  // (attachOnWriteEdit), a plain-read Bash command from 2.1.293 (attachOnBashRead).
  const behaviour = claudeRelease(release);
  if (toolName === "Read") return abs(input.file_path);
  if (toolName === "Write" || toolName === "Edit" || toolName === "MultiEdit")
    return behaviour.attachOnWriteEdit ? abs(input.file_path) : [];
  if (toolName === "NotebookEdit") return behaviour.attachOnWriteEdit ? abs(input.notebook_path) : [];
  if (toolName !== "Bash" || typeof input.command !== "string" || !behaviour.attachOnBashRead) return [];
  const command = input.command;
  if (/[|<>]/.test(command)) return [];
  const cmds = simpleCommands(command);
  if (!cmds || cmds.length === 0) return [];
  const files: string[] = [];
  for (const c of cmds) {
    const f = singleReadFile(c.words, cmds.length === 1);
    // A target that is a directory ( `cat pkg`, `grep needle pkg`, `rg needle pkg`) attaches
    // nothing on either release (recorded cases `bash_*_on_a_directory_attaches_nothing`).
    if (f)
      files.push(...abs(f).filter((p) => statSync(p, { throwIfNoEntry: false })?.isDirectory() !== true));
    else if (cmds.length > 1 && !/^\s*(echo|printf|true|:)\b/.test(c.raw)) return [];
  }
  return files;
}

/**
 * What the agent-context PreToolUse hook loads when a call may attach something (the hook capability's
 * `onReadModule` names this module, ./hook.ts): which targets Claude Code attaches itself, and a fresh
 * on-read session to ask about the others.
 */
export const hookOnRead: HookOnRead = {
  attachTargets: (tool, input, cwd, release) => claudeAttachTargets(tool, input, cwd, release),
  session: (root, cwd, release) =>
    claudeOnReadSession({ root, cwd, ...(release !== undefined ? { release } : {}) }),
};

/**
 * What `pointers` needs from Claude Code (the `pointers` capability): rule classification (./rules.ts) and
 * what a directory's memory brings on read ({@link claudeMemoryWithImports}). Verified on
 * {@link CLAUDE_CODE_VERIFIED_VERSION}.
 */
export const claudePointers: AgentPointers = {
  verifiedOn: CLAUDE_CODE_VERIFIED_VERSION,
  classifyRule: (absPath, root, release) => classifyRule(absPath, root, release),
  listRules: (root) => listRules(root),
  memoryWithImports: (opts) => claudeMemoryWithImports(opts),
};
