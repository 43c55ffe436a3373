/**
 * Pointer rules: small user-level rules written into a harness's `$CLAUDE_CONFIG_DIR/rules/` that point a
 * Claude Code agent at path-scoped rules and nested memory it would otherwise never see.
 *
 * Settled on Claude Code 2.1.332 (docs/findings-pointers.md):
 * - a user rule with `paths:` attaches when Read opens a matching file below the cwd; its globs are matched
 *   relative to the cwd, gitignore-style; absolute and `../` globs never match;
 * - nothing attaches for a file outside the cwd (an `--add-dir` directory): not a user rule, not the added
 *   directory's own scoped rules or nested CLAUDE.md. Pointers for such files take the hook route: the same
 *   file, with absolute globs the CLI never matches, served by the agent-context PreToolUse hook
 *   (`dist/hook.cjs`, registered for Read; src/hook/handlers/pointers.ts), whatever the prefix;
 * - `@path` in a user rule, scoped or not, is imported at launch: a pointer never contains `@`;
 * - `paths: "**"` is unscoped (loads at launch); `**\/*` is scoped: a whole-directory pointer uses `**\/*`;
 * - with project settings (the default), the CLI loads the cwd repository's rules and nested memory itself,
 *   also in an Explore subagent, except the root memory, which Explore starts without.
 *
 * A pointer is text this module writes; no repository byte is copied into it.
 */
import { lstatSync, mkdirSync, readdirSync, realpathSync, rmdirSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { agents } from "../agents/index.js";
import { UsageError } from "../errors.js";
import { checkWriteInside, describeWriteError as describeErrno, writeFilesAtomic } from "../fs/atomic.js";
import { inside, relativeInside, toPosix } from "../fs/paths.js";
import { readTextFile, safeRealpath, statSafe } from "../fs/read.js";
import { type WalkResult, walkFiles } from "../fs/walk.js";
import { rebaseGlobs, SAFE_PATH } from "../globs/rebase.js";
import type { AgentModel, AgentPointers, LintRuleMeta } from "../model/agent.js";
import type { Finding } from "../model/finding.js";
import { MAX_DIRS_CHECKED, MAX_POINTER_BYTES, MAX_POINTERS, MAX_TOTAL_BYTES } from "./bounds.js";
import { readRulePaths } from "./frontmatter.js";
import { MARKER_LINE_BYTES, markPointer, pointerOwnership, unmarkPointer } from "./marker.js";
import {
  isPointerBody,
  MEMORY_POINTER_INTRO,
  PREFIX_RE,
  pointerFileRe,
  RULE_POINTER_INTRO,
} from "./names.js";

export * from "./bounds.js";
export { readRulePaths } from "./frontmatter.js";
export { MARKER_LINE_BYTES, markPointer, pointerOwnership, unmarkPointer } from "./marker.js";

/**
 * The registered agent that reads the user-level rules `pointers` writes: the first whose model declares
 * the `pointers` capability (Claude Code). Throws {@link UsageError} when none does.
 */
export function pointerAgent(): { agent: AgentModel; pointers: AgentPointers } {
  for (const agent of agents()) {
    const pointers = agent.capabilities?.pointers;
    if (pointers) return { agent, pointers };
  }
  throw new UsageError("pointers: no registered agent reads user-level rules");
}

/** The release of the pointer agent that the pointer model was verified on. */
export const POINTERS_VERIFIED_ON = pointerAgent().pointers.verifiedOn;

export interface PointersOptions {
  /** The harness's CLAUDE_CONFIG_DIR (absolute or relative to process.cwd()); pointers go to `rules/`. */
  configDir: string;
  /** The working directory Claude Code runs in (the primary repository). */
  cwd: string;
  /** Directories passed to Claude Code with `--add-dir`. */
  addDirs?: string[];
  /**
   * Bytes of memory the harness preloads, in walk order (cwd first, then the added directories, each
   * root first): directories whose memory fits get the "preloaded in place" sentence. Default 0.
   */
  preloadedBudget?: number;
  /** File name prefix: pointers are `rules/<prefix>-NNN.md`. Default `repository`. */
  prefix?: string;
  /** Compute and report; write and remove nothing. */
  dryRun?: boolean;
  /**
   * Whether the CLI runs with project settings (default true). False for a harness that runs it with
   * `--setting-sources user` (or the Agent SDK default): the CLI then loads none of the cwd repository's
   * memory or rules, and pointers cover the cwd repository too.
   */
  projectSettings?: boolean;
  /** The Claude Code release the harness runs (default: the newest the pointer agent was verified on). */
  release?: string;
}

export type PointerRoute = "rule" | "hook";

export interface Pointer {
  /** Absolute path of the pointer file. */
  file: string;
  /** The `paths:` globs written: relative to the cwd (route "rule") or absolute (route "hook"). */
  globs: string[];
  /** Absolute path of what it points at: a rule file or a memory directory. */
  target: string;
  route: PointerRoute;
  kind: "rule" | "memory";
  /** For memory pointers: whether the memory was preloaded in place. */
  preloaded?: boolean;
  /** The full file text, ownership marker included (./marker.ts). */
  text: string;
  /**
   * UTF-8 bytes of `text`: the file's size, marker line included. What the agent is charged when the
   * pointer attaches is its body, which holds neither the frontmatter nor the marker.
   */
  bytes: number;
}

/**
 * What the planner left out, and why, as findings (src/model/finding.ts). `file` is the file or directory
 * concerned (the config dir for a run-wide bound): relative to the working directory (`.` for itself) when
 * inside it, else absolute. No line or column.
 */
export const POINTER_RULES = {
  /** A bound was hit: a pointer over MAX_POINTER_BYTES, or a run-wide bound (count, total, directories). */
  bound: {
    id: "pointer-bound",
    description: "A pointer bound was hit; what it left out gets no pointer",
    defaultSeverity: "warning",
  },
  /** A rendered pointer did not read back with exactly the globs written. */
  readBack: {
    id: "pointer-read-back",
    description: "A pointer does not read back with the globs written; dropped",
    defaultSeverity: "warning",
  },
  /** A file could not be read. */
  unreadable: {
    id: "pointer-unreadable",
    description: "A memory file or rule could not be read; left out",
    defaultSeverity: "warning",
  },
  /** A symlink or an import leaves its repository: no repository byte from outside is pointed at. */
  outsideRepository: {
    id: "pointer-outside-repository",
    description: "A file reached through a link or import outside its repository; left out",
    defaultSeverity: "info",
  },
  /** A path or glob with characters outside the safe set (or a glob holding `---`). */
  unsafePath: {
    id: "pointer-unsafe-path",
    description: "A path or glob outside the safe character set; left out",
    defaultSeverity: "info",
  },
  /**
   * A file in the rules directory named like a pointer of this prefix that the tool cannot prove it wrote
   * (no ownership marker, not a regular file) or that was edited since: left alone, its name skipped.
   */
  foreignFile: {
    id: "pointer-foreign-file",
    description:
      "A file named like a pointer that agent-context did not write, or that was edited since; left alone",
    defaultSeverity: "warning",
  },
  /** An unscoped rule: nothing to point at by path. */
  unscoped: {
    id: "pointer-unscoped",
    description: "An unscoped rule gets no pointer",
    defaultSeverity: "info",
  },
  /** A scoped rule whose globs cannot be moved to the working directory. */
  skipped: {
    id: "pointer-skipped",
    description: "A rule whose globs cannot be rebased gets no pointer",
    defaultSeverity: "info",
  },
} as const satisfies Record<string, LintRuleMeta>;

const POINTER_RULE_BY_ID = new Map<string, LintRuleMeta>(Object.values(POINTER_RULES).map((r) => [r.id, r]));

export interface PointersResult {
  configDir: string;
  rulesDir: string;
  pointers: Pointer[];
  /** What was left out and why (see {@link POINTER_RULES}), in the order met. */
  notices: Finding[];
  /** Pointer files created or changed (absolute). Empty in a dry run. */
  written: string[];
  /** Stale pointer files of this prefix removed (absolute): only files carrying an intact marker. */
  removed: string[];
  /** Pointer files already holding the right text. */
  unchanged: string[];
  totalBytes: number;
}

const SKIP_DIRS = new Set([".git", "node_modules"]);

interface Candidate {
  kind: "rule" | "memory";
  target: string;
  globs: string[];
  route: PointerRoute;
  render: (globs: string[]) => string | null;
  preloaded?: boolean;
}

/**
 * The pointer agent's memory files (`memoryNames`: CLAUDE.md and CLAUDE.local.md) outside `.claude/`
 * folders, and `.claude/CLAUDE.md`.
 */
function isMemoryFile(rel: string, name: string, memoryNames: ReadonlySet<string>): boolean {
  if (!memoryNames.has(name)) return false;
  const dirs = rel.split("/").slice(0, -1);
  const last = dirs.length - 1;
  return dirs.every((d, i) => d !== ".claude" || (i === last && name === "CLAUDE.md"));
}

function frontmatter(globs: string[]): string {
  return `---\npaths:\n${globs.map((g) => `  - "${g}"\n`).join("")}---\n`;
}

function realDir(p: string, what: string): string {
  const abs = resolve(p);
  const st = statSafe(abs);
  if (!st?.isDirectory()) throw new UsageError(`${what} ${abs}: not a directory; pass an existing directory`);
  return realpathSync(abs);
}

/**
 * Computes the pointer set for a harness run and, unless `dryRun`, writes it into `<configDir>/rules/`
 * all-or-nothing (staged temp files, then renames; any failure puts everything back), leaving files that
 * already hold the right text untouched. Every pointer carries an ownership marker (./marker.ts): only a
 * `<prefix>-NNN.md` file whose marker is intact is overwritten or, when stale, removed; any other file of
 * that name (the user's own, or a pointer the user edited) is left alone with a `pointer-foreign-file`
 * notice and the pointers take the next free names. Throws {@link UsageError} for a missing cwd or added
 * directory, a bad prefix, or a rules directory that cannot be written (nothing is written then);
 * everything else left out becomes a finding in `notices` ({@link POINTER_RULES}).
 */
export function generatePointers(opts: PointersOptions): PointersResult {
  const { agent, pointers: model } = pointerAgent();
  const memoryNames: ReadonlySet<string> = new Set(agent.memoryFileNames);
  const prefix = opts.prefix ?? "repository";
  if (!PREFIX_RE.test(prefix)) {
    throw new UsageError(`--prefix ${JSON.stringify(prefix)}: use letters, digits, - and _ (at most 64)`);
  }
  const budget = opts.preloadedBudget ?? 0;
  if (!Number.isInteger(budget) || budget < 0) {
    throw new UsageError(`--preloaded-budget must be a non-negative whole number of bytes, got ${budget}`);
  }
  const projectSettings = opts.projectSettings ?? true;
  const configDir = resolve(opts.configDir);
  const rulesDir = join(configDir, "rules");
  const cwd = realDir(opts.cwd, "--cwd");
  const repos: { root: string; isCwd: boolean }[] = [{ root: cwd, isCwd: true }];
  for (const d of opts.addDirs ?? []) {
    const root = realDir(d, "--add-dir");
    if (!repos.some((r) => r.root === root)) repos.push({ root, isCwd: false });
  }
  const notices: Finding[] = [];
  const note = (
    ruleId: (typeof POINTER_RULES)[keyof typeof POINTER_RULES]["id"],
    subject: string,
    message: string,
  ) => {
    const file = inside(cwd, subject) ? toPosix(relative(cwd, subject)) || "." : subject;
    notices.push({
      ruleId,
      severity: POINTER_RULE_BY_ID.get(ruleId)?.defaultSeverity ?? "info",
      file,
      message,
    });
  };
  // Render, read back and apply the bounds as each candidate is found, so that once the pointer count is
  // reached the rest is counted without being read.
  const plan = new PointerPlan(rulesDir, prefix, note);

  // The bounds that cut a walk (depth, entries, time), each reported once, where it cuts.
  const walkBounds = (problems: WalkResult["problems"], what: string) => {
    const deep = problems.filter((p) => p.kind === "bound" && p.bound === "depth");
    const first = deep[0];
    if (first?.kind === "bound") {
      const limit = first.limit.toLocaleString("en-US");
      note(
        "pointer-bound",
        first.path,
        `bound: ${what} are looked for at most ${limit} directories deep (the walker's depth limit); this directory and everything below it got no pointer` +
          (deep.length > 1 ? `, nor ${deep.length - 1} more directories cut at the same depth` : ""),
      );
    }
    for (const p of problems) {
      if (p.kind === "bound" && p.bound !== "depth")
        note("pointer-bound", p.path, `bound: ${p.message}; no pointer for them`);
    }
  };
  const run: PlanRun = {
    cwd,
    repos,
    model,
    memoryNames,
    release: opts.release,
    plan,
    note,
    walkBounds,
    preload: { budget, used: 0, open: true },
  };
  for (const repo of repos) {
    // With project settings the CLI loads, below the cwd, every rule and nested memory itself (on Read,
    // also in Explore subagents); only the cwd's own root memory is missing from Explore subagents.
    const native = projectSettings && inside(cwd, repo.root);
    planMemoryPointers(run, repo, native);
    if (!native) planRulePointers(run, repo); // else the CLI loads the rules below the cwd itself
  }
  plan.noteBounds(configDir);

  const result: PointersResult = {
    configDir,
    rulesDir,
    pointers: plan.pointers,
    notices,
    written: [],
    removed: [],
    unchanged: [],
    totalBytes: plan.total,
  };
  const existing = settleNames(result, prefix, note);
  if (!opts.dryRun) writePointers(result, existing);
  else markDryRun(result, existing);
  return result;
}

/** Records what the planner left out ({@link POINTER_RULES}), about a file or directory. */
type Note = (
  ruleId: (typeof POINTER_RULES)[keyof typeof POINTER_RULES]["id"],
  subject: string,
  message: string,
) => void;

/** A repository in play: the working directory's, or an added directory's. */
interface Repo {
  root: string;
  isCwd: boolean;
}

/** What planning one run's pointers reads and writes, shared by its steps. */
interface PlanRun {
  cwd: string;
  repos: readonly Repo[];
  /** The pointer agent's classification and on-read loader (its `pointers` capability). */
  model: AgentPointers;
  /** The pointer agent's memory file names. */
  memoryNames: ReadonlySet<string>;
  release: string | undefined;
  plan: PointerPlan;
  note: Note;
  /** Notes the bounds that cut a walk of memory files or rules. */
  walkBounds: (problems: WalkResult["problems"], what: string) => void;
  /** The harness's preloaded bytes, spent on memory directories in walk order while they fit. */
  preload: { budget: number; used: number; open: boolean };
}

/**
 * The pointers of one run as candidates are offered: each rendered, read back and bounded as it comes
 * (per pointer, count, total bytes), and the run-wide bounds that left something out counted.
 */
class PointerPlan {
  readonly pointers: Pointer[] = [];
  /** UTF-8 bytes of every pointer kept. */
  total = 0;
  private overCount = 0;
  private overTotal = 0;
  private dirsChecked = 0;
  private dirsSkipped = 0;

  constructor(
    private readonly rulesDir: string,
    private readonly prefix: string,
    private readonly note: Note,
  ) {}

  /** True once the pointer count is reached: what follows is counted, not read. */
  full(): boolean {
    return this.pointers.length >= MAX_POINTERS;
  }

  /** Counts one more candidate left out because the pointer count is reached. */
  countOver(): void {
    this.overCount++;
  }

  /** True when one more memory directory may be checked ({@link MAX_DIRS_CHECKED}); counts the others. */
  checkDirectory(): boolean {
    if (this.dirsChecked >= MAX_DIRS_CHECKED) {
      this.dirsSkipped++;
      return false;
    }
    this.dirsChecked++;
    return true;
  }

  /** Renders a candidate, reads it back and keeps it when every bound allows. */
  offer(c: Candidate): void {
    const rendered = c.render(c.globs);
    if (rendered === null) {
      this.note("pointer-bound", c.target, `pointer would exceed ${MAX_POINTER_BYTES} bytes; no pointer`);
      return;
    }
    const text = markPointer(rendered);
    const bytes = Buffer.byteLength(text, "utf8");
    if (bytes > MAX_POINTER_BYTES) {
      this.note("pointer-bound", c.target, `pointer would exceed ${MAX_POINTER_BYTES} bytes; no pointer`);
      return;
    }
    if (!readsBack(text, c.globs)) {
      this.note(
        "pointer-read-back",
        c.target,
        "pointer does not read back with exactly the globs written; dropped",
      );
      return;
    }
    if (this.full()) {
      this.overCount++;
      return;
    }
    if (this.total + bytes > MAX_TOTAL_BYTES) {
      this.overTotal++;
      return;
    }
    this.total += bytes;
    const file = join(
      this.rulesDir,
      `${this.prefix}-${String(this.pointers.length + 1).padStart(3, "0")}.md`,
    );
    this.pointers.push({
      file,
      globs: c.globs,
      target: c.target,
      route: c.route,
      kind: c.kind,
      ...(c.kind === "memory" ? { preloaded: c.preloaded } : {}),
      text,
      bytes,
    });
  }

  /** The run-wide bounds that left something out, each as one notice on the config dir. */
  noteBounds(configDir: string): void {
    if (this.dirsSkipped > 0) {
      this.note(
        "pointer-bound",
        configDir,
        `bound: at most ${MAX_DIRS_CHECKED} memory directories are checked per run; ${this.dirsSkipped} more left out`,
      );
    }
    if (this.overCount > 0)
      this.note(
        "pointer-bound",
        configDir,
        `bound: at most ${MAX_POINTERS} pointers per run; ${this.overCount} more left out`,
      );
    if (this.overTotal > 0) {
      this.note(
        "pointer-bound",
        configDir,
        `bound: at most ${MAX_TOTAL_BYTES} bytes of pointers per run; ${this.overTotal} more left out`,
      );
    }
  }
}

/** The route of a repository's pointers: a user rule below the cwd, else the hook (absolute globs). */
function routeOf(run: PlanRun, repo: Repo): PointerRoute {
  return inside(run.cwd, repo.root) ? "rule" : "hook";
}

/** The glob prefix of a directory on a route: relative to the cwd (route "rule") or absolute ("hook"). */
function globBase(run: PlanRun, route: PointerRoute, absDir: string): string {
  return route === "rule" ? toPosix(relative(run.cwd, absDir)) : toPosix(absDir);
}

/**
 * Offers a memory pointer for each directory of a repository holding memory the CLI does not attach
 * itself (`native`: it attaches all but the cwd's root memory, which an Explore subagent starts without).
 */
function planMemoryPointers(run: PlanRun, repo: Repo, native: boolean): void {
  const byDir = memoryByDirectory(run, repo);
  // A subagent starts without the launch's unscoped rules too (pointers-groundtruth,
  // `on_<release>_an_explore_subagent_starts_without_..._unscoped_project_rules_...`, both releases): the
  // cwd's pointer names them with the root memory, also where the cwd has no memory file of its own.
  const subagentRules =
    native && repo.isCwd
      ? run.model
          .listRules(repo.root)
          .filter(
            (r) => !r.scoped && r.text !== "" && inside(repo.root, safeRealpath(r.absPath) ?? r.absPath),
          )
          .map((r) => r.absPath)
      : [];
  if (subagentRules.length > 0 && !byDir.has("")) byDir.set("", []);
  const dirs = [...byDir.keys()].sort((a, b) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0));
  for (const relDir of dirs) {
    const absDir = relDir === "" ? repo.root : join(repo.root, relDir);
    const files = [
      ...(byDir.get(relDir) ?? []),
      ...(relDir === "" ? subagentRules.map((path) => ({ path, realPath: safeRealpath(path) ?? path })) : []),
    ];
    if (native && !(repo.isCwd && relDir === "")) continue; // the CLI attaches it itself on Read
    if (!run.plan.checkDirectory()) continue;
    if (run.plan.full()) {
      run.plan.countOver();
      continue;
    }
    planMemoryDirectory(run, repo, absDir, files, native);
  }
}

/**
 * The memory files of a repository by the directory they apply to (relative, "" for the root), each
 * named by its real path when a link keeps it inside the repository.
 */
function memoryByDirectory(run: PlanRun, repo: Repo): Map<string, { path: string; realPath: string }[]> {
  const walked = walkFiles(repo.root, {
    // another repository in play below this one is walked as itself, not as nested memory
    // nothing below `.claude/<dir>/` is memory (isMemoryFile): the rules are walked on their own
    enterDir: (rel, name) =>
      !SKIP_DIRS.has(name) &&
      !/(^|\/)\.claude\/./.test(rel) &&
      !run.repos.some((o) => o !== repo && o.root === join(repo.root, rel)),
    includeFile: (rel, name) => isMemoryFile(rel, name, run.memoryNames),
  });
  run.walkBounds(walked.problems, "memory files");
  const byDir = new Map<string, { path: string; realPath: string }[]>();
  for (const f of walked.files) {
    // A directory reached through a symlink that stays inside the repository is named by its real path
    // (the path the agent's tools report); one that leaves it keeps the path it was reached by.
    const realParent = safeRealpath(dirname(f.path));
    const realRel = realParent === undefined ? null : relativeInside(repo.root, realParent);
    const path = realRel !== null ? join(realParent as string, basename(f.path)) : f.path;
    const rel = realRel !== null ? toPosix(relative(repo.root, path)) : f.rel;
    const parent = dirname(rel);
    const relDir =
      parent === "."
        ? ""
        : parent.endsWith("/.claude")
          ? parent.slice(0, -8)
          : parent === ".claude"
            ? ""
            : parent;
    const list = byDir.get(relDir) ?? [];
    if (!list.some((x) => x.path === path)) list.push({ path, realPath: f.realPath });
    byDir.set(relDir, list);
  }
  return byDir;
}

/** Offers the pointer of one memory directory: its readable files and what they import, inside the repository. */
function planMemoryDirectory(
  run: PlanRun,
  repo: Repo,
  absDir: string,
  files: readonly { path: string; realPath: string }[],
  native: boolean,
): void {
  const { note } = run;
  if (files.some((f) => !inside(repo.root, f.realPath))) {
    note(
      "pointer-outside-repository",
      absDir,
      "reached through a symlink that leaves its repository; no pointer",
    );
    return;
  }
  const { readable, bytes } = readableMemory(run, files);
  const names = [...readable, ...broughtImports(run, repo, readable)];
  if (names.length === 0) return;
  if (!SAFE_PATH.test(absDir)) {
    note("pointer-unsafe-path", absDir, "directory path has characters outside [A-Za-z0-9._+-/]; no pointer");
    return;
  }
  const preloaded = preloads(run, native, bytes);
  const route = routeOf(run, repo);
  const base = globBase(run, route, absDir);
  const globs = base === "" ? ["**/*"] : [`${base}/`];
  if (globs.some((g) => g.includes("---"))) {
    note("pointer-unsafe-path", absDir, "a glob containing --- is refused; no pointer");
    return;
  }
  run.plan.offer({
    kind: "memory",
    target: absDir,
    globs,
    route,
    preloaded,
    render: (g) => renderMemory(g, absDir, names, preloaded),
  });
}

/** The memory files of a directory that a pointer may name (safe paths, readable), and their bytes. */
function readableMemory(
  run: PlanRun,
  files: readonly { path: string; realPath: string }[],
): { readable: string[]; bytes: number } {
  const readable: string[] = [];
  let bytes = 0;
  for (const f of files) {
    if (!SAFE_PATH.test(f.path)) {
      run.note(
        "pointer-unsafe-path",
        f.path,
        "memory file name has characters outside [A-Za-z0-9._+-/]; left out of its pointer",
      );
      continue;
    }
    const r = readTextFile(f.path);
    if (!r.ok) {
      run.note("pointer-unreadable", f.path, "cannot be read; left out of its pointer");
      continue;
    }
    bytes += r.fileBytes;
    readable.push(f.path);
  }
  return { readable, bytes };
}

/**
 * What the CLI attaches with a directory's memory beyond the files themselves: their imports, from the
 * pointer agent's on-read loader (imports from the importer's real directory, 4 hops), those inside the
 * repository with safe paths.
 */
function broughtImports(run: PlanRun, repo: Repo, readable: readonly string[]): string[] {
  const { note } = run;
  const brought = run.model.memoryWithImports({ root: repo.root, cwd: repo.root, files: readable });
  for (const o of brought.outside)
    note(
      "pointer-outside-repository",
      o.from,
      `import of ${o.target.slice(0, 120)} lies outside its repository; left out`,
    );
  const names = [...readable];
  for (const it of brought.items) {
    const abs = resolve(repo.root, it.path);
    if (names.includes(abs)) continue;
    const real = safeRealpath(abs) ?? abs;
    if (!inside(repo.root, real)) {
      note(
        "pointer-outside-repository",
        it.importedBy ? resolve(repo.root, it.importedBy) : abs,
        `import of ${abs.slice(0, 120)} lies outside its repository; left out`,
      );
      continue;
    }
    if (!SAFE_PATH.test(abs)) {
      note(
        "pointer-unsafe-path",
        abs,
        "imported file name has characters outside [A-Za-z0-9._+-/]; left out of its pointer",
      );
      continue;
    }
    names.push(abs);
  }
  return names.slice(readable.length);
}

/**
 * Whether a memory directory's pointer says it was preloaded: the cwd's root memory is (loaded at launch,
 * but not in Explore subagents); others while the harness's preloaded budget, spent in walk order, holds.
 */
function preloads(run: PlanRun, native: boolean, bytes: number): boolean {
  if (native) return true;
  const p = run.preload;
  if (p.open && p.used + bytes <= p.budget) {
    p.used += bytes;
    return true;
  }
  p.open = false;
  return false;
}

/** Offers a pointer for each scoped rule of a repository's `.claude/rules/`, its globs rebased to the route. */
function planRulePointers(run: PlanRun, repo: Repo): void {
  const rulesRoot = join(repo.root, ".claude", "rules");
  if (!statSafe(rulesRoot)?.isDirectory()) return;
  const rules = walkFiles(rulesRoot, { includeFile: (_r, name) => name.endsWith(".md") });
  run.walkBounds(rules.problems, "rules");
  const route = routeOf(run, repo);
  for (const f of rules.files) {
    if (run.plan.full()) {
      run.plan.countOver();
      continue;
    }
    const globs = rulePointerGlobs(run, repo, route, f);
    if (!globs) continue;
    const root = repo.root;
    const target = f.path;
    run.plan.offer({ kind: "rule", target, globs, route, render: (g) => renderRule(g, root, target) });
  }
}

/** The globs of a rule file's pointer on a route, or undefined (with a notice) when it gets none. */
function rulePointerGlobs(
  run: PlanRun,
  repo: Repo,
  route: PointerRoute,
  f: { path: string; realPath: string },
): string[] | undefined {
  const { note } = run;
  if (!inside(repo.root, f.realPath)) {
    note(
      "pointer-outside-repository",
      f.path,
      "reached through a symlink that leaves its repository; no pointer",
    );
    return undefined;
  }
  if (!SAFE_PATH.test(f.path)) {
    note("pointer-unsafe-path", f.path, "rule file name has characters outside [A-Za-z0-9._+-/]; no pointer");
    return undefined;
  }
  const rule = run.model.classifyRule(f.path, repo.root, run.release);
  if (rule.findings.length > 0 && rule.text === "" && !rule.scoped) {
    note("pointer-unreadable", f.path, `${rule.findings[0]?.message ?? "cannot be read"}; no pointer`);
    return undefined;
  }
  if (!rule.scoped) {
    note("pointer-unscoped", f.path, `unscoped (${rule.unscopedWhy ?? "no frontmatter"}); no pointer`);
    return undefined;
  }
  const rb = rebaseGlobs(rule.globs, globBase(run, route, repo.root));
  if (!rb.ok) {
    note(
      rb.unscoped ? "pointer-unscoped" : "pointer-skipped",
      f.path,
      rb.unscoped ? `unscoped (${rb.reason}); no pointer` : `${rb.reason}; no pointer`,
    );
    return undefined;
  }
  return rb.globs;
}

/**
 * The read-back check: true when the pointer text holds no `@` (which would make the CLI import a file) and
 * parsing it the way the CLI parses frontmatter yields exactly `globs`, in order.
 */
export function readsBack(text: string, globs: string[]): boolean {
  if (text.includes("@")) return false;
  const back = readRulePaths(text);
  return back.globs.length === globs.length && back.globs.every((g, i) => g === globs[i]);
}

/** A file in the rules directory named like a pointer of the run's prefix, and who owns it. */
interface Existing {
  name: string;
  abs: string;
  /** `ours`: marker intact; `edited`: marker, hash differs; `foreign`: no marker; `other`: not a regular file or unreadable. */
  owner: "ours" | "edited" | "foreign" | "other";
  text?: string;
  why?: string;
}

function existingFiles(rulesDir: string, prefix: string): Existing[] {
  let names: string[];
  try {
    const re = pointerFileRe(prefix);
    names = readdirSync(rulesDir)
      .filter((n) => re.test(n))
      .sort();
  } catch {
    return [];
  }
  return names.map((name): Existing => {
    const abs = join(rulesDir, name);
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(abs);
    } catch {
      return { name, abs, owner: "other", why: "vanished while listed" };
    }
    if (st.isSymbolicLink()) return { name, abs, owner: "other", why: "a symbolic link" };
    if (!st.isFile())
      return { name, abs, owner: "other", why: st.isDirectory() ? "a directory" : "not a regular file" };
    const r = readTextFile(abs, MAX_POINTER_BYTES * 4);
    if (!r.ok)
      return {
        name,
        abs,
        owner: "other",
        why: r.reason === "too-large" ? "larger than any pointer" : "not readable",
      };
    return { name, abs, owner: pointerOwnership(r.text), text: r.text };
  });
}

/**
 * Gives each pointer its file name: `<prefix>-NNN.md`, numbered from 001 in order, skipping every name held
 * by a file the tool cannot prove it wrote (each such file gets a `pointer-foreign-file` notice naming it
 * and what to do). Returns the existing files of the prefix.
 */
function settleNames(
  result: PointersResult,
  prefix: string,
  note: (id: "pointer-foreign-file" | "pointer-bound", subject: string, message: string) => void,
): Existing[] {
  const existing = existingFiles(result.rulesDir, prefix);
  // A file without a marker whose text is, byte for byte, what this run renders for one of its pointers
  // (marker aside) is this tool's own output, written before pointers carried a marker: nothing of the
  // user's is in it, so it is taken over (rewritten with the marker, or removed if its name moves).
  const rendered = new Set(result.pointers.map((p) => unmarkPointer(p.text)));
  for (const e of existing) if (e.owner === "foreign" && rendered.has(e.text ?? "\0")) e.owner = "ours";
  const held = new Set<string>();
  for (const e of existing) {
    if (e.owner === "ours") continue;
    held.add(e.name);
    const keep = "left alone, and the pointers take other names";
    if (e.owner === "edited") {
      note(
        "pointer-foreign-file",
        e.abs,
        `a pointer edited since agent-context wrote it (its text no longer matches its ownership marker); ${keep} — delete it to let pointers manage it again, or delete its marker line to keep it as your own rule`,
      );
    } else if (e.owner === "foreign") {
      const legacy = isPointerBody(readRulePaths(e.text ?? "").body);
      note(
        "pointer-foreign-file",
        e.abs,
        legacy
          ? `reads like a pointer but carries no agent-context ownership marker (written by hand, or by an agent-context that did not mark its pointers yet); ${keep} — delete it if it is an old pointer`
          : `named like a pointer but not written by agent-context (no ownership marker); ${keep} — rename it, or pass another --prefix, to keep your rule out of the pointers' names`,
      );
    } else {
      note(
        "pointer-foreign-file",
        e.abs,
        `named like a pointer but ${e.why ?? "not a regular file"}; ${keep} — rename or remove it`,
      );
    }
  }
  let n = 0;
  const kept: Pointer[] = [];
  for (const p of result.pointers) {
    do n++;
    while (held.has(`${prefix}-${String(n).padStart(3, "0")}.md`));
    if (n > 999) break;
    p.file = join(result.rulesDir, `${prefix}-${String(n).padStart(3, "0")}.md`);
    kept.push(p);
  }
  if (kept.length < result.pointers.length) {
    note(
      "pointer-bound",
      result.configDir,
      `bound: pointer names run from ${prefix}-001.md to ${prefix}-999.md and files not written by agent-context hold the free ones; ${result.pointers.length - kept.length} more left out`,
    );
    result.pointers = kept;
    result.totalBytes = kept.reduce((t, p) => t + p.bytes, 0);
  }
  return existing;
}

function markDryRun(result: PointersResult, existing: Existing[]): void {
  const wanted = new Set(result.pointers.map((p) => p.file));
  for (const e of existing) if (e.owner === "ours" && !wanted.has(e.abs)) result.removed.push(e.abs);
}

/**
 * Writes the pointer set all-or-nothing ({@link writeFilesAtomic}): new and changed pointers, and the
 * removal of stale ones of this prefix that carry an intact marker. Any failure leaves the rules directory
 * as it was (no pointer changed, no temporary file, a rules directory it created removed again) and
 * throws {@link UsageError} naming the directory.
 */
function writePointers(result: PointersResult, existing: Existing[]): void {
  const { rulesDir } = result;
  const fail = (e: unknown): never => {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException)?.code;
    const todo =
      code === "ENOTDIR" || code === "EEXIST"
        ? "make that path a directory, or pass another --config-dir"
        : code === "ENOSPC" || code === "EDQUOT" || code === "EFBIG"
          ? "free space or raise the limit, then rerun"
          : "make that directory writable, or pass a --config-dir you can write to";
    throw new UsageError(
      `cannot write pointers into ${rulesDir}: ${describeErrno(e)}; nothing written — ${todo}`,
    );
  };
  // Writes stay in the pointers' own folder: a rules folder, or a pointer file, that is a link leading out
  // of it is refused before anything is created (src/fs/atomic.ts).
  checkWriteInside(rulesDir, result.configDir, `the config dir ${result.configDir}`);
  let created: string | undefined;
  try {
    created = mkdirSync(rulesDir, { recursive: true });
  } catch (e) {
    fail(e);
  }
  const own = new Map(existing.filter((e) => e.owner === "ours").map((e) => [e.abs, e.text ?? ""]));
  const ops: { path: string; data: string | null; expected: string | null }[] = [];
  const wanted = new Set<string>();
  for (const p of result.pointers) {
    wanted.add(p.file);
    const cur = own.get(p.file);
    if (cur === p.text) {
      result.unchanged.push(p.file);
      continue;
    }
    ops.push({ path: p.file, data: p.text, expected: cur ?? null });
  }
  const stale: string[] = [];
  for (const [abs, text] of own) {
    if (wanted.has(abs)) continue;
    ops.push({ path: abs, data: null, expected: text });
    stale.push(abs);
  }
  try {
    if (ops.length > 0) writeFilesAtomic(ops, { within: rulesDir, withinName: `its folder ${rulesDir}` });
  } catch (e) {
    // remove the directories this run created, innermost first (only if still empty)
    if (created !== undefined) {
      for (let d = rulesDir; d.length >= created.length; d = dirname(d)) {
        try {
          rmdirSync(d);
        } catch {
          break;
        }
      }
    }
    fail(e);
  }
  result.written.push(...ops.filter((o) => o.data !== null).map((o) => o.path));
  result.removed.push(...stale);
}

function renderRule(globs: string[], root: string, target: string): string | null {
  if (!SAFE_PATH.test(root) || !SAFE_PATH.test(target)) return null;
  return (
    `${frontmatter(globs)}${RULE_POINTER_INTRO}${root}\` applies to the file you just opened: ` +
    `read \`${target}\` before you change it. Claude Code does not load that rule itself here.\n`
  );
}

function renderMemory(globs: string[], dir: string, files: string[], preloaded: boolean): string | null {
  const head = frontmatter(globs);
  const intro = preloaded
    ? `${MEMORY_POINTER_INTRO}${dir}\` was preloaded in place. Only if it is not already in your context (a subagent starts without it and without the unscoped rules), read before you work on files below that directory:`
    : `${MEMORY_POINTER_INTRO}${dir}\` was not preloaded. Read it before you work on files below that directory:`;
  let text = `${head}${intro}\n`;
  const reserve = 80; // room for the closing count line
  let listed = 0;
  for (const f of files) {
    const line = `- \`${f}\`\n`;
    if (Buffer.byteLength(text + line, "utf8") + reserve + MARKER_LINE_BYTES > MAX_POINTER_BYTES) break;
    text += line;
    listed++;
  }
  if (listed === 0) return null;
  const rest = files.length - listed;
  if (rest > 0) text += `- and ${rest} more file${rest === 1 ? "" : "s"} it imports, not listed here\n`;
  return text;
}
