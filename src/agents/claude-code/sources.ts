/**
 * What skills, commands, subagents, auto memory and an output style add to Claude Code's first request, as
 * items (docs/findings-sources-claude-code.md, docs/sources-model-plan.md). Settled against Claude Code
 * 2.1.332 and 2.1.197 by the recorded cases of test/conformance/sources.fixtures.ts, which
 * claude-sources-model.test.ts runs this model over.
 *
 * - Skills: `.claude/skills/<folder>/SKILL.md` of the config dir (user view), then of the cwd and each
 *   ancestor up to the git root (every ancestor outside git), nearest first, each folder's skills sorted
 *   by name. Entry `- FOLDER: DESC` (2.1.332: `- FOLDER (NAME): DESC` when the frontmatter `name` differs).
 * - Commands: `.claude/commands/**\/*.md` of the same folders, after every skill, sorted by name
 *   (`a/b.md` is `a:b`). Entry `- NAME: DESC`.
 * - Subagents: `.claude/agents/**\/*.md` with frontmatter `name` and `description`, one list sorted by
 *   name, a later file of a name replacing the earlier one. Entry `- NAME: DESC (Tools: TOOLS)`.
 * - Auto memory (user view only): `$CLAUDE_CONFIG_DIR/projects/KEY/memory/MEMORY.md`, cut as the CLI cuts.
 * - Output style: the style `outputStyle` names in the settings, as its `# Output Style:` section.
 *
 * Each entry is an item whose `bytes` are its text plus the list's separator (`\n`); the entry text is the
 * item's text in the snapshot. The lists' headers are sent in every session (the CLI's own skills and
 * agents are in them): the CLI's, not reported. Walks are bounded and stay inside the repository
 * (a symlink out of it is not followed, and the measurement is then incomplete: a `walk-stopped` or
 * `read-failed` finding). MCP servers and SessionStart hooks are listed as unmeasured, never run.
 */
import { basename, dirname, join, parse, resolve } from "node:path";
import { inside, toPosix } from "../../fs/paths.js";
import { describeReadFailure, readTextFile, safeRealpath, statSafe } from "../../fs/read.js";
import { walkFiles } from "../../fs/walk.js";
import type { ContextItem, Finding, ItemKind, ListOverhead, UnmeasuredSource } from "../../model/index.js";
import type { ClaudeLayers } from "./layers.js";
import { claudeRelease } from "./release.js";
import { CLAUDE_MAX_FILE_BYTES, claudeFrontmatter } from "./text.js";

/** The separator between the entries of the skills and the agents lists. */
export const CLAUDE_LIST_SEPARATOR = "\n";
/** The fixed text before the skills list (sent in every session: the CLI's own skills are in it). */
export const CLAUDE_SKILLS_HEADER = "The following skills are available for use with the Skill tool:\n\n";
/** The fixed text around the subagent list (sent in every session: the CLI's own agents are in it). */
export const CLAUDE_AGENTS_HEADER = "Available agent types for the Agent tool:\n";
export const CLAUDE_AGENTS_FOOTER =
  "\n\nWhen you launch multiple agents for independent work, send them in a single message with multiple tool uses so they run concurrently.";
/** A skill or command description longer than this is cut to one less and `…` (setting `skillListingMaxDescChars`). */
export const CLAUDE_SKILL_DESCRIPTION_MAX = 1536;
/** Auto memory's limits: lines and characters of MEMORY.md. */
export const CLAUDE_AUTO_MEMORY_MAX_LINES = 200;
export const CLAUDE_AUTO_MEMORY_MAX_CHARS = 25_000;
/** A frontmatter `name` longer than this is ignored by the CLI. */
const NAME_MAX = 64;
/** Entries (files) one source folder may hold before the walk stops, making the measurement incomplete. */
const SOURCE_WALK_MAX_ENTRIES = 20_000;

/**
 * The skills list's budget, in terminal columns (the CLI measures each entry with Bun.stringWidth, 2.1.332 adding
 * a column for some spacing marks): `SLASH_COMMAND_TOOL_CHAR_BUDGET` when it is a non-zero number, else
 * floor(context window × characters a token × `skillListingBudgetFraction` (0.01)), at least 1. The context
 * window and characters a token are the model's: 1,000,000 × 3 for the default model of 2.1.332
 * (claude-opus-5-5) and of 2.1.197, so 30,000 (read in both bundles, function `Cdn` / `O5e`; the debug log's
 * "Skill listing over budget: N skills, H chars > B budget" line confirms it; another model gives another budget:
 * claude-sonnet-4-5 8,000, 2.1.197's `sonnet` 6,000). The model assumes the default model, and says so.
 */
export const CLAUDE_LISTING_BUDGET_CHARS = 30_000;
/** The default model's context window × characters a token (1,000,000 × 3), which the fraction multiplies. */
const CLAUDE_LISTING_BUDGET_BASE = 3_000_000;

/** The listing budget for a launch: the environment variable, else the settings' fraction of the default model's. */
export function claudeListingBudget(envValue: string | undefined, fraction: unknown): number {
  const n = Number(envValue);
  if (envValue !== undefined && envValue.trim() !== "" && n) return n;
  const f = typeof fraction === "number" && Number.isFinite(fraction) ? fraction : 0.01;
  return Math.max(1, Math.floor(CLAUDE_LISTING_BUDGET_BASE * f));
}

const GRAPHEMES = new Intl.Segmenter("en", { granularity: "grapheme" });
/** East Asian Wide and Fullwidth ranges (2 columns). */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];
/** 2.1.332's extra column per spacing mark of these scripts (Devanagari … Malayalam), at most 8 a grapheme. */
const SPACING_MARK =
  /[\u093b\u093e-\u0940\u0949-\u094c\u0982\u09be-\u09c0\u09c7\u09c8\u09cb\u09cc\u09d7\u0a3e-\u0a40\u0abe-\u0ac0\u0ac9\u0acb\u0acc\u0b02\u0b3e\u0b40\u0b47\u0b48\u0b4b\u0b4c\u0b57\u0bbe\u0bbf\u0bc1\u0bc2\u0bc6-\u0bc8\u0bca-\u0bcc\u0bd7\u0c01\u0c02\u0c41-\u0c44\u0c82\u0cbe\u0cc0-\u0cc4\u0cc7\u0cc8\u0cca\u0ccb\u0cd5\u0cd6\u0d02\u0d3e-\u0d40\u0d46-\u0d48\u0d4a-\u0d4c]/g;

/**
 * The columns the CLI counts for a listing entry: printable ASCII one each, control characters none; other text
 * by grapheme: an emoji or East Asian wide grapheme 2, a lone combining mark 0, any other 1 (ambiguous width
 * narrow), and on 2.1.332 one more per spacing mark of the Indic scripts. Pinned on both releases by the
 * listing-width case (`the_listing_budget_counts_terminal_columns_not_bytes`); exact for ASCII, an approximation
 * of Bun.stringWidth beyond the classes that case holds.
 */
export function claudeListingWidth(text: string, release: string): number {
  if (/^[\x20-\x7e\n\t]*$/.test(text)) return text.replace(/[\n\t]/g, "").length;
  let w = 0;
  for (const { segment } of GRAPHEMES.segment(text)) {
    const cp = segment.codePointAt(0) as number;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    if (cp < 0x7f) {
      w += 1;
      continue;
    }
    if (/^[\p{Mn}\p{Me}]+$/u.test(segment)) continue;
    // A format character (a zero-width space): 1 column on 2.1.332, none on 2.1.197.
    if (/^\p{Cf}/u.test(segment) && release === "2.1.197") continue;
    const emoji =
      /\p{Emoji_Presentation}|\p{Regional_Indicator}/u.test(segment) ||
      (/\p{Extended_Pictographic}/u.test(segment) && segment.includes("\ufe0f"));
    w += emoji || WIDE.some(([a, b]) => cp >= a && cp <= b) ? 2 : 1;
    if (release !== "2.1.197") w += Math.min(segment.match(SPACING_MARK)?.length ?? 0, 8);
  }
  return w;
}

/**
 * The CLI's own skills-list entries after the repository's, per release: name, columns of the entry,
 * and whether it always keeps its description (a bundled skill). Recorded from an empty repository's run
 * (sources-cli.test.ts's baseline; with the separators they sum to the debug log's total, 6,208 and 4,451
 * columns); which ones collapse, from a run with `SLASH_COMMAND_TOOL_CHAR_BUDGET=1` (`init`, `review`,
 * `security-review`: not bundled).
 */
const BUILT_IN_LISTING: Record<string, readonly (readonly [string, number, 0 | 1])[]> = {
  "2.1.332": [
    ["dataviz", 1447, 1],
    ["update-config", 707, 1],
    ["keybindings-help", 248, 1],
    ["code-review", 850, 1],
    ["simplify", 188, 1],
    ["fewer-permission-prompts", 191, 1],
    ["loop", 344, 1],
    ["claude-api", 1169, 1],
    ["workflow-authoring", 252, 1],
    ["run", 368, 1],
    ["plugin-authoring", 275, 1],
    ["init", 67, 0],
    ["security-review", 90, 0],
  ],
  "2.1.197": [
    ["deep-research", 487, 1],
    ["update-config", 707, 1],
    ["keybindings-help", 248, 1],
    ["verify", 260, 1],
    ["code-review", 361, 1],
    ["simplify", 188, 1],
    ["fewer-permission-prompts", 191, 1],
    ["loop", 314, 1],
    ["claude-api", 1080, 1],
    ["run", 368, 1],
    ["init", 67, 0],
    ["review", 78, 0],
    ["security-review", 90, 0],
  ],
};

/** What the listing budget did to a list: the budget, the list's columns, which of `own` lose their description. */
export interface ClaudeListingCut {
  budget: number;
  /** Columns of the whole list (the CLI's own entries included), separators counted. */
  total: number;
  collapsed: Set<number>;
}

/**
 * Which of the repository's entries keep their description under the listing budget (the CLI's rule,
 * 2.1.332 and 2.1.197, functions `q3n` / `Yio`): nothing changes when the whole list (each entry's columns,
 * plus one per separator) fits; else the bundled built-ins keep theirs, every other entry starts as `- NAME`,
 * and in list order (the CLI orders by the user's skill usage first: none in a fresh clone) each gets its
 * description back while the budget left allows. `own` holds entry texts; widths are the CLI's columns.
 */
export function claudeOverBudget(
  own: readonly { full: string; nameOnly: string }[],
  release: string,
  budget: number = CLAUDE_LISTING_BUDGET_CHARS,
): ClaudeListingCut {
  const builtIns = BUILT_IN_LISTING[release] ?? [];
  const width = (t: string) => claudeListingWidth(t, release);
  const all = [
    ...own.map((e) => ({ full: width(e.full), nameOnly: width(e.nameOnly), fixed: false })),
    ...builtIns.map(([name, chars, fixed]) => ({
      full: chars,
      nameOnly: name.length + 2,
      fixed: fixed === 1,
    })),
  ];
  const total = all.reduce((n, e) => n + e.full, 0) + Math.max(0, all.length - 1);
  const collapsed = new Set<number>();
  if (total <= budget) return { budget, total, collapsed };
  let left = budget - (all.reduce((n, e) => n + (e.fixed ? e.full : e.nameOnly), 0) + (all.length - 1));
  for (const [i, e] of all.entries()) {
    if (e.fixed) continue;
    const diff = e.full - e.nameOnly;
    if (diff <= left) left -= diff;
    else if (i < own.length) collapsed.add(i);
  }
  return { budget, total, collapsed };
}

/** What differs between releases in these lists (each settled by the named sources case). */
interface SourcesBehaviour {
  /** `- FOLDER (NAME):` for a skill whose frontmatter name differs (`a_skill_is_named_by_its_folder_*`). */
  showsFrontmatterName: boolean;
  /** A name is listed once, the first source winning (`a_duplicate_skill_name_is_listed_once_*`). */
  dedupesSkillNames: boolean;
  /** Auto memory's warning says which lines were cut (`auto_memory_over_200_lines_*`). */
  autoMemoryCutDetail: boolean;
  /**
   * A skill's or command's description is sent with its line breaks as spaces (a `|` block); 2.1.197 keeps
   * them (found by the differential test: seeds long-2.1.332:5, long-2.1.197:14; fuzz/found.ts).
   */
  descriptionOnOneLine: boolean;
}

const BEHAVIOUR: Record<string, SourcesBehaviour> = {
  "2.1.332": {
    showsFrontmatterName: true,
    dedupesSkillNames: true,
    autoMemoryCutDetail: true,
    descriptionOnOneLine: true,
  },
  "2.1.197": {
    showsFrontmatterName: false,
    dedupesSkillNames: false,
    autoMemoryCutDetail: false,
    descriptionOnOneLine: false,
  },
};

export interface ClaudeSourcesOptions {
  /** The release (verified: see BEHAVIOUR). */
  release: string;
  /** Repository root, real path. */
  root: string;
  /** Working directory, real path. */
  cwd: string;
  /** Display path of an absolute path (relative inside the root). */
  show: (abs: string) => string;
  layers?: ClaudeLayers;
}

export interface ClaudeSourcesResult {
  /** In request order: auto memory, subagents, skills and commands, output style. */
  items: ContextItem[];
  texts: Map<string, string>;
  findings: Finding[];
  overhead: ListOverhead[];
  unmeasured: UnmeasuredSource[];
}

type ListKind = "skill" | "command" | "subagent";

interface Entry {
  kind: ListKind;
  name: string;
  abs: string;
  fileBytes: number;
  /** The user layer's (config dir): personal, not charged. */
  user: boolean;
  /** Skills: the frontmatter name when valid (shown in parentheses on 2.1.332 when it differs). */
  displayName?: string;
  /** Skills and commands: the listing description before the cut. Subagents: the entry's text. */
  description: string;
  /** Set when the CLI does not list it: why. */
  hidden?: string;
  /** What lint reads (src/lint/rules/): kept in the item's `extra`. */
  facts: EntryFacts;
}

/**
 * The facts of one entry that lint rules read from the item's `extra` (never re-reading the file):
 * where its description came from, its length before the cut, its frontmatter name and YAML error, and why
 * the CLI does not list it.
 */
export interface EntryFacts {
  descriptionFrom?: "frontmatter" | "body" | "default";
  /** Characters of the listing description (with `when_to_use`) before the cut. */
  descriptionChars?: number;
  /** The cut the description went through (the setting or 1,536), when it was cut. */
  cutAt?: number;
  frontmatterName?: string;
  /** The frontmatter YAML did not parse (after the CLI's lenient retry): its message and line. */
  frontmatterError?: { message: string; line?: number };
  notListed?: "hidden" | "duplicate" | "no-frontmatter" | "no-name" | "no-description" | "replaced";
  /** Past the skills list's budget: listed as `- NAME` without its description. */
  overBudget?: boolean;
  /** Over budget: the budget and the whole list's columns (the CLI's own entries included). */
  listingBudget?: number;
  listingColumns?: number;
  /** Over budget: the bytes of the entry the CLI would have sent whole (its description lost). */
  fullEntryBytes?: number;
}

/** The CLI's reading of a `description`: a trimmed non-empty string, a number or boolean as text. */
function descriptionValue(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === "string") return v.trim() || null;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return null;
}

/** The first non-empty line of a body, heading marks dropped, over 100 characters cut to 97 and `...`. */
export function claudeFirstLine(body: string, fallback: string): string {
  for (const line of body.split("\n")) {
    const t = line.trim();
    if (!t) continue;
    const h = /^#+\s+(\S.*)$/.exec(t)?.[1] ?? t;
    return h.length > 100 ? `${h.substring(0, 97)}...` : h;
  }
  return fallback;
}

/** A tool list as the CLI reads `tools` / `disallowedTools`: a string split at commas outside parentheses, or a list. */
function toolList(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  const raw = typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  const out: string[] = [];
  for (const s of raw as string[]) {
    let depth = 0;
    let cur = "";
    for (const ch of s) {
      if (ch === "(") depth++;
      if (ch === ")") depth = Math.max(0, depth - 1);
      if (ch === "," && depth === 0) {
        out.push(cur.trim());
        cur = "";
      } else cur += ch;
    }
    out.push(cur.trim());
  }
  return out.filter((t) => t !== "");
}

/** The `(Tools: …)` text of a subagent entry. */
export function claudeToolsText(tools: unknown, disallowed: unknown): string {
  const t = toolList(tools);
  const allTools = t === undefined || t.includes("*");
  const d = toolList(disallowed) ?? [];
  const g = !allTools && (t?.length ?? 0) > 0;
  const h = d.length > 0;
  if (g && h) {
    const left = (t as string[]).filter((x) => !d.includes(x));
    return left.length === 0 ? "None" : left.join(", ");
  }
  if (g) return (t as string[]).join(", ");
  if (h) return `All tools except ${d.join(", ")}`;
  return "All tools";
}

const truthy = (v: unknown) => v === true || v === "true";
const validName = (n: string) => n.length <= NAME_MAX && /^[\p{L}\p{M}\p{N}_:.-]+$/u.test(n);
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The nearest directory at or above `cwd` holding `.git` (file or directory), or undefined. */
export function claudeGitRoot(cwd: string): string | undefined {
  for (let d = cwd; ; ) {
    if (statSafe(join(d, ".git"))) return d;
    const up = dirname(d);
    if (up === d || d === parse(d).root) return undefined;
    d = up;
  }
}

/**
 * The folders whose `.claude/` the lists read: the cwd, then each ancestor to the git root (all outside
 * git), never the home folder or one above it (with the cwd at or below `home`, the walk stops before
 * it; 2.1.332 and 2.1.197, found by the differential test: docs/findings-sources-claude-code.md).
 */
export function claudeSourceDirs(cwd: string, home?: string): string[] {
  const top = claudeGitRoot(cwd);
  const dirs: string[] = [];
  for (let d = cwd; d !== parse(d).root; ) {
    if (home !== undefined && d === home) break;
    dirs.push(d);
    if (d === top) break;
    const up = resolve(d, "..");
    if (up === d) break;
    d = up;
  }
  return dirs;
}

/** Claude Code's auto-memory key: the path with every character but [A-Za-z0-9] made "-". */
export function claudeProjectKey(absRoot: string): string {
  return absRoot.replace(/[^A-Za-z0-9]/g, "-");
}

function sizeText(n: number): string {
  if (n < 1024) return `${n}B`;
  const kb = n / 1024;
  if (kb < 1024) return `${kb.toFixed(1).replace(/\.0$/, "")}KB`;
  return `${(kb / 1024).toFixed(1).replace(/\.0$/, "")}MB`;
}

/** MEMORY.md as the CLI sends it: trimmed, cut at 200 lines and 25,000 characters, with its warning. */
export function claudeAutoMemoryText(text: string, release: string): string {
  const detail = BEHAVIOUR[release]?.autoMemoryCutDetail ?? true;
  const n = text.trim();
  const lines = n.split("\n").length;
  const chars = n.length;
  const overLines = lines > CLAUDE_AUTO_MEMORY_MAX_LINES;
  const overChars = chars > CLAUDE_AUTO_MEMORY_MAX_CHARS;
  if (!overLines && !overChars) return n;
  let k = overLines ? n.split("\n").slice(0, CLAUDE_AUTO_MEMORY_MAX_LINES).join("\n") : n;
  if (k.length > CLAUDE_AUTO_MEMORY_MAX_CHARS) {
    const at = k.lastIndexOf("\n", CLAUDE_AUTO_MEMORY_MAX_CHARS);
    k = k.slice(0, at > 0 ? at : CLAUDE_AUTO_MEMORY_MAX_CHARS);
  }
  const kept = n[k.length] === "\n" ? k.split("\n").length : 0;
  const from = k.length + 1;
  const end = n.indexOf("\n", from);
  const next = n.slice(from, end < 0 ? undefined : end).trim();
  const shownNext = next.length > 80 ? `${next.slice(0, 79)}…` : next;
  const cut =
    kept === 0
      ? `everything after the first ${k.length} characters of line 1 was cut off`
      : `${lines - kept} of ${lines} lines were cut off, starting at line ${kept + 1}${next ? ` ("${shownNext}")` : ""}`;
  const what =
    overChars && !overLines
      ? `${sizeText(chars)} (limit: ${sizeText(CLAUDE_AUTO_MEMORY_MAX_CHARS)}) — index entries are too long`
      : overLines && !overChars
        ? `${lines} lines (limit: ${CLAUDE_AUTO_MEMORY_MAX_LINES})`
        : `${lines} lines and ${sizeText(chars)}`;
  const loaded = detail ? `Only part of it was loaded: ${cut}.` : "Only part of it was loaded.";
  return `${k}\n\n> WARNING: MEMORY.md is ${what}. ${loaded} Keep index entries to one line under ~200 chars; move detail into topic files.`;
}

/**
 * Computes the skills, commands, subagents, auto memory and output style of one launch. Never throws:
 * unreadable files, links out of the repository and cut walks become findings.
 */
export function claudeSources(opts: ClaudeSourcesOptions): ClaudeSourcesResult {
  const scan = new SourcesScan(opts);
  const skills = scan.skills();
  const commands = scan.commands();
  const plugins = scan.plugins();
  const agents = scan.agents(plugins.agents);
  scan.autoMemory();
  for (const e of agents.listed) scan.push(e, e.description, "agents");
  for (const e of agents.dropped) scan.push(e, undefined, "agents");
  // An enabled plugin's commands, then its skills, come after every skill and command of the user and the
  // repository (sources case `an_installed_plugin_enabled_in_the_user_settings_…`).
  scan.skillsList([...skills, ...commands, ...plugins.listing]);
  // The lists' headers (CLAUDE_SKILLS_HEADER, CLAUDE_AGENTS_HEADER and its footer) are sent in every session,
  // the CLI's own skills and agents being in them: the CLI's, not the repository's, so not reported as overhead.
  scan.outputStyle();
  scan.unmeasuredSources();
  return {
    items: scan.items,
    texts: scan.texts,
    findings: scan.findings,
    overhead: [],
    unmeasured: scan.unmeasured,
  };
}

/** A folder whose skills, commands, agents or output styles the CLI reads: the user layer's or a `.claude/`. */
interface SourceFolder {
  base: string;
  user: boolean;
}

/** One launch's sources being read: where, what was found, and the steps that read each kind. */
class SourcesScan {
  readonly items: ContextItem[] = [];
  readonly texts = new Map<string, string>();
  readonly findings: Finding[] = [];
  readonly unmeasured: UnmeasuredSource[] = [];
  private readonly release: string;
  private readonly behaviour: SourcesBehaviour;
  private readonly bomBefore: boolean;
  private readonly userDir: string | undefined;
  /** The user layer first, then the `.claude/` of the cwd and each ancestor to the git root, nearest first. */
  private readonly folders: SourceFolder[];

  constructor(private readonly opts: ClaudeSourcesOptions) {
    const r = claudeRelease(opts.release);
    this.release = r.release;
    this.behaviour = BEHAVIOUR[r.release] ?? (BEHAVIOUR["2.1.332"] as SourcesBehaviour);
    this.bomBefore = r.bomBeforeFrontmatter;
    this.userDir = opts.layers?.view === "user" ? opts.layers.userDir : undefined;
    this.folders = [
      ...(this.userDir ? [{ base: this.userDir, user: true }] : []),
      // The fresh-clone view is the repository alone: no folder above its root (as the memory files).
      ...claudeSourceDirs(opts.cwd, opts.layers?.view === "user" ? opts.layers.home : undefined)
        .filter((d) => opts.layers?.view === "user" || inside(opts.root, d))
        .map((d) => ({ base: join(d, ".claude"), user: false })),
      // `--add-dir` folders: their skills, commands and subagents are listed after the repository's, with or
      // without CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD (2.1.332 and 2.1.197, sources case
      // `an_added_directory_lists_its_skills_commands_and_subagents_without_the_memory_variable`). Outside the
      // repository, a flag of this machine: personal, not charged.
      ...(opts.layers?.view === "user" ? (opts.layers.addedDirs ?? []) : [])
        .filter((d) => !inside(opts.root, d))
        .map((d) => ({ base: join(d, ".claude"), user: true })),
    ];
  }

  private show(abs: string): string {
    return this.opts.show(abs);
  }

  private warn(ruleId: string, file: string, message: string, help?: string): void {
    this.findings.push({ ruleId, severity: "warning", file, message, ...(help ? { help } : {}) });
  }

  /** A walk of the user layer stays in the home (or the config dir); a project walk in the repository. */
  private boundOf(dir: string, user: boolean): string {
    const home = this.opts.layers?.home;
    if (user) return home && inside(home, dir) ? home : dir;
    if (inside(this.opts.root, dir)) return this.opts.root;
    return dir; // an ancestor above the repository (outside git): its own folder
  }

  /** Reads one source file if its real path stays inside `bound`. */
  private read(abs: string, real: string, bound: string): { text: string; fileBytes: number } | undefined {
    const shown = this.show(abs);
    if (!inside(bound, real)) {
      this.warn(
        "read-failed",
        shown,
        `${shown}: a symlink to ${toPosix(real)}, outside ${this.show(bound)}; not read, so this measurement is incomplete (Claude Code would read it)`,
        "copy the file into the repository instead of linking out of it",
      );
      return undefined;
    }
    const r = readTextFile(abs, CLAUDE_MAX_FILE_BYTES);
    if (!r.ok) {
      if (r.reason !== "missing") this.warn("read-failed", shown, describeReadFailure(r, shown));
      return undefined;
    }
    return { text: r.text, fileBytes: r.fileBytes };
  }

  /**
   * The files of one source folder (`<base>/skills` …) that `include` accepts, read, within the folder's
   * bound (bounded walk; `depthOne`: the folder's direct subfolders only).
   */
  private files(
    f: SourceFolder,
    sub: string,
    depthOne: boolean,
    include: (rel: string, name: string) => boolean,
  ): { path: string; rel: string; text: string; fileBytes: number }[] {
    const dir = join(f.base, sub);
    const bound = this.boundOf(dir, f.user);
    if (!statSafe(dir)?.isDirectory()) return [];
    const real = safeRealpath(dir);
    if (!real) return [];
    if (!inside(bound, real)) {
      const shown = this.show(dir);
      this.warn(
        "walk-stopped",
        shown,
        `${shown}: links to ${toPosix(real)}, outside ${this.show(bound)}; not followed, so this measurement is incomplete (Claude Code reads it)`,
        "copy the folder into the repository instead of linking out of it",
      );
      return [];
    }
    const w = walkFiles(dir, {
      stayInside: bound,
      maxDepth: depthOne ? 1 : 64,
      maxEntries: SOURCE_WALK_MAX_ENTRIES,
      ...(depthOne ? { enterDir: (rel: string) => !rel.includes("/") } : {}),
      includeFile: include,
      onSpecial: (e) => {
        const shown = this.show(e.path);
        this.warn("read-failed", shown, `${shown}: is a ${e.type}, not a regular file; it was not opened`);
      },
    });
    for (const p of w.problems)
      this.warn("walk-stopped", this.show(p.path), `${this.show(p.path)}: ${p.message}`);
    return w.files.flatMap((file) => {
      const r = this.read(file.path, file.realPath, bound);
      return r ? [{ path: file.path, rel: file.rel, ...r }] : [];
    });
  }

  /** A skill or command entry: its listing description (with `when_to_use`), hidden when the CLI hides it. */
  private listingEntry(
    kind: "skill" | "command",
    name: string,
    file: { path: string; text: string; fileBytes: number },
    user: boolean,
  ): Entry {
    const fm = claudeFrontmatter(file.text, this.bomBefore);
    const fallback = kind === "skill" ? "Skill" : "Custom command";
    const given = descriptionValue(fm.data.description);
    const desc = given ?? claudeFirstLine(fm.body, fallback);
    const when = fm.data.when_to_use;
    const e: Entry = {
      kind,
      name,
      abs: file.path,
      fileBytes: file.fileBytes,
      user,
      description: when !== undefined && when !== null ? `${desc} - ${String(when)}` : desc,
      facts: factsOf(fm, given, desc, fallback),
    };
    const fmName = fm.data.name === undefined || fm.data.name === null ? undefined : String(fm.data.name);
    if (kind === "skill" && fmName !== undefined) {
      e.facts.frontmatterName = fmName;
      if (fmName.length <= NAME_MAX) e.displayName = fmName;
    }
    if (truthy(fm.data["disable-model-invocation"])) {
      e.hidden = "`disable-model-invocation: true`: Claude Code does not list it for the model";
      e.facts.notListed = "hidden";
    }
    return e;
  }

  /** Skills: per folder, sorted by folder name. */
  skills(): Entry[] {
    const out: Entry[] = [];
    for (const f of this.folders) {
      const found = this.files(
        f,
        "skills",
        true,
        (rel, name) => name === "SKILL.md" && rel.split("/").length === 2,
      )
        .map((file) => this.listingEntry("skill", file.rel.split("/")[0] as string, file, f.user))
        .sort(byName);
      out.push(...found);
    }
    return out;
  }

  /** Commands: every folder's, sorted by name together (the user's mixed in). */
  commands(): Entry[] {
    const out: Entry[] = [];
    for (const f of this.folders)
      for (const file of this.files(f, "commands", false, (_rel, name) => name.endsWith(".md")))
        out.push(
          this.listingEntry("command", file.rel.slice(0, -".md".length).split("/").join(":"), file, f.user),
        );
    return out.sort(byName);
  }

  /** Subagents: user first, then the folders from the top down (a later file of a name wins), sorted by name. */
  agents(pluginAgents: Entry[] = []): { listed: Entry[]; dropped: Entry[] } {
    const byAgentName = new Map<string, Entry>();
    const dropped: Entry[] = [];
    for (const e of pluginAgents)
      if (e.hidden) dropped.push(e);
      else byAgentName.set(e.name, e);
    const order = [...this.folders.filter((f) => f.user), ...this.folders.filter((f) => !f.user).reverse()];
    for (const f of order)
      for (const file of this.files(f, "agents", false, (_rel, name) => name.endsWith(".md"))) {
        const e = this.agentEntry(file, f.user);
        if (e.hidden) {
          dropped.push(e);
          continue;
        }
        const before = byAgentName.get(e.name);
        if (before) {
          before.hidden = `another subagent named \`${e.name}\` (${this.show(file.path)}) replaces it`;
          before.facts.notListed = "replaced";
          dropped.push(before);
        }
        byAgentName.set(e.name, e);
      }
    return { listed: [...byAgentName.values()].sort(byName), dropped };
  }

  /** One subagent file: its entry `- NAME: DESC (Tools: …)`, or why the CLI does not list it. */
  private agentEntry(
    file: { path: string; text: string; fileBytes: number },
    user: boolean,
    prefix = "",
  ): Entry {
    const fm = claudeFrontmatter(file.text, this.bomBefore);
    const name = typeof fm.data.name === "string" ? `${prefix}${fm.data.name}` : undefined;
    const description = typeof fm.data.description === "string" ? fm.data.description : undefined;
    const e: Entry = {
      kind: "subagent",
      name: name ?? basename(file.path, ".md"),
      abs: file.path,
      fileBytes: file.fileBytes,
      user,
      description: "",
      facts: fm.error ? { frontmatterError: fm.error } : {},
    };
    if (!fm.present || name === undefined || description === undefined) {
      e.facts.notListed = !fm.present ? "no-frontmatter" : name === undefined ? "no-name" : "no-description";
      e.hidden = `${
        !fm.present
          ? "no frontmatter"
          : name === undefined
            ? "no `name` in its frontmatter"
            : "no `description` in its frontmatter"
      }: Claude Code does not list it as a subagent`;
      return e;
    }
    e.description = `- ${name}: ${description} (Tools: ${claudeToolsText(fm.data.tools, fm.data.disallowedTools)})`;
    return e;
  }

  /**
   * Plugins the settings enable (`enabledPlugins`, `"NAME@MARKETPLACE": true`; user, then project, then local
   * settings, a later file's value winning). Fresh-clone view: each is listed as not measured (what it adds
   * is the user's install). User view: one the CLI installed (`plugins/installed_plugins.json` of the config
   * dir, its marketplace in `plugins/known_marketplaces.json`) adds its `commands/**\/*.md` and
   * `skills/<folder>/SKILL.md` as `- NAME:ENTRY` to the skills list and its `agents/**\/*.md` as `NAME:AGENT`
   * to the subagent list: personal, not charged (docs/findings-sources-claude-code.md, "Plugins").
   */
  plugins(): { listing: Entry[]; agents: Entry[] } {
    const listing: Entry[] = [];
    const agents: Entry[] = [];
    for (const { id, source } of enabledPlugins(this.opts.layers)) {
      const name = id.slice(0, id.lastIndexOf("@"));
      if (!this.userDir) {
        this.unmeasured.push({ kind: "plugin", name: id, source });
        continue;
      }
      const dir = this.installedPlugin(id);
      if (dir === null) continue; // not installed: the CLI loads nothing for it
      if (dir === undefined || !statSafe(dir)?.isDirectory()) {
        this.unmeasured.push({ kind: "plugin", name: id, source });
        continue;
      }
      const f: SourceFolder = { base: dir, user: true };
      const commands = this.files(f, "commands", false, (_rel, n) => n.endsWith(".md")).map((file) =>
        this.listingEntry(
          "command",
          `${name}:${file.rel.slice(0, -".md".length).split("/").join(":")}`,
          file,
          true,
        ),
      );
      const skills = this.files(
        f,
        "skills",
        true,
        (rel, n) => n === "SKILL.md" && rel.split("/").length === 2,
      ).map((file) => this.listingEntry("skill", `${name}:${file.rel.split("/")[0]}`, file, true));
      listing.push(...commands.sort(byName), ...skills.sort(byName));
      for (const file of this.files(f, "agents", false, (_rel, n) => n.endsWith(".md")))
        agents.push(this.agentEntry(file, true, `${name}:`));
    }
    return { listing, agents };
  }

  /**
   * The folder of an installed plugin: its install record's `installPath` (undefined when the record has
   * none), or null when the CLI would not load it (no record, or its marketplace is not known).
   */
  private installedPlugin(id: string): string | undefined | null {
    const dir = join(this.userDir as string, "plugins");
    const json = (file: string): Record<string, unknown> | undefined => {
      const r = readTextFile(join(dir, file), 4 * 1024 * 1024);
      if (!r.ok) return undefined;
      try {
        const v: unknown = JSON.parse(r.text);
        return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
      } catch {
        this.warn(
          "read-failed",
          this.show(join(dir, file)),
          `${this.show(join(dir, file))}: is not JSON; its plugins are not measured`,
        );
        return undefined;
      }
    };
    const records = (json("installed_plugins.json")?.plugins as Record<string, unknown> | undefined)?.[id];
    const known = json("known_marketplaces.json");
    if (!Array.isArray(records) || records.length === 0 || !known?.[id.slice(id.lastIndexOf("@") + 1)])
      return null;
    const path = (records[0] as { installPath?: unknown } | null)?.installPath;
    return typeof path === "string" && path !== "" ? path : undefined;
  }

  /** The skills list: skills then commands, a name listed once on 2.1.332, cut, within the listing budget. */
  skillsList(listed: Entry[]): void {
    // CLAUDE_CODE_DISABLE_ATTACHMENTS: the skills list is an attachment; none of the repository's or the
    // user's skills and commands is sent (2.1.332; found by the differential test, seed long-2.1.332:62).
    if (this.opts.layers?.nothingAttaches)
      for (const e of listed) {
        e.hidden ??= "CLAUDE_CODE_DISABLE_ATTACHMENTS is set: Claude Code sends no skills list";
        e.facts.notListed ??= "hidden";
      }
    const seen = new Map<string, Entry>();
    for (const e of listed) {
      if (e.hidden) continue;
      const first = seen.get(e.name);
      if (first && this.behaviour.dedupesSkillNames) {
        e.hidden = `${first.kind} \`${e.name}\` of ${this.show(first.abs)} comes first; Claude Code ${this.release} lists a name once`;
        e.facts.notListed = "duplicate";
      } else if (!first) seen.set(e.name, e);
    }
    const layers = this.opts.layers;
    const maxDesc =
      positiveInt(settingValue(layers, "skillListingMaxDescChars")) ?? CLAUDE_SKILL_DESCRIPTION_MAX;
    const cut = (d: string) => (d.length > maxDesc ? `${d.slice(0, maxDesc - 1)}…` : d);
    for (const e of listed) {
      e.facts.descriptionChars = e.description.length;
      if (e.description.length > maxDesc) e.facts.cutAt = maxDesc;
    }
    const visible = listed.filter((e) => !e.hidden);
    const shownNames = new Set(visible.map((e) => e.name));
    const labelOf = (e: Entry): string => {
      const n = e.displayName;
      return this.behaviour.showsFrontmatterName &&
        e.kind === "skill" &&
        n !== undefined &&
        n !== e.name &&
        !e.name.endsWith(`:${n}`) &&
        validName(n) &&
        !shownNames.has(n)
        ? `- ${e.name} (${n})`
        : `- ${e.name}`;
    };
    // 2.1.332 sends a description's line breaks as spaces (a `|` block); a subagent's keep theirs.
    const oneLine = (d: string) => (this.behaviour.descriptionOnOneLine ? d.replace(/\n/g, " ") : d);
    const full = (e: Entry) => `${labelOf(e)}: ${cut(oneLine(e.description))}`;
    // The listing budget: the entries past it lose their description.
    const cutBy = claudeOverBudget(
      visible.map((e) => ({ full: full(e), nameOnly: labelOf(e) })),
      this.release,
      claudeListingBudget(layers?.listingBudgetEnv, settingValue(layers, "skillListingBudgetFraction")),
    );
    const overBudget = new Set([...cutBy.collapsed].map((i) => visible[i] as Entry));
    for (const e of overBudget)
      Object.assign(e.facts, {
        overBudget: true,
        listingBudget: cutBy.budget,
        listingColumns: cutBy.total,
        fullEntryBytes: Buffer.byteLength(full(e)) + 1,
      });
    for (const e of listed)
      this.push(e, e.hidden ? undefined : overBudget.has(e) ? labelOf(e) : full(e), "skills");
  }

  /** One entry as an item (`text` undefined: not listed, an uncharged item of 0 bytes). */
  push(e: Entry, text: string | undefined, list: string): void {
    const path = this.show(e.abs);
    const what = e.kind === "subagent" ? "subagent list" : "skills list";
    this.items.push({
      path,
      kind: e.kind as ItemKind,
      loadedAt: "launch",
      bytes: text === undefined ? 0 : Buffer.byteLength(text) + Buffer.byteLength(CLAUDE_LIST_SEPARATOR),
      fileBytes: e.fileBytes,
      charged: text !== undefined && !e.user,
      importedBy: null,
      reason:
        text === undefined
          ? `not listed: ${e.hidden}`
          : e.user
            ? `${e.kind} \`${e.name}\` of the user layer, in the ${what}: personal, not charged`
            : `${e.kind} \`${e.name}\`: its entry in the ${what} (the body is not sent at launch)`,
      extra: { list, name: e.name, ...(text !== undefined ? { entry: text } : {}), ...e.facts },
    });
    if (text !== undefined) this.texts.set(path, text);
    // A hidden entry is the author's choice (its item says so); a dropped one is a finding.
    else if (e.hidden && e.facts.notListed !== "hidden")
      this.findings.push({
        ruleId: "source-not-listed",
        severity: "info",
        file: path,
        message: `${path}: ${e.kind} not listed — ${e.hidden}`,
      });
  }

  /** Auto memory (user view): MEMORY.md of the git root's key, after the memory files. */
  autoMemory(): void {
    if (!this.userDir) return;
    const top = claudeGitRoot(this.opts.cwd) ?? this.opts.cwd;
    const file = join(this.userDir, "projects", claudeProjectKey(top), "memory", "MEMORY.md");
    const path = this.show(file);
    const r = readTextFile(file, CLAUDE_MAX_FILE_BYTES);
    if (!r.ok) {
      if (r.reason !== "missing") this.warn("read-failed", path, describeReadFailure(r, path));
      return;
    }
    if (r.text.trim() === "") return;
    const text = claudeAutoMemoryText(r.text, this.release);
    this.items.push({
      path,
      kind: "auto-memory",
      loadedAt: "launch",
      bytes: Buffer.byteLength(text),
      fileBytes: r.fileBytes,
      charged: false,
      importedBy: null,
      reason: "auto memory (MEMORY.md of this project in the config dir): personal, not charged",
      framingBytes: Buffer.byteLength(
        `Contents of ${file} (user's auto-memory, persists across conversations):\n\n`,
      ),
      extra: { list: "auto-memory", name: "MEMORY.md", entry: text },
    });
    this.texts.set(path, text);
  }

  /** The output style `outputStyle` names: the cwd's and ancestors' `.claude/output-styles`, then the user's. */
  outputStyle(): void {
    const style = settingValue(this.opts.layers, "outputStyle");
    if (typeof style !== "string" || style === "") return;
    const order = [...this.folders.filter((f) => !f.user), ...this.folders.filter((f) => f.user)];
    for (const f of order)
      for (const file of this.files(
        f,
        "output-styles",
        true,
        (rel, n) => !rel.includes("/") && n.endsWith(".md"),
      )) {
        const fm = claudeFrontmatter(file.text, this.bomBefore);
        const name = typeof fm.data.name === "string" ? fm.data.name : basename(file.path, ".md");
        if (name !== style) continue;
        const text = `\n\n# Output Style: ${name}\n${fm.body.trim()}\n\n`;
        const path = this.show(file.path);
        this.items.push({
          path,
          kind: "output-style",
          loadedAt: "launch",
          bytes: Buffer.byteLength(text),
          fileBytes: file.fileBytes,
          charged: !f.user,
          importedBy: null,
          reason: `output style \`${name}\`, selected by \`outputStyle\` in the settings: its section of the system prompt`,
          extra: { list: "output-style", name, entry: text },
        });
        this.texts.set(path, text);
        return;
      }
    this.findings.push({
      ruleId: "output-style-not-measured",
      severity: "info",
      file: this.show(join(this.opts.cwd, ".claude", "settings.json")),
      message: `outputStyle "${style}" names no style file of the repository or the user; a built-in style's text is not measured`,
    });
  }

  /** MCP servers (`.mcp.json`, settings) and SessionStart hooks: named, never run. */
  unmeasuredSources(): void {
    const top = claudeGitRoot(this.opts.cwd) ?? this.opts.cwd;
    const mcpFile = join(top, ".mcp.json");
    if (statSafe(mcpFile)?.isFile()) {
      const r = readTextFile(mcpFile, 4 * 1024 * 1024);
      let json: unknown;
      try {
        json = r.ok ? JSON.parse(r.text) : undefined;
      } catch {
        json = undefined;
      }
      this.servers(json, this.show(mcpFile));
    }
    for (const s of this.opts.layers?.settings ?? []) {
      const hooks = (s.json as { hooks?: { SessionStart?: unknown } } | undefined)?.hooks?.SessionStart;
      for (const h of Array.isArray(hooks) ? hooks : [])
        for (const c of Array.isArray(h?.hooks) ? h.hooks : [])
          if (c && typeof c.command === "string")
            this.unmeasured.push({ kind: "hook", name: `SessionStart: ${c.command}`, source: s.shown });
      this.servers(s.json, s.shown);
    }
  }

  private servers(json: unknown, source: string): void {
    const servers = (json as { mcpServers?: unknown } | undefined)?.mcpServers;
    if (servers && typeof servers === "object" && !Array.isArray(servers))
      for (const name of Object.keys(servers)) this.unmeasured.push({ kind: "mcp-server", name, source });
  }
}

function factsOf(
  fm: ReturnType<typeof claudeFrontmatter>,
  given: string | null,
  desc: string,
  fallback: string,
): EntryFacts {
  return {
    descriptionFrom: given !== null ? "frontmatter" : desc === fallback ? "default" : "body",
    ...(fm.error ? { frontmatterError: fm.error } : {}),
  };
}

/** The plugins the settings enable, `name@marketplace`, with the settings file that enabled each. */
function enabledPlugins(layers: ClaudeLayers | undefined): { id: string; source: string }[] {
  const on = new Map<string, string>();
  for (const f of layers?.settings ?? []) {
    const v = (f.json as { enabledPlugins?: unknown } | undefined)?.enabledPlugins;
    if (!v || typeof v !== "object" || Array.isArray(v)) continue;
    for (const [id, enabled] of Object.entries(v as Record<string, unknown>)) {
      if (!/^[^@\s]+@[^@\s]+$/.test(id)) continue;
      if (enabled === true) on.set(id, f.shown);
      else on.delete(id);
    }
  }
  return [...on].map(([id, source]) => ({ id, source }));
}

/** A setting's value, the most specific settings file first (local, project, user). */
function settingValue(layers: ClaudeLayers | undefined, key: string): unknown {
  const files = layers?.settings ?? [];
  for (let i = files.length - 1; i >= 0; i--) {
    const v = (files[i]?.json as Record<string, unknown> | undefined)?.[key];
    if (v !== undefined) return v;
  }
  return undefined;
}

function positiveInt(v: unknown): number | undefined {
  return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : undefined;
}
