/**
 * The model of how Codex loads its AGENTS.md chain at launch, settled against the pinned Codex CLI
 * (`codex debug prompt-input`, @openai/codex {@link CODEX_VERIFIED_VERSION}); every rule below is pinned by
 * a case in test/conformance/codex.test.ts and described in docs/findings-codex.md.
 *
 * 1. The cwd is canonicalised (symlinks resolved). The project root is the nearest ancestor of the cwd
 *    (inclusive) holding a root marker (`.git` by default: a directory, a file, even an empty directory;
 *    a nested repository wins over the outer one). `project_root_markers = []` or no marker found → only
 *    the cwd is searched.
 * 2. In each directory from the project root down to the cwd, the first of `AGENTS.override.md`,
 *    `AGENTS.md`, then the configured `project_doc_fallback_filenames` (in their order) that is a regular
 *    file (symlinks followed; directories and dangling links skipped) is taken — even when it is empty, so
 *    an empty override hides the AGENTS.md beside it. A candidate that cannot be inspected (a symlink
 *    loop) makes Codex load no AGENTS.md at all.
 * 3. One budget (`project_doc_max_bytes`, default 32768 bytes) is spent root first: a file larger than
 *    what remains is cut to the remaining BYTES (possibly inside a UTF-8 sequence; the partial character
 *    becomes U+FFFD), and once nothing remains the later (more specific) files are dropped. A file whose
 *    (cut) text is only whitespace is skipped and charges nothing. Budget 0 disables the chain.
 * 4. Delivered texts are joined with "\n\n", unmodified otherwise (no trimming; BOM and CRLF kept).
 * 5. The global `$CODEX_HOME/AGENTS.override.md` or `AGENTS.md` is trimmed, does not count against the
 *    budget, and precedes the chain with "\n\n--- project-doc ---\n\n".
 */
import { type Stats, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { UsageError } from "../../errors.js";
import { displayPath, inside, toPosix } from "../../fs/paths.js";
import { describeReadFailure, readTextFile, safeRealpath, statSafe } from "../../fs/read.js";
import type { ContextItem, Finding } from "../../model/index.js";
import {
  CODEX_DEFAULT_MAX_BYTES,
  CODEX_DEFAULT_ROOT_MARKERS,
  type CodexLayer,
  readCodexLayer,
  readUserLayer,
} from "./config.js";
import { CODEX_VERIFIED_VERSION } from "./release.js";

export { CODEX_DEFAULT_MAX_BYTES, CODEX_DEFAULT_ROOT_MARKERS } from "./config.js";

/** Bytes of an item's file that Codex's budget cut off (0 when whole, or for another agent's item). */
export function truncatedBytes(item: ContextItem): number {
  const v = item.extra?.truncatedBytes;
  return typeof v === "number" ? v : 0;
}

/** Codex's override file name (wins over AGENTS.md in the same directory). */
export const CODEX_OVERRIDE_NAME = "AGENTS.override.md";
/** Codex's default memory file name. */
export const CODEX_DEFAULT_NAME = "AGENTS.md";
/** Between two project files. */
export const CODEX_JOIN = "\n\n";
/** Between the global file and the first project file. */
export const CODEX_PROJECT_SEPARATOR = "\n\n--- project-doc ---\n\n";

export interface CodexChainOptions {
  /** Repository root (absolute or relative to process cwd). Item paths are relative to it. */
  root: string;
  /** Directory Codex starts in (absolute, or relative to `root`; default: root). */
  cwd?: string;
  /**
   * `$CODEX_HOME`: its `config.toml` and global `AGENTS.md` are read when given. Default: none (the chain
   * as a fresh user sees it, which is what a CI check should measure).
   */
  codexHome?: string;
  /**
   * `-c project_doc_max_bytes=N`: overrides every config layer (bytes). A negative value makes Codex refuse
   * to start (a finding; the chain is then computed with 0).
   */
  maxBytes?: number;
  /** `--profile NAME`: `$CODEX_HOME/NAME.config.toml` over config.toml (./config.ts readUserLayer). */
  profile?: string;
  /** `-c project_doc_fallback_filenames=[...]`: overrides every config layer. */
  fallbackNames?: string[];
  /** `-c project_root_markers=[...]`: overrides the user config (project configs never set it). */
  rootMarkers?: string[];
  /**
   * When no root marker exists at or above the cwd, treat `root` as the project root anyway (for copies of
   * repositories without their git directory, like the shared corpus, or a CI checkout of a tarball).
   * Codex itself would then read only the cwd's file. Default false.
   */
  assumeRootIsProject?: boolean;
  /**
   * The fresh-clone view: a root marker found above `root` is taken to be at `root` (where a fresh clone
   * has its own `.git`), so nothing above the repository loads. Default false (this machine, as Codex runs).
   */
  nothingAboveRoot?: boolean;
}

/** Where the effective budget came from. */
export type CodexBudgetSource = CodexSettingSource;

export interface CodexTruncation {
  /** Path (as in items) of the file the cut lands in. */
  file: string;
  /** 1-based line of the first byte lost in that file. */
  line: number;
  /** 1-based byte column of the first byte lost on that line. */
  column: number;
  /** Bytes lost, per file, in chain order (only files that lost bytes). */
  lostBytes: { file: string; bytes: number }[];
  /** Total bytes lost. */
  totalLostBytes: number;
  /** The first few words that never reach Codex (from the cut, whole characters). */
  firstLostWords: string;
}

export interface CodexChainResult {
  agent: "codex";
  /** The CLI version this model was verified on. */
  agentVersion: string;
  /** Repository root (canonical absolute path). */
  root: string;
  /** Working directory (canonical absolute path). */
  cwd: string;
  /** The project root Codex settles on (absolute), or null when no marker is found (cwd only). */
  projectRoot: string | null;
  /** One sentence: which project root was used and why ({@link describeProjectRoot}). */
  projectRootWhy: string;
  /** The root markers in effect and where they came from. */
  rootMarkers: { markers: string[]; source: CodexSettingSource };
  /** `$CODEX_HOME/config.toml` as read (null without `codexHome` or when absent or malformed). */
  userConfig: CodexLayer | null;
  /** The trusted project's `.codex/config.toml` layers that applied, shallowest first. */
  projectConfigs: CodexLayer[];
  /** The `[projects."<key>"] trust_level` entry that applied (the cwd's, else the project root's), or null. */
  trust: { key: string; level: string } | null;
  /** The global AGENTS file of `$CODEX_HOME` Codex took (absolute; possibly empty after trimming), or null. */
  globalFile: string | null;
  /**
   * The global file (when present) first, then every file of the chain, root first. Project files:
   * `kind: "memory"`, `loadedAt: "launch"`, `bytes` = UTF-8 bytes delivered (after U+FFFD replacement),
   * `fileBytes` = size on disk, `charged` = counted by Codex's budget (false for whitespace-only files
   * and the global file), `extra.truncatedBytes` = bytes of the file the budget cut off (0 when whole;
   * read it with {@link truncatedBytes}).
   */
  items: ContextItem[];
  /** Delivered text per item path. */
  texts: Map<string, string>;
  findings: Finding[];
  budget: {
    /** Effective `project_doc_max_bytes` (bytes). */
    maxBytes: number;
    source: CodexBudgetSource;
    /** Raw file bytes Codex charged against the budget. */
    usedBytes: number;
  };
  /** Fallback file names in effect. */
  fallbackNames: string[];
  /** Null when every file arrived whole. */
  truncated: CodexTruncation | null;
  /** The instruction text Codex puts between `<INSTRUCTIONS>` tags (global + chain). */
  rendered: string;
  /** The whole user message Codex sends ("" when nothing loads). */
  message: string;
}

/** Unicode White_Space as Rust's `str::trim` sees it (differs from JS: U+0085 yes, U+FEFF no). */
const RUST_WS =
  "\t\n\u000b\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";

/** Rust `str::trim`. */
export function rustTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && RUST_WS.includes(s[a] as string)) a++;
  while (b > a && RUST_WS.includes(s[b - 1] as string)) b--;
  return s.slice(a, b);
}

/** Ancestors of `dir`, itself first. */
function ancestors(dir: string): string[] {
  const out = [dir];
  let d = dir;
  for (;;) {
    const p = dirname(d);
    if (p === d) break;
    out.push(p);
    d = p;
  }
  return out;
}

/**
 * Finds the project root as Codex does: the nearest ancestor of `cwd` (inclusive) where one of `markers`
 * exists (any file type; symlinks followed). Returns null when none is found or `markers` is empty —
 * except that `assumeRoot` (not Codex behaviour; for copies without `.git`) is returned when no marker is
 * found anywhere.
 * Verified on Codex 0.171.0.
 */
export function findCodexProjectRoot(
  cwd: string,
  markers: readonly string[],
  assumeRoot?: string,
): string | null {
  return locateCodexProjectRoot(cwd, markers, assumeRoot).path;
}

/** The project root Codex settles on, with the marker that decided it (see {@link locateCodexProjectRoot}). */
export interface CodexProjectRoot {
  /** Absolute directory, or null: no project root, Codex reads only the working directory's files. */
  path: string | null;
  /** The marker found there (e.g. `.git`), or null when none was found or the root was assumed (not null when a marker above the root was taken to be at it). */
  marker: string | null;
  /** True when no marker was found and `assumeRoot` was taken instead (not Codex behaviour). */
  assumed: boolean;
}

/**
 * {@link findCodexProjectRoot} with the reason: the nearest ancestor of `cwd` (inclusive) where one of
 * `markers` exists, the markers tried in their order in each directory. Never throws.
 * Verified on Codex 0.171.0.
 */
export function locateCodexProjectRoot(
  cwd: string,
  markers: readonly string[],
  assumeRoot?: string,
): CodexProjectRoot {
  if (markers.length === 0) return { path: null, marker: null, assumed: false };
  for (const a of ancestors(cwd)) {
    for (const m of markers) if (statSafe(join(a, m))) return { path: a, marker: m, assumed: false };
  }
  return assumeRoot === undefined
    ? { path: null, marker: null, assumed: false }
    : { path: assumeRoot, marker: null, assumed: true };
}

/**
 * One sentence saying which project root Codex used for a launch in `cwd` and why (for `cap` and
 * `explain`). `markers` are the root markers in effect and `markersFrom` where they came from.
 */
export function describeProjectRoot(
  root: CodexProjectRoot,
  markers: readonly string[],
  markersFrom: CodexSettingSource,
): string {
  const from = markersFrom === "default" ? "" : ` (project_root_markers from ${SOURCE_WORDS[markersFrom]})`;
  if (root.assumed && root.marker !== null)
    return `the nearest ${root.marker} lies above the repository, which the fresh-clone view never reads: DIR taken as the project root`;
  if (root.assumed)
    return `no ${markers.join(" or ")} at or above the working directory; DIR taken as the project root`;
  if (root.path !== null)
    return `the nearest directory at or above the working directory holding ${root.marker}${from}; Codex reads AGENTS files from there down to the working directory`;
  if (markers.length === 0)
    return `project_root_markers is empty${from}: Codex reads only the working directory's AGENTS file`;
  return `no ${markers.join(" or ")} at or above the working directory${from}: Codex reads only the working directory's AGENTS file`;
}

/** Where a setting in effect came from. */
export type CodexSettingSource = "default" | "option" | "user-config" | "project-config";

const SOURCE_WORDS: Record<CodexSettingSource, string> = {
  default: "the default",
  option: "-c",
  "user-config": "$CODEX_HOME/config.toml",
  "project-config": "a trusted project's .codex/config.toml",
};

/** The file names Codex tries in each directory, in order. */
export function codexCandidateNames(fallbackNames: readonly string[] = []): string[] {
  const names = [CODEX_OVERRIDE_NAME, CODEX_DEFAULT_NAME];
  for (const n of fallbackNames) if (n !== "" && !names.includes(n)) names.push(n);
  return names;
}

/**
 * The instruction text and the whole user message Codex sends for a launch in `cwd` (canonical absolute
 * path): the trimmed global text (or null), then the delivered project texts root first. `message` is ""
 * when nothing loads. Verified on Codex 0.171.0.
 */
export function renderCodexMessage(
  cwd: string,
  globalText: string | null,
  projectTexts: readonly string[],
): { rendered: string; message: string } {
  const body = projectTexts.join(CODEX_JOIN);
  let rendered = "";
  if (globalText !== null && projectTexts.length > 0) rendered = globalText + CODEX_PROJECT_SEPARATOR + body;
  else if (globalText !== null) rendered = globalText;
  else rendered = body;
  const header = projectTexts.length > 0 ? `# AGENTS.md instructions for ${cwd}` : "# AGENTS.md instructions";
  return {
    rendered,
    message: rendered === "" ? "" : `${header}\n\n<INSTRUCTIONS>\n${rendered}\n</INSTRUCTIONS>`,
  };
}

/** stat that tells a missing path (undefined) from one that cannot be inspected ("error"). */
function probe(path: string): Stats | undefined | "error" {
  try {
    return statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? undefined : "error";
  }
}

/** First few words of text, for a message. */
function firstWords(text: string, n = 12, maxChars = 100): string {
  const words = text.split(/\s+/u).filter((w) => w !== "");
  let out = words.slice(0, n).join(" ");
  if (out.length > maxChars) out = `${out.slice(0, maxChars - 1)}…`;
  return out;
}

/**
 * Computes the AGENTS.md chain Codex loads at launch for `cwd`, its budget and any truncation.
 * Reads files only through src/fs. Never throws for file problems (they become `problems`); throws
 * {@link UsageError} when `root` or `cwd` is not a directory or `cwd` lies outside `root`.
 * Verified on Codex {@link CODEX_VERIFIED_VERSION}.
 */
export function codexChain(given: CodexChainOptions): CodexChainResult {
  let opts = given;
  const { root, cwd } = launchDirs(opts);
  const problems: Finding[] = [];
  const items: ContextItem[] = [];
  const texts = new Map<string, string>();

  // Configuration layers: the user's config, the root markers, trust, a trusted project's configs.
  const user = opts.codexHome ? readUserLayer(resolve(opts.codexHome), problems, opts.profile) : null;
  if (opts.maxBytes !== undefined && opts.maxBytes < 0) {
    // 0.171.0: `Error: invalid value: integer \`-1\`, expected usize in \`project_doc_max_bytes\`` (case
    // `a_negative_budget_stops_codex`).
    problems.push({
      ruleId: "codex-config",
      severity: "warning",
      file: displayPath(cwd, root),
      message: `project_doc_max_bytes ${opts.maxBytes} is not a non-negative integer: Codex refuses to start`,
    });
    opts = { ...opts, maxBytes: 0 };
  }
  const markers = opts.rootMarkers ?? user?.rootMarkers ?? CODEX_DEFAULT_ROOT_MARKERS;
  const markersFrom: CodexSettingSource =
    opts.rootMarkers !== undefined ? "option" : user?.rootMarkers !== undefined ? "user-config" : "default";
  let located = locateCodexProjectRoot(cwd, markers, opts.assumeRootIsProject ? root : undefined);
  if (opts.nothingAboveRoot && located.path !== null && !inside(root, located.path))
    located = { path: root, marker: located.marker, assumed: true };
  const projectRoot = located.path;
  // Trust is looked up by the git repository's root, whatever the root markers say (fuzz seed cx:26: an
  // `untrusted` entry for the folder `project_root_markers` found, above the git root, changed nothing).
  let gitRoot = sameList(markers, CODEX_DEFAULT_ROOT_MARKERS)
    ? projectRoot
    : locateCodexProjectRoot(cwd, CODEX_DEFAULT_ROOT_MARKERS).path;
  if (opts.nothingAboveRoot && gitRoot !== null && !inside(root, gitRoot)) gitRoot = root;
  const trust = trustOf(user, cwd, gitRoot);
  const projectLayers =
    trust?.level === "trusted" ? trustedProjectLayers(trust.key, cwd, root, problems) : [];
  const { maxBytes, source, fallbackNames } = effectiveSettings(opts, user, projectLayers);

  // Settled on 0.171.0: the global file loads for an untrusted project too (only the project chain goes).
  const global = opts.codexHome ? loadGlobalFile(resolve(opts.codexHome), items, texts, problems) : null;
  let found: string[] = [];
  if (trust?.level === "untrusted") {
    problems.push({
      ruleId: "codex-chain",
      severity: "warning",
      file: displayPath(cwd, root),
      message:
        "the project is marked untrusted in $CODEX_HOME/config.toml: Codex loads none of its AGENTS files (only the global one of $CODEX_HOME)",
    });
  } else {
    const searchDirs = projectRoot
      ? ancestors(cwd)
          .slice(0, ancestors(cwd).indexOf(projectRoot) + 1)
          .reverse()
      : [cwd];
    found = chainFiles(searchDirs, codexCandidateNames(fallbackNames), root, problems);
  }
  const spent = spendBudget(found, Math.max(0, maxBytes), root, items, texts, problems);
  const { rendered, message } = renderCodexMessage(cwd, global?.text ?? null, spent.projectTexts);

  return {
    agent: "codex",
    agentVersion: CODEX_VERIFIED_VERSION,
    root,
    cwd,
    projectRoot,
    projectRootWhy: describeProjectRoot(located, markers, markersFrom),
    rootMarkers: { markers: [...markers], source: markersFrom },
    userConfig: user,
    projectConfigs: projectLayers,
    trust,
    globalFile: global?.file ?? null,
    items,
    texts,
    findings: problems,
    budget: { maxBytes, source, usedBytes: spent.used },
    fallbackNames,
    truncated: spent.truncated,
    rendered,
    message,
  };
}

/** The canonical root and working directory of a launch; throws {@link UsageError} for bad ones. */
function launchDirs(opts: CodexChainOptions): { root: string; cwd: string } {
  const root = safeRealpath(resolve(opts.root));
  if (!root || !statSafe(root)?.isDirectory()) throw new UsageError(`${opts.root}: not a directory`);
  const cwd = safeRealpath(resolve(root, opts.cwd ?? "."));
  if (!cwd || !statSafe(cwd)?.isDirectory())
    throw new UsageError(`--cwd ${opts.cwd}: not a directory under ${opts.root}`);
  if (!inside(root, cwd)) throw new UsageError(`--cwd ${opts.cwd}: lies outside the repository root ${root}`);
  return { root, cwd };
}

/**
 * The `[projects."<key>"] trust_level` entry of the user config that applies: the working directory's
 * wins over the project root's (observed on 0.171.0); null when neither has one.
 */
function trustOf(
  user: CodexLayer | null,
  cwd: string,
  projectRoot: string | null,
): CodexChainResult["trust"] {
  if (!user?.trust) return null;
  for (const key of [cwd, projectRoot]) {
    if (key === null) continue;
    const level = user.trust.get(key);
    if (level !== undefined) return { key, level };
  }
  return null;
}

/** The `.codex/config.toml` of each directory from the trusted one down to the working directory. */
function trustedProjectLayers(
  trustedFrom: string,
  cwd: string,
  root: string,
  problems: Finding[],
): CodexLayer[] {
  const layers: CodexLayer[] = [];
  const chainDirs = ancestors(cwd).reverse();
  for (const d of chainDirs.slice(chainDirs.indexOf(trustedFrom))) {
    const file = join(d, ".codex", "config.toml");
    const layer = readCodexLayer(file, displayPath(file, root), problems);
    if (layer) layers.push(layer);
  }
  return layers;
}

/** The budget and fallback names in effect: the user's config, then each project layer, then `-c`. */
function effectiveSettings(
  opts: CodexChainOptions,
  user: CodexLayer | null,
  projectLayers: readonly CodexLayer[],
): { maxBytes: number; source: CodexBudgetSource; fallbackNames: string[] } {
  let maxBytes = CODEX_DEFAULT_MAX_BYTES;
  let source: CodexBudgetSource = "default";
  let fallbackNames: string[] = [];
  for (const [layer, src] of [
    [user, "user-config"],
    ...projectLayers.map((l) => [l, "project-config"] as const),
  ] as const) {
    if (layer?.maxBytes !== undefined) {
      maxBytes = layer.maxBytes;
      source = src;
    }
    if (layer?.fallbackNames !== undefined) fallbackNames = layer.fallbackNames;
  }
  if (opts.maxBytes !== undefined) {
    maxBytes = opts.maxBytes;
    source = "option";
  }
  if (opts.fallbackNames !== undefined) fallbackNames = opts.fallbackNames;
  return { maxBytes, source, fallbackNames };
}

/**
 * The global `$CODEX_HOME/AGENTS.override.md` or `AGENTS.md`: trimmed, not charged, added to `items`
 * when not empty. Returns the file taken (absolute) and its text (null when empty), or null for none.
 */
function loadGlobalFile(
  codexHome: string,
  items: ContextItem[],
  texts: Map<string, string>,
  problems: Finding[],
): { file: string; text: string | null } | null {
  let empty: { file: string; text: null } | null = null;
  for (const name of [CODEX_OVERRIDE_NAME, CODEX_DEFAULT_NAME]) {
    const abs = join(codexHome, name);
    if (!statSafe(abs)?.isFile()) continue;
    const r = readTextFile(abs);
    if (!r.ok) {
      problems.push({
        ruleId: "codex-chain",
        severity: "warning",
        file: toPosix(abs),
        message: describeReadFailure(r, toPosix(abs)),
      });
      return null;
    }
    const t = rustTrim(r.raw.toString("utf8"));
    // An override that is empty after trimming gives way to AGENTS.md (fuzz seed cx:26).
    if (t === "") {
      empty ??= { file: abs, text: null };
      continue;
    }
    items.push({
      path: toPosix(abs),
      kind: "memory",
      loadedAt: "launch",
      bytes: Buffer.byteLength(t),
      fileBytes: r.fileBytes,
      charged: false,
      importedBy: null,
      reason: "global Codex AGENTS file ($CODEX_HOME); trimmed, not counted by project_doc_max_bytes",
      extra: { truncatedBytes: 0 },
    });
    texts.set(toPosix(abs), t);
    return { file: abs, text: t };
  }
  return empty;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The chain's files, root first: in each directory the first candidate name that is a regular file. A
 * candidate that cannot be inspected (a symlink loop) makes Codex 0.171.0 give up on the whole chain:
 * nothing loads, silently (a problem says so here).
 */
function chainFiles(
  searchDirs: readonly string[],
  names: readonly string[],
  root: string,
  problems: Finding[],
): string[] {
  const found: string[] = [];
  for (const d of searchDirs) {
    for (const n of names) {
      const p = join(d, n);
      const st = probe(p);
      if (st === "error") {
        problems.push({
          ruleId: "codex-chain",
          severity: "warning",
          file: displayPath(p, root),
          message:
            "cannot be inspected (symlink loop or permission error): Codex then loads no AGENTS.md at all",
          help: "remove or fix the link",
        });
        return [];
      }
      if (st?.isFile()) {
        found.push(p);
        break;
      }
    }
  }
  return found;
}

/**
 * Spends the budget on the chain's files, root first: a file larger than what remains is cut to the
 * remaining bytes, a whitespace-only one is skipped and charges nothing, and once nothing remains the
 * rest are dropped. Adds an item and its delivered text per file.
 */
function spendBudget(
  found: readonly string[],
  maxBytes: number,
  root: string,
  items: ContextItem[],
  texts: Map<string, string>,
  problems: Finding[],
): { used: number; projectTexts: string[]; truncated: CodexTruncation | null } {
  let remaining = maxBytes;
  let used = 0;
  const projectTexts: string[] = [];
  const losses = new Losses();
  for (const abs of found) {
    const path = displayPath(abs, root);
    const r = readTextFile(abs);
    if (!r.ok) {
      problems.push({
        ruleId: "codex-chain",
        severity: "warning",
        file: path,
        message: describeReadFailure(r, path),
      });
      continue;
    }
    const name = abs.slice(abs.lastIndexOf(sep) + 1);
    const base: Omit<ContextItem, "bytes" | "charged" | "reason" | "extra"> = {
      path,
      kind: "memory",
      loadedAt: "launch",
      fileBytes: r.fileBytes,
      importedBy: null,
    };
    const why = chainFileWhy(name);
    if (!r.validUtf8 && maxBytes > 0)
      problems.push({
        ruleId: "codex-chain",
        severity: "warning",
        file: path,
        message: "contains invalid UTF-8; Codex replaces each bad sequence with U+FFFD",
        help: "re-save the file as UTF-8",
      });
    if (remaining === 0) {
      // A budget of 0 reads no project file at all (0.171.0): each is lost whole, as after a spent budget.
      items.push({
        ...base,
        bytes: 0,
        charged: false,
        reason:
          maxBytes === 0
            ? `${why}; dropped: project_doc_max_bytes is 0, so Codex reads none of the project's AGENTS files`
            : `${why}; dropped: the budget was spent before it`,
        extra: { truncatedBytes: r.fileBytes },
      });
      texts.set(path, "");
      losses.add(path, r.fileBytes, r.raw, 0);
      continue;
    }
    const keep = Math.min(r.fileBytes, remaining);
    const text = r.raw.subarray(0, keep).toString("utf8");
    if (rustTrim(text) === "") {
      items.push({
        ...base,
        bytes: 0,
        charged: false,
        reason: `${why}; ${r.fileBytes === 0 ? "empty" : "only whitespace"}: Codex skips it and charges nothing${name === CODEX_OVERRIDE_NAME ? " (and it still hides the AGENTS.md beside it)" : ""}`,
        extra: { truncatedBytes: r.fileBytes - keep },
      });
      texts.set(path, "");
      losses.add(path, r.fileBytes - keep, r.raw, keep);
      continue;
    }
    const lost = r.fileBytes - keep;
    items.push({
      ...base,
      bytes: Buffer.byteLength(text),
      charged: true,
      reason: lost > 0 ? `${why}; cut by the budget: ${lost} of ${r.fileBytes} bytes never reach Codex` : why,
      extra: { truncatedBytes: lost },
    });
    texts.set(path, text);
    projectTexts.push(text);
    losses.add(path, lost, r.raw, keep);
    remaining -= keep;
    used += keep;
  }
  return { used, projectTexts, truncated: losses.truncation };
}

/** Why a file of the chain is there, by its name. */
function chainFileWhy(name: string): string {
  if (name === CODEX_DEFAULT_NAME) return "AGENTS.md";
  if (name === CODEX_OVERRIDE_NAME) return "override file (wins over AGENTS.md here)";
  return `fallback name ${name}`;
}

/** The bytes the budget cut off, file by file; the first cut gives the truncation's place and words. */
class Losses {
  truncation: CodexTruncation | null = null;

  /** `bytes` of the file `raw` (shown as `file`) lost after its first `keep` bytes. */
  add(file: string, bytes: number, raw: Buffer, keep: number): void {
    if (bytes <= 0) return;
    this.truncation ??= cutAt(file, raw, keep);
    this.truncation.lostBytes.push({ file, bytes });
    this.truncation.totalLostBytes += bytes;
  }
}

/** Where a cut after `keep` bytes of `raw` lands (1-based line, byte column) and the first words lost. */
function cutAt(file: string, raw: Buffer, keep: number): CodexTruncation {
  const before = raw.subarray(0, keep);
  let line = 1;
  let lastNl = -1;
  for (let i = 0; i < before.length; i++)
    if (before[i] === 0x0a) {
      line++;
      lastNl = i;
    }
  let start = keep;
  while (start > 0 && ((raw[start] ?? 0) & 0xc0) === 0x80) start--;
  return {
    file,
    line,
    column: keep - lastNl,
    lostBytes: [],
    totalLostBytes: 0,
    firstLostWords: firstWords(raw.subarray(start).toString("utf8")),
  };
}
