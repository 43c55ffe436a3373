/**
 * The compiled trigger index: every row of every router shard with its triggers translated to regular
 * expression sources, cached in a JSON file keyed by the shards' paths, sizes and mtimes so that the hook
 * does not re-parse shards on every tool call. A missing, stale or corrupt cache is rebuilt; a cache that
 * cannot be written is simply not used (the hook still answers).
 */
import {
  type Dirent,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { setUnmatchedRouters } from "../config.js";
import { inside, joinPath } from "../fs/paths.js";
import { ensurePrivateDir } from "../fs/private-dir.js";
import { readTextFile, safeRealpath } from "../fs/read.js";
import { walkFiles } from "../fs/walk.js";
import {
  anchoredPathRegex,
  requiredLiteral,
  shownTrigger,
  triggerModes,
  triggerToRegexSource,
  unusableTriggerReason,
} from "../globs/trigger.js";
import { rowPrefilter } from "./match.js";
import { parseShard, type RouterProblem, routerFinding, routerProblemLine, type ShardRow } from "./shard.js";

/** Default shard location, relative to the root. Never under `.claude/rules/` (Claude Code loads those). */
export const DEFAULT_ROUTERS = [".agent-context/routers/*.md"];
/** Bumped when the cached shape changes. */
const INDEX_VERSION = 7;
/** Shards larger than this are not read (bytes). */
export const MAX_SHARD_BYTES = 4 * 1024 * 1024;

export interface IndexRow extends ShardRow {
  /** Per trigger: regex source for path mode, or null when the trigger is not a path pattern. */
  pathRe: (string | null)[];
  /** Per trigger: regex source for word (command) mode, or null. */
  wordRe: (string | null)[];
  /** Per trigger: a literal every path-mode match contains ("" when none), checked before the regex. */
  pathLit: string[];
  /** Per trigger: the same for word mode. */
  wordLit: string[];
}

export interface ShardStamp {
  path: string;
  size: number;
  mtimeMs: number;
}

export interface ShardSummary {
  path: string;
  domain: string;
  rows: number;
  rules: number;
}

export interface RouterIndex {
  v: number;
  root: string;
  key: string;
  shards: ShardSummary[];
  rows: IndexRow[];
  problems: RouterProblem[];
}

/** True when a root-relative path lies under `.claude/rules/` at any level. */
function underClaudeRules(rel: string): boolean {
  return /(^|\/)\.claude\/rules\//.test(rel);
}

/**
 * Finds the shard files for the configured `routers` globs (relative to root). Returns their stamps in
 * sorted order and problems (a shard under `.claude/rules/`, or one whose real path leaves the repository
 * through a link, is refused). Never throws.
 */
// `.agent-context.json` warns about a `routers` glob that matches no shard, found as the router finds them.
setUnmatchedRouters((root, routers) =>
  routers.flatMap((glob, i) => {
    const { stamps, problems } = findShards(root, [glob]);
    return stamps.length === 0 && problems.length === 0 ? [i] : [];
  }),
);

export function findShards(
  root: string,
  routers: string[] = DEFAULT_ROUTERS,
): {
  stamps: ShardStamp[];
  problems: RouterProblem[];
} {
  // Each shard found, with its real path when the listing already tells it (a regular file in a folder
  // whose real path is known), so that only links and walked shards are resolved one by one.
  const found = new Map<string, string | undefined>();
  const problems: RouterProblem[] = [];
  for (const raw of routers) {
    const pattern = raw.replace(/^\.\//, "").replace(/\/+$/, "");
    const segs = pattern.split("/");
    const firstGlob = segs.findIndex((s) => /[*?[{]/.test(s));
    if (firstGlob < 0) {
      found.set(pattern, undefined);
      continue;
    }
    const prefix = segs.slice(0, firstGlob).join("/");
    const rest = segs.slice(firstGlob);
    const re = anchoredPathRegex(rest.join("/"));
    const dir = prefix ? joinPath(root, prefix) : root;
    if (rest.length === 1 && !rest[0]?.includes("**")) {
      let entries: Dirent[] = [];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      let realDir: string | undefined;
      for (const e of entries) {
        if (!re.test(e.name)) continue;
        const rel = prefix ? `${prefix}/${e.name}` : e.name;
        if (e.isFile()) realDir ??= safeRealpath(dir);
        if (found.get(rel) === undefined)
          found.set(rel, e.isFile() && realDir !== undefined ? `${realDir}/${e.name}` : undefined);
      }
    } else {
      const w = walkFiles(dir, {
        maxDepth: 16,
        enterDir: (_rel, name) => name !== "node_modules" && name !== ".git",
        // a fifo, socket or device where a shard would be: named below, never opened
        onSpecial: (e) => {
          const rel = prefix ? `${prefix}/${e.rel}` : e.rel;
          if (re.test(e.rel) && !found.has(rel)) found.set(rel, undefined);
        },
      });
      for (const f of w.files) {
        const rel = prefix ? `${prefix}/${f.rel}` : f.rel;
        if (re.test(f.rel) && !found.has(rel)) found.set(rel, undefined);
      }
    }
  }
  const stamps: ShardStamp[] = [];
  // The root through its links, once per call (each shard is checked against it).
  const realRoot = found.size > 0 ? (safeRealpath(root) ?? root) : root;
  for (const rel of [...found.keys()].sort()) {
    if (underClaudeRules(rel)) {
      problems.push(
        routerFinding(
          "under-claude-rules",
          rel,
          `router shards must not live under .claude/rules/ (Claude Code would load them all at launch); move it to .agent-context/routers/`,
        ),
      );
      continue;
    }
    const real = found.get(rel) ?? safeRealpath(joinPath(root, rel));
    if (real !== undefined && !inside(realRoot, real)) {
      problems.push(
        routerFinding(
          "outside",
          rel,
          `router shard is a link to ${real}, outside the repository; not read (a repository's router must not make the hook read files outside it) — copy the shard into the repository`,
        ),
      );
      continue;
    }
    try {
      const st = statSync(joinPath(root, rel), { throwIfNoEntry: false });
      if (st === undefined && lstatSync(joinPath(root, rel), { throwIfNoEntry: false })?.isSymbolicLink()) {
        problems.push(
          routerFinding(
            "dangling-link",
            rel,
            `router shard is a link to a missing file; not read — fix the link or remove it`,
          ),
        );
      } else if (st?.isFile()) stamps.push({ path: rel, size: st.size, mtimeMs: st.mtimeMs });
      else if (st && !st.isDirectory()) {
        const type = st.isFIFO() ? "fifo" : st.isSocket() ? "socket" : "device";
        problems.push(
          routerFinding(
            "special",
            rel,
            `router shard is a ${type}, not a regular file; not read — make it a file or remove it`,
          ),
        );
      }
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? "unknown error";
      problems.push(
        routerFinding(
          "unexaminable",
          rel,
          `router shard cannot be examined (${code === "ELOOP" ? "a link loop" : code}); not read — fix or remove it`,
        ),
      );
    }
  }
  return { stamps, problems };
}

/** The cache key for a set of shards: their paths, sizes and mtimes, and what finding them reported. */
export function indexKey(root: string, stamps: ShardStamp[], findProblems: RouterProblem[] = []): string {
  // What finding the shards reported (a linked-out or special shard, which is no stamp) is part of the key,
  // so that a cached index never hides a problem that appeared without a shard changing.
  return JSON.stringify([
    INDEX_VERSION,
    root,
    stamps.map((s) => [s.path, s.size, s.mtimeMs]),
    ...(findProblems.length ? [findProblems.map(routerProblemLine)] : []),
  ]);
}

/** Builds the index from the shards (no cache). Malformed rows and unreadable shards become problems. */
export function buildIndex(
  root: string,
  stamps: ShardStamp[],
  findProblems: RouterProblem[] = [],
): RouterIndex {
  const rows: IndexRow[] = [];
  const shards: ShardSummary[] = [];
  const problems = [...findProblems];
  for (const st of stamps) {
    const r = readTextFile(joinPath(root, st.path), MAX_SHARD_BYTES);
    if (!r.ok) {
      problems.push(
        routerFinding("unreadable", st.path, `router shard not read (${r.reason}); fix or remove it`),
      );
      continue;
    }
    if (!r.validUtf8 || r.text.includes("\u0000")) {
      problems.push(routerFinding("not-utf8", st.path, "router shard is not UTF-8 text; skipped"));
      continue;
    }
    const parsed = parseShard(r.text, st.path);
    problems.push(...parsed.problems);
    const ruleSet = new Set<string>();
    for (const row of parsed.rows) {
      const pathRe: (string | null)[] = [];
      const wordRe: (string | null)[] = [];
      const pathLit: string[] = [];
      const wordLit: string[] = [];
      for (const t of row.triggers) {
        // Each trigger on its own, bounded: one that cannot be compiled never fires, and costs only itself.
        const bad = unusableTriggerReason(t);
        if (bad !== undefined) {
          problems.push(
            routerFinding(
              "unusable-trigger",
              st.path,
              `trigger \`${shownTrigger(t)}\` is not used (${bad}); it never fires, the row's other triggers and the other rows stand`,
              row.line,
            ),
          );
          pathRe.push(null);
          wordRe.push(null);
          pathLit.push("");
          wordLit.push("");
          continue;
        }
        const m = triggerModes(t);
        pathRe.push(m.path ? triggerToRegexSource(t, "path") : null);
        wordRe.push(m.word ? triggerToRegexSource(t, "word") : null);
        pathLit.push(m.path ? requiredLiteral(t, "path") : "");
        wordLit.push(m.word ? requiredLiteral(t, "word") : "");
      }
      for (const id of row.rules) ruleSet.add(id);
      rows.push({ ...row, pathRe, wordRe, pathLit, wordLit });
    }
    shards.push({ path: st.path, domain: parsed.domain, rows: parsed.rows.length, rules: ruleSet.size });
  }
  return { v: INDEX_VERSION, root, key: indexKey(root, stamps, findProblems), shards, rows, problems };
}

/** 32-bit FNV-1a of a string, as 8 hex digits (file names only; not a security hash). */
export function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** Where the index cache and session state live: `<os tmpdir>/agent-context-<uid>` (checked by {@link stateDir}). */
export function stateDirPath(): string {
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  return joinPath(tmpdir(), `agent-context-${uid}`);
}

/**
 * The directory holding the index cache and session state, created private (0700) or checked to be this
 * user's own real directory closed to others (src/fs/private-dir.ts); null when it is not — another user
 * may have planted it — and then the hook works without a cache and without session state rather than
 * trust what it holds.
 */
export function stateDir(): string | null {
  const d = ensurePrivateDir(stateDirPath());
  return d.ok ? d.dir : null;
}

/** The cache file for a root, or null when there is no private state directory. */
export function cacheFile(root: string): string | null {
  const dir = stateDir();
  // JSON Lines ({@link cacheText}); the `.json` files of earlier releases are not read.
  return dir === null ? null : joinPath(dir, `router-index-${fnv1a(root)}.jsonl`);
}

/** Writes a file atomically (temp file + rename, mode 0600). Returns false instead of throwing. */
export function writeFileAtomic(file: string, text: string): boolean {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text, { mode: 0o600 });
    renameSync(tmp, file);
    return true;
  } catch {
    rmSync(tmp, { force: true });
    return false;
  }
}

/** What the cache file's first line holds: the index without its rows, and each row's prefilter. */
interface CacheHead extends Omit<RouterIndex, "rows"> {
  /** Per row, in order: src/router/match.ts `rowPrefilter`. */
  pre: string[];
  /**
   * Where each row's line starts, in bytes after the head's line, and then where the rows end: row i is
   * the line from `at[i]` to `at[i + 1]` (its newline included).
   */
  at: number[];
}

/**
 * The cache file's text: one line of {@link CacheHead}, then one line of JSON per row (JSON text never
 * holds a raw newline), so that a call parses the head and only the rows its target may fire.
 */
export function cacheText(idx: RouterIndex): string {
  const lines = idx.rows.map((row) => `${JSON.stringify(row)}\n`);
  const at = [0];
  for (const l of lines) at.push((at[at.length - 1] as number) + Buffer.byteLength(l));
  const head: CacheHead = {
    v: idx.v,
    root: idx.root,
    key: idx.key,
    shards: idx.shards,
    problems: idx.problems,
    pre: idx.rows.map(rowPrefilter),
    at,
  };
  return `${JSON.stringify(head)}\n${lines.join("")}`;
}

/** A row line that does not parse as a row: the cache is corrupt (a file edited or damaged by hand). */
class CorruptCache extends Error {}

function isIndexRow(r: unknown): r is IndexRow {
  const o = r as IndexRow | null;
  return (
    typeof o === "object" &&
    o !== null &&
    Array.isArray(o.triggers) &&
    Array.isArray(o.rules) &&
    Array.isArray(o.pathRe) &&
    Array.isArray(o.wordRe) &&
    Array.isArray(o.pathLit) &&
    Array.isArray(o.wordLit)
  );
}

/** The cache file read as a buffer: its head parsed, each row's line found, no row parsed; null when unusable. */
function openCacheFile(file: string, key: string): { head: CacheHead; row: (i: number) => IndexRow } | null {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch {
    return null;
  }
  const end = buf.indexOf(10);
  if (end < 0) return null;
  let head: CacheHead;
  try {
    head = JSON.parse(buf.toString("utf8", 0, end)) as CacheHead;
  } catch {
    return null;
  }
  if (
    typeof head !== "object" ||
    head === null ||
    head.v !== INDEX_VERSION ||
    head.key !== key ||
    !Array.isArray(head.shards) ||
    !Array.isArray(head.problems) ||
    !Array.isArray(head.pre) ||
    !head.pre.every((p) => typeof p === "string") ||
    !Array.isArray(head.at) ||
    head.at.length !== head.pre.length + 1 ||
    head.at[0] !== 0 ||
    end + 1 + (head.at[head.pre.length] as number) !== buf.length
  )
    return null;
  const at = head.at;
  return {
    head,
    row: (i) => {
      // Row i's line, as the head places it: it must end where the next begins, with its newline.
      const from = end + 1 + (at[i] as number);
      const to = end + 1 + (at[i + 1] as number);
      if (!(Number.isInteger(from) && Number.isInteger(to) && from < to && buf[to - 1] === 10))
        throw new CorruptCache();
      let r: unknown;
      try {
        r = JSON.parse(buf.toString("utf8", from, to - 1));
      } catch {
        throw new CorruptCache();
      }
      if (!isIndexRow(r)) throw new CorruptCache();
      return r;
    },
  };
}

/**
 * An index as a call reads it: the head (shards, problems, key) at once, rows on demand. From the cache,
 * {@link OpenIndex.select} parses only the rows it admits; built afresh, every row is in memory.
 */
export interface OpenIndex extends Omit<RouterIndex, "rows"> {
  /** True when served from the cache file; false when built from the shards by this call. */
  cached: boolean;
  /**
   * The rows whose prefilter (src/router/match.ts `rowPrefilter`) `admits`, in index order. A row line of
   * the cache that does not parse makes the index rebuilt from the shards (and `cached` false) first.
   */
  select(admits: (prefilter: string) => boolean): IndexRow[];
  /** Every row, in index order. */
  rows(): IndexRow[];
}

function builtIndex(idx: RouterIndex): OpenIndex {
  const { rows, ...head } = idx;
  let pre: string[] | undefined;
  return {
    ...head,
    cached: false,
    select: (admits) => {
      pre ??= rows.map(rowPrefilter);
      return rows.filter((_, i) => admits(pre?.[i] as string));
    },
    rows: () => rows,
  };
}

/**
 * The index for a root (see {@link OpenIndex}), from the cache when its key matches the shards on disk,
 * else built and cached. Never throws for cache trouble: a missing, stale, corrupt or unwritable cache is
 * rebuilt or not used.
 * @param routers the configured shard globs, relative to the root (default {@link DEFAULT_ROUTERS})
 * @param opts.useCache false to build from the shards without reading or writing the cache
 */
export function openIndex(root: string, routers?: string[], opts: { useCache?: boolean } = {}): OpenIndex {
  const { stamps, problems } = findShards(root, routers);
  const key = indexKey(root, stamps, problems);
  const file = opts.useCache === false ? null : cacheFile(root);
  const rebuild = (): OpenIndex => {
    const idx = buildIndex(root, stamps, problems);
    if (file !== null) writeFileAtomic(file, cacheText(idx));
    return builtIndex(idx);
  };
  const c = file === null ? null : openCacheFile(file, key);
  if (c === null) return rebuild();
  const { pre, at: _at, ...head } = c.head;
  const open: OpenIndex = {
    ...head,
    cached: true,
    select: (admits) => {
      try {
        const out: IndexRow[] = [];
        for (let i = 0; i < pre.length; i++) if (admits(pre[i] as string)) out.push(c.row(i));
        return out;
      } catch (e) {
        if (!(e instanceof CorruptCache)) throw e;
        const fresh = rebuild();
        Object.assign(open, fresh);
        return fresh.select(admits);
      }
    },
    rows: () => open.select(() => true),
  };
  return open;
}

/**
 * The whole index for a root, every row parsed (see {@link openIndex}); `cached` says whether it came from
 * the cache file. Never throws for cache trouble.
 */
export function loadIndex(
  root: string,
  routers?: string[],
  opts: { useCache?: boolean } = {},
): RouterIndex & { cached: boolean } {
  const o = openIndex(root, routers, opts);
  const rows = o.rows();
  const { select: _s, rows: _r, ...head } = o;
  return { ...head, rows };
}
