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
 * stripping are skipped; an empty file's imports are not followed.
 */
import { homedir } from "node:os";
import { basename, dirname, join, parse, resolve } from "node:path";
import { displayPath, inside } from "../../fs/paths.js";
import { describeReadFailure, readTextFile, safeRealpath, statSafe } from "../../fs/read.js";
import type { ContextItem, ItemKind, Problem } from "../../types.js";
import type { ClaudeLaunchOptions, ClaudeLaunchResult } from "./index.js";
import { ruleScope, walkRules } from "./rules.js";
import {
  CLAUDE_MAX_FILE_BYTES,
  CLAUDE_MAX_IMPORT_HOPS,
  isTextPath,
  processFileText,
  resolveImportPath,
} from "./text.js";
import { CLAUDE_CODE_VERIFIED_VERSION } from "./version.js";

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
  /** For rules: the rule is scoped (not injected; its imports are). */
  scopedRule?: boolean;
}

/**
 * Computes the launch set. Never throws for bad input: unreadable, oversized, invalid or missing files
 * become `problems` naming the file. Paths are relative to `root` (absolute outside it).
 * @returns items in Claude Code's load order; `texts` maps each item path to its injected text, whose
 *   UTF-8 size is the item's `bytes`.
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
  const problems: Problem[] = [];
  const processed = new Set<string>();
  /** Directories whose path is their real path (cwd and its ancestors; those of files read). */
  const realDirs = new Set<string>(cwdReal ? launchDirectories(cwdReal) : []);
  const show = (abs: string) => displayPath(abs, realRoot);
  /**
   * An import outside the launch directory. Inside the repository the fix is per directory (a launch
   * there does not load it); outside the repository Claude Code asks for approval first.
   */
  const outsideCwdProblem = (shown: string, importedBy: string, abs: string, file: string): Problem => {
    const cwdShown = show(cwd);
    const inRepo = inside(realRoot, abs);
    return {
      file,
      message: inRepo
        ? `${shown}: imported by ${importedBy} but lies outside the working directory (${cwdShown}); a launch in ${cwdShown} does not load it`
        : `${shown}: imported by ${importedBy} but lies outside the working directory (${cwdShown}); Claude Code does not load it at launch without approval`,
      hint: inRepo
        ? `import it from a memory file inside ${cwdShown}, or accept that launches there go without it`
        : "move the file inside the repository or inline what matters",
      outsideCwd: { target: shown, importedBy, cwd: cwdShown, inRepo },
    };
  };

  /** `underRule`: the chain started at a rule; Claude Code then drops every file with its own `paths:`. */
  const load = (path: string, depth: number, origin: Origin, rootFile: string, underRule = false): void => {
    const shown = show(path);
    if (depth > CLAUDE_MAX_IMPORT_HOPS) {
      problems.push({
        file: origin.importedBy ?? shown,
        message: `${shown}: not loaded — more than ${CLAUDE_MAX_IMPORT_HOPS} import hops from ${rootFile}`,
        hint: "import it from a file nearer the memory file, or inline what matters",
      });
      return;
    }
    const key = resolve(path);
    if (processed.has(key)) return;
    // One read gives the real path too (the CLI resolves before reading; the order only matters for cost).
    // In a directory already known to be real, a file that is not a symlink needs no realpath call.
    const r = readTextFile(path, CLAUDE_MAX_FILE_BYTES, {
      parentIsReal: key === path && realDirs.has(dirname(key)),
    });
    if (r.ok) realDirs.add(dirname(r.realPath));
    const real = r.ok ? r.realPath : key;
    if (depth > 0 && !inside(cwd, real)) {
      problems.push(outsideCwdProblem(shown, origin.importedBy ?? shown, real, origin.importedBy ?? shown));
      return;
    }
    if (real !== key && processed.has(real)) return;
    processed.add(key);
    if (!r.ok) {
      if (r.reason === "missing") {
        if (depth > 0)
          problems.push({
            file: origin.importedBy ?? shown,
            message: `${shown}: imported by ${origin.importedBy} but no such file; the import costs nothing`,
            hint: "fix or remove the import",
          });
      } else {
        problems.push({
          file: shown,
          message:
            r.reason === "too-large"
              ? `${shown}: ${r.fileBytes} bytes, over Claude Code's ${CLAUDE_MAX_FILE_BYTES}-byte limit; Claude Code skips it`
              : describeReadFailure(r, shown),
          ...(r.reason === "too-large" ? { hint: "split or shrink it" } : {}),
        });
      }
      return;
    }
    processed.add(real);
    if (!isTextPath(path)) {
      problems.push({
        file: origin.importedBy ?? shown,
        message: `${shown}: not a text file by its extension; Claude Code skips the import`,
      });
      return;
    }
    if (!r.validUtf8)
      problems.push({
        file: shown,
        message: `${shown}: not valid UTF-8; Claude Code injects U+FFFD for the bad bytes`,
        hint: "re-save the file as UTF-8",
      });
    const p = processFileText(r.text);
    if (!p.text) return; // empty after stripping: not injected, imports not followed
    let scoped = false;
    if (origin.kind === "rule") {
      const scope = ruleScope(p.frontmatter);
      scoped = scope.globs !== undefined;
      if (scope.why) origin.reason = `${origin.reason} (${scope.why})`;
    } else if (underRule && ruleScope(p.frontmatter).globs !== undefined) {
      scoped = true;
      problems.push({
        file: shown,
        message: `${shown}: imported by ${origin.importedBy} (under a rule) but has its own \`paths:\` frontmatter; Claude Code drops it from the launch set (its own imports still load)`,
      });
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
    }
    for (const imp of p.imports) {
      const target = resolveImportPath(imp.path, r.realPath, home);
      const tShown = show(target);
      if (depth + 1 <= CLAUDE_MAX_IMPORT_HOPS && !inside(cwd, target)) {
        problems.push({
          ...outsideCwdProblem(tShown, shown, target, shown),
          line: imp.line,
          column: imp.column,
        });
        continue;
      }
      const why = scoped
        ? `imported by ${shown}, which has \`paths:\` and is not injected: Claude Code still loads its imports at launch`
        : `imported by ${shown}`;
      load(
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
    }
  };

  const worktree = nestedWorktree(cwd);
  for (const dir of launchDirectories(cwd)) {
    const where = dir === cwd ? "the working directory" : "an ancestor of the working directory";
    // In a worktree nested in its main repository, the main checkout's project files above the worktree
    // are not read (they are the worktree's own, checked out again); CLAUDE.local.md still is.
    const project = !(worktree && inside(worktree.mainRepoRoot, dir) && !inside(worktree.worktreeRoot, dir));
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
    for (const pr of walk.problems)
      problems.push({ file: show(pr.path), message: `${show(pr.path)}: ${pr.message}` });
    for (const f of walk.files) {
      load(
        f.realPath,
        0,
        { kind: "rule", charged: true, importedBy: null, reason: `unscoped rule — ${UNSCOPED_RULE_REMEDY}` },
        show(f.realPath),
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
    agent: "claude-code",
    agentVersion: CLAUDE_CODE_VERIFIED_VERSION,
    root: realRoot,
    cwd,
    items,
    texts,
    problems,
  };
}
