/**
 * How GitHub Copilot CLI builds the instruction part of its system message at launch, settled against the
 * pinned CLI (@github/copilot {@link COPILOT_VERIFIED_VERSION}, offline against a loopback OpenAI-style
 * server); each rule is pinned by a case in test/conformance/copilot-cli.test.ts and described in
 * docs/findings-copilot-cli.md.
 *
 * 1. The git root is the nearest ancestor of the cwd holding `.git`; without one only the cwd is searched
 *    (the model takes the repository root instead, for copies without their git directory).
 * 2. Custom-instruction blocks, in this order: `~/.copilot/copilot-instructions.md` (user view);
 *    `.github/copilot-instructions.md` of the git root, then of the cwd; `AGENTS.md`, `CLAUDE.md`,
 *    `GEMINI.md` of the git root, then of the cwd; then for each directory between them (nearest the cwd first) its
 *    `.github/copilot-instructions.md`, `AGENTS.md`, `CLAUDE.md`, `GEMINI.md`. Regular files only (links
 *    followed, dangling links and directories skipped). A leading BOM is dropped; nothing else is touched
 *    (frontmatter, comments, CRLF, whitespace and empty files are sent as they are).
 * 3. Each block's `@path` tokens (outside code spans and fences) that name an existing regular file,
 *    resolved from the containing file's directory, get that file's text (BOM dropped, trailing whitespace
 *    trimmed, leading whitespace kept: settled by `verify --probes` on 1.0.102) inlined right after the
 *    token: `\n\n<imported_custom_instruction source="ABS">\nTEXT\n</imported_custom_instruction>`,
 *    recursively; a file already inlined in the same block gets
 *    `\n\n<imported_custom_instruction source="ABS" skipped="already-loaded" />` instead.
 * 4. `*.instructions.md` files under `.github/instructions/`, then `*.md` under `.claude/rules/`, of the
 *    git root and then of the cwd (after `~/.copilot/instructions/` in the user view), any depth, dot-directories skipped, in path-component order:
 *    one whose `applyTo` (or `paths:`) is absent, empty, unparseable, or `*`, `**`, `**` + `/*` (trimmed; a
 *    YAML list is joined with ", ") is sent whole at launch (frontmatter included, imports not inlined; an
 *    empty file adds an empty entry); any other `applyTo` puts a row into a table of patterns and paths the model is told to read,
 *    and the file arrives when a tool touches a matching path (./on-read.ts).
 *    Then, user view, each folder of `COPILOT_CUSTOM_INSTRUCTIONS_DIRS` in three passes (its
 *    `.github/instructions/`, its `.claude/rules/`, every other `*.instructions.md` below it), a file already
 *    read from the git root or the cwd skipped; its own `AGENTS.md` is a row of a table of its own. User
 *    files over 1 MiB, past 10 MiB in all or not valid UTF-8 are skipped, and so is any instruction file
 *    with `excludeAgent: coding-agent`.
 * 5. Framing: `"\n" + blocks.map(b => "<custom_instruction>\n" + b + "\n</custom_instruction>").join("\n\n")
 *    + "\n"`, then `"\n" + always.map(t => t + "\n\n").join("")`, then the tables (see {@link renderRegion}).
 * `--no-custom-instructions` sends `"\n\n"` and attaches nothing. Cases: test/conformance/copilot-user-layer.fixtures.ts.
 */
import { type Dirent, readdirSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import ignore from "ignore";
import picomatch from "picomatch";
import { UsageError } from "../../errors.js";
import { recordCut } from "../../fs/cuts.js";
import { nestsDeeperThan } from "../../fs/nesting.js";
import { displayPath, inside, joinPath, relativeInside, toPosix } from "../../fs/paths.js";
import { describeReadFailure, readTextFile, safeRealpath, statSafe } from "../../fs/read.js";
import { direntsSorted, WALK_MAX_MS } from "../../fs/walk.js";
import { MAX_YAML_NESTING } from "../../markdown/frontmatter.js";
import { simpleYaml } from "../../markdown/index.js";
import { lazyYaml } from "../../markdown/lazy.js";
import type {
  AppliedSource,
  ContextItem,
  Finding,
  ImportEdge,
  LaunchOptions,
  MemoryRecord,
  RuleRecord,
  Snapshot,
} from "../../model/index.js";
import { checkRelease } from "../release.js";
import { COPILOT_ID, COPILOT_NAME, COPILOT_RELEASES, COPILOT_VERIFIED_VERSION } from "./release.js";
import { copilotSources } from "./sources.js";

/** The memory file names Copilot CLI reads in a directory, in its order. */
export const COPILOT_MEMORY_NAMES = ["AGENTS.md", "CLAUDE.md", "GEMINI.md"] as const;
/** The repository instruction file. */
export const COPILOT_INSTRUCTIONS_FILE = ".github/copilot-instructions.md";
/** The path-scoped instructions directory. */
export const COPILOT_INSTRUCTIONS_DIR = ".github/instructions";
/** Claude Code's rules directory, which Copilot reads as instruction files too (`applyTo` or `paths:`). */
export const CLAUDE_RULES_DIR = ".claude/rules";
/** `applyTo` values that mean "every file": the file is sent whole at launch. */
export const COPILOT_ALWAYS_PATTERNS: readonly string[] = ["", "*", "**", "**/*"];

/** The heading and table head Copilot puts before the rows of path-scoped instruction files. */
export const COPILOT_TABLE_HEAD =
  "Here is a list of instruction files that contain rules for modifying or creating new code.\n" +
  "These files are important for ensuring that the code is modified or created correctly.\n" +
  "Please make sure to follow the rules specified in these files when working with the codebase.\n" +
  "If you have not already read the file, use the `view` tool to acquire it.\n" +
  "Make sure to acquire the instructions before making any changes to the code.\n" +
  "| Pattern | File Path | Description |\n" +
  "| ------- | --------- | ----------- |\n";

/** A parsed `.instructions.md` file. */
export interface CopilotInstructionFile {
  abs: string;
  path: string;
  /** The text as sent (BOM dropped). */
  text: string;
  fileBytes: number;
  /** `applyTo` as Copilot reads it: a string, a list joined with ", ", or undefined (absent/unparseable). */
  applyTo: string | undefined;
  description: string;
  /** True when the file is sent whole at launch. */
  always: boolean;
  /** The comma-separated patterns (trimmed) it matches paths with (empty when `always`). */
  patterns: string[];
  /**
   * The directory whose `.github/instructions/` or `.claude/rules/` holds the file (the git root or the
   * cwd); undefined for `~/.copilot/instructions/`. The CLI shows the file's path relative to it.
   */
  base?: string;
}

/**
 * The path Copilot CLI shows for an instruction file in the table and in a reminder: relative to the
 * directory whose instructions folder holds it (the git root's relative to the git root, the cwd's to the
 * cwd), absolute for `~/.copilot`. Settled on 1.0.102 by `instructions_of_the_git_root_and_the_cwd_load_but_not_of_directories_between`
 * (cwd's) and the fuzz case `the_git_roots_instructions_are_shown_relative_to_the_git_root` (git root's).
 */
export function copilotShownPath(f: Pick<CopilotInstructionFile, "abs" | "base">): string {
  if (f.base === undefined) return toPosix(f.abs);
  // A file below its base (every instruction file a walk found) needs no path.relative, which resolves
  // both paths on each call (a tenth of a second of lint at 50,000 rules); same answer.
  return relativeInside(f.base, f.abs) ?? toPosix(relative(f.base, f.abs));
}

/**
 * A memory file's text with its `@` imports inlined exactly as in its launch block (BOM dropped, the file
 * itself counted as already loaded). Copilot CLI 1.0.102 sends a nested AGENTS.md / CLAUDE.md / GEMINI.md
 * attached on read in this form too (then XML-escaped; fuzz case
 * `a_nested_memory_file_attached_on_read_has_its_imports_inlined`). Never throws; import edges and
 * read findings are dropped.
 */
export function copilotExpandedText(text: string, abs: string, root: string, within: string): string {
  return copilotExpanded(text, abs, root, within).text;
}

/**
 * {@link copilotExpandedText} with the absolute paths the expansion wrote into it (each inlined or skipped
 * import's `source="ABS"`, in order): the machine-dependent part of the text.
 */
export function copilotExpanded(
  text: string,
  abs: string,
  root: string,
  within: string,
): { text: string; machinePaths: string[] } {
  if (!copilotExpandsImports(abs)) return { text: dropBom(text), machinePaths: [] };
  const path = displayPath(abs, root);
  const ctx: ExpandCtx = {
    root,
    within,
    seen: new Set([safeRealpath(abs) ?? abs]),
    imports: [],
    items: [],
    texts: new Map(),
    findings: [],
    top: path,
    machinePaths: [],
  };
  return { text: expand(dropBom(text), abs, path, 1, ctx), machinePaths: ctx.machinePaths };
}

const utf8 = (s: string) => Buffer.byteLength(s, "utf8");

/** UTF-8 bytes of the machine-dependent paths from `from` on. */
function machineBytes(paths: readonly string[], from = 0): number {
  let n = 0;
  for (let i = from; i < paths.length; i++) n += utf8(paths[i] as string);
  return n;
}

export interface CopilotLaunch {
  root: string;
  cwd: string;
  gitRoot: string;
  items: ContextItem[];
  texts: Map<string, string>;
  imports: ImportEdge[];
  rules: RuleRecord[];
  memory: MemoryRecord[];
  findings: Finding[];
  applied: AppliedSource[];
  /** The top-level block texts in order (imports inlined). */
  blocks: string[];
  /** Always-on instruction texts in order. */
  always: string[];
  /** Path-scoped instruction files listed in the table. */
  scoped: CopilotInstructionFile[];
  /** The rows of the custom folders' `AGENTS.md` table and of the child folders' table, as sent. */
  lists: { agentsRows: string[]; childRows: string[] };
  /** The instruction part of the system message as the CLI sends it. */
  region: string;
}

export interface CopilotLaunchOptions {
  root: string;
  cwd?: string;
  /** `~` of the user view: reads `~/.copilot/copilot-instructions.md` and `~/.copilot/instructions/`. */
  home?: string;
  /** `COPILOT_HOME` (default `home/.copilot`). */
  copilotHome?: string;
  /**
   * When no `.git` is found at or above the cwd (a copy without its git directory, like the shared
   * corpus), take `root` as the git root. Copilot itself then reads the cwd only. Default false.
   */
  assumeRootIsGitRoot?: boolean;
  /**
   * The fresh-clone view: a `.git` found above `root` is taken to be at `root` (where a fresh clone has its
   * own), so nothing above the repository loads. Default false.
   */
  nothingAboveRoot?: boolean;
  /**
   * `COPILOT_CUSTOM_INSTRUCTIONS_DIRS` as set (user view): comma-separated folders, each entry trimmed, empty
   * ones and repeats dropped, a relative one taken from the cwd, `~` not expanded; one that is not a folder
   * is ignored. See {@link copilotCustomDirs}.
   */
  customInstructionsDirs?: string;
  /** `--no-custom-instructions`: no instruction part at all, and nothing attaches on read. */
  noCustomInstructions?: boolean;
  /**
   * The `CHILD_CUSTOM_INSTRUCTIONS` feature flag (`COPILOT_CLI_ENABLED_FEATURE_FLAGS`): the `AGENTS.md` and
   * `CLAUDE.md` of folders below the cwd are listed in a table of their own.
   */
  childInstructions?: boolean;
}

/** A user instruction file (`~/.copilot/instructions/**`) larger than this is skipped (1.0.102). */
export const COPILOT_USER_FILE_MAX_BYTES = 1024 * 1024;
/** User instruction files load while their sizes add up to at most this; a later one that fits still loads. */
export const COPILOT_USER_TOTAL_MAX_BYTES = 10 * 1024 * 1024;

/** The heading and table head of the custom instruction folders' own `AGENTS.md` files. */
export const COPILOT_AGENTS_TABLE_HEAD =
  "Here is a list of nested AGENTS.md files that contain additional agent instructions.\n" +
  "These files provide context-specific instructions for different parts of the codebase.\n" +
  "Please make sure to follow the rules specified in these files when working with the relevant areas.\n" +
  "If you have not already read the file, use the `view` tool to acquire it.\n" +
  "Make sure to acquire the instructions before making any changes to the code in those areas.\n" +
  "| Directory | File Path | Description |\n" +
  "| --------- | --------- | ----------- |\n";

/** The heading and table head of the child folders' memory files (the `CHILD_CUSTOM_INSTRUCTIONS` flag). */
export const COPILOT_CHILD_TABLE_HEAD =
  "Use these instruction files from child directories (subprojects) for context-specific rules.\n" +
  "Read a file with the `view` tool before modifying code in that area.\n" +
  "| File Path |\n" +
  "| --------- |\n";

/**
 * The folders `COPILOT_CUSTOM_INSTRUCTIONS_DIRS` names, as Copilot CLI 1.0.102 takes them: split on commas
 * only (a colon is part of a name), each entry trimmed, empty ones dropped, relative ones resolved from the
 * cwd (`~` is not expanded), repeats dropped (the first kept), and only folders kept. Cases
 * `custom_dirs_are_comma_separated_trimmed_deduplicated_and_kept_in_order`,
 * `a_tilde_is_not_expanded_and_a_colon_does_not_separate_custom_dirs`,
 * `a_relative_custom_dir_is_taken_from_the_working_directory_and_listed_from_the_git_root`,
 * `a_custom_dir_that_is_a_file_is_ignored`.
 */
export function copilotCustomDirs(value: string, cwd: string): string[] {
  const out: string[] = [];
  for (const entry of value.split(",")) {
    const e = entry.trim();
    if (e === "") continue;
    const abs = resolve(cwd, e);
    if (out.includes(abs) || !statSafe(abs)?.isDirectory()) continue;
    out.push(abs);
  }
  return out;
}

/** Drops one leading BOM. */
function dropBom(s: string): string {
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

/**
 * The memory file `name` of `dir` as Copilot CLI 1.0.102 finds it: the name matched without regard to case
 * (`agents.md`, `Claude.md`, `gemini.md` load), the exact spelling first when it is a file, else the first
 * such entry in byte order that is a file (`AGENTS.md` wins over `agents.md`; fuzz case
 * `memory_and_instruction_file_names_are_matched_without_regard_to_case`). Returns `join(dir, name)`
 * when none is there.
 */
export function copilotMemoryFile(dir: string, name: string): string {
  const exact = join(dir, name);
  if (statSafe(exact)?.isFile()) return exact;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return exact;
  }
  const lower = name.toLowerCase();
  for (const n of names.sort()) {
    if (n.toLowerCase() !== lower) continue;
    const p = join(dir, n);
    if (statSafe(p)?.isFile()) return p;
  }
  return exact;
}

/**
 * Whether Copilot CLI 1.0.102 inlines the `@` imports of this memory file: every file but `GEMINI.md`
 * (any case), whose block is sent as written at launch and on read (fuzz case
 * `an_import_leaving_the_git_root_is_not_inlined`).
 */
export function copilotExpandsImports(abs: string): boolean {
  return basename(abs).toLowerCase() !== "gemini.md";
}

/** Ancestors of `dir` up to and including `top`, `dir` first (or just `dir` when `top` is not above it). */
function chain(dir: string, top: string): string[] {
  const out = [dir];
  let d = dir;
  while (d !== top) {
    const p = dirname(d);
    if (p === d) return [dir];
    out.push(p);
    d = p;
  }
  return out;
}

/** The nearest ancestor of `cwd` (inclusive) holding `.git`, or undefined. */
export function copilotGitRoot(cwd: string): string | undefined {
  let d = cwd;
  for (;;) {
    if (statSafe(join(d, ".git"))) return d;
    const p = dirname(d);
    if (p === d) return undefined;
    d = p;
  }
}

/** Offsets [start, end) of code spans and fenced/indented-free code blocks in `text`, where `@` is not an import. */
function codeRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  const fence = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gm;
  for (let m = fence.exec(text); m; m = fence.exec(text)) out.push([m.index, m.index + m[0].length]);
  const span = /(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g;
  // Spans come in order: one pass over the fences (in order, disjoint) tells which start inside one.
  const fences = out.length;
  let f = 0;
  for (let m = span.exec(text); m; m = span.exec(text)) {
    const s = m.index;
    while (f < fences && (out[f] as [number, number])[1] <= s) f++;
    const inFence = f < fences && (out[f] as [number, number])[0] <= s;
    if (!inFence) out.push([s, s + m[0].length]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** `@path` tokens Copilot takes as imports: `@` at a line start or after a non-word character, then the path. */
const TOKEN = /(^|[^\w@.\-/])@([^\s()<>[\]{}"'`,;|]+)/gm;

/** One import candidate: where its path ends (offset) and the path as written (trailing punctuation cut). */
export function copilotImportTokens(text: string): { at: number; end: number; path: string }[] {
  const code = codeRanges(text);
  const out: { at: number; end: number; path: string }[] = [];
  // Tokens come in order and the ranges are sorted by start: the ranges started so far and the furthest
  // end among them tell whether a token lies in code, in one pass.
  let k = 0;
  let codeEnd = -1;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const at = m.index + (m[1] as string).length;
    while (k < code.length && (code[k] as [number, number])[0] <= at)
      codeEnd = Math.max(codeEnd, (code[k++] as [number, number])[1]);
    if (at < codeEnd) continue;
    const path = (m[2] as string).replace(/[.:!?]+$/, "");
    if (path === "") continue;
    out.push({ at, end: at + 1 + path.length, path });
  }
  return out;
}

/**
 * 1-based line and column (UTF-16) of offsets in `text`, asked in increasing order (one pass over the
 * text however many are asked; an earlier offset restarts from the top).
 */
export function lineCols(text: string): (i: number) => { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  return (i) => {
    if (i < lineStart) {
      line = 1;
      lineStart = 0;
    }
    for (let nl = text.indexOf("\n", lineStart); nl !== -1 && nl < i; nl = text.indexOf("\n", lineStart)) {
      line++;
      lineStart = nl + 1;
    }
    return { line, column: i - lineStart + 1 };
  };
}

interface ExpandCtx {
  root: string;
  /** Imports must resolve inside this directory (the git root, else the cwd); others stay prose. */
  within: string;
  seen: Set<string>;
  imports: ImportEdge[];
  items: ContextItem[];
  texts: Map<string, string>;
  findings: Finding[];
  top: string;
  /**
   * The absolute paths written into the expanded text (`source="ABS"`), in order: the machine-dependent
   * part, never charged (an item's `framingBytes`).
   */
  machinePaths: string[];
}

/** Inlines the imports of `text` (the file `abs`, shown as `from`) as Copilot does. */
function expand(text: string, abs: string, from: string, hop: number, ctx: ExpandCtx): string {
  const tokens = copilotImportTokens(text);
  if (tokens.length === 0) return text;
  let out = "";
  let last = 0;
  const lineCol = lineCols(text);
  for (const t of tokens) {
    const targetAbs = resolve(dirname(abs), t.path);
    const target = displayPath(targetAbs, ctx.root);
    // The path as written is stat'ed, not normalised first: `@nodir/../c.md` and `@~/../AGENTS.md` stay prose
    // when `nodir` or `~` is not a directory (1.0.102; fuzz c102:35, conformance
    // `an_import_through_a_missing_directory_stays_prose`).
    const st = statSafe(isAbsolute(t.path) ? t.path : `${dirname(abs)}/${t.path}`);
    const pos = lineCol(t.at);
    const edge = { from, ...pos, token: t.path, targetAbs: toPosix(targetAbs), target, hop };
    if (isAbsolute(t.path)) {
      // 1.0.102 inlines no absolute path, even to a file inside the git root (fuzz c102:46, 96, 98; case
      // `an_absolute_import_stays_prose`).
      ctx.imports.push({
        ...edge,
        status: "dropped",
        reason: "an absolute path: Copilot leaves the token as prose",
      });
      continue;
    }
    if (!inside(ctx.within, targetAbs)) {
      // 1.0.102 leaves `@../n.md` above the git root and an absolute path outside it as prose (fuzz case
      // `an_import_leaving_the_git_root_is_not_inlined`).
      ctx.imports.push({
        ...edge,
        status: "outside-cwd",
        reason: "outside the git root (else the cwd): Copilot leaves the token as prose",
      });
      continue;
    }
    if (!st?.isFile()) {
      ctx.imports.push({
        ...edge,
        status: "missing",
        reason: "no regular file there: Copilot leaves the token as prose",
      });
      continue;
    }
    const real = safeRealpath(targetAbs) ?? targetAbs;
    if (!inside(safeRealpath(ctx.within) ?? ctx.within, real)) {
      // A link leading out of the git root (else the cwd) is not followed by an import (1.0.102; case
      // `links_leaving_the_repository_are_followed_but_an_import_through_one_is_not`).
      ctx.imports.push({
        ...edge,
        status: "outside-cwd",
        reason: "a link leading outside the git root (else the cwd): Copilot leaves the token as prose",
      });
      continue;
    }
    out += text.slice(last, t.end);
    last = t.end;
    if (ctx.seen.has(real)) {
      out += `\n\n<imported_custom_instruction source="${targetAbs}" skipped="already-loaded" />`;
      ctx.machinePaths.push(targetAbs);
      ctx.imports.push({ ...edge, status: "duplicate", reason: "already inlined in this block" });
      continue;
    }
    const r = readTextFile(targetAbs);
    if (!r.ok) {
      ctx.findings.push({
        ruleId: "read-failed",
        severity: "warning",
        file: target,
        message: describeReadFailure(r, target),
      });
      ctx.imports.push({ ...edge, status: "unreadable", reason: "could not be read" });
      continue;
    }
    if (!r.validUtf8) {
      // 1.0.102 leaves an import of a file that is not valid UTF-8 as prose (case
      // `an_import_of_an_invalid_utf8_file_stays_prose`).
      ctx.imports.push({
        ...edge,
        status: "unreadable",
        reason: "not valid UTF-8: Copilot leaves the token as prose",
      });
      continue;
    }
    ctx.seen.add(real);
    ctx.machinePaths.push(targetAbs);
    const innerFrom = ctx.machinePaths.length;
    const inner = expand(dropBom(r.text).trimEnd(), targetAbs, target, hop + 1, ctx);
    const innerFraming = machineBytes(ctx.machinePaths, innerFrom);
    out += `\n\n<imported_custom_instruction source="${targetAbs}">\n${inner}\n</imported_custom_instruction>`;
    ctx.imports.push({ ...edge, status: "loaded", reason: "inlined into the block after the token" });
    if (!ctx.texts.has(target)) {
      ctx.items.push({
        path: target,
        kind: "import",
        loadedAt: "launch",
        bytes: utf8(inner) - innerFraming,
        fileBytes: r.fileBytes,
        charged: false,
        importedBy: from,
        reason: `inlined by @${t.path} into ${ctx.top}'s block (counted in that block)`,
        countedIn: ctx.top,
        ...(innerFraming > 0 ? { framingBytes: innerFraming } : {}),
      });
      ctx.texts.set(target, inner);
    }
  }
  return out + text.slice(last);
}

/**
 * `applyTo` (else `paths:`) read line by line, as Copilot CLI 1.0.102 reads frontmatter that is not valid
 * YAML: the first `applyTo: VALUE` line, VALUE trimmed and one pair of matching surrounding quotes dropped
 * (an unmatched quote stays). So an unquoted double-star pattern (an alias to YAML) is that pattern, and one bad line elsewhere does not make the file apply to every file; the description is
 * then empty. Settled by `an_unquoted_double_star_apply_to_is_a_pattern_not_every_file` and `frontmatter_that_is_not_yaml_is_read_line_by_line`.
 */
function lineApplyTo(frontmatter: string): string | undefined {
  for (const key of ["applyTo", "paths"]) {
    const m = new RegExp(`^${key}:[ \\t]*(.*?)[ \\t]*\\r?$`, "m").exec(frontmatter);
    if (!m) continue;
    const v = m[1] as string;
    const q = /^(['"])(.*)\1$/.exec(v);
    return q ? (q[2] as string) : v;
  }
  return undefined;
}

/** Parses an `.instructions.md` file's frontmatter the way Copilot reads `applyTo` and `description`. */
export function parseInstructionFrontmatter(text: string): {
  applyTo: string | undefined;
  description: string;
  error?: string;
  /** `excludeAgent` as a list of names (a string is one name). */
  excludeAgent?: string[];
} {
  // Spaces after the opening fence are allowed (fuzz seeds c102:*, case
  // `spaces_after_the_opening_fence_still_make_frontmatter`). A closing `---` with text after it (`--- x`,
  // `---x`) closes too, but then the frontmatter is read line by line, the description empty (fuzz c102:63,
  // c2:10; case `a_closing_fence_with_text_after_it_closes_frontmatter_read_line_by_line`).
  const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---([^\n]*)(?:\n|$)/.exec(text);
  if (!m) return { applyTo: undefined, description: "" };
  if ((m[2] as string).trim() !== "") return { applyTo: lineApplyTo(m[1] as string), description: "" };
  // Typical frontmatter (`applyTo: "src/**"`, a list of quoted globs) without the YAML parser: simpleYaml
  // answers only where it agrees with it (test/unit/markdown.test.ts, copilot-instructions-walk.test.ts).
  let data: unknown = simpleYaml(m[1] as string);
  if (data === undefined)
    try {
      if (nestsDeeperThan(m[1] as string, MAX_YAML_NESTING, { yaml: true }))
        throw new Error(`nested deeper than ${MAX_YAML_NESTING} levels`);
      data = lazyYaml().parse(m[1] as string);
    } catch (e) {
      return {
        applyTo: lineApplyTo(m[1] as string),
        description: "",
        error: String((e as Error).message).split("\n")[0],
      };
    }
  if (!data || typeof data !== "object" || Array.isArray(data))
    return { applyTo: undefined, description: "" };
  const d = data as Record<string, unknown>;
  const raw = d.applyTo ?? d.paths;
  const applyTo =
    typeof raw === "string"
      ? raw
      : Array.isArray(raw)
        ? raw.map((x) => String(x)).join(", ")
        : raw === null || raw === undefined
          ? undefined
          : String(raw);
  const description = typeof d.description === "string" ? d.description : "";
  const ex = d.excludeAgent;
  const excludeAgent =
    typeof ex === "string" ? [ex] : Array.isArray(ex) ? ex.map((x) => String(x)) : undefined;
  return { applyTo, description, ...(excludeAgent ? { excludeAgent } : {}) };
}

/** At most this many directory entries are looked at below one instructions directory. */
export const COPILOT_WALK_MAX_ENTRIES = 200_000;

/**
 * Every `*.instructions.md` below `dir` (any depth up to 32, dot-directories skipped), in path-component order (each folder's names sorted). A
 * symlink to a directory found in the walk is not entered, wherever it leads (Copilot CLI 1.0.102: fuzz
 * kind 6, `a_linked_folder_inside_an_instructions_folder_is_not_entered_but_a_linked_file_is_read`); a
 * linked file is read, and `dir` itself may be a link. So no link loop can make the walk exponential.
 * Bounded: the walk stops after {@link COPILOT_WALK_MAX_ENTRIES} entries or the walker's time limit
 * (src/fs/walk.ts `WALK_MAX_MS`); a cut is a warning in `findings` naming the directory and the limit.
 */
function instructionFiles(dir: string, suffix: string, root: string, findings: Finding[]): string[] {
  const out: string[] = [];
  let entries = 0;
  let stopped: string | undefined;
  const started = Date.now();
  const walk = (d: string, depth: number) => {
    if (depth > 32 || stopped) return;
    if (Date.now() - started > WALK_MAX_MS) {
      stopped = `${(WALK_MAX_MS / 1000).toLocaleString("en-US")} s (the walker's time limit)`;
      return;
    }
    let list: Dirent[];
    try {
      list = direntsSorted(d); // readdirSync's listing, kept for a read snapshot (lint's)
    } catch {
      return;
    }
    list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const ent of list) {
      if (++entries > COPILOT_WALK_MAX_ENTRIES) {
        stopped = `${COPILOT_WALK_MAX_ENTRIES.toLocaleString("en-US")} entries`;
        return;
      }
      const n = ent.name;
      const p = joinPath(d, n);
      // A listed directory or regular file is what stat would say; a link (or an unknown type) is stat'ed.
      const st = ent.isDirectory() || ent.isFile() ? ent : statSafe(p);
      if (st?.isDirectory()) {
        if (n.startsWith(".") || ent.isSymbolicLink()) continue;
        walk(p, depth + 1);
      } else if (st?.isFile() && n.toLowerCase().endsWith(suffix))
        // A linked file is named by where it leads (shown and attached so; fuzz seed u31:27, case
        // `a_linked_instruction_file_is_named_by_its_target_and_read_once`).
        out.push(ent.isSymbolicLink() ? (safeRealpath(p) ?? p) : p);
    }
  };
  walk(dir, 0);
  // A bound of agent-context's (Copilot CLI itself walks on): the measurement is incomplete (src/fs/cuts.ts).
  if (stopped)
    recordCut({
      bound: stopped.endsWith("entries") ? "walk-entries" : "walk-time",
      limit: stopped.endsWith("entries") ? COPILOT_WALK_MAX_ENTRIES : WALK_MAX_MS,
      path: dir,
      message: `stopped after ${stopped}; instruction files beyond were not counted`,
    });
  if (stopped)
    findings.push({
      ruleId: "walk-stopped",
      severity: "warning",
      file: displayPath(dir, root),
      message: `${displayPath(dir, root)}: stopped after ${stopped}; instruction files beyond were not counted`,
    });
  // The walk visits each folder's entries sorted by name, depth first: path-component order (`a/b` before
  // `a-b`, `a.b/c` before `a.b`), the CLI's (1.0.102; cases `*_come_in_path_component_order` of
  // test/conformance/copilot-user-layer.fixtures.ts). A sort of the whole paths would put `a-b` first.
  return out;
}

/** Splits an `applyTo` value on commas outside braces (`src/*.{ts,js}` stays one pattern), trimmed. */
export function splitApplyTo(applyTo: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < applyTo.length; i++) {
    const c = applyTo.charCodeAt(i);
    if (c === 123)
      depth++; // {
    else if (c === 125 && depth > 0)
      depth--; // }
    else if (c === 44 && depth === 0) {
      // , outside braces (sliced, not built character by character: 25,000 files at lint's 50,000 rules)
      out.push(applyTo.slice(start, i));
      start = i + 1;
    }
  }
  out.push(applyTo.slice(start));
  return out.map((p) => p.trim()).filter((p) => p !== "");
}

/** Reads one instruction file, with its real path; undefined when unreadable (a finding). */
function readInstruction(
  abs: string,
  root: string,
  findings: Finding[],
  base: string | undefined,
): { file: CopilotInstructionFile; realPath: string; validUtf8: boolean } | undefined {
  const path = displayPath(abs, root);
  const r = readTextFile(abs);
  if (!r.ok) {
    findings.push({
      ruleId: "read-failed",
      severity: "warning",
      file: path,
      message: describeReadFailure(r, path),
    });
    return undefined;
  }
  const text = dropBom(r.text);
  const fm = parseInstructionFrontmatter(text);
  // `excludeAgent: coding-agent` (a string or a list holding it, case as written) leaves the file out of
  // Copilot CLI too; other values do not (case `exclude_agent_coding_agent_leaves_a_file_out_of_the_cli`).
  if (fm.excludeAgent?.includes("coding-agent")) return undefined;
  const trimmed = fm.applyTo?.trim();
  const always = trimmed === undefined || COPILOT_ALWAYS_PATTERNS.includes(trimmed);
  const file: CopilotInstructionFile = {
    abs,
    path,
    text,
    fileBytes: r.fileBytes,
    applyTo: fm.applyTo,
    description: fm.description,
    always,
    patterns: always ? [] : splitApplyTo(fm.applyTo as string),
    ...(base === undefined ? {} : { base }),
  };
  return { file, realPath: r.realPath, validUtf8: r.validUtf8 };
}

/**
 * The instruction files of one directory's `.github/instructions/` (`*.instructions.md`) then
 * `.claude/rules/` (`*.md`), suffixes matched without regard to case, each folder walked as at launch and
 * in path-component order; `base` is the directory the CLI shows their paths relative to. Unreadable files become
 * findings. Copilot CLI 1.0.102 reads these for the git root and the cwd at launch and for the directories
 * on the way to a viewed path on read (./on-read.ts).
 */
export function copilotInstructionFilesOf(
  dir: string,
  root: string,
  base: string | undefined,
  findings: Finding[],
): CopilotInstructionFile[] {
  const out: CopilotInstructionFile[] = [];
  for (const [sub, suffix] of [
    [COPILOT_INSTRUCTIONS_DIR, ".instructions.md"],
    [CLAUDE_RULES_DIR, ".md"],
  ] as const)
    for (const abs of instructionFiles(join(dir, sub), suffix, root, findings)) {
      const read = readInstruction(abs, root, findings, base);
      if (read) out.push(read.file);
    }
  return out;
}

/**
 * Each pattern compiled once (lint matches every pattern against every file of the repository: compiling
 * per file made a 100,000-entry walk take minutes). Bounded.
 */
const compiledPatterns = new Map<string, (rel: string) => boolean>();

/**
 * Whether one `applyTo` pattern matches a path (POSIX, relative to the git root) as Copilot CLI 1.0.102
 * does: a leading `./` is dropped; `dir/**` does not match `dir` itself; a pattern without a slash matches the path's base name (`*.ts`,
 * `a.ts`); dot files match; case matters; braces expand. A leading `/`, a trailing `/`, a bare directory
 * name with a slash in it, backslashes and `;` never match a file.
 */
export function copilotPatternMatches(pattern: string, rel: string): boolean {
  let match = compiledPatterns.get(pattern);
  if (match === undefined) {
    const p = pattern.startsWith("./") ? pattern.slice(2) : pattern;
    if (p === "") match = () => false;
    else {
      let glob: (rel: string) => boolean;
      try {
        glob = picomatch(p, { dot: true, basename: !p.includes("/") });
      } catch {
        glob = () => false; // picomatch refuses a pattern over 64 KiB: it matches nothing
      }
      // `a/**` does not match `a` itself (a `view` of the directory `a`: fuzz c3:18, case
      // `a_trailing_double_star_does_not_match_the_directory_itself`); picomatch's globstar would.
      const dir = p.endsWith("/**") ? p.slice(0, -3) : undefined;
      match = dir === undefined ? glob : (rel: string) => rel !== dir && glob(rel);
    }
    if (compiledPatterns.size >= 10_000) compiledPatterns.clear();
    compiledPatterns.set(pattern, match);
  }
  return match(rel);
}

/**
 * The directory (ending in `/`) every path one `applyTo` pattern matches lies in, or null when it may
 * match anywhere: a pattern without a slash (base names), or one whose leading part is not plain literal
 * segments. The matcher is case-sensitive and a pattern with a slash is anchored at the git root, so its
 * literal leading directories are a prefix of every match; lint and report try a pattern only on the
 * files under it. Pure; a differential test holds it against trying every file.
 */
export function copilotPatternDir(pattern: string): string | null {
  const p = pattern.startsWith("./") ? pattern.slice(2) : pattern;
  if (!p.includes("/")) return null;
  const literal = /^[A-Za-z0-9._-][A-Za-z0-9._/-]*/.exec(p)?.[0] ?? "";
  const cut = literal.lastIndexOf("/");
  if (cut <= 0) return null;
  const dir = literal.slice(0, cut + 1);
  if (dir.split("/").some((s, i, all) => i < all.length - 1 && (s === "" || s === "." || s === "..")))
    return null;
  return dir;
}

/** Whether a path (POSIX, relative to the git root) matches an instruction file's patterns. */
export function copilotApplyToMatches(file: CopilotInstructionFile, rel: string): boolean {
  if (file.always) return true;
  return file.patterns.some((p) => copilotPatternMatches(p, rel));
}

/**
 * The instruction part of the system message, from its parts (see the top of this file). With no block,
 * no always-on text and no row it is two newlines (1.0.102; fuzz case
 * `a_nested_memory_file_attached_on_read_has_its_imports_inlined_and_is_named_from_the_git_root`).
 */
export function renderRegion(
  blocks: readonly string[],
  always: readonly string[],
  tableRows: readonly string[],
  lists: { agentsRows?: readonly string[]; childRows?: readonly string[] } = {},
): string {
  const agentsRows = lists.agentsRows ?? [];
  const childRows = lists.childRows ?? [];
  const tables = tableRows.length + agentsRows.length + childRows.length;
  let out = "";
  if (blocks.length > 0)
    out += `\n${blocks.map((b) => `<custom_instruction>\n${b}\n</custom_instruction>`).join("\n\n")}\n`;
  const alwaysText = always.join("\n\n");
  // Empty always-on files still make their part before a table (1.0.102; fuzz c102:97, case
  // `empty_always_on_files_still_frame_their_part_before_a_table`).
  const alwaysPart = alwaysText !== "" || (always.length > 0 && tables > 0);
  if (alwaysPart) out += `\n${alwaysText}\n`;
  // The custom folders' AGENTS.md table, the child folders' table, then the path-scoped files' (fuzz
  // long31:51, 140, case `the_custom_folders_table_comes_before_the_child_table_and_a_file_is_read_once`; cases
  // `the_child_instructions_feature_flag_lists_child_agents_and_claude_files`,
  // `a_custom_dir_gives_github_instructions_then_claude_rules_then_every_instructions_md_below_it`).
  if (agentsRows.length > 0) out += `\n${COPILOT_AGENTS_TABLE_HEAD}${agentsRows.join("")}`;
  if (childRows.length > 0) out += `\n${COPILOT_CHILD_TABLE_HEAD}${childRows.join("")}`;
  if (tableRows.length > 0) out += `\n${COPILOT_TABLE_HEAD}${tableRows.join("")}`;
  if (blocks.length > 0 && (alwaysPart || tables > 0)) out += "\n";
  return out === "" ? "\n\n" : out;
}

/**
 * Computes Copilot CLI's launch instructions for a working directory. Never throws for file problems (they
 * become findings); throws {@link UsageError} when `root` or `cwd` is not a directory or `cwd` lies outside
 * `root`. Bytes are UTF-8 bytes. Verified on Copilot CLI {@link COPILOT_VERIFIED_VERSION}.
 */
export function copilotLaunch(opts: CopilotLaunchOptions): CopilotLaunch {
  const { root, cwd } = launchDirs(opts);
  const found = copilotGitRoot(cwd);
  const gitRoot =
    found !== undefined && opts.nothingAboveRoot && !inside(root, found)
      ? root
      : (found ?? (opts.assumeRootIsGitRoot ? root : cwd));
  const copilotHome = opts.copilotHome ?? (opts.home ? join(opts.home, ".copilot") : undefined);
  const launch: LaunchParts = {
    root,
    gitRoot,
    copilotHome,
    items: [],
    texts: new Map<string, string>(),
    imports: [],
    memory: [],
    findings: [],
    applied: [],
  };
  const ends = gitRoot === cwd ? [cwd] : [gitRoot, cwd];
  if (opts.noCustomInstructions) {
    // `--no-custom-instructions`: the instruction part is empty (case
    // `no_custom_instructions_sends_no_instruction_part_and_attaches_nothing`).
    launch.applied.push({
      kind: "flag",
      name: "--no-custom-instructions",
      effect: "no instruction file loads at launch or on read",
    });
    return {
      ...launch,
      cwd,
      rules: [],
      blocks: [],
      always: [],
      scoped: [],
      lists: { agentsRows: [], childRows: [] },
      region: renderRegion([], [], []),
    };
  }
  const customDirs = copilotCustomDirs(opts.customInstructionsDirs ?? "", cwd);
  const blocks = loadBlocks(launch, blockCandidates(cwd, gitRoot, ends, copilotHome));
  const { always, scoped, rules } = loadInstructionFiles(
    launch,
    instructionDirs(ends, copilotHome, customDirs),
  );
  const tableRows = scoped.map(
    (f) => `| ${f.patterns.join(", ")} | '${copilotShownPath(f)}' | ${f.description} |\n`,
  );
  // A custom folder's own AGENTS.md (not the git root's or the cwd's, which are blocks) is a row of a table
  // of its own, named from the git root (cases `a_custom_dir_inside_the_repository_lists_its_agents_md_by_its_repository_path`,
  // `the_custom_dirs_agents_table_is_relative_to_the_git_root_not_the_working_directory`).
  const agentsRows = customDirs
    .filter((d) => d !== gitRoot && statSafe(join(d, "AGENTS.md"))?.isFile())
    .map((d) => {
      const rel = toPosix(relative(gitRoot, d));
      return `| ${rel}/ | '${rel}/AGENTS.md' | Agent instructions for ${rel}/**/* |\n`;
    });
  const childRows = opts.childInstructions
    ? childMemoryFiles(cwd, gitRoot, found !== undefined).map((p) => `| '${p}' |\n`)
    : [];
  return {
    root,
    cwd,
    gitRoot,
    items: launch.items,
    texts: launch.texts,
    imports: launch.imports,
    rules,
    memory: launch.memory,
    findings: launch.findings,
    applied: launch.applied,
    blocks,
    always,
    scoped,
    lists: { agentsRows, childRows },
    region: renderRegion(blocks, always, tableRows, { agentsRows, childRows }),
  };
}

/** At most this many directory entries are looked at for the child folders' memory files. */
const CHILD_WALK_MAX_ENTRIES = 200_000;
/** The child folders' table looks this many levels below the cwd (1.0.102: `d1/d2/AGENTS.md`, not `d1/d2/d3/`). */
const CHILD_WALK_MAX_DEPTH = 2;
/**
 * Folder names the child folders' walk does not enter, compared without regard to case (1.0.102, cases
 * `the_child_table_skips_build_and_dependency_folders_by_name`; `.venv`, `venv`, `.gradle`, `.yarn`, `.idea`,
 * `bower_components`, `packages`, `lib` and dot folders in general are entered).
 */
const CHILD_WALK_SKIPPED = new Set([
  "node_modules",
  "build",
  "dist",
  "target",
  "vendor",
  "out",
  "bin",
  "obj",
  "coverage",
  "tmp",
  "temp",
  "__pycache__",
  ".next",
  ".nuxt",
  ".pytest_cache",
  ".cache",
]);

/**
 * Copilot CLI 1.0.102's order of folder names in the child folders' table: without regard to case, and
 * of two names equal so, the one lower case at the first difference first (`a`, `A`, `a-b`, `a.b`, `a_b`;
 * `aB` before `Ab`; case `the_child_table_walks_two_levels_breadth_first_in_case_blind_order`).
 */
function childNameOrder(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  const swap = (s: string) =>
    [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join("");
  const sa = swap(a);
  const sb = swap(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** The git root's `.gitignore` (only the git root's: a nested one is not read), when there is a git root. */
function childIgnore(gitRoot: string | undefined): ((rel: string) => boolean) | undefined {
  if (gitRoot === undefined) return undefined;
  const p = join(gitRoot, ".gitignore");
  if (!statSafe(p)?.isFile()) return undefined;
  const r = readTextFile(p);
  if (!r.ok) return undefined;
  const ig = ignore().add(r.text);
  return (rel) => rel !== "" && !rel.startsWith("../") && ig.ignores(rel);
}

/**
 * The memory files of the folders below the cwd, as Copilot CLI 1.0.102 lists them in the table of the
 * `CHILD_CUSTOM_INSTRUCTIONS` feature flag, named from the git root: two levels deep, breadth first, each
 * level's folders in {@link childNameOrder} under their parent's, each folder's
 * `.github/copilot-instructions.md`, `AGENTS.md`, `CLAUDE.md`, `.claude/CLAUDE.md`, `GEMINI.md` (names
 * matched without regard to case; empty files and links to files too, not a folder of that name); dot
 * folders entered (so `a/.claude/CLAUDE.md` comes again as the `CLAUDE.md` of `a/.claude`), linked folders,
 * {@link CHILD_WALK_SKIPPED} and what the git root's `.gitignore` ignores not (cases
 * `the_child_instructions_feature_flag_lists_child_agents_and_claude_files`,
 * `the_child_table_walks_two_levels_breadth_first_in_case_blind_order`,
 * `the_child_table_skips_build_and_dependency_folders_by_name`,
 * `the_child_table_stops_at_two_levels_and_skips_what_the_git_roots_gitignore_ignores`, `the_child_table_honours_only_the_git_roots_gitignore`; fuzz long31:33, 146, 154). Bounded.
 */
function childMemoryFiles(cwd: string, gitRoot: string, hasGit: boolean): string[] {
  const found: string[] = [];
  const ignored = childIgnore(hasGit ? gitRoot : undefined);
  const rel = (p: string) => toPosix(relative(gitRoot, p));
  let entries = 0;
  let level: string[] = [cwd];
  for (let depth = 1; level.length > 0 && depth <= CHILD_WALK_MAX_DEPTH; depth++) {
    const next: string[] = [];
    for (const d of level) {
      let list: Dirent[];
      try {
        list = direntsSorted(d);
      } catch {
        continue;
      }
      const dirs: string[] = [];
      for (const ent of list) {
        if (++entries > CHILD_WALK_MAX_ENTRIES) break;
        if (!ent.isDirectory() || CHILD_WALK_SKIPPED.has(ent.name.toLowerCase())) continue;
        if (ignored?.(`${rel(joinPath(d, ent.name))}/`)) continue;
        dirs.push(ent.name);
      }
      dirs.sort(childNameOrder);
      for (const n of dirs) next.push(joinPath(d, n));
    }
    for (const d of next)
      for (const abs of [
        join(d, COPILOT_INSTRUCTIONS_FILE),
        copilotMemoryFile(d, "AGENTS.md"),
        copilotMemoryFile(d, "CLAUDE.md"),
        join(d, ".claude", "CLAUDE.md"),
        copilotMemoryFile(d, "GEMINI.md"),
      ])
        if (statSafe(abs)?.isFile() && !ignored?.(rel(abs))) found.push(rel(abs));
    level = next;
  }
  return found;
}

/** The canonical root and working directory of a launch; throws {@link UsageError} for bad ones. */
function launchDirs(opts: CopilotLaunchOptions): { root: string; cwd: string } {
  const root = safeRealpath(resolve(opts.root));
  if (!root || !statSafe(root)?.isDirectory()) throw new UsageError(`${opts.root}: not a directory`);
  const cwd = safeRealpath(resolve(root, opts.cwd ?? "."));
  if (!cwd || !statSafe(cwd)?.isDirectory())
    throw new UsageError(`--cwd ${opts.cwd}: not a directory under ${opts.root}`);
  if (!inside(root, cwd)) throw new UsageError(`--cwd ${opts.cwd}: lies outside the repository root ${root}`);
  return { root, cwd };
}

/** One launch's parts as its steps fill them in. */
interface LaunchParts {
  root: string;
  gitRoot: string;
  /** The user layer's directory (`~/.copilot` or `$COPILOT_HOME`), in the user view. */
  copilotHome: string | undefined;
  items: ContextItem[];
  texts: Map<string, string>;
  imports: ImportEdge[];
  memory: MemoryRecord[];
  findings: Finding[];
  applied: AppliedSource[];
}

/** A file that becomes a `<custom_instruction>` block when it exists: why, and what kind of item. */
interface BlockCandidate {
  abs: string;
  why: string;
  kind: "memory" | "rule";
  /** The user's instructions file: its imports resolve inside the user layer's folder only. */
  user?: boolean;
}

/**
 * The files that may become `<custom_instruction>` blocks, in Copilot's order: the user's instructions,
 * the repository instructions and memory files of the git root and the cwd (`ends`), then those of each
 * directory between them, nearest the cwd first.
 */
function blockCandidates(
  cwd: string,
  gitRoot: string,
  ends: readonly string[],
  copilotHome: string | undefined,
): BlockCandidate[] {
  const candidates: BlockCandidate[] = [];
  if (copilotHome)
    candidates.push({
      abs: join(copilotHome, "copilot-instructions.md"),
      why: "user instructions (~/.copilot)",
      kind: "rule",
      user: true,
    });
  for (const d of ends)
    candidates.push({
      abs: join(d, COPILOT_INSTRUCTIONS_FILE),
      why: "repository instructions",
      kind: "rule",
    });
  for (const d of ends)
    for (const n of COPILOT_MEMORY_NAMES)
      candidates.push({ abs: copilotMemoryFile(d, n), why: `${n}`, kind: "memory" });
  for (const d of chain(cwd, gitRoot).slice(1, -1)) {
    // nearest the cwd first, both ends excluded
    candidates.push({
      abs: join(d, COPILOT_INSTRUCTIONS_FILE),
      why: "repository instructions of a directory between the git root and the cwd",
      kind: "rule",
    });
    for (const n of COPILOT_MEMORY_NAMES) {
      candidates.push({
        abs: copilotMemoryFile(d, n),
        why: `${n} of a directory between the git root and the cwd`,
        kind: "memory",
      });
      // `.claude/CLAUDE.md` of a directory between (not of the git root or the cwd) comes after CLAUDE.md
      // (1.0.102; fuzz c102:57, case `dot_claude_claude_md_of_a_directory_between_is_a_block`).
      if (n === "CLAUDE.md")
        candidates.push({
          abs: join(d, ".claude", "CLAUDE.md"),
          why: ".claude/CLAUDE.md of a directory between the git root and the cwd",
          kind: "memory",
        });
    }
  }
  return candidates;
}

/** Reads the candidates that exist into blocks (imports inlined), each an item; returns the block texts. */
function loadBlocks(launch: LaunchParts, candidates: readonly BlockCandidate[]): string[] {
  const { root, gitRoot, copilotHome, items, texts, imports, findings } = launch;
  const blocks: string[] = [];
  for (const c of candidates) {
    if (!statSafe(c.abs)?.isFile()) continue;
    const path = displayPath(c.abs, root);
    const r = readTextFile(c.abs);
    if (!r.ok) {
      findings.push({
        ruleId: "read-failed",
        severity: "warning",
        file: path,
        message: describeReadFailure(r, path),
      });
      continue;
    }
    if (c.user && !r.validUtf8) {
      // 1.0.102 skips a user file that is not valid UTF-8 (a repository file's bad bytes become U+FFFD; case
      // `invalid_utf8_user_files_are_skipped_and_repository_files_get_replacement_characters`).
      findings.push(notUtf8(path));
      continue;
    }
    const ctx: ExpandCtx = {
      root,
      // The user's file imports from inside the user layer's folder only (case
      // `the_user_instructions_file_imports_only_inside_copilot_home`).
      within: c.user && copilotHome ? copilotHome : gitRoot,
      seen: new Set([r.realPath]),
      imports,
      items: [],
      texts,
      findings,
      top: path,
      machinePaths: [],
    };
    const text = copilotExpandsImports(c.abs)
      ? expand(dropBom(r.text), c.abs, path, 1, ctx)
      : dropBom(r.text);
    // A block whose text equals an earlier block's is not sent again (1.0.102: two empty files give one
    // empty block; fuzz c2:30, case `a_block_with_the_same_text_as_an_earlier_one_is_sent_once`).
    if (blocks.includes(text)) continue;
    blocks.push(text);
    // The imports' absolute paths depend on the checkout: `framingBytes`, never charged.
    const framing = machineBytes(ctx.machinePaths);
    items.push({
      path,
      kind: c.kind,
      loadedAt: "launch",
      bytes: utf8(text) - framing,
      fileBytes: r.fileBytes,
      charged: true,
      importedBy: null,
      reason: `${c.why}; sent whole as a <custom_instruction> block${ctx.items.length > 0 ? " with its imports inlined" : ""}`,
      ...(framing > 0 ? { framingBytes: framing } : {}),
    });
    texts.set(path, text);
    items.push(...ctx.items);
    if (c.kind === "memory")
      launch.memory.push({ path, absPath: c.abs, dir: dirname(c.abs), kind: "memory" });
    if (copilotHome && c.abs.startsWith(copilotHome))
      launch.applied.push({ kind: "file", name: path, effect: "adds a <custom_instruction> block" });
  }
  return blocks;
}

/** Where an instruction folder comes from: its own limits and deduplication follow from it. */
type InstructionLayer = "user" | "repo" | "custom";

/** One instruction folder: the folder, the suffix of its files, the folder shown paths are relative to. */
interface InstructionDir {
  dir: string;
  suffix: string;
  base: string | undefined;
  layer: InstructionLayer;
}

/**
 * The instruction directories, in Copilot's order: the user's, then `.github/instructions` and
 * `.claude/rules` of each end, then for each custom folder (`COPILOT_CUSTOM_INSTRUCTIONS_DIRS`) three
 * passes: its `.github/instructions/**` `*.instructions.md`, its `.claude/rules/**` `*.md`, then every
 * `*.instructions.md` below it (dot-folders skipped), that last pass after the first two of every folder. Cases
 * `a_custom_dir_gives_github_instructions_then_claude_rules_then_every_instructions_md_below_it`,
 * `a_custom_dir_reads_three_passes_not_one_sorted_walk`,
 * `custom_dir_files_come_after_every_instruction_file_of_the_user_the_git_root_and_the_cwd`.
 */
function instructionDirs(
  ends: readonly string[],
  copilotHome: string | undefined,
  customDirs: readonly string[] = [],
): InstructionDir[] {
  const dirs: InstructionDir[] = [];
  if (copilotHome)
    dirs.push({
      dir: join(copilotHome, "instructions"),
      suffix: ".instructions.md",
      base: undefined,
      layer: "user",
    });
  for (const d of ends)
    dirs.push(
      { dir: join(d, COPILOT_INSTRUCTIONS_DIR), suffix: ".instructions.md", base: d, layer: "repo" },
      { dir: join(d, CLAUDE_RULES_DIR), suffix: ".md", base: d, layer: "repo" },
    );
  // Each folder's `.github/instructions` and `.claude/rules`, then every folder's other files: fuzz
  // seeds u31:11, u31:29, case
  // `several_custom_dirs_give_their_instruction_folders_first_then_their_other_files`.
  for (const d of customDirs)
    dirs.push(
      {
        dir: join(d, COPILOT_INSTRUCTIONS_DIR),
        suffix: ".instructions.md",
        base: undefined,
        layer: "custom",
      },
      { dir: join(d, CLAUDE_RULES_DIR), suffix: ".md", base: undefined, layer: "custom" },
    );
  // A folder that is the git root or the cwd names its files relative to itself, as that end does (fuzz
  // long31:37, 59, 163; case `a_custom_dir_that_is_the_cwd_or_the_git_root_names_its_files_relative_to_it`).
  for (const d of customDirs)
    dirs.push({
      dir: d,
      suffix: ".instructions.md",
      base: ends.includes(d) ? d : undefined,
      layer: "custom",
    });
  return dirs;
}

/** A finding for a user file Copilot skips because it is not valid UTF-8. */
function notUtf8(path: string): Finding {
  return {
    ruleId: "read-failed",
    severity: "warning",
    file: path,
    message: `${path}: not valid UTF-8; Copilot CLI skips a user instruction file it cannot decode`,
    help: "save the file as UTF-8",
  };
}

/**
 * Reads every instruction file: one that applies to every file is sent whole at launch (an item), any
 * other becomes a row of the table (`scoped`); each is a rule record. A user file that is not valid UTF-8
 * or larger than {@link COPILOT_USER_FILE_MAX_BYTES} is skipped, and user files stop loading once their
 * sizes would add up past {@link COPILOT_USER_TOTAL_MAX_BYTES} (cases
 * `a_user_instruction_file_over_one_mib_is_skipped`,
 * `user_instruction_files_stop_at_ten_mib_in_total_and_later_files_that_fit_still_load`). A custom
 * folder's file already read from the git root or the cwd is not read again (the user layer's is: case
 * `copilot_home_as_a_custom_dir_sends_its_instruction_files_twice`).
 */
function loadInstructionFiles(
  launch: LaunchParts,
  dirs: readonly InstructionDir[],
): { always: string[]; scoped: CopilotInstructionFile[]; rules: RuleRecord[] } {
  const { root, copilotHome, findings } = launch;
  const always: string[] = [];
  const scoped: CopilotInstructionFile[] = [];
  const rules: RuleRecord[] = [];
  const fromRepo = new Set<string>();
  let userBytes = 0;
  for (const { dir, suffix, base, layer } of dirs) {
    for (const abs of instructionFiles(dir, suffix, root, findings)) {
      const read = readInstruction(abs, root, findings, base);
      if (!read) continue;
      // The read resolved the real path already (readTextFile's realPath is realpath(3), or the path).
      const { file: f, realPath } = read;
      // Two links to one file in the repository's folders: read once (seed u31:27).
      if (layer === "repo" && fromRepo.has(realPath)) continue;
      if (layer === "repo") fromRepo.add(realPath);
      // …and a custom folder's file already read from the repository or an earlier custom folder is not
      // read again (long31 probes; case `the_custom_folders_table_comes_before_the_child_table_and_a_file_is_read_once`).
      if (layer === "custom" && fromRepo.has(realPath)) continue;
      if (layer === "custom") fromRepo.add(realPath);
      if (layer === "user") {
        if (!read.validUtf8) {
          findings.push(notUtf8(f.path));
          continue;
        }
        if (
          f.fileBytes > COPILOT_USER_FILE_MAX_BYTES ||
          userBytes + f.fileBytes > COPILOT_USER_TOTAL_MAX_BYTES
        ) {
          findings.push({
            ruleId: "copilot-user-file-skipped",
            severity: "warning",
            file: f.path,
            message:
              f.fileBytes > COPILOT_USER_FILE_MAX_BYTES
                ? `${f.path}: ${f.fileBytes} bytes, over Copilot CLI's ${COPILOT_USER_FILE_MAX_BYTES}-byte limit for a user instruction file; not loaded`
                : `${f.path}: the user instruction files before it add up to ${userBytes} bytes; with it they would pass Copilot CLI's ${COPILOT_USER_TOTAL_MAX_BYTES}-byte limit, so it is not loaded`,
            help: "shorten or split the file",
          });
          continue;
        }
        userBytes += f.fileBytes;
      }
      rules.push(instructionRule(f, abs, realPath, launch.gitRoot));
      if ((copilotHome && abs.startsWith(copilotHome)) || layer === "custom")
        launch.applied.push({
          kind: layer === "custom" ? "env" : "file",
          name: layer === "custom" ? "COPILOT_CUSTOM_INSTRUCTIONS_DIRS" : f.path,
          ...(layer === "custom" ? { value: f.path } : {}),
          effect: f.always ? "adds an always-on instruction file" : "adds a row to the instructions table",
        });
      if (!f.always) {
        scoped.push(f);
        continue;
      }
      always.push(f.text);
      launch.items.push({
        path: f.path,
        kind: "rule",
        loadedAt: "launch",
        bytes: Buffer.byteLength(f.text),
        fileBytes: f.fileBytes,
        charged: true,
        importedBy: null,
        reason:
          f.applyTo === undefined
            ? "instructions file without applyTo: sent whole at launch, frontmatter included"
            : `instructions file with applyTo ${JSON.stringify(f.applyTo)} (every file): sent whole at launch, frontmatter included`,
      });
      launch.texts.set(f.path, f.text);
    }
  }
  return { always, scoped, rules };
}

/** An instruction file as a rule record: scoped unless it applies to every file; patterns relative to the git root. */
function instructionRule(
  f: CopilotInstructionFile,
  abs: string,
  realPath: string,
  gitRoot: string,
): RuleRecord {
  return {
    path: f.path,
    absPath: abs,
    realPath,
    base: gitRoot,
    scoped: !f.always,
    globs: f.patterns,
    ...(f.always
      ? {
          unscopedWhy:
            f.applyTo === undefined
              ? "no applyTo: Copilot applies it to every file"
              : `applyTo ${JSON.stringify(f.applyTo)} matches every file`,
        }
      : {}),
    text: f.text,
    fileBytes: f.fileBytes,
    atLaunch: f.always,
  };
}

/** Per snapshot made by {@link copilotLaunchSnapshot}: the path-scoped files and the git root (./extra.ts). */
export const LAUNCH_EXTRA = new WeakMap<
  Snapshot,
  {
    scoped: CopilotInstructionFile[];
    gitRoot: string;
    off?: boolean;
    lists?: { agentsRows: string[]; childRows: string[] };
  }
>();

/**
 * The AgentModel's `launch`: {@link copilotLaunch} as a snapshot, the user view's `$COPILOT_HOME` layer, and
 * what the environment, `--no-custom-instructions` (`agentArgs`) and `--add-dir` applied. Throws what copilotLaunch throws,
 * and UsageError for a release the model was not verified on.
 */
export function copilotLaunchSnapshot(opts: LaunchOptions): Snapshot {
  const version = checkRelease(
    { id: COPILOT_ID, name: COPILOT_NAME, releases: COPILOT_RELEASES },
    opts.release,
  );
  const user = opts.view === "user" ? opts.user : undefined;
  // A relative COPILOT_HOME is taken from the working directory (docs/generator-inputs.md).
  const copilotHome = user
    ? user.env.COPILOT_HOME
      ? resolve(opts.cwd ?? opts.root, user.env.COPILOT_HOME)
      : `${user.home}/.copilot`
    : undefined;
  const dirs = user?.env.COPILOT_CUSTOM_INSTRUCTIONS_DIRS;
  const childFlag = (user?.env.COPILOT_CLI_ENABLED_FEATURE_FLAGS ?? "")
    .split(",")
    .some((f) => f.trim() === "CHILD_CUSTOM_INSTRUCTIONS");
  const r = copilotLaunch({
    root: opts.root,
    nothingAboveRoot: opts.view !== "user",
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
    ...(copilotHome ? { copilotHome } : {}),
    ...(dirs ? { customInstructionsDirs: dirs } : {}),
    ...(childFlag ? { childInstructions: true } : {}),
    ...(opts.agentArgs?.includes("--no-custom-instructions") ? { noCustomInstructions: true } : {}),
  });
  const applied: AppliedSource[] = [...r.applied];
  const findings: Finding[] = [...r.findings];
  if (user?.env.COPILOT_HOME)
    applied.unshift({
      kind: "env",
      name: "COPILOT_HOME",
      value: user.env.COPILOT_HOME,
      effect: "the user layer is read from there",
    });
  if (dirs)
    applied.push({
      kind: "env",
      name: "COPILOT_CUSTOM_INSTRUCTIONS_DIRS",
      value: dirs,
      effect: "adds those folders' instruction files (and lists their own AGENTS.md)",
    });
  if (childFlag)
    applied.push({
      kind: "env",
      name: "COPILOT_CLI_ENABLED_FEATURE_FLAGS",
      value: user?.env.COPILOT_CLI_ENABLED_FEATURE_FLAGS ?? "",
      effect: "CHILD_CUSTOM_INSTRUCTIONS lists the AGENTS.md and CLAUDE.md of folders below the cwd",
    });
  const maxPrompt = user?.env.COPILOT_PROVIDER_MAX_PROMPT_TOKENS;
  if (maxPrompt)
    applied.push({
      kind: "env",
      name: "COPILOT_PROVIDER_MAX_PROMPT_TOKENS",
      value: maxPrompt,
      effect: "moves the token budget past which the CLI refuses every prompt (docs/findings-limits.md)",
    });
  if (opts.addDirs && opts.addDirs.length > 0)
    applied.push({
      kind: "flag",
      name: "--add-dir",
      value: opts.addDirs.join(","),
      effect: "none: Copilot's --add-dir grants file access and loads no instruction files",
    });
  // Skills, commands and custom agents (./sources.ts): after the instruction files.
  const sources = copilotSources({
    root: r.root,
    cwd: r.cwd,
    // With no git repository Copilot still walks up for these (to the file system's root; the model to `root`).
    gitRoot: copilotGitRoot(r.cwd) === undefined ? r.root : r.gitRoot,
    show: (abs) => displayPath(abs, r.root),
    ...(copilotHome ? { copilotHome } : {}),
  });
  const snapshot: Snapshot = {
    agent: { id: COPILOT_ID, name: COPILOT_NAME, version },
    view: opts.view ?? "fresh-clone",
    root: r.root,
    cwd: r.cwd,
    items: [...r.items, ...sources.items],
    texts: new Map([...r.texts, ...sources.texts]),
    imports: r.imports,
    rules: r.rules,
    memory: r.memory,
    findings: [...findings, ...sources.findings],
    ...(sources.overhead.length > 0 ? { overhead: sources.overhead } : {}),
    ...(opts.view === "user" || applied.length > 0 ? { applied } : {}),
  };
  LAUNCH_EXTRA.set(snapshot, {
    scoped: r.scoped,
    gitRoot: r.gitRoot,
    lists: r.lists,
    ...(opts.agentArgs?.includes("--no-custom-instructions") ? { off: true } : {}),
  });
  return snapshot;
}
