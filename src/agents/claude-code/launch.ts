/**
 * Claude Code's launch context: the files the pinned CLI (./release.ts) injects before the first turn,
 * in its order, with the text it injects. Settled against CLI 2.1.332 by test/conformance/claude-launch.
 *
 * Order (CLI 2.1.332): for each directory from the top-most ancestor of the working directory (the
 * filesystem root itself excluded) down to the working directory: `CLAUDE.md`, `.claude/CLAUDE.md`, every
 * unscoped rule under `.claude/rules/` (OS directory order, depth-first), `CLAUDE.local.md`; each file is
 * followed at once by its imports, depth-first. A file is loaded once per launch (by path and by real
 * path), whichever way it is reached first. Imports are followed up to 4 hops, relative to the importing
 * file's real directory, and only when they land inside the working directory (Claude Code asks before
 * loading imports from outside it, and in `-p` mode or CI nobody approves). A scoped rule is not loaded,
 * but its imports are. Files over 4 MiB, non-text extensions and files whose text is empty after
 * stripping are skipped; an empty file's imports are not followed. A rule reached through a symlink loads
 * only when its real path lies inside the working directory (even in an ancestor's `.claude/rules/`;
 * conformance cases `a_rule_symlinked_*`), while a memory file linked anywhere loads.
 */
import { homedir } from "node:os";
import { basename, dirname, join, parse, resolve } from "node:path";
import { displayPath, inside, resolvePath, toPosix } from "../../fs/paths.js";
import {
  describeReadFailure,
  linkLoop,
  type ReadFailure,
  readTextFile,
  safeRealpath,
  statSafe,
} from "../../fs/read.js";
import type {
  AppliedSource,
  ContextItem,
  Finding,
  ImportEdge,
  ImportStatus,
  ItemKind,
  LaunchOptions,
  MemoryRecord,
  RuleRecord,
  SkippedMemory,
  Snapshot,
} from "../../model/index.js";
import {
  type ClaudeLayers,
  type InstructionFilesMode,
  type MemoryLayer,
  resolveClaudeLayers,
} from "./layers.js";
import { type ClaudeOnReadSession, claudeOnDemand } from "./on-read.js";
import {
  CLAUDE_CODE_ID,
  CLAUDE_CODE_NAME,
  type ClaudeReleaseBehaviour,
  claudeRelease,
  claudeReleaseBasis,
} from "./release.js";
import { ruleBase, ruleScope, specialRuleMessage, walkRules, walkRulesDir } from "./rules.js";
import { claudeSources } from "./sources.js";
import {
  CLAUDE_MAX_FILE_BYTES,
  CLAUDE_MAX_IMPORT_HOPS,
  isTextPath,
  type ProcessedText,
  processFileText,
  resolveImportPath,
} from "./text.js";

export interface ClaudeLaunchOptions {
  /** Repository root (absolute). Item paths are relative to it. */
  root: string;
  /** Working directory Claude Code starts in (absolute; default: root). Ancestors above it load too. */
  cwd?: string;
  /** Home directory for `~/` imports (default: os.homedir()). User-level memory comes with `layers`. */
  home?: string;
  /**
   * Settings, environment switches, the user layer, approvals and added directories (./layers.ts);
   * absent: the fresh-clone view with the default settings.
   */
  layers?: ClaudeLayers;
  /** The Claude Code release to model (default: the newest verified, see ./release.ts). */
  release?: string;
}

/** The launch snapshot of Claude Code (see src/model/snapshot.ts). */
export type ClaudeLaunchResult = Snapshot;

export const UNSCOPED_RULE_REMEDY = "add `paths:` frontmatter so it loads only on demand";

/** Directories Claude Code reads memory from at launch: top-most ancestor first, cwd last, "/" excluded. */
export function launchDirectories(cwd: string): string[] {
  const dirs: string[] = [];
  for (let d = cwd; d !== parse(d).root; ) {
    dirs.unshift(d);
    const up = resolve(d, "..");
    if (up === d) break;
    d = up;
  }
  return dirs;
}

/**
 * When `cwd` is inside a git worktree that itself lies inside its main repository (e.g. Claude Code's
 * own `.claude/worktrees/<name>`), returns both roots. Read from the `.git` file and `commondir`, no git.
 */
export function nestedWorktree(cwd: string): { worktreeRoot: string; mainRepoRoot: string } | undefined {
  for (let d = cwd; ; ) {
    const dotGit = join(d, ".git");
    const st = statSafe(dotGit);
    if (st?.isDirectory()) return undefined;
    if (st?.isFile()) {
      const r = readTextFile(dotGit, 64 * 1024);
      const m = r.ok ? /^gitdir:\s*(.+?)\s*$/m.exec(r.text) : null;
      if (!m) return undefined;
      const gitDir = resolve(d, m[1] as string);
      const c = readTextFile(join(gitDir, "commondir"), 64 * 1024);
      if (!c.ok) return undefined;
      const common = safeRealpath(resolve(gitDir, c.text.trim())) ?? resolve(gitDir, c.text.trim());
      if (basename(common) !== ".git") return undefined;
      const mainRepoRoot = dirname(common);
      const worktreeRoot = safeRealpath(d) ?? d;
      return mainRepoRoot !== worktreeRoot && inside(mainRepoRoot, worktreeRoot)
        ? { worktreeRoot, mainRepoRoot }
        : undefined;
    }
    const up = resolve(d, "..");
    if (up === d) return undefined;
    d = up;
  }
}

interface Origin {
  kind: ItemKind;
  charged: boolean;
  importedBy: string | null;
  reason: string;
  /** For rules: the path it was reached by (before links), to record its RuleRecord. */
  ruleAbs?: string;
  /** The CLI's memory type of the chain (claudeMdExcludes applies to User, Project and Local). */
  layer?: MemoryLayer;
  /** Imports of this chain load outside the working directory too (the user layer; an approved project). */
  external?: boolean;
  /** For rules: the directory its globs are relative to, when not the one holding `.claude/`. */
  ruleBase?: string;
  /** The path is a regular file's real path that the rules walk listed (read without a stat first). */
  walked?: boolean;
  /** The chain started at an AGENTS file (the AGENTS.md plugin's candidates: the file, then its imports). */
  agents?: boolean;
}

/** The layers each snapshot of {@link claudeLaunch} was computed with: its on-demand session answers for the same view. */
const layersOf = new WeakMap<Snapshot, ClaudeLayers>();

/**
 * The AgentModel's `launch`: the view's layers (./layers.ts: settings, environment, the user layer,
 * approvals, added directories) resolved once for the working directory, then {@link claudeLaunchSet}.
 * @throws UsageError for a release the model was not verified on
 */
export function claudeLaunch(opts: LaunchOptions): Snapshot {
  // Any release from the oldest to the newest pinned one: verified, or modelled from release ranges.
  const release = claudeRelease(opts.release).release;
  const cwdIn = resolve(opts.cwd ?? opts.root);
  const layers = resolveClaudeLayers(opts, safeRealpath(cwdIn) ?? cwdIn);
  const snapshot = claudeLaunchSet({
    root: opts.root,
    release,
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
    layers,
  });
  layersOf.set(snapshot, layers);
  return snapshot;
}

/**
 * The AgentModel's `onDemand`: {@link claudeOnDemand} in the view the snapshot was computed in (the layers
 * of its {@link claudeLaunch}; none for any other snapshot). Here, not in ./on-read.ts, which the hook
 * loads and which stays free of the launch loader and its layers.
 */
export function claudeOnDemandOf(snapshot: Snapshot): ClaudeOnReadSession {
  const layers = layersOf.get(snapshot);
  return claudeOnDemand(snapshot, layers ? { layers } : {});
}

/**
 * Computes the launch snapshot of Claude Code (see the module doc for the order). Never throws for bad
 * input: unreadable, oversized, invalid or missing files become findings naming the file. Paths are
 * relative to `root` (absolute outside it).
 * @returns the snapshot: items in Claude Code's load order and `texts` (each item's injected text, whose
 *   UTF-8 size is the item's `bytes`); every import edge met, with its position, hop and outcome; every
 *   rule of the launch directories with its classification; the memory files loaded; findings.
 *   Verified on Claude Code 2.1.332 and 2.1.197 (`opts.release`; the differences are in ./release.ts).
 * @throws UsageError for a release the model was not verified on
 */
export function claudeLaunchSet(opts: ClaudeLaunchOptions): ClaudeLaunchResult {
  const launch = new LaunchSet(opts);
  const layers = opts.layers;
  // The fresh-clone view is the repository alone: nothing above its root loads (a runner's home, or a
  // CLAUDE.md another user left in a shared directory, never changes the verdict). The user view is this
  // machine: every ancestor, as the CLI reads them.
  const freshClone = (layers?.view ?? "fresh-clone") === "fresh-clone";
  const dirs = layers?.nothingLoads
    ? []
    : launchDirectories(launch.cwd).filter((d) => !freshClone || inside(launch.realRoot, d));
  const agentsFiles = planAgentsFiles(launch, dirs);
  const userDir = layers?.nothingLoads ? undefined : layers?.userDir;
  const userItems = userDir ? launch.loadUserLayer(userDir) : 0;
  for (const dir of dirs) {
    const where = dir === launch.cwd ? "the working directory" : "an ancestor of the working directory";
    // In a worktree nested in its main repository, the main checkout's project files above the worktree
    // are not read (they are the worktree's own, checked out again); CLAUDE.local.md still is.
    const isProject = launch.isProjectDir(dir);
    launch.loadDirectory(dir, where, isProject, isProject && agentsFiles.load);
  }
  // --add-dir with CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: each added directory's own files, after
  // the launch directories; never its AGENTS.md, never its ancestors (settled on 2.1.332).
  for (const dir of layers?.nothingLoads ? [] : (layers?.addDirs ?? []))
    launch.loadDirectory(safeRealpath(dir) ?? dir, `the added directory ${launch.show(dir)}`, true, false);
  const sameText = launch.dropAgentsTextsSeen();
  if (layers) launch.findings.push(...layers.findings);
  const applied = layers ? appliedSources(launch, layers, userDir, userItems) : undefined;
  // Skills, commands, subagents, auto memory, the output style (./sources.ts): after the memory files.
  const sources = claudeSources({
    release: launch.behaviour.release,
    root: launch.realRoot,
    cwd: launch.cwd,
    show: (abs) => launch.show(abs),
    ...(layers ? { layers } : {}),
  });
  launch.items.push(...sources.items);
  // A file both loaded as memory (imported) and listed keeps its memory text here; its entry is the item's
  // `extra.entry` (verify found it: a subagent file imported by a CLAUDE.md is sent both ways).
  for (const [p, t] of sources.texts) if (!launch.texts.has(p)) launch.texts.set(p, t);
  launch.findings.push(...sources.findings);
  return {
    agent: {
      id: CLAUDE_CODE_ID,
      name: CLAUDE_CODE_NAME,
      version: launch.behaviour.release,
      ...(claudeReleaseBasis(launch.behaviour.release) === "release-ranges"
        ? { basis: "release-ranges" as const }
        : {}),
    },
    view: layers?.view ?? "fresh-clone",
    root: launch.realRoot,
    cwd: launch.cwd,
    items: launch.items,
    texts: launch.texts,
    imports: launch.imports,
    rules: launch.rules,
    memory: launch.memory,
    findings: launch.findings,
    ...(applied && applied.length > 0 ? { applied } : {}),
    ...(agentsFiles.skipped.length + sameText.length > 0
      ? { skipped: [...agentsFiles.skipped, ...sameText] }
      : {}),
    ...(sources.overhead.length > 0 ? { overhead: sources.overhead } : {}),
    ...(sources.unmeasured.length > 0 ? { unmeasured: sources.unmeasured } : {}),
  };
}

/** What became of one file the loader was asked to load (an import edge's status and reason). */
interface LoadOutcome {
  status: ImportStatus;
  why: string;
  /** The file's real path, when reading it got that far. */
  real?: string;
}

/**
 * One launch being computed: where it runs, what it has loaded so far (each file once, by path and by
 * real path), and the steps that load a file, a file's imports, the user layer and a launch directory.
 */
class LaunchSet {
  readonly behaviour: ClaudeReleaseBehaviour;
  /** The repository root, resolved through links: display paths are relative to it. */
  readonly realRoot: string;
  /** The working directory, resolved through links when it exists. */
  readonly cwd: string;
  readonly layers: ClaudeLayers | undefined;
  /** Home for `~/` imports. */
  readonly home: string;
  /** The AGENTS.md mode in force (./layers.ts). */
  readonly mode: InstructionFilesMode;
  readonly items: ContextItem[] = [];
  readonly texts = new Map<string, string>();
  readonly findings: Finding[] = [];
  readonly imports: ImportEdge[] = [];
  readonly rules: RuleRecord[] = [];
  readonly memory: MemoryRecord[] = [];
  /** Files claudeMdExcludes kept out (display paths), for the setting's `applied` line. */
  readonly excludedFiles: string[] = [];
  /** Items of AGENTS chains (shown path to absolute path), for {@link dropAgentsTextsSeen}. */
  private readonly agentsItems = new Map<string, string>();
  /** Items of project or local chains that are not AGENTS chains. */
  private readonly projectItems = new Set<string>();
  /** Files loaded or refused once: by path and by real path. */
  private readonly processed = new Set<string>();
  /** Directories whose path is their real path (cwd and its ancestors; those of files read). */
  private readonly realDirs: Set<string>;
  // Memoised: a file that imports one path 60,000 times shows it (and resolves it) 120,000 times.
  private readonly shownOf = new Map<string, string>();
  private readonly keyOf = new Map<string, string>();
  private readonly worktree: { worktreeRoot: string; mainRepoRoot: string } | undefined;

  constructor(opts: ClaudeLaunchOptions) {
    this.behaviour = claudeRelease(opts.release);
    const root = resolve(opts.root);
    this.realRoot = safeRealpath(root) ?? root;
    const cwdIn = resolve(opts.cwd ?? root);
    const cwdReal = safeRealpath(cwdIn);
    this.cwd = cwdReal ?? cwdIn;
    this.layers = opts.layers;
    this.home = this.layers?.home ?? opts.home ?? homedir();
    this.mode = this.layers?.mode ?? "claude-md-or-agents-md";
    this.realDirs = new Set<string>(cwdReal ? launchDirectories(cwdReal) : []);
    this.worktree = nestedWorktree(this.cwd);
  }

  /** A path as the snapshot shows it: relative to the root inside it, else absolute. */
  show(abs: string): string {
    let s = this.shownOf.get(abs);
    if (s === undefined) {
      s = displayPath(abs, this.realRoot);
      this.shownOf.set(abs, s);
    }
    return s;
  }

  warn(ruleId: string, file: string, message: string, help?: string): void {
    this.findings.push({ ruleId, severity: "warning", file, message, ...(help ? { help } : {}) });
  }

  /** True when claudeMdExcludes keeps this file of `layer` out. */
  excluded(abs: string, layer: MemoryLayer | undefined): boolean {
    return layer !== undefined && this.layers?.excluded(abs, layer) === true;
  }

  /** False for a directory of the main checkout above a worktree nested in it (its project files are not read). */
  isProjectDir(dir: string): boolean {
    const w = this.worktree;
    return !(w && inside(w.mainRepoRoot, dir) && !inside(w.worktreeRoot, dir));
  }

  /**
   * Loads one file (and, depth-first, its imports) and says what became of it.
   * `underRule`: the chain started at a rule; Claude Code then drops every file with its own `paths:`.
   */
  load(path: string, depth: number, origin: Origin, rootFile: string, underRule = false): LoadOutcome {
    const shown = this.show(path);
    if (depth > CLAUDE_MAX_IMPORT_HOPS) return this.beyondHopLimit(shown, origin, rootFile);
    let key = this.keyOf.get(path);
    if (key === undefined) {
      key = resolvePath(path);
      this.keyOf.set(path, key);
    }
    if (this.processed.has(key)) return { status: "duplicate", why: "already loaded in this launch" };
    if (this.excluded(key, origin.layer)) {
      // claudeMdExcludes: the file is not read, nor are its imports (settled on 2.1.332).
      if (statSafe(key)?.isFile()) this.excludedFiles.push(this.show(key));
      return { status: "dropped", why: "excluded by claudeMdExcludes" };
    }
    // One read gives the real path too (the CLI resolves before reading; the order only matters for cost).
    // In a directory already known to be real, a file that is not a symlink needs no realpath call.
    const r = readTextFile(path, CLAUDE_MAX_FILE_BYTES, {
      parentIsReal: key === path && this.realDirs.has(dirname(key)),
      walkedRegular: depth === 0 && origin.walked === true && key === path,
    });
    if (r.ok) this.realDirs.add(dirname(r.realPath));
    const real = r.ok ? r.realPath : key;
    if (
      depth > 0 &&
      !origin.external &&
      !inside(this.cwd, this.behaviour.importRealPathInsideCwd ? real : key)
    ) {
      const by = origin.importedBy ?? shown;
      this.findings.push(outsideCwdFinding(this, shown, by, real, by));
      return { status: "outside-cwd", why: "its real path lies outside the working directory", real };
    }
    if (real !== key && this.processed.has(real))
      return { status: "duplicate", why: "already loaded in this launch" };
    this.processed.add(key);
    if (!r.ok) return this.readFailed(r, path, shown, depth, origin);
    this.processed.add(real);
    if (!isTextPath(path)) {
      this.warn(
        "import-not-text",
        origin.importedBy ?? shown,
        `${shown}: not a text file by its extension; Claude Code skips the import`,
      );
      return { status: "not-text", why: "not a text file by its extension" };
    }
    if (!r.validUtf8)
      this.warn(
        "invalid-utf8",
        shown,
        `${shown}: not valid UTF-8; Claude Code injects U+FFFD for the bad bytes`,
        "re-save the file as UTF-8",
      );
    const p = processFileText(r.text, this.behaviour);
    let scoped = origin.kind === "rule" && this.recordRule(p, path, shown, real, r.fileBytes, origin);
    if (!p.text) return { status: "empty", why: "empty after stripping" }; // not injected, imports not followed
    let dropped = false;
    if (origin.kind !== "rule" && underRule && ruleScope(p.frontmatter).globs !== undefined) {
      scoped = true;
      dropped = true;
      this.warn(
        "rule-import-dropped",
        shown,
        `${shown}: imported by ${origin.importedBy} (under a rule) but has its own \`paths:\` frontmatter; Claude Code drops it from the launch set (its own imports still load)`,
      );
    }
    if (!scoped) this.addItem(path, shown, p.text, r.fileBytes, origin);
    if (p.imports.length > 0)
      this.loadImports(p.imports, shown, r.realPath, depth, origin, scoped, rootFile, underRule);
    // A scoped rule is not in context: a later import of it (by AGENTS.md or CLAUDE.local.md, which load
    // after the rules of their level) loads it as an import (2.1.332; found by the differential test, seed
    // h332:150, case `a_scoped_rule_imported_by_agents_md_loads_as_an_import`).
    if (origin.kind === "rule" && scoped) {
      this.processed.delete(key);
      this.processed.delete(real);
    }
    return dropped
      ? { status: "dropped", why: "has its own `paths:` under a rule: dropped (its imports load)" }
      : { status: "loaded", why: scoped ? "scoped rule: not injected" : "loaded" };
  }

  /** A file beyond the import hop limit: not loaded, a finding at the importer. */
  private beyondHopLimit(shown: string, origin: Origin, rootFile: string): LoadOutcome {
    this.warn(
      "import-beyond-hop-limit",
      origin.importedBy ?? shown,
      `${shown}: not loaded — more than ${CLAUDE_MAX_IMPORT_HOPS} import hops from ${rootFile}`,
      "import it from a file nearer the memory file, or inline what matters",
    );
    return { status: "beyond-hop-limit", why: `more than ${CLAUDE_MAX_IMPORT_HOPS} hops from ${rootFile}` };
  }

  /** A file that could not be read: a missing import (the file itself is no problem), or a finding. */
  private readFailed(
    r: ReadFailure,
    path: string,
    shown: string,
    depth: number,
    origin: Origin,
  ): LoadOutcome {
    if (r.reason === "missing") {
      if (depth > 0)
        this.warn(
          "import-missing",
          origin.importedBy ?? shown,
          linkLoop(path)
            ? `${shown}: imported by ${origin.importedBy} but a symlink loop (the link resolves to itself); the import costs nothing`
            : `${shown}: imported by ${origin.importedBy} but no such file; the import costs nothing`,
          "fix or remove the import",
        );
      return { status: "missing", why: "no such file" };
    }
    if (r.reason === "too-large")
      this.warn(
        "file-too-large",
        shown,
        `${shown}: ${r.fileBytes} bytes, over Claude Code's ${CLAUDE_MAX_FILE_BYTES}-byte limit; Claude Code skips it`,
        "split or shrink it",
      );
    else this.warn("read-failed", shown, describeReadFailure(r, shown));
    return { status: "unreadable", why: r.reason };
  }

  /** Records a rule file as Claude Code classifies it; true when it is scoped (not injected at launch). */
  private recordRule(
    p: ProcessedText,
    path: string,
    shown: string,
    real: string,
    fileBytes: number,
    origin: Origin,
  ): boolean {
    const scope = ruleScope(p.frontmatter);
    const scoped = scope.globs !== undefined;
    if (scope.why) origin.reason = `${origin.reason} (${scope.why})`;
    const abs = origin.ruleAbs ?? path;
    const rule: RuleRecord = {
      path: shown,
      absPath: abs,
      realPath: real,
      base: origin.ruleBase ?? ruleBase(abs),
      scoped,
      globs: scope.globs ?? [],
      text: p.text,
      fileBytes,
      atLaunch: !scoped && p.text !== "",
    };
    if (scope.why) rule.unscopedWhy = scope.why;
    if (p.text === "") rule.notLoadedWhy = "empty after stripping";
    this.rules.push(rule);
    return scoped;
  }

  /** Puts a loaded file's text into the context (and a memory file into the memory list). */
  private addItem(path: string, shown: string, text: string, fileBytes: number, origin: Origin): void {
    this.items.push({
      path: shown,
      kind: origin.kind,
      loadedAt: "launch",
      bytes: Buffer.byteLength(text, "utf8"),
      fileBytes,
      charged: origin.charged,
      importedBy: origin.importedBy,
      reason: origin.reason,
    });
    this.texts.set(shown, text);
    if (origin.kind === "memory" || origin.kind === "local")
      this.memory.push({ path: shown, absPath: path, dir: memoryDir(path), kind: origin.kind });
    if (origin.agents) this.agentsItems.set(shown, path);
    else if (origin.layer === "Project" || origin.layer === "Local") this.projectItems.add(shown);
  }

  /**
   * The AGENTS.md plugin's `unseenFiles` (2.1.332): an AGENTS file, or one of its imports, whose text
   * (processed, then JavaScript `trim()`) equals the text of a project or local file in the launch set (a
   * CLAUDE file, `.claude/CLAUDE.md`, CLAUDE.local.md, an unscoped rule, their imports, at any level) is
   * left out; the others stay, each judged alone. Not compared with the user layer, scoped rules or other
   * AGENTS files. Cases of test/conformance/claude-edges.fixtures.ts (`CLAUDE_AGENTS_TEXT_CASES`).
   */
  dropAgentsTextsSeen(): SkippedMemory[] {
    if (this.agentsItems.size === 0) return [];
    const seen = new Map<string, string>();
    for (const i of this.items) {
      if (!this.projectItems.has(i.path)) continue;
      const t = (this.texts.get(i.path) ?? "").trim();
      if (t !== "" && !seen.has(t)) seen.set(t, i.path);
    }
    const skipped: SkippedMemory[] = [];
    const drop = new Set<string>();
    for (const [shown, abs] of this.agentsItems) {
      const t = (this.texts.get(shown) ?? "").trim();
      const same = t === "" ? undefined : seen.get(t);
      if (same === undefined) continue;
      drop.add(shown);
      skipped.push({
        path: shown,
        absPath: abs,
        hiddenBy: same,
        why: `its text equals ${same}'s, already loaded: Claude Code's AGENTS.md plugin does not load it again`,
      });
    }
    if (drop.size === 0) return [];
    const kept = this.items.filter((i) => !drop.has(i.path));
    this.items.length = 0;
    this.items.push(...kept);
    for (const p of drop) this.texts.delete(p);
    const memory = this.memory.filter((m) => !drop.has(m.path));
    this.memory.length = 0;
    this.memory.push(...memory);
    for (const e of this.imports)
      if (drop.has(e.target) && e.status === "loaded") {
        e.status = "duplicate";
        e.reason = "its text equals a file already loaded (the AGENTS.md plugin leaves it out)";
      }
    return skipped;
  }

  /** Loads the imports of one loaded file, in order, and records each edge. */
  private loadImports(
    fileImports: readonly { path: string; line: number; column: number }[],
    shown: string,
    realPath: string,
    depth: number,
    origin: Origin,
    scoped: boolean,
    rootFile: string,
    underRule: boolean,
  ): void {
    // One resolution per distinct token: a link-heavy file repeats the same few thousands of times.
    const targets = new Map<string, { target: string; outside: boolean }>();
    const importOrigin = importOriginOf(origin, shown, scoped);
    for (const imp of fileImports) {
      let t = targets.get(imp.path);
      if (t === undefined) {
        const target = resolveImportPath(imp.path, realPath, this.home);
        t = { target, outside: !origin.external && !inside(this.cwd, target) };
        targets.set(imp.path, t);
      }
      const target = t.target;
      const tShown = this.show(target);
      const edge: ImportEdge = {
        from: shown,
        line: imp.line,
        column: imp.column,
        token: imp.path,
        targetAbs: target,
        target: tShown,
        hop: depth + 1,
        status: "loaded",
        reason: "",
      };
      this.imports.push(edge);
      if (depth + 1 <= CLAUDE_MAX_IMPORT_HOPS && t.outside) {
        this.findings.push({
          ...outsideCwdFinding(this, tShown, shown, target, shown),
          line: imp.line,
          column: imp.column,
        });
        edge.status = "outside-cwd";
        edge.reason = "lies outside the working directory";
        continue;
      }
      const out = this.load(target, depth + 1, importOrigin, rootFile, underRule || origin.kind === "rule");
      edge.status = out.status;
      edge.reason = out.why;
      if (out.real !== undefined && out.real !== target) edge.realTarget = out.real;
    }
  }

  /** Completes the fresh origin it is given (no copy: one per rule of the launch, 10,000 in the benchmark). */
  private project(o: Omit<Origin, "layer" | "external">): Origin {
    const origin = o as Origin;
    origin.layer = o.kind === "local" ? "Local" : "Project";
    if (this.layers?.externalImportsApproved === true) origin.external = true;
    return origin;
  }

  /**
   * The user layer (user view): $CLAUDE_CONFIG_DIR/CLAUDE.md, then its unscoped rules, before the project;
   * personal (not charged); imports load from anywhere. Returns how many items it added.
   */
  loadUserLayer(userDir: string): number {
    const from = this.items.length;
    const p = join(userDir, "CLAUDE.md");
    this.load(
      p,
      0,
      {
        kind: "memory",
        charged: false,
        importedBy: null,
        reason: "user memory ($CLAUDE_CONFIG_DIR/CLAUDE.md): personal, loaded in every project, not charged",
        layer: "User",
        external: true,
      },
      this.show(p),
    );
    const walk = walkRulesDir(join(userDir, "rules"));
    this.reportWalk(walk);
    for (const f of walk.files) {
      this.load(
        f.realPath,
        0,
        {
          kind: "rule",
          charged: false,
          importedBy: null,
          reason: "user rule ($CLAUDE_CONFIG_DIR/rules): personal, not charged",
          ruleAbs: f.path,
          layer: "User",
          external: true,
          ruleBase: this.cwd,
          walked: true,
        },
        this.show(f.realPath),
      );
    }
    return this.items.length - from;
  }

  /** A rules walk's problems and special files, as findings. */
  private reportWalk(walk: RulesWalk): void {
    for (const pr of walk.problems)
      this.warn("walk-stopped", this.show(pr.path), `${this.show(pr.path)}: ${pr.message}`);
    for (const sp of walk.special)
      this.warn("read-failed", this.show(sp.path), specialRuleMessage(this.show(sp.path), sp.type));
  }

  /**
   * One directory's CLAUDE.md, `.claude/CLAUDE.md`, rules, (AGENTS files), CLAUDE.local.md.
   * @param projectFiles the directory's project files are read (not a main checkout above a nested worktree)
   * @param agents the directory's AGENTS files load (./release.ts agentsMdAtLaunch, the mode)
   */
  loadDirectory(dir: string, where: string, projectFiles: boolean, agents: boolean): void {
    const afterLocal = this.mode === "claude-md-and-agents-md";
    for (const name of projectFiles ? ["CLAUDE.md", join(".claude", "CLAUDE.md")] : []) {
      const p = join(dir, name);
      this.load(
        p,
        0,
        this.project({ kind: "memory", charged: true, importedBy: null, reason: `memory file in ${where}` }),
        this.show(p),
      );
    }
    const walk = projectFiles ? walkRules(dir) : { files: [], problems: [], special: [] };
    this.reportWalk(walk);
    // The level's AGENTS files come after its rules, except that they load just before the first rule
    // reached through a link (a linked file or a file of a linked folder) that loads, in the walk's order;
    // a link dropped for leaving the working directory does not move them (settled on 2.1.332: fuzz
    // h332:123, 132, r332:412; cases `agents_files_load_just_before_the_first_linked_rule_*`).
    let agentsDone = !(agents && !afterLocal);
    for (const f of walk.files) {
      const linked = f.realPath !== f.path;
      const escapes = linked && this.behaviour.ruleLinksStayInsideCwd && !inside(this.cwd, f.realPath);
      if (!agentsDone && linked && !escapes) {
        this.loadAgentsFiles(dir, where);
        agentsDone = true;
      }
      this.loadRule(f, escapes);
    }
    if (!agentsDone) this.loadAgentsFiles(dir, where);
    const local = join(dir, "CLAUDE.local.md");
    this.load(
      local,
      0,
      this.project({
        kind: "local",
        charged: false,
        importedBy: null,
        reason: "CLAUDE.local.md: personal instructions, loaded but not charged",
      }),
      this.show(local),
    );
    if (agents && afterLocal) this.loadAgentsFiles(dir, where);
  }

  /** One rule of a launch directory's walk; `escapes`: a link out of the working directory. */
  private loadRule(f: { path: string; realPath: string }, escapes: boolean): void {
    if (escapes) {
      // Settled on 2.1.332: a rule reached through a link whose real path leaves the working directory
      // never loads (nor do its imports), wherever the rules directory is. 2.1.197 loads it.
      const shownLink = this.show(f.path);
      this.rules.push({
        path: shownLink,
        absPath: f.path,
        realPath: f.realPath,
        base: ruleBase(f.path),
        scoped: false,
        globs: [],
        text: "",
        fileBytes: 0,
        atLaunch: false,
        notLoadedWhy: `a symlink to ${this.show(f.realPath)}, outside the working directory`,
      });
      this.warn(
        "rule-link-escapes",
        shownLink,
        `${shownLink}: a symlink to ${this.show(f.realPath)}, outside the working directory (${this.show(this.cwd)}); Claude Code does not load it`,
        "copy the rule into the repository, or link to a file inside the working directory",
      );
      return;
    }
    if (this.excluded(f.path, "Project") && f.path !== f.realPath) {
      this.excludedFiles.push(this.show(f.path));
      return;
    }
    this.load(
      f.realPath,
      0,
      this.project({
        kind: "rule",
        charged: true,
        importedBy: null,
        reason: `unscoped rule — ${UNSCOPED_RULE_REMEDY}`,
        ruleAbs: f.path,
        walked: true,
      }),
      this.show(f.realPath),
    );
  }

  /** The AGENTS files of one launch directory (AGENTS.md, `.claude/AGENTS.md`). */
  private loadAgentsFiles(dir: string, where: string): void {
    for (const name of AGENTS_FILES) {
      const p = join(dir, name);
      this.load(
        p,
        0,
        this.project({
          kind: "memory",
          charged: true,
          importedBy: null,
          agents: true,
          reason:
            this.mode === "claude-md-and-agents-md"
              ? `${toPosix(name)} in ${where}: loaded beside CLAUDE.md (instructionFiles claude-md-and-agents-md)`
              : `${toPosix(name)} in ${where}: Claude Code loads it because no CLAUDE.md gives instructions here`,
        }),
        this.show(p),
      );
    }
  }
}

/** The walk of a rules directory (./rules.ts). */
type RulesWalk = ReturnType<typeof walkRulesDir>;

/** The one origin every import of a loaded file shares (load does not change an import's origin). */
function importOriginOf(origin: Origin, shown: string, scoped: boolean): Origin {
  const why = scoped
    ? `imported by ${shown}, which has \`paths:\` and is not injected: Claude Code still loads its imports at launch`
    : `imported by ${shown}`;
  const importOrigin: Origin = {
    kind: "import",
    charged: origin.charged,
    importedBy: shown,
    reason: origin.charged ? why : `${why} (personal, not charged)`,
  };
  if (origin.layer) importOrigin.layer = origin.layer;
  if (origin.external) importOrigin.external = true;
  if (origin.agents) importOrigin.agents = true;
  return importOrigin;
}

/**
 * An import outside the launch directory. Inside the repository the fix is per directory (a launch
 * there does not load it); outside the repository Claude Code asks for approval first.
 */
function outsideCwdFinding(
  launch: Pick<LaunchSet, "show" | "cwd" | "realRoot">,
  shown: string,
  importedBy: string,
  abs: string,
  file: string,
): Finding {
  const cwdShown = launch.show(launch.cwd);
  const inRepo = inside(launch.realRoot, abs);
  return {
    ruleId: "import-outside-cwd",
    severity: "warning",
    file,
    message: inRepo
      ? `${shown}: imported by ${importedBy} but lies outside the working directory (${cwdShown}); a launch in ${cwdShown} does not load it`
      : `${shown}: imported by ${importedBy} but lies outside the working directory (${cwdShown}); Claude Code does not load it at launch without approval`,
    help: inRepo
      ? `import it from a memory file inside ${cwdShown}, or accept that launches there go without it`
      : "move the file inside the repository or inline what matters",
    group: {
      key: JSON.stringify([shown, importedBy, inRepo]),
      cwd: cwdShown,
      message: inRepo
        ? `${shown}: imported by ${importedBy} but lies outside {count} launch directories ({dirs}); a launch in any of them does not load it`
        : `${shown}: imported by ${importedBy} but lies outside {count} launch directories ({dirs}); Claude Code does not load it at launch without approval`,
      ...(inRepo
        ? {
            help: "import it from a memory file inside each of them, or accept that launches there go without it",
          }
        : {}),
    },
  };
}

/**
 * Whether the launch's AGENTS files load, and which are skipped because a CLAUDE file hides them.
 * AGENTS.md (and `.claude/AGENTS.md`) load only where no CLAUDE file gives text at any launch level (the
 * CLI's default "claude-md-or-agents-md" mode; settled on 2.1.332, docs/findings-claude-agents-md.md). The
 * CLAUDE files are looked at ahead of the load only when an AGENTS file is there to be hidden. Other modes:
 * docs/findings-claude-settings.md.
 */
function planAgentsFiles(
  launch: LaunchSet,
  dirs: readonly string[],
): { load: boolean; skipped: SkippedMemory[] } {
  const { behaviour, mode } = launch;
  const agentsFilesThere =
    behaviour.agentsMdAtLaunch &&
    dirs.some(
      (dir) => launch.isProjectDir(dir) && AGENTS_FILES.some((n) => statSafe(join(dir, n)) !== undefined),
    );
  // In the default mode, the first CLAUDE file (top-most level first) that gives text hides every AGENTS
  // file of the launch. An excluded CLAUDE file does not hide AGENTS.md (settled on 2.1.332).
  const hiddenBy =
    agentsFilesThere && mode === "claude-md-or-agents-md"
      ? dirs
          .flatMap((dir) => [
            ...(launch.isProjectDir(dir) ? [join(dir, "CLAUDE.md"), join(dir, ".claude", "CLAUDE.md")] : []),
            join(dir, "CLAUDE.local.md"),
          ])
          .filter((p) => !launch.excluded(p, p.endsWith("CLAUDE.local.md") ? "Local" : "Project"))
          .find(givesText)
      : undefined;
  const load =
    behaviour.agentsMdAtLaunch &&
    (mode === "claude-md-and-agents-md" ||
      (mode === "claude-md-or-agents-md" && agentsFilesThere && hiddenBy === undefined));
  const skipped: SkippedMemory[] = [];
  if (hiddenBy !== undefined)
    for (const dir of dirs.filter((d) => launch.isProjectDir(d)))
      for (const name of AGENTS_FILES) {
        const p = join(dir, name);
        if (!statSafe(p)?.isFile()) continue;
        skipped.push({
          path: launch.show(p),
          absPath: p,
          hiddenBy: launch.show(hiddenBy),
          why: `${launch.show(hiddenBy)} gives instructions, so Claude Code loads no AGENTS file at any level of this launch`,
        });
      }
  return { load, skipped };
}

/** What the view applied beyond the repository, with the effects this launch measured. */
function appliedSources(
  launch: LaunchSet,
  layers: ClaudeLayers,
  userDir: string | undefined,
  userItems: number,
): AppliedSource[] {
  const applied = [...layers.applied];
  if (userDir) {
    applied.push({
      kind: "file",
      name: userDir,
      effect:
        userItems > 0
          ? `user layer: ${userItems} file${userItems === 1 ? "" : "s"} at launch (CLAUDE.md, unscoped rules, their imports), not charged`
          : "user layer: no CLAUDE.md or unscoped rule at launch",
    });
  }
  if (launch.excludedFiles.length > 0) {
    const c = applied.find((a) => a.name === "claudeMdExcludes");
    if (c) c.effect = `excludes ${launch.excludedFiles.join(", ")}`;
  }
  return applied;
}

/** The AGENTS files Claude Code reads in each launch directory, in its order (2.1.332). */
const AGENTS_FILES = ["AGENTS.md", join(".claude", "AGENTS.md")];

/** True when the file exists, is readable text within the size limit, and is not empty after stripping. */
function givesText(path: string): boolean {
  const r = readTextFile(path, CLAUDE_MAX_FILE_BYTES);
  return r.ok && processFileText(r.text).text !== "";
}

/** The directory a memory file applies to: the one holding it, or holding its `.claude/`. */
function memoryDir(path: string): string {
  const d = dirname(path);
  return basename(d) === ".claude" ? dirname(d) : d;
}
