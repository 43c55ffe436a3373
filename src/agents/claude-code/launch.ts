/**
 * Claude Code's launch context: the files the pinned CLI (./version.ts) injects before the first turn,
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
import { describeReadFailure, linkLoop, readTextFile, safeRealpath, statSafe } from "../../fs/read.js";
import type {
  ContextItem,
  Finding,
  ImportEdge,
  ImportStatus,
  ItemKind,
  MemoryRecord,
  RuleRecord,
  SkippedMemory,
} from "../../model/index.js";
import type { ClaudeLaunchOptions, ClaudeLaunchResult } from "./index.js";
import type { MemoryLayer } from "./layers.js";
import { claudeRelease } from "./releases.js";
import { ruleBase, ruleScope, specialRuleMessage, walkRules, walkRulesDir } from "./rules.js";
import { claudeSources } from "./sources.js";
import {
  CLAUDE_MAX_FILE_BYTES,
  CLAUDE_MAX_IMPORT_HOPS,
  isTextPath,
  processFileText,
  resolveImportPath,
} from "./text.js";
import { CLAUDE_CODE_NAME } from "./version.js";

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
}

/**
 * Computes the launch snapshot of Claude Code (see the module doc for the order). Never throws for bad
 * input: unreadable, oversized, invalid or missing files become findings naming the file. Paths are
 * relative to `root` (absolute outside it).
 * @returns the snapshot: items in Claude Code's load order and `texts` (each item's injected text, whose
 *   UTF-8 size is the item's `bytes`); every import edge met, with its position, hop and outcome; every
 *   rule of the launch directories with its classification; the memory files loaded; findings.
 *   Verified on Claude Code 2.1.332 and 2.1.197 (`opts.release`; the differences are in ./releases.ts).
 * @throws UsageError for a release the model was not verified on
 */
export function claudeLaunchSet(opts: ClaudeLaunchOptions): ClaudeLaunchResult {
  const behaviour = claudeRelease(opts.release);
  const root = resolve(opts.root);
  const realRoot = safeRealpath(root) ?? root;
  const cwdIn = resolve(opts.cwd ?? root);
  const cwdReal = safeRealpath(cwdIn);
  const cwd = cwdReal ?? cwdIn;
  const layers = opts.layers;
  const home = layers?.home ?? opts.home ?? homedir();
  const excluded = (abs: string, layer: MemoryLayer | undefined) =>
    layer !== undefined && layers?.excluded(abs, layer) === true;
  const excludedFiles: string[] = [];
  const items: ContextItem[] = [];
  const texts = new Map<string, string>();
  const findings: Finding[] = [];
  const imports: ImportEdge[] = [];
  const rules: RuleRecord[] = [];
  const memory: MemoryRecord[] = [];
  const processed = new Set<string>();
  /** Directories whose path is their real path (cwd and its ancestors; those of files read). */
  const realDirs = new Set<string>(cwdReal ? launchDirectories(cwdReal) : []);
  // Memoised: a file that imports one path 60,000 times shows it (and resolves it) 120,000 times.
  const shownOf = new Map<string, string>();
  const show = (abs: string) => {
    let s = shownOf.get(abs);
    if (s === undefined) {
      s = displayPath(abs, realRoot);
      shownOf.set(abs, s);
    }
    return s;
  };
  const keyOf = new Map<string, string>();
  const warn = (ruleId: string, file: string, message: string, help?: string) =>
    findings.push({ ruleId, severity: "warning", file, message, ...(help ? { help } : {}) });
  /**
   * An import outside the launch directory. Inside the repository the fix is per directory (a launch
   * there does not load it); outside the repository Claude Code asks for approval first.
   */
  const outsideCwdFinding = (shown: string, importedBy: string, abs: string, file: string): Finding => {
    const cwdShown = show(cwd);
    const inRepo = inside(realRoot, abs);
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
  };

  /**
   * Loads one file (and, depth-first, its imports) and says what became of it.
   * `underRule`: the chain started at a rule; Claude Code then drops every file with its own `paths:`.
   */
  const load = (
    path: string,
    depth: number,
    origin: Origin,
    rootFile: string,
    underRule = false,
  ): { status: ImportStatus; why: string; real?: string } => {
    const shown = show(path);
    if (depth > CLAUDE_MAX_IMPORT_HOPS) {
      warn(
        "import-beyond-hop-limit",
        origin.importedBy ?? shown,
        `${shown}: not loaded — more than ${CLAUDE_MAX_IMPORT_HOPS} import hops from ${rootFile}`,
        "import it from a file nearer the memory file, or inline what matters",
      );
      return { status: "beyond-hop-limit", why: `more than ${CLAUDE_MAX_IMPORT_HOPS} hops from ${rootFile}` };
    }
    let key = keyOf.get(path);
    if (key === undefined) {
      key = resolvePath(path);
      keyOf.set(path, key);
    }
    if (processed.has(key)) return { status: "duplicate", why: "already loaded in this launch" };
    if (excluded(key, origin.layer)) {
      // claudeMdExcludes: the file is not read, nor are its imports (settled on 2.1.332).
      if (statSafe(key)?.isFile()) excludedFiles.push(show(key));
      return { status: "dropped", why: "excluded by claudeMdExcludes" };
    }
    // One read gives the real path too (the CLI resolves before reading; the order only matters for cost).
    // In a directory already known to be real, a file that is not a symlink needs no realpath call.
    const r = readTextFile(path, CLAUDE_MAX_FILE_BYTES, {
      parentIsReal: key === path && realDirs.has(dirname(key)),
      walkedRegular: depth === 0 && origin.walked === true && key === path,
    });
    if (r.ok) realDirs.add(dirname(r.realPath));
    const real = r.ok ? r.realPath : key;
    if (depth > 0 && !origin.external && !inside(cwd, behaviour.importRealPathInsideCwd ? real : key)) {
      findings.push(outsideCwdFinding(shown, origin.importedBy ?? shown, real, origin.importedBy ?? shown));
      return { status: "outside-cwd", why: "its real path lies outside the working directory", real };
    }
    if (real !== key && processed.has(real))
      return { status: "duplicate", why: "already loaded in this launch" };
    processed.add(key);
    if (!r.ok) {
      if (r.reason === "missing") {
        if (depth > 0)
          warn(
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
        warn(
          "file-too-large",
          shown,
          `${shown}: ${r.fileBytes} bytes, over Claude Code's ${CLAUDE_MAX_FILE_BYTES}-byte limit; Claude Code skips it`,
          "split or shrink it",
        );
      else warn("read-failed", shown, describeReadFailure(r, shown));
      return { status: "unreadable", why: r.reason };
    }
    processed.add(real);
    if (!isTextPath(path)) {
      warn(
        "import-not-text",
        origin.importedBy ?? shown,
        `${shown}: not a text file by its extension; Claude Code skips the import`,
      );
      return { status: "not-text", why: "not a text file by its extension" };
    }
    if (!r.validUtf8)
      warn(
        "invalid-utf8",
        shown,
        `${shown}: not valid UTF-8; Claude Code injects U+FFFD for the bad bytes`,
        "re-save the file as UTF-8",
      );
    const p = processFileText(r.text, behaviour);
    let scoped = false;
    if (origin.kind === "rule") {
      const scope = ruleScope(p.frontmatter);
      scoped = scope.globs !== undefined;
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
        fileBytes: r.fileBytes,
        atLaunch: !scoped && p.text !== "",
      };
      if (scope.why) rule.unscopedWhy = scope.why;
      if (p.text === "") rule.notLoadedWhy = "empty after stripping";
      rules.push(rule);
    }
    if (!p.text) return { status: "empty", why: "empty after stripping" }; // not injected, imports not followed
    let dropped = false;
    if (origin.kind !== "rule" && underRule && ruleScope(p.frontmatter).globs !== undefined) {
      scoped = true;
      dropped = true;
      warn(
        "rule-import-dropped",
        shown,
        `${shown}: imported by ${origin.importedBy} (under a rule) but has its own \`paths:\` frontmatter; Claude Code drops it from the launch set (its own imports still load)`,
      );
    }
    if (!scoped) {
      items.push({
        path: shown,
        kind: origin.kind,
        loadedAt: "launch",
        bytes: Buffer.byteLength(p.text, "utf8"),
        fileBytes: r.fileBytes,
        charged: origin.charged,
        importedBy: origin.importedBy,
        reason: origin.reason,
      });
      texts.set(shown, p.text);
      if (origin.kind === "memory" || origin.kind === "local")
        memory.push({ path: shown, absPath: path, dir: memoryDir(path), kind: origin.kind });
    }
    if (p.imports.length > 0)
      loadImports(p.imports, shown, r.realPath, depth, origin, scoped, rootFile, underRule);
    // A scoped rule is not in context: a later import of it (by AGENTS.md or CLAUDE.local.md, which load
    // after the rules of their level) loads it as an import (2.1.332; found by the differential test, seed
    // h332:150, case `a_scoped_rule_imported_by_agents_md_loads_as_an_import`).
    if (origin.kind === "rule" && scoped) {
      processed.delete(key);
      processed.delete(real);
    }
    return dropped
      ? { status: "dropped", why: "has its own `paths:` under a rule: dropped (its imports load)" }
      : { status: "loaded", why: scoped ? "scoped rule: not injected" : "loaded" };
  };

  /** Loads the imports of one loaded file, in order, and records each edge. */
  const loadImports = (
    fileImports: readonly { path: string; line: number; column: number }[],
    shown: string,
    realPath: string,
    depth: number,
    origin: Origin,
    scoped: boolean,
    rootFile: string,
    underRule: boolean,
  ): void => {
    // One resolution per distinct token: a link-heavy file repeats the same few thousands of times.
    const targets = new Map<string, { target: string; outside: boolean }>();
    const why = scoped
      ? `imported by ${shown}, which has \`paths:\` and is not injected: Claude Code still loads its imports at launch`
      : `imported by ${shown}`;
    // One origin for every import of this file (load does not change an import's origin).
    const importOrigin: Origin = {
      kind: "import",
      charged: origin.charged,
      importedBy: shown,
      reason: origin.charged ? why : `${why} (personal, not charged)`,
    };
    if (origin.layer) importOrigin.layer = origin.layer;
    if (origin.external) importOrigin.external = true;
    for (const imp of fileImports) {
      let t = targets.get(imp.path);
      if (t === undefined) {
        const target = resolveImportPath(imp.path, realPath, home);
        t = { target, outside: !origin.external && !inside(cwd, target) };
        targets.set(imp.path, t);
      }
      const target = t.target;
      const tShown = show(target);
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
      imports.push(edge);
      if (depth + 1 <= CLAUDE_MAX_IMPORT_HOPS && t.outside) {
        findings.push({
          ...outsideCwdFinding(tShown, shown, target, shown),
          line: imp.line,
          column: imp.column,
        });
        edge.status = "outside-cwd";
        edge.reason = "lies outside the working directory";
        continue;
      }
      const out = load(target, depth + 1, importOrigin, rootFile, underRule || origin.kind === "rule");
      edge.status = out.status;
      edge.reason = out.why;
      if (out.real !== undefined && out.real !== target) edge.realTarget = out.real;
    }
  };

  const worktree = nestedWorktree(cwd);
  const isProjectDir = (dir: string) =>
    !(worktree && inside(worktree.mainRepoRoot, dir) && !inside(worktree.worktreeRoot, dir));
  const dirs = layers?.nothingLoads ? [] : launchDirectories(cwd);
  const mode = layers?.mode ?? "claude-md-or-agents-md";
  const external = layers?.externalImportsApproved === true;
  // Completes the fresh origin it is given (no copy: one per rule of the launch, 10,000 in the benchmark).
  const project = (o: Omit<Origin, "layer" | "external">): Origin => {
    const origin = o as Origin;
    origin.layer = o.kind === "local" ? "Local" : "Project";
    if (external) origin.external = true;
    return origin;
  };
  // AGENTS.md (and `.claude/AGENTS.md`) load only where no CLAUDE file gives text at any launch level
  // (the CLI's default "claude-md-or-agents-md" mode; settled on 2.1.332, docs/findings-claude-agents-md.md).
  // The CLAUDE files are looked at ahead of the load only when an AGENTS file is there to be hidden.
  // Other modes: docs/findings-claude-settings.md.
  const agentsFilesThere =
    behaviour.agentsMdAtLaunch &&
    dirs.some((dir) => isProjectDir(dir) && AGENTS_FILES.some((n) => statSafe(join(dir, n)) !== undefined));
  // In the default mode, the first CLAUDE file (top-most level first) that gives text hides every AGENTS
  // file of the launch. An excluded CLAUDE file does not hide AGENTS.md (settled on 2.1.332).
  const hiddenBy =
    agentsFilesThere && mode === "claude-md-or-agents-md"
      ? dirs
          .flatMap((dir) => [
            ...(isProjectDir(dir) ? [join(dir, "CLAUDE.md"), join(dir, ".claude", "CLAUDE.md")] : []),
            join(dir, "CLAUDE.local.md"),
          ])
          .filter((p) => !excluded(p, p.endsWith("CLAUDE.local.md") ? "Local" : "Project"))
          .find(givesText)
      : undefined;
  const agentsFilesLoad =
    behaviour.agentsMdAtLaunch &&
    (mode === "claude-md-and-agents-md" ||
      (mode === "claude-md-or-agents-md" && agentsFilesThere && hiddenBy === undefined));
  const skipped: SkippedMemory[] = [];
  if (hiddenBy !== undefined)
    for (const dir of dirs.filter(isProjectDir))
      for (const name of AGENTS_FILES) {
        const p = join(dir, name);
        if (!statSafe(p)?.isFile()) continue;
        skipped.push({
          path: show(p),
          absPath: p,
          hiddenBy: show(hiddenBy),
          why: `${show(hiddenBy)} gives instructions, so Claude Code loads no AGENTS file at any level of this launch`,
        });
      }
  const agentsAfterLocal = mode === "claude-md-and-agents-md";

  // The user layer (user view): $CLAUDE_CONFIG_DIR/CLAUDE.md, then its unscoped rules, before the project;
  // personal (not charged); imports load from anywhere.
  const userDir = layers?.nothingLoads ? undefined : layers?.userDir;
  const userItemsFrom = items.length;
  if (userDir) {
    const p = join(userDir, "CLAUDE.md");
    load(
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
      show(p),
    );
    const walk = walkRulesDir(join(userDir, "rules"));
    for (const pr of walk.problems) warn("walk-stopped", show(pr.path), `${show(pr.path)}: ${pr.message}`);
    for (const sp of walk.special)
      warn("read-failed", show(sp.path), specialRuleMessage(show(sp.path), sp.type));
    for (const f of walk.files) {
      load(
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
          ruleBase: cwd,
          walked: true,
        },
        show(f.realPath),
      );
    }
  }
  const userItems = items.length - userItemsFrom;

  const loadAgentsFiles = (dir: string, where: string) => {
    for (const name of AGENTS_FILES) {
      const p = join(dir, name);
      load(
        p,
        0,
        project({
          kind: "memory",
          charged: true,
          importedBy: null,
          reason:
            mode === "claude-md-and-agents-md"
              ? `${toPosix(name)} in ${where}: loaded beside CLAUDE.md (instructionFiles claude-md-and-agents-md)`
              : `${toPosix(name)} in ${where}: Claude Code loads it because no CLAUDE.md gives instructions here`,
        }),
        show(p),
      );
    }
  };
  /** One directory's CLAUDE.md, `.claude/CLAUDE.md`, rules, (AGENTS files), CLAUDE.local.md. */
  const loadDirectory = (dir: string, where: string, projectFiles: boolean, agents: boolean) => {
    for (const name of projectFiles ? ["CLAUDE.md", join(".claude", "CLAUDE.md")] : []) {
      const p = join(dir, name);
      load(
        p,
        0,
        project({ kind: "memory", charged: true, importedBy: null, reason: `memory file in ${where}` }),
        show(p),
      );
    }
    const walk = projectFiles ? walkRules(dir) : { files: [], problems: [], special: [] };
    for (const pr of walk.problems) warn("walk-stopped", show(pr.path), `${show(pr.path)}: ${pr.message}`);
    for (const sp of walk.special)
      warn("read-failed", show(sp.path), specialRuleMessage(show(sp.path), sp.type));
    // The level's AGENTS files come after its rules, except that they load just before the first rule
    // reached through a link (a linked file or a file of a linked folder) that loads, in the walk's order;
    // a link dropped for leaving the working directory does not move them (settled on 2.1.332: fuzz
    // h332:123, 132, r332:412; cases `agents_files_load_just_before_the_first_linked_rule_*`).
    let agentsDone = !(agents && !agentsAfterLocal);
    for (const f of walk.files) {
      const linked = f.realPath !== f.path;
      const escapes = linked && behaviour.ruleLinksStayInsideCwd && !inside(cwd, f.realPath);
      if (!agentsDone && linked && !escapes) {
        loadAgentsFiles(dir, where);
        agentsDone = true;
      }
      if (escapes) {
        // Settled on 2.1.332: a rule reached through a link whose real path leaves the working directory
        // never loads (nor do its imports), wherever the rules directory is. 2.1.197 loads it.
        const shownLink = show(f.path);
        rules.push({
          path: shownLink,
          absPath: f.path,
          realPath: f.realPath,
          base: ruleBase(f.path),
          scoped: false,
          globs: [],
          text: "",
          fileBytes: 0,
          atLaunch: false,
          notLoadedWhy: `a symlink to ${show(f.realPath)}, outside the working directory`,
        });
        warn(
          "rule-link-escapes",
          shownLink,
          `${shownLink}: a symlink to ${show(f.realPath)}, outside the working directory (${show(cwd)}); Claude Code does not load it`,
          "copy the rule into the repository, or link to a file inside the working directory",
        );
        continue;
      }
      if (excluded(f.path, "Project") && f.path !== f.realPath) {
        excludedFiles.push(show(f.path));
        continue;
      }
      load(
        f.realPath,
        0,
        project({
          kind: "rule",
          charged: true,
          importedBy: null,
          reason: `unscoped rule — ${UNSCOPED_RULE_REMEDY}`,
          ruleAbs: f.path,
          walked: true,
        }),
        show(f.realPath),
      );
    }
    if (!agentsDone) loadAgentsFiles(dir, where);
    const local = join(dir, "CLAUDE.local.md");
    load(
      local,
      0,
      project({
        kind: "local",
        charged: false,
        importedBy: null,
        reason: "CLAUDE.local.md: personal instructions, loaded but not charged",
      }),
      show(local),
    );
    if (agents && agentsAfterLocal) loadAgentsFiles(dir, where);
  };
  for (const dir of dirs) {
    const where = dir === cwd ? "the working directory" : "an ancestor of the working directory";
    // In a worktree nested in its main repository, the main checkout's project files above the worktree
    // are not read (they are the worktree's own, checked out again); CLAUDE.local.md still is.
    const isProject = isProjectDir(dir);
    loadDirectory(dir, where, isProject, isProject && agentsFilesLoad);
  }
  // --add-dir with CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: each added directory's own files, after
  // the launch directories; never its AGENTS.md, never its ancestors (settled on 2.1.332).
  const addDirs = layers?.nothingLoads ? [] : (layers?.addDirs ?? []);
  for (const dir of addDirs)
    loadDirectory(safeRealpath(dir) ?? dir, `the added directory ${show(dir)}`, true, false);

  const applied = layers ? [...layers.applied] : undefined;
  if (applied && userDir) {
    applied.push({
      kind: "file",
      name: userDir,
      effect:
        userItems > 0
          ? `user layer: ${userItems} file${userItems === 1 ? "" : "s"} at launch (CLAUDE.md, unscoped rules, their imports), not charged`
          : "user layer: no CLAUDE.md or unscoped rule at launch",
    });
  }
  if (applied && excludedFiles.length > 0) {
    const c = applied.find((a) => a.name === "claudeMdExcludes");
    if (c) c.effect = `excludes ${excludedFiles.join(", ")}`;
  }
  if (layers) findings.push(...layers.findings);
  // Skills, commands, subagents, auto memory, the output style (./sources.ts): after the memory files.
  const sources = claudeSources({
    release: behaviour.release,
    root: realRoot,
    cwd,
    show,
    ...(layers ? { layers } : {}),
  });
  for (const i of sources.items) items.push(i);
  for (const [p, t] of sources.texts) texts.set(p, t);
  findings.push(...sources.findings);

  return {
    agent: { id: "claude-code", name: CLAUDE_CODE_NAME, version: behaviour.release },
    view: layers?.view ?? "fresh-clone",
    root: realRoot,
    cwd,
    items,
    texts,
    imports,
    rules,
    memory,
    findings,
    ...(applied && applied.length > 0 ? { applied } : {}),
    ...(skipped.length > 0 ? { skipped } : {}),
    ...(sources.overhead.length > 0 ? { overhead: sources.overhead } : {}),
    ...(sources.unmeasured.length > 0 ? { unmeasured: sources.unmeasured } : {}),
  };
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
