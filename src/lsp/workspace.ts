/**
 * One workspace per repository root for the language server: what it computed from the disk (lint's
 * findings, every agent's launch, the file list) kept until a file changes, and the findings of unsaved
 * text. Lint reads the disk, and the editor's text is not there: unsaved text is linted in a private shadow
 * of the repository (a folder of the system's temporary directory, never the repository): its files as
 * lint lists them plus the agents' memory and `.claude/` entries, copied once (each up to a size bound;
 * larger ones as empty files, which keep globs and imports resolving), a git work tree of its own so the
 * same files are listed, and the unsaved texts written over their copies. A finding only git's index
 * can make (a tracked local memory file) comes from the disk. Nothing is computed before a request asks.
 * What comes from the disk is computed on one Workspace of the app (src/app/workspace.ts: the configuration,
 * the file list and each agent's launch built once), the same for every request until a file changes, when
 * {@link Workspace.refresh} drops it and the next request opens a fresh one.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { runGit } from "../fs/git.js";
import {
  type Workspace as AppWorkspace,
  type FileFacts,
  type Finding,
  fileFacts,
  findProjectRoot,
  launchRuns,
  lintFindings,
  openWorkspace,
  repositoryFiles,
} from "../mcp/product.js";

/** Files a shadow copies at most; a larger repository gets diagnostics from saved text only. */
export const SHADOW_MAX_FILES = 20_000;
/** A file larger than this (bytes) is an empty file in the shadow. */
export const SHADOW_MAX_FILE_BYTES = 1024 * 1024;
/** Rules whose findings only git's index can make: taken from the disk, never from the shadow. */
const DISK_ONLY_RULES = new Set(["local-memory-tracked"]);

export class Workspace {
  readonly root: string;
  private app: AppWorkspace | undefined;
  private diskFindings: Finding[] | undefined;
  private runs: ReturnType<typeof launchRuns> | undefined;
  private fileList: string[] | undefined;
  private shadow: string | null | undefined;
  /** Shadow files holding unsaved text, by relative path. */
  private written = new Map<string, string>();

  constructor(root: string) {
    this.root = root;
  }

  /** `abs` relative to the root (POSIX), or null when it lies outside. */
  relative(abs: string): string | null {
    const rel = relative(this.root, resolve(abs));
    if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
    return rel.split(sep).join("/");
  }

  /** Forgets what was computed from the disk (a file changed); the shadow is made again when next needed. */
  refresh(): void {
    this.app = undefined;
    this.diskFindings = undefined;
    this.runs = undefined;
    this.fileList = undefined;
    this.dropShadow();
  }

  /** The app's Workspace of this root, opened on first use and kept until {@link refresh}. */
  workspace(): AppWorkspace {
    this.app ??= openWorkspace(this.root);
    return this.app;
  }

  /** The repository's files as lint lists them. */
  files(): string[] {
    this.fileList ??= repositoryFiles(this.root, this.workspace());
    return this.fileList;
  }

  /** Per agent, how the file at `rel` loads (from the saved text), with its tokens. */
  async facts(rel: string): Promise<FileFacts[]> {
    const app = this.workspace();
    this.runs ??= launchRuns(this.root, app);
    const runs = await this.runs;
    return fileFacts(this.root, rel, runs);
  }

  /** Lint's findings with `unsaved` (relative path → the editor's text) in place of the files on disk. */
  findings(unsaved: ReadonlyMap<string, string>): Finding[] {
    this.diskFindings ??= lintFindings(this.root, this.workspace());
    const dirty = [...unsaved].filter(([rel, text]) => text !== this.diskText(rel));
    if (dirty.length === 0 && this.written.size === 0) return this.diskFindings;
    const shadow = this.ensureShadow();
    if (!shadow) return this.diskFindings;
    for (const [rel] of this.written)
      if (!dirty.some(([r]) => r === rel)) {
        const disk = this.diskText(rel);
        if (disk !== undefined) writeFileSync(join(shadow, rel), disk);
        else rmSync(join(shadow, rel), { force: true });
        this.written.delete(rel);
      }
    for (const [rel, text] of dirty) {
      if (this.written.get(rel) === text) continue;
      mkdirSync(dirname(join(shadow, rel)), { recursive: true });
      writeFileSync(join(shadow, rel), text);
      this.written.set(rel, text);
    }
    // A message naming the shadow's folder names the repository's.
    const here = (t: string) => t.split(shadow).join(this.root);
    const fromShadow = lintFindings(shadow)
      .filter((f) => !DISK_ONLY_RULES.has(f.ruleId))
      .map((f) => ({
        ...f,
        message: here(f.message),
        ...(f.help !== undefined ? { help: here(f.help) } : {}),
      }));
    return [...fromShadow, ...this.diskFindings.filter((f) => DISK_ONLY_RULES.has(f.ruleId))];
  }

  /** Removes the shadow, if any. */
  dispose(): void {
    this.dropShadow();
  }

  private diskText(rel: string): string | undefined {
    try {
      return readFileSync(join(this.root, rel), "utf8");
    } catch {
      return undefined;
    }
  }

  private dropShadow(): void {
    if (this.shadow) rmSync(this.shadow, { recursive: true, force: true });
    this.shadow = undefined;
    this.written.clear();
  }

  /** The shadow folder, made on first use; null when the repository is too large to shadow. */
  private ensureShadow(): string | null {
    if (this.shadow !== undefined) return this.shadow;
    const files = this.files();
    if (files.length > SHADOW_MAX_FILES) {
      this.shadow = null;
      return null;
    }
    const dir = mkdtempSync(join(tmpdir(), "agent-context-lsp-"));
    for (const rel of files) {
      const from = join(this.root, rel);
      const to = join(dir, rel);
      try {
        const st = statSync(from);
        if (!st.isFile()) continue;
        mkdirSync(dirname(to), { recursive: true });
        if (st.size <= SHADOW_MAX_FILE_BYTES) copyFileSync(from, to);
        else writeFileSync(to, "");
      } catch {
        // a file that vanished or cannot be read is simply absent from the shadow
      }
    }
    // Listed by git as on disk: untracked and not ignored (.gitignore files are among those copied).
    runGit(dir, ["init", "-q"]);
    this.shadow = dir;
    return dir;
  }
}

/** The workspaces of one server: one per repository root, found for each file. */
export class WorkspaceSet {
  private folders: string[] = [];
  private spaces = new Map<string, Workspace>();

  /** A folder the editor opened: files below it belong to its root. */
  addFolder(path: string): void {
    this.folders.push(resolve(path));
  }

  /** The workspace of a file: the root found upward from it (as every command finds it), made on first use. */
  forFile(path: string): Workspace | undefined {
    const abs = resolve(path);
    let root = findProjectRoot(dirname(abs));
    // Nothing marks a root above the file: the editor's folder holding it, else the file's folder.
    if (root === dirname(abs)) {
      const folder = this.folders
        .filter((f) => abs.startsWith(`${f}${sep}`))
        .sort((a, b) => b.length - a.length)[0];
      if (folder) root = folder;
    }
    let space = this.spaces.get(root);
    if (!space) {
      space = new Workspace(root);
      this.spaces.set(root, space);
    }
    return space;
  }

  dispose(): void {
    for (const s of this.spaces.values()) s.dispose();
  }
}
