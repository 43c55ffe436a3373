/**
 * What Gemini CLI puts into the context at launch, settled on Gemini CLI 0.61.0
 * (docs/findings-gemini-cli.md, test/conformance/gemini-launch.test.ts):
 * - the context file names are `GEMINI.md` plus whatever `context.fileName` names (the setting adds names;
 *   GEMINI.md always stays);
 * - for each workspace directory (the working directory, then `context.includeDirectories`, then
 *   `--include-directories`) every context file from the directory up to its project root (the nearest
 *   ancestor holding a `context.memoryBoundaryMarkers` entry, `.git` by default; the directory alone when
 *   none holds one); never below the directory, never `~/.gemini` itself;
 * - those files, one per file identity (device and inode: a symlink to a file already listed is dropped),
 *   sorted by absolute path as strings (so `A/GEMINI.md` comes before `GEMINI.md`), each a block
 *   `--- Context from: ABS ---\n<text, imports expanded, trimmed>\n--- End of Context from: ABS ---`, the
 *   blocks joined by a blank line in the first user message's `<project_context>`; a file empty after
 *   trimming sends no block; a BOM is trimmed with the whitespace;
 * - user view: `~/.gemini/<each name>` (`GEMINI_CLI_HOME` replaces `~`) as blocks of the same form in the
 *   system instruction, before the project's.
 */
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, normalize, resolve } from "node:path";
import { displayPath, inside } from "../../fs/paths.js";
import { readTextFile } from "../../fs/read.js";
import type {
  AppliedSource,
  ContextItem,
  Finding,
  ImportEdge,
  LaunchOptions,
  MemoryRecord,
  Snapshot,
} from "../../model/index.js";
import { checkRelease } from "../release.js";
import { expandFlat, expandTree, type GeminiImport, importProjectRoot, readAsCli } from "./imports.js";
import {
  GEMINI_CLI_ID,
  GEMINI_CLI_NAME,
  GEMINI_CLI_RELEASES,
  GEMINI_CLI_VERIFIED_VERSION,
} from "./release.js";
import { DEFAULT_CONTEXT_FILENAME, GEMINI_DIR, type GeminiSettings, geminiSettings } from "./settings.js";
import { geminiSources } from "./sources.js";

/** What the on-demand session needs from a launch beyond the snapshot. */
export interface GeminiLaunchState {
  fileNames: string[];
  boundaryMarkers: string[];
  importFormat: "tree" | "flat";
  /** Workspace directories (real, absolute), the working directory first. */
  workspaceDirs: string[];
  /** `~/.gemini` of the view (the upward search stops there). */
  geminiHome: string;
  /** Paths (absolute, as found) and file identities (`dev:ino`) in the context after launch. */
  loadedPaths: Set<string>;
  loadedIdentities: Set<string>;
}

const states = new WeakMap<Snapshot, GeminiLaunchState>();

/** The launch state of a snapshot made by {@link geminiLaunch}, or undefined. */
export function launchState(s: Snapshot): GeminiLaunchState | undefined {
  return states.get(s);
}

/** `-e NAME` / `--extensions NAME` / `--extensions=A,B` among Gemini CLI's arguments: the names given. */
function extensionsFlag(args: readonly string[]): { extensionNames?: string[] } {
  const names: string[] = [];
  let given = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    let v: string | undefined;
    if ((a === "-e" || a === "--extensions") && i + 1 < args.length) v = args[++i];
    else if (a.startsWith("--extensions=")) v = a.slice("--extensions=".length);
    if (v === undefined) continue;
    given = true;
    names.push(...v.split(",").filter((n) => n.trim() !== ""));
  }
  return given ? { extensionNames: names } : {};
}

/**
 * Gemini CLI 0.61.0's folder name for a project in `~/.gemini/tmp/`: the registry's (`~/.gemini/projects.json`)
 * entry for the working directory, else its base name slugified (lower case, each run of other characters
 * one `-`, no `-` at either end; `project` when nothing is left). Cases
 * `the_private_memory_folder_is_named_after_the_working_directory`,
 * `the_private_memory_folder_name_is_the_slugified_directory_name`.
 */
export function geminiProjectSlug(geminiHome: string, cwd: string): string {
  const r = readTextFile(join(geminiHome, "projects.json"), 1024 * 1024);
  if (r.ok)
    try {
      const id = (JSON.parse(r.text) as { projects?: Record<string, unknown> }).projects?.[cwd];
      if (typeof id === "string" && id !== "" && !id.includes("/") && id !== "..") return id;
    } catch {
      // not JSON: the CLI starts a new registry
    }
  const slug = basename(cwd)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  return slug || "project";
}

/**
 * The private project memory (user view): `~/.gemini/tmp/<project>/memory/MEMORY.md` when readable (even
 * empty: it then sends nothing and hides the rest), else each context file name there. Cases of
 * test/conformance/gemini-user-layer.fixtures.ts ("private project memory").
 */
function privateMemoryFiles(geminiHome: string, cwd: string, names: readonly string[]): string[] {
  const dir = join(geminiHome, "tmp", geminiProjectSlug(geminiHome, cwd), "memory");
  const index = join(dir, "MEMORY.md");
  if (readable(index)) return [index];
  return names.map((n) => resolve(join(dir, n))).filter(readable);
}

/** The context file names: `context.fileName` (trimmed, normalised, empty ones dropped) then GEMINI.md. */
export function contextFileNames(setting: readonly string[] | undefined): string[] {
  const names = new Set<string>();
  for (const n of setting ?? []) {
    const t = n.trim();
    if (t !== "") names.add(normalize(t));
  }
  names.add(DEFAULT_CONTEXT_FILENAME);
  return [...names];
}

function readable(p: string): boolean {
  try {
    accessSync(p, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** The nearest ancestor of `dir` (itself included) holding a marker, or null (always null for no markers). */
export function boundaryRoot(dir: string, markers: readonly string[]): string | null {
  if (markers.length === 0) return null;
  let cur = resolve(dir);
  for (;;) {
    for (const m of markers) {
      if (isAbsolute(m) || m.includes("..")) continue;
      try {
        accessSync(join(cur, m));
        return cur;
      } catch {
        // not here
      }
    }
    const parent = dirname(cur);
    if (parent === cur) return null;
    cur = parent;
  }
}

/**
 * Context files from `start` up to `stop` (inclusive), the top-most directory first, within a directory
 * in file-name order; stops early at `geminiHome` (never searched).
 */
export function upwardContextFiles(
  start: string,
  stop: string,
  names: readonly string[],
  geminiHome: string,
): string[] {
  const out: string[] = [];
  let cur = resolve(start);
  const stopKey = resolve(stop);
  for (;;) {
    if (cur === geminiHome) break;
    const found = names.map((n) => resolve(join(cur, n))).filter(readable);
    out.unshift(...found);
    const parent = dirname(cur);
    if (cur === stopKey || cur === parent) break;
    cur = parent;
  }
  return out;
}

/** `dev:ino` of a path (following links), or undefined when it cannot be stat'ed. */
export function identity(p: string): string | undefined {
  try {
    const st = statSync(p);
    return `${st.dev}:${st.ino}`;
  } catch {
    return undefined;
  }
}

/** Drops later paths with the identity of an earlier one (unstat-able paths are kept), as the CLI does. */
export function dedupeByIdentity(paths: readonly string[]): { paths: string[]; ids: Map<string, string> } {
  const seen = new Set<string>();
  const ids = new Map<string, string>();
  const out: string[] = [];
  for (const p of new Set(paths)) {
    const id = identity(p);
    if (id === undefined) {
      out.push(p);
      continue;
    }
    ids.set(p, id);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(p);
  }
  return { paths: out, ids };
}

/** One context file read and expanded as the CLI does: its block, or null (unreadable, a directory, empty). */
export interface ContextFile {
  path: string;
  fileBytes: number;
  /** `--- Context from: …` block, or null when the CLI sends none. */
  block: string | null;
  /**
   * UTF-8 bytes of the block that depend on the machine: the absolute path twice in the framing, and the
   * absolute paths the expanded text names (a failed import's message, flat imports' `--- File: ABS ---`).
   */
  framingBytes: number;
  imports: GeminiImport[];
  /** Whether the CLI read it (a directory or an unreadable file is not read, and not marked loaded). */
  ok: boolean;
  /** Set when the CLI could not read it (it then warns and skips it); absent for a directory. */
  error?: string;
}

/**
 * A block as the system instruction carries it: Gemini CLI 0.61.0 sanitizes the whole system prompt with
 * `replace(/\n{3,}/g, "\n\n")` (its prompt provider), so a run of blank lines in user memory becomes one;
 * the project's blocks, in the first user message, keep theirs. Case
 * `blank_lines_in_user_memory_are_collapsed_to_one_in_the_system_instruction` (seeds g300:127, :148).
 */
function inSystemInstruction(f: ContextFile): ContextFile {
  if (f.block === null) return f;
  const block = f.block.replace(/\n{3,}/g, "\n\n");
  return block === f.block ? f : { ...f, block };
}

/** Reads and expands one context file (tree or flat imports). Never throws. */
export function readContextFile(
  path: string,
  markers: readonly string[],
  format: "tree" | "flat",
): ContextFile {
  const r = readAsCli(path);
  if ("error" in r)
    return {
      path,
      fileBytes: 0,
      block: null,
      framingBytes: 0,
      imports: [],
      ok: false,
      ...(r.code === "EISDIR" ? {} : { error: r.error }),
    };
  const imports: GeminiImport[] = [];
  const projectRoot = importProjectRoot(dirname(path), markers);
  const machine = { bytes: 0 };
  const expanded =
    format === "flat"
      ? expandFlat(r.text, path, projectRoot, imports, machine)
      : expandTree(r.text, path, projectRoot, imports, undefined, machine);
  const trimmed = expanded.trim();
  const empty = trimmed.length === 0;
  return {
    path,
    fileBytes: r.fileBytes,
    block: empty ? null : `--- Context from: ${path} ---\n${trimmed}\n--- End of Context from: ${path} ---`,
    framingBytes: empty ? 0 : 2 * utf8(path) + machine.bytes,
    imports,
    ok: true,
  };
}

const utf8 = (s: string) => Buffer.byteLength(s, "utf8");

function realDir(p: string): string | undefined {
  try {
    const r = realpathSync(p);
    return statSync(r).isDirectory() ? r : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Items, texts, edges and findings of context files, in the order given. An item's `bytes` is its block
 * without the machine-dependent part (`framingBytes`, the absolute paths), so the same repository measures
 * the same in every checkout and home; `texts` keeps each block as sent (`bytes + framingBytes`).
 */
export function contextItems(
  files: readonly ContextFile[],
  root: string,
  loadedAt: "launch" | "read",
  charged: boolean,
  reasonOf: (f: ContextFile) => string,
): { items: ContextItem[]; texts: Map<string, string>; imports: ImportEdge[]; findings: Finding[] } {
  const items: ContextItem[] = [];
  const texts = new Map<string, string>();
  const imports: ImportEdge[] = [];
  const findings: Finding[] = [];
  for (const f of files) {
    const shown = displayPath(f.path, root);
    if (f.error)
      findings.push({
        ruleId: "read-failed",
        severity: "warning",
        file: shown,
        message: `Gemini CLI cannot read this context file and skips it: ${f.error}`,
        help: "make it a readable file or remove it",
      });
    if (f.block === null) continue;
    items.push({
      path: shown,
      kind: "memory",
      loadedAt,
      bytes: utf8(f.block) - f.framingBytes,
      fileBytes: f.fileBytes,
      charged,
      importedBy: null,
      reason: reasonOf(f),
      framingBytes: f.framingBytes,
    });
    texts.set(shown, f.block);
    for (const imp of f.imports) {
      const from = displayPath(imp.from, root);
      const target = displayPath(imp.target, root);
      imports.push({
        from,
        line: imp.line,
        column: imp.column,
        token: imp.token,
        targetAbs: imp.target,
        target,
        hop: imp.hop,
        status: imp.status,
        reason: imp.reason,
      });
      if (imp.status !== "loaded" || imp.inlined === undefined) continue;
      items.push({
        path: target,
        kind: "import",
        loadedAt,
        bytes: utf8(imp.inlined) - (imp.inlinedFraming ?? 0),
        fileBytes: imp.fileBytes ?? 0,
        charged: false,
        importedBy: from,
        reason: `@${imp.token} ${imp.reason}; counted in ${shown}`,
        countedIn: shown,
        ...(imp.inlinedFraming ? { framingBytes: imp.inlinedFraming } : {}),
      });
      if (!texts.has(target)) texts.set(target, imp.inlined);
    }
  }
  return { items, texts, imports, findings };
}

/**
 * Workspace directories: the cwd, then the settings' include directories, then the command line's
 * (`--include-directories`), each real and once; one naming no directory is a finding.
 */
function workspaceDirectories(
  cwd: string,
  root: string,
  settings: GeminiSettings,
  addDirs: readonly string[],
  findings: Finding[],
  applied: AppliedSource[],
): string[] {
  const workspaceDirs: string[] = [cwd];
  const extra = [
    ...settings.includeDirectories.map((d) => ({ d, flag: false })),
    ...addDirs.map((d) => ({ d: resolve(cwd, d), flag: true })),
  ];
  for (const { d, flag } of extra) {
    const real = realDir(d);
    if (!real) {
      findings.push({
        ruleId: "add-dir-missing",
        severity: "warning",
        file: displayPath(d, root),
        // A settings entry naming no directory stops 0.61.0 before any request ("An unexpected critical
        // error occurred: Error: Directory does not exist", exit 1: fuzz seed g061:81).
        ...(flag ? {} : { severity: "error" as const }),
        message: flag
          ? "--include-directories names no directory; Gemini CLI ignores it"
          : "context.includeDirectories names no directory: Gemini CLI 0.61.0 stops with 'Directory does not exist' (exit 1); the launch is measured without it",
        help: "fix the path or drop it",
      });
      continue;
    }
    if (!workspaceDirs.includes(real)) workspaceDirs.push(real);
    if (flag)
      applied.push({
        kind: "flag",
        name: "--include-directories",
        value: displayPath(real, root),
        effect: "adds a workspace directory: its context files up to its project root load",
      });
  }
  return workspaceDirs;
}

/**
 * Gemini CLI's launch, as a snapshot (see the module comment): the AgentModel's `launch`. Never throws for
 * repository input; throws UsageError for a release the model was not verified on.
 */
export function geminiLaunch(opts: LaunchOptions): Snapshot {
  checkRelease({ id: GEMINI_CLI_ID, name: GEMINI_CLI_NAME, releases: GEMINI_CLI_RELEASES }, opts.release);
  const root = realDir(opts.root) ?? resolve(opts.root);
  const cwdGiven = resolve(opts.cwd ?? opts.root);
  const cwd = realDir(cwdGiven) ?? cwdGiven;
  const userView = opts.view === "user" && opts.user !== undefined;
  const user = userView ? opts.user : undefined;
  const settings: GeminiSettings = geminiSettings(root, cwd, user);
  const findings: Finding[] = [...settings.findings];
  const applied: AppliedSource[] = userView
    ? settings.applied.filter((a) => a.from === undefined || isAbsolute(a.from))
    : [];
  const home = user ? user.env.GEMINI_CLI_HOME || user.home : homedir();
  const geminiHome = resolve(home, GEMINI_DIR);
  const fileNames = contextFileNames(settings.fileName);
  if (user?.env.GEMINI_CLI_HOME)
    applied.push({
      kind: "env",
      name: "GEMINI_CLI_HOME",
      value: user.env.GEMINI_CLI_HOME,
      effect: "moves ~/.gemini",
    });

  const workspaceDirs = workspaceDirectories(cwd, root, settings, opts.addDirs ?? [], findings, applied);

  const project = dedupeByIdentity(
    workspaceDirs.flatMap((d) => {
      // Fresh clone: a boundary found above the repository is taken to be at its root (nothing above loads).
      const found = boundaryRoot(d, settings.boundaryMarkers);
      const ceiling =
        found !== null && !userView && inside(root, d) && !inside(root, found) ? root : (found ?? d);
      return upwardContextFiles(d, ceiling, fileNames, geminiHome);
    }),
  ).paths.sort();
  const global = user ? fileNames.map((n) => resolve(join(geminiHome, n))).filter(readable) : [];
  const privateMemory = user ? privateMemoryFiles(geminiHome, cwd, fileNames) : [];

  // Skills, subagents and extensions (./sources.ts): after the context files; an extension's context file
  // takes the place of a project file of the same identity (case
  // `an_extension_file_that_is_the_project_file_is_sent_once_as_the_extensions`).
  const sources = geminiSources({
    root,
    cwd,
    show: (abs) => displayPath(abs, root),
    boundaryMarkers: settings.boundaryMarkers,
    importFormat: settings.importFormat,
    ...(user ? { user: { home, geminiHome } } : {}),
    ...(user ? extensionsFlag(opts.agentArgs ?? []) : {}),
  });

  // One read per file identity: global, extensions, project, private memory (the CLI's order; a later
  // path of an earlier identity is dropped).
  const all = dedupeByIdentity([...global, ...sources.extensionFiles, ...project, ...privateMemory]);
  const kept = new Set(all.paths);
  const loadedIdentities = new Set<string>();
  const read = new Map<string, ContextFile>();
  for (const p of all.paths) {
    const f = readContextFile(p, settings.boundaryMarkers, settings.importFormat);
    read.set(p, f);
  }
  const inWorkspaceDir = (p: string) => workspaceDirs.slice(1).some((d) => p.startsWith(`${d}/`));
  const reasonOf = (f: ContextFile): string => {
    const dir = dirname(f.path);
    if (global.includes(f.path)) return "user memory (~/.gemini), sent in the system instruction";
    if (dir === cwd) return "context file in the working directory";
    if (inWorkspaceDir(f.path) || workspaceDirs.slice(1).includes(dir))
      return "context file of an included directory (--include-directories / context.includeDirectories)";
    return "context file in an ancestor of the working directory, up to the project root";
  };
  const globalFiles = global
    .filter((p) => kept.has(p))
    .map((p) => inSystemInstruction(read.get(p) as ContextFile));
  const projectFiles = project.filter((p) => kept.has(p)).map((p) => read.get(p) as ContextFile);
  const privateFiles = privateMemory
    .filter((p) => kept.has(p))
    .map((p) => inSystemInstruction(read.get(p) as ContextFile));
  const g = contextItems(globalFiles, root, "launch", true, reasonOf);
  const pm = contextItems(
    privateFiles,
    root,
    "launch",
    true,
    () =>
      "user memory: the private project memory index (~/.gemini/tmp/<project>/memory), sent in the system instruction after ~/.gemini's",
  );
  const pr = contextItems(projectFiles, root, "launch", true, reasonOf);
  const loadedFiles = [...globalFiles, ...projectFiles, ...privateFiles].filter((f) => f.ok);
  for (const f of loadedFiles) {
    const id = all.ids.get(f.path);
    if (id) loadedIdentities.add(id);
  }
  if (user)
    for (const f of globalFiles)
      if (f.block !== null)
        applied.push({
          kind: "file",
          name: displayPath(f.path, root),
          effect: "adds user memory to the system instruction",
        });
  for (const f of privateFiles)
    if (f.block !== null)
      applied.push({
        kind: "file",
        name: displayPath(f.path, root),
        effect: "adds the private project memory index to the system instruction",
      });

  const items = [...g.items, ...pm.items, ...pr.items, ...sources.items];
  const texts = new Map([...pr.texts, ...g.texts, ...pm.texts, ...sources.texts]);
  // A file that is a context file and also imported by another (user memory importing a project file): its
  // path's text is its own block, which the CLI sends as well; the import's text is counted in the importer
  // (seed g300:61, case `a_context_file_imported_by_user_memory_is_also_sent_as_its_own_block`).
  for (const part of [g, pm, pr])
    for (const it of part.items)
      if (it.kind === "memory") texts.set(it.path, part.texts.get(it.path) as string);
  const memory: MemoryRecord[] = loadedFiles
    .filter((f) => f.block !== null)
    .map((f) => ({
      path: displayPath(f.path, root),
      absPath: f.path,
      dir: dirname(f.path),
      kind: "memory" as const,
    }));
  const snapshot: Snapshot = {
    agent: { id: GEMINI_CLI_ID, name: GEMINI_CLI_NAME, version: GEMINI_CLI_VERIFIED_VERSION },
    view: userView ? "user" : "fresh-clone",
    root,
    cwd,
    items,
    texts,
    imports: [...g.imports, ...pm.imports, ...pr.imports],
    rules: [],
    memory,
    findings: [...findings, ...g.findings, ...pm.findings, ...pr.findings, ...sources.findings],
    ...(sources.unmeasured.length > 0 ? { unmeasured: sources.unmeasured } : {}),
    ...(applied.length > 0 ? { applied } : {}),
  };
  states.set(snapshot, {
    fileNames,
    boundaryMarkers: settings.boundaryMarkers,
    importFormat: settings.importFormat,
    workspaceDirs,
    geminiHome,
    loadedPaths: new Set(loadedFiles.map((f) => f.path)),
    loadedIdentities,
  });
  return snapshot;
}
