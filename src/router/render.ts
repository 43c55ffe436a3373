/**
 * What one hook call injects, and its bounds. Design (docs/commands/route.md, "Bounds"):
 *
 *     agent-context: rules that apply to Write `src/a/FooScreen.kt` — read and follow them.
 *     - RULE-A, RULE-B → layers/feature/rules/ (trigger `**\/*Screen.kt`, .agent-context/routers/feature.md:12)
 *     ...
 *
 *     === RULE-A (layers/feature/rules/RULE-A.md)
 *     <the rule file's text, frontmatter removed>
 *     === RULE-B (layers/feature/rules/RULE-B.md, 9120 bytes: not inlined, over this call's byte bound; read it)
 *
 * - One line per matched row (at most `maxRows`, default 40; the rest are counted in one line), listing
 *   only the rules not yet delivered in this session.
 * - A rule id resolves to a file in the row's directory: `<dir>/<ID>.md`, else the first file (sorted) whose
 *   name starts with `<ID>` followed by `.`, `-` or `_`. An entry holding a `/` or ending in `.md` is a
 *   path (relative to the row's directory, else the root). Found files are inlined while the total stays
 *   within `maxBytes` (UTF-8 bytes, default 8192); the others are named with their size so the agent can
 *   read them. A rule with no file is named by its row line only.
 * - Scoped rules and nested memory (the repository's own on-read sources, delivered for tool targets) are
 *   inlined the same way, after the router rules.
 * The whole text never exceeds `maxBytes`. Claude Code 2.1.332 replaces an `additionalContext` longer than
 * 10,000 characters with a file pointer and a 2 KB preview (docs/findings-hook.md), so the default stays
 * below that.
 */

import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { checkDeadline } from "../fs/deadline.js";
import { inside, joinPath } from "../fs/paths.js";
import { readTextFile, safeRealpath } from "../fs/read.js";
import type { ItemKind } from "../model/index.js";
import type { RowMatch } from "./match.js";

/** Default maximum rows per call. */
export const DEFAULT_MAX_ROWS = 40;
/** Default maximum bytes one call injects (UTF-8). Below Claude Code's 10,000-character inline limit. */
export const DEFAULT_MAX_BYTES = 8192;
/** Rule files larger than this are never inlined (bytes). */
const MAX_RULE_FILE_BYTES = 256 * 1024;

export interface ResolvedRule {
  /** The rule id as written in the row. */
  id: string;
  /** Once-per-session key. */
  key: string;
  /** Row directory (root-relative) or null. */
  dir: string | null;
  /** Root-relative file of the rule, or null when none was found. */
  file: string | null;
  /** Rule text to inline (frontmatter removed), or null. */
  text: string | null;
  fileBytes: number;
}

/** An on-read source (scoped rule, nested memory) delivered for a tool target. */
export interface ExtraDelivery {
  key: string;
  /** Root-relative path. */
  path: string;
  /** What the file is, as the agent's on-demand model classified it. */
  kind: ItemKind;
  /** Why it applies, e.g. "scoped rule, paths: `src/**`". */
  why: string;
  text: string;
  fileBytes: number;
}

export interface Injection {
  /** The additionalContext text, or "" when nothing is injected. */
  text: string;
  /** Rows listed in the text, in order. */
  rows: { match: RowMatch; rules: ResolvedRule[] }[];
  /** Matched rows not listed because of the row cap or the byte bound. */
  droppedRows: number;
  /** Rules whose text was inlined. */
  inlined: string[];
  /** Once-per-session keys delivered by this text. */
  delivered: string[];
  extras: ExtraDelivery[];
  /** UTF-8 bytes of each delivered key's section (its inlined text, or its "read it" line). */
  sectionBytes: Record<string, number>;
}

function stripFrontmatter(text: string): string {
  const t = text.replace(/^\uFEFF/, "");
  const m = /^---\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(t);
  return (m ? t.slice(m[0].length) : t).trim();
}

const byteLen = (s: string) => Buffer.byteLength(s, "utf8");

/**
 * True when the root-relative `file` lies inside `root`, as written and through any links: a router row
 * (from a cloned repository, or a cache) must never make the hook read or inject a file outside it.
 * @param realRoot `root` through its links (`safeRealpath(root)`, undefined when it cannot be resolved);
 *   a caller checking many files passes it once, resolved in the same call
 */
export function ruleFileInside(
  root: string,
  file: string,
  realRoot: string | undefined = safeRealpath(root),
): boolean {
  return placeInRepo(root, file, realRoot).inside;
}

/**
 * {@link ruleFileInside}'s answer, and whether `file` is its own real path (no link on the way to it), from
 * one realpath.
 */
function placeInRepo(
  root: string,
  file: string,
  realRoot: string | undefined,
): { inside: boolean; real: boolean } {
  const abs = resolve(root, file);
  if (!inside(root, abs)) return { inside: false, real: false };
  const real = safeRealpath(abs);
  // Missing: nothing will be read.
  return {
    inside: real === undefined || realRoot === undefined || inside(realRoot, real),
    real: real === abs,
  };
}

/**
 * What resolving the rules of one call learns once and reuses: the root through its links, whether each
 * row directory lies inside the repository, and directory listings. For one call only (a later call
 * resolves again: files may have changed).
 */
export interface RuleLookup {
  /** `root` through its links (`safeRealpath`), undefined when it cannot be resolved. */
  realRoot: string | undefined;
  /**
   * Per row directory: whether it lies inside the repository, as written and through links, and whether it
   * is its own real path (no link on the way from the root), so that its files need no realpath of their own.
   */
  dirsInside: Map<string, { inside: boolean; real: boolean }>;
  /** Per row directory: its sorted entry names, or null when it cannot be listed. */
  listings: Map<string, string[] | null>;
}

/** A fresh {@link RuleLookup} for one call on `root` (resolves the root's links now). */
export function ruleLookup(root: string): RuleLookup {
  return { realRoot: safeRealpath(root), dirsInside: new Map(), listings: new Map() };
}

/**
 * Resolves a rule id of a row to its file (see module doc). A file outside the repository (`..`, an
 * absolute path, a link leaving it) is never read: the rule is then named by its row only. `lookup`
 * holds what the call's other rules already resolved (the real root, the row directories checked, the
 * directories listed).
 */
export function resolveRule(
  root: string,
  id: string,
  dir: string | null,
  lookup: RuleLookup = ruleLookup(root),
): ResolvedRule {
  const key = `rule:${dir ?? ""}:${id}`;
  const inRepo = (file: string) => ruleFileInside(root, file, lookup.realRoot);
  const found = (file: string | null, read?: ReturnType<typeof readTextFile>): ResolvedRule => {
    if (!file || !inRepo(file)) return { id, key, dir, file: null, text: null, fileBytes: 0 };
    const r = read ?? readTextFile(joinPath(root, file), MAX_RULE_FILE_BYTES);
    if (!r.ok)
      return { id, key, dir, file, text: null, fileBytes: r.reason === "too-large" ? r.fileBytes : 0 };
    return { id, key, dir, file, text: stripFrontmatter(r.text), fileBytes: r.fileBytes };
  };
  if (id.includes("/") || /\.md$/i.test(id)) {
    const candidates = dir ? [`${dir}/${id}`, id] : [id];
    for (const c of candidates) {
      if (!inRepo(c)) continue;
      const r = readTextFile(joinPath(root, c), MAX_RULE_FILE_BYTES);
      if (r.ok || r.reason === "too-large") return found(c);
    }
    return found(null);
  }
  if (!dir) return found(null);
  let d = lookup.dirsInside.get(dir);
  if (d === undefined) {
    const place = placeInRepo(root, dir, lookup.realRoot);
    // Its files' real paths are checked against `root` below: only where that is the real root.
    d = { inside: place.inside, real: place.real && lookup.realRoot === root };
    lookup.dirsInside.set(dir, d);
  }
  if (!d.inside) return found(null);
  // The common case first: `<dir>/<ID>.md` (one open, no directory listing). In a directory that is its own
  // real path, the file's real path is what the read reports (itself, or through its own link), so it is
  // checked against the real root without resolving it again.
  const file = `${dir}/${id}.md`;
  const exact = readTextFile(joinPath(root, file), MAX_RULE_FILE_BYTES, { parentIsReal: d.real });
  if (d.real && exact.ok) {
    if (!inside(root, exact.realPath)) return found(null);
    return { id, key, dir, file, text: stripFrontmatter(exact.text), fileBytes: exact.fileBytes };
  }
  if (exact.ok || exact.reason !== "missing") return found(file, exact);
  let names = lookup.listings.get(dir);
  if (names === undefined) {
    try {
      names = readdirSync(joinPath(root, dir)).sort();
    } catch {
      names = null;
    }
    lookup.listings.set(dir, names);
  }
  if (!names) return found(null);
  const lower = id.toLowerCase();
  const hit = names.find((n) => {
    const l = n.toLowerCase();
    return l.startsWith(lower) && /[.\-_]/.test(l[lower.length] ?? "") && l.endsWith(".md");
  });
  return found(hit ? `${dir}/${hit}` : null);
}

/** Most characters of a target the header echoes; a longer one is shortened, never the rules dropped. */
export const MAX_HEADER_TARGET_CHARS = 200;

/**
 * The target as the header shows it: as written when it has at most {@link MAX_HEADER_TARGET_CHARS}
 * characters, else its first characters, `…` and its full size in UTF-8 bytes (a Bash command of 9 KB
 * would otherwise push the header past the call's byte bound and drop every rule). Pure.
 */
export function shortTarget(display: string, maxChars = MAX_HEADER_TARGET_CHARS): string {
  if (display.length <= maxChars) return display;
  let head = display.slice(0, maxChars - 40);
  // Never cut a surrogate pair in half.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head}… (${byteLen(display).toLocaleString("en-US")} bytes in all)`;
}

export interface RenderOptions {
  root: string;
  tool: string;
  display: string;
  maxRows?: number;
  maxBytes?: number;
  /** Keys already delivered in this session (skipped). */
  delivered?: Set<string>;
  /** Rule ids declared un-lowerable (always on at launch: never injected here). */
  unlowerable?: Set<string>;
  extras?: ExtraDelivery[];
}

/**
 * Renders the injection for the matched rows (see module doc). Never throws, except `DeadlineExceeded`
 * (src/fs/deadline.ts) once the hook's deadline has passed.
 */
export function renderInjection(matches: RowMatch[], opts: RenderOptions): Injection {
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const delivered = opts.delivered ?? new Set<string>();
  const unlowerable = opts.unlowerable ?? new Set<string>();
  // The root's links, the row directories and their listings, resolved once per call.
  const lookup = ruleLookup(opts.root);
  const seen = new Set<string>();
  const rows: Injection["rows"] = [];
  let candidates = 0;
  for (const m of matches) {
    checkDeadline();
    const rules: ResolvedRule[] = [];
    for (const id of m.row.rules) {
      if (unlowerable.has(id)) continue;
      const key = `rule:${m.row.dir ?? ""}:${id}`;
      if (delivered.has(key) || seen.has(key)) continue;
      seen.add(key);
      rules.push(resolveRule(opts.root, id, m.row.dir, lookup));
    }
    if (rules.length === 0) continue;
    candidates++;
    if (rows.length < maxRows) rows.push({ match: m, rules });
  }
  const extras = (opts.extras ?? []).filter((e) => !delivered.has(e.key));
  const empty: Injection = {
    text: "",
    rows: [],
    droppedRows: candidates,
    inlined: [],
    delivered: [],
    extras: [],
    sectionBytes: {},
  };
  if (rows.length === 0 && extras.length === 0) return empty;

  const NOTE_RESERVE = 160;
  const header = `agent-context: rules that apply to ${opts.tool} \`${shortTarget(opts.display)}\` — read and follow them.`;
  let text = header;
  if (byteLen(text) + NOTE_RESERVE > maxBytes) return empty;
  const listed: Injection["rows"] = [];
  for (const r of rows) {
    const m = r.match;
    const line = `\n- ${r.rules.map((x) => x.id).join(", ")}${m.row.dir ? ` → ${m.row.dir}/` : ""} (trigger \`${m.trigger}\`, ${m.row.shard}:${m.row.line})`;
    if (byteLen(text) + byteLen(line) + NOTE_RESERVE > maxBytes) break;
    text += line;
    listed.push(r);
  }
  const droppedRows = candidates - listed.length;
  if (droppedRows > 0) {
    text += `\n- (${droppedRows} more matching row${droppedRows === 1 ? "" : "s"} not listed: at most ${maxRows} rows and ${maxBytes} bytes per call; run \`agent-context route\` for all)`;
  }
  const deliveredKeys: string[] = [];
  const sectionBytes: Record<string, number> = {};
  const inlined: string[] = [];
  const pending: string[] = [];
  // A section's title is `name (about)`; one over the bound is a pointer whose parenthesis says so too.
  const addSection = (name: string, about: string, body: string | null, bytes: number, key: string) => {
    if (body !== null) {
      const sec = `\n\n=== ${name} (${about})\n${body}`;
      if (byteLen(text) + byteLen(sec) + NOTE_RESERVE <= maxBytes) {
        text += sec;
        sectionBytes[key] = byteLen(sec);
        inlined.push(name);
        deliveredKeys.push(key);
        return;
      }
    }
    const ptr = `\n\n=== ${name} (${about}, ${bytes} bytes: not inlined, over this call's ${maxBytes}-byte bound; read it)`;
    if (byteLen(text) + byteLen(ptr) + NOTE_RESERVE <= maxBytes) {
      text += ptr;
      sectionBytes[key] = byteLen(ptr);
      deliveredKeys.push(key);
    } else pending.push(name);
  };
  for (const r of listed) {
    for (const rule of r.rules) {
      if (!rule.file) {
        deliveredKeys.push(rule.key);
        continue;
      }
      addSection(rule.id, rule.file, rule.text, rule.fileBytes, rule.key);
    }
  }
  const listedExtras: ExtraDelivery[] = [];
  for (const e of extras) {
    const before = deliveredKeys.length;
    addSection(e.path, e.why, e.text, e.fileBytes, e.key);
    if (deliveredKeys.length > before) listedExtras.push(e);
  }
  if (pending.length > 0) {
    const note = `\n\n(${pending.length} more rule file${pending.length === 1 ? "" : "s"} not named: over the byte bound; run \`agent-context route\`)`;
    if (byteLen(text) + byteLen(note) <= maxBytes) text += note;
  }
  return {
    text,
    rows: listed,
    droppedRows,
    inlined,
    delivered: deliveredKeys,
    extras: listedExtras,
    sectionBytes,
  };
}
