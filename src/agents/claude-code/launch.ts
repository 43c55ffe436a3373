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
import { displayPath, inside, toPosix } from "../../fs/paths.js";
import { describeReadFailure, readTextFile, safeRealpath, statSafe } from "../../fs/read.js";
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
import { ruleBase, ruleScope, walkRules } from "./rules.js";
import {
  CLAUDE_MAX_FILE_BYTES,
  CLAUDE_MAX_IMPORT_HOPS,
  isTextPath,
  processFileText,
  resolveImportPath,
} from "./text.js";
import { CLAUDE_CODE_NAME, CLAUDE_CODE_VERIFIED_VERSION } from "./version.js";

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
}

/**
 * Computes the launch snapshot of Claude Code (see the module doc for the order). Never throws for bad
 * input: unreadable, oversized, invalid or missing files become findings naming the file. Paths are
 * relative to `root` (absolute outside it).
 * @returns the snapshot: items in Claude Code's load order and `texts` (each item's injected text, whose
 *   UTF-8 size is the item's `bytes`); every import edge met, with its position, hop and outcome; every
 *   rule of the launch directories with its classification; the memory files loaded; findings.
 *   Verified on Claude Code 2.1.332.
 */
export function claudeLaunchSet(opts: ClaudeLaunchOptions): ClaudeLaunchResult {
  const root = resolve(opts.root);
  const realRoot = safeRealpath(root) ?? root;
  const cwdIn = resolve(opts.cwd ?? root);
  const cwdReal = safeRealpath(cwdIn);
  const cwd = cwdReal ?? cwdIn;
  const home = opts.home ?? homedir();
  const items: ContextItem[] = [];
  const texts = new Map<string, string>();
  const findings: Finding[] = [];
  const imports: ImportEdge[] = [];
  const rules: RuleRecord[] = [];
  const memory: MemoryRecord[] = [];
  const processed = new Set<string>();
  /** Directories whose path is their real path (cwd and its ancestors; those of files read). */
  const realDirs = new Set<string>(cwdReal ? launchDirectories(cwdReal) : []);
  const show = (abs: string) => displayPath(abs, realRoot);
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
    const key = resolve(path);
    if (processed.has(key)) return { status: "duplicate", why: "already loaded in this launch" };
    // One read gives the real path too (the CLI resolves before reading; the order only matters for cost).
    // In a directory already known to be real, a file that is not a symlink needs no realpath call.
    const r = readTextFile(path, CLAUDE_MAX_FILE_BYTES, {
      parentIsReal: key === path && realDirs.has(dirname(key)),
    });
    if (r.ok) realDirs.add(dirname(r.realPath));
    const real = r.ok ? r.realPath : key;
    if (depth > 0 && !inside(cwd, real)) {
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
            `${shown}: imported by ${origin.importedBy} but no such file; the import costs nothing`,
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
    const p = processFileText(r.text);
    let scoped = false;
    if (origin.kind === "rule") {
      const scope = ruleScope(p.frontmatter);
      scoped = scope.globs !== undefined;
      if (scope.why) origin.reason = `${origin.reason} (${scope.why})`;
      const abs = origin.ruleAbs ?? path;
      rules.push({
        path: shown,
        absPath: abs,
        realPath: real,
        base: ruleBase(abs),
        scoped,
        globs: scope.globs ?? [],
        ...(scope.why ? { unscopedWhy: scope.why } : {}),
        text: p.text,
        fileBytes: r.fileBytes,
        atLaunch: !scoped && p.text !== "",
        ...(p.text === "" ? { notLoadedWhy: "empty after stripping" } : {}),
      });
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
    for (const imp of p.imports) {
      const target = resolveImportPath(imp.path, r.realPath, home);
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
      if (depth + 1 <= CLAUDE_MAX_IMPORT_HOPS && !inside(cwd, target)) {
        findings.push({
          ...outsideCwdFinding(tShown, shown, target, shown),
          line: imp.line,
          column: imp.column,
        });
        edge.status = "outside-cwd";
        edge.reason = "lies outside the working directory";
        continue;
      }
      const why = scoped
        ? `imported by ${shown}, which has \`paths:\` and is not injected: Claude Code still loads its imports at launch`
        : `imported by ${shown}`;
      const out = load(
        target,
        depth + 1,
        {
          kind: "import",
          charged: origin.charged,
          importedBy: shown,
          reason: origin.charged ? why : `${why} (personal, not charged)`,
        },
        rootFile,
        underRule || origin.kind === "rule",
      );
      edge.status = out.status;
      edge.reason = out.why;
      if (out.real !== undefined && out.real !== target) edge.realTarget = out.real;
    }
    return dropped
      ? { status: "dropped", why: "has its own `paths:` under a rule: dropped (its imports load)" }
      : { status: "loaded", why: scoped ? "scoped rule: not injected" : "loaded" };
  };

  const worktree = nestedWorktree(cwd);
  const isProjectDir = (dir: string) =>
    !(worktree && inside(worktree.mainRepoRoot, dir) && !inside(worktree.worktreeRoot, dir));
  const dirs = launchDirectories(cwd);
  // AGENTS.md (and `.claude/AGENTS.md`) load only where no CLAUDE file gives text at any launch level
  // (the CLI's default "claude-md-or-agents-md" mode; settled on 2.1.332, docs/findings-claude-agents-md.md).
  // The CLAUDE files are looked at ahead of the load only when an AGENTS file is there to be hidden.
  const agentsFilesThere = dirs.some(
    (dir) => isProjectDir(dir) && AGENTS_FILES.some((n) => statSafe(join(dir, n)) !== undefined),
  );
  // The first CLAUDE file (top-most level first) that gives text: it hides every AGENTS file of the launch.
  const hiddenBy = agentsFilesThere
    ? dirs
        .flatMap((dir) => [
          ...(isProjectDir(dir) ? [join(dir, "CLAUDE.md"), join(dir, ".claude", "CLAUDE.md")] : []),
          join(dir, "CLAUDE.local.md"),
        ])
        .find(givesText)
    : undefined;
  const agentsFilesLoad = agentsFilesThere && hiddenBy === undefined;
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
  for (const dir of dirs) {
    const where = dir === cwd ? "the working directory" : "an ancestor of the working directory";
    // In a worktree nested in its main repository, the main checkout's project files above the worktree
    // are not read (they are the worktree's own, checked out again); CLAUDE.local.md still is.
    const project = isProjectDir(dir);
    for (const name of project ? ["CLAUDE.md", join(".claude", "CLAUDE.md")] : []) {
      const p = join(dir, name);
      load(
        p,
        0,
        { kind: "memory", charged: true, importedBy: null, reason: `memory file in ${where}` },
        show(p),
      );
    }
    const walk = project ? walkRules(dir) : { files: [], problems: [] };
    for (const pr of walk.problems) warn("walk-stopped", show(pr.path), `${show(pr.path)}: ${pr.message}`);
    for (const f of walk.files) {
      if (f.realPath !== f.path && !inside(cwd, f.realPath)) {
        // Settled on 2.1.332: a rule reached through a link whose real path leaves the working directory
        // never loads (nor do its imports), wherever the rules directory is.
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
      load(
        f.realPath,
        0,
        {
          kind: "rule",
          charged: true,
          importedBy: null,
          reason: `unscoped rule — ${UNSCOPED_RULE_REMEDY}`,
          ruleAbs: f.path,
        },
        show(f.realPath),
      );
    }
    for (const name of project && agentsFilesLoad ? AGENTS_FILES : []) {
      const p = join(dir, name);
      load(
        p,
        0,
        {
          kind: "memory",
          charged: true,
          importedBy: null,
          reason: `${toPosix(name)} in ${where}: Claude Code loads it because no CLAUDE.md gives instructions here`,
        },
        show(p),
      );
    }
    const local = join(dir, "CLAUDE.local.md");
    load(
      local,
      0,
      {
        kind: "local",
        charged: false,
        importedBy: null,
        reason: "CLAUDE.local.md: personal instructions, loaded but not charged",
      },
      show(local),
    );
  }

  return {
    agent: { id: "claude-code", name: CLAUDE_CODE_NAME, version: CLAUDE_CODE_VERIFIED_VERSION },
    view: "fresh-clone",
    root: realRoot,
    cwd,
    items,
    texts,
    imports,
    rules,
    memory,
    findings,
    ...(skipped.length > 0 ? { skipped } : {}),
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
