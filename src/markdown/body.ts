/**
 * One pass over a Markdown body (frontmatter already cut) for what Claude Code 2.1.332 does with it:
 * block comments stripped and `@path` imports found. The CommonMark parser (micromark) is the reference;
 * the fast path of fast.ts settles most of the text without it (linear time), and the parser reads only
 * the chunks the fast path cannot settle, together in one reduced document.
 */
import { type StripResult, stripRanges } from "./comments.js";
import { eachInlineRun, plainParagraphs, planBlocks } from "./fast.js";
import {
  type ImportToken,
  mayImport,
  needsParse,
  type ScanOptions,
  scanNormalized,
  type TokenSink,
  tokenSink,
  visitTree,
} from "./imports.js";
import { bomShift, COMMENT, isCommentHtml, normalizeNewlines, parseMarkdown } from "./mdast.js";

export interface BodyAnalysis {
  stripped: StripResult;
  imports: ImportToken[];
}

/** How a chunk is read: not at all, scanned as one text run, scanned by inline runs, or parsed. */
type Mode = "skip" | "scan" | "runs" | "parse" | "defs" | "comment";

/** Statistics of the last analysis (bytes = UTF-16 code units of the body), for tests and benchmarks. */
export interface FastPathStats {
  chunks: number;
  /** Code units handed to the parser (chunks that needed it, plus the separators between them). */
  parsedUnits: number;
  /** Code units of the body. */
  units: number;
}

let lastStats: FastPathStats = { chunks: 0, parsedUnits: 0, units: 0 };

/** What the last {@link analyzeBody} call left to the parser. */
export function fastPathStats(): FastPathStats {
  return lastStats;
}

// Closes every block of the chunk before it and leaves nothing open: a blank line ends paragraphs, an
// unindented line after it ends every container, and the blank line after that ends its paragraph.
const SEPARATOR = "\nx\n\n";

const EXTENT = /@(?:[^\s\\]|\\ )+/y;

/**
 * True when no import token found in the run `text[a, b)` could end or begin differently because of
 * emphasis (runs are coarser than the parser's text nodes only where emphasis would split them).
 */
function runAgrees(text: string, a: number, b: number): boolean {
  for (let at = text.indexOf("@", a); at !== -1 && at < b; at = text.indexOf("@", at + 1)) {
    const prev = text.charCodeAt(at - 1);
    if (at > a && (prev === 42 || prev === 95)) return false;
    // The token's widest extent (TOKEN in imports.ts): non-space characters and escaped spaces.
    EXTENT.lastIndex = at;
    const end = Math.min(b, EXTENT.test(text) ? EXTENT.lastIndex : at + 1);
    for (let j = at + 1; j < end; j++) {
      const c = text.charCodeAt(j);
      if (c === 42) return false;
      if (c === 95) {
        let r = j;
        while (text.charCodeAt(r) === 95) r++;
        if (!isAlnum(text.charCodeAt(j - 1)) || !isAlnum(text.charCodeAt(r))) return false;
        j = r - 1;
      }
    }
  }
  return true;
}

/**
 * The import tokens of a chunk `t` (at `base` in the LF text) whose paragraphs `paras` the inline scanner
 * settles, or undefined when it cannot (then the chunk goes to the parser). One pass, no run list.
 */
function runTokens(t: string, paras: number[], base: number, sink: TokenSink): ImportToken[] | undefined {
  const tokens: ImportToken[] = [];
  let nextAt = t.indexOf("@");
  for (let k = 0; k < paras.length; k += 2) {
    const a = paras[k] as number;
    const ok = eachInlineRun(t.slice(a, paras[k + 1]), (s, e) => {
      const from = s + a;
      const to = e + a;
      if (nextAt !== -1 && nextAt < from) nextAt = t.indexOf("@", from);
      if (nextAt === -1 || nextAt >= to) return true; // no `@` in this run
      if (!runAgrees(t, from, to)) return false;
      sink.scanRange(t, from, to, base, tokens);
      nextAt = t.indexOf("@", to);
      return true;
    });
    if (!ok) return undefined;
  }
  return tokens;
}

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Inserts `[start, end)` into a sorted list of disjoint ranges (pairs). */
function insertRange(ranges: number[], start: number, end: number): void {
  let k = ranges.length;
  while (k > 0 && (ranges[k - 2] as number) > start) k -= 2;
  ranges.splice(k, 0, start, end);
}

/**
 * Claude Code's Markdown lexer lets a fence line interrupt a paragraph only when a newline follows it, so a
 * backtick fence line that ends the text without one is paragraph text, and its backticks can close a code
 * span opened above and hide an import (settled on Claude Code 2.1.332 and 2.1.197: fuzz h332:273, case
 * `a_fence_line_ending_the_file_without_a_newline_closes_a_code_span_that_hides_an_import`). CommonMark
 * opens a fence there. Four spaces before that line give the CommonMark reading the CLI's: after a
 * paragraph it is a continuation line with the same inline content; after any other block it is indented
 * code instead of an empty fence, and nothing follows either way. Only the last line changes, and only when
 * it holds no `@` (token positions above it are unchanged); callers skip it for text with comments.
 */
export function eofFenceAsText(text: string): string {
  if (text.endsWith("\n") || text.endsWith("\r")) return text;
  const start = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r")) + 1;
  if (start === 0) return text;
  const last = text.slice(start);
  if (!/^ {0,3}`{3,}[^`@]*$/.test(last)) return text;
  return `${text.slice(0, start)}    ${last}`;
}

/**
 * Block comments stripped and imports found, as {@link stripBlockComments} and {@link scanImports} give
 * them, in one pass. Time linear in the text's length except for the chunks only the parser can read.
 * Never throws.
 * @param text Markdown without frontmatter (CRLF, lone CR and a leading BOM allowed)
 * @param opts `startLine`: line of the text's first line in its file
 */
export function analyzeBody(text: string, opts: ScanOptions = {}): BodyAnalysis {
  const hasComment = text.includes("<!--");
  const hasAt = mayImport(text);
  lastStats = { chunks: 0, parsedUnits: 0, units: text.length };
  if (!hasComment && !hasAt) return { stripped: { text, stripped: false }, imports: [] };
  const lf = normalizeNewlines(hasComment ? text : eofFenceAsText(text));
  const shift = bomShift(lf);
  const src = shift ? lf.slice(1) : lf;
  const chunks = planBlocks(src);
  const sink = tokenSink(lf, opts);
  const modes: Mode[] = [];
  // Tokens of chunks settled by the inline scanner, by chunk, in order (none stored for a chunk without).
  const runTokensOf = new Map<number, ImportToken[]>();
  let needParser = false;
  chunks.forEach((c, i) => {
    if (c.kind === "fence") {
      modes.push("skip");
      return;
    }
    if (c.kind === "html") {
      // One top-level HTML block: only a comment block counts (stripped, its leftover scanned).
      modes.push(src.startsWith("<!--", c.start) ? "comment" : "skip");
      return;
    }
    const t = src.slice(c.start, c.end);
    const cm = hasComment && t.includes("<!--");
    const at = hasAt && mayImport(t);
    const defs = t.includes("]:");
    let mode: Mode;
    if (!cm && !at) mode = defs ? "defs" : "skip";
    else if (!cm && !needsParse(t)) mode = "scan";
    else if (defs) mode = "parse";
    else {
      // A comment inside a plain paragraph is inline HTML: never stripped (only a top-level comment block
      // is), so the paragraph's runs settle it; the scanner reads the comment itself (fast.ts inlineComment).
      const paras = plainParagraphs(t);
      const tokens = paras && runTokens(t, paras, c.start + shift, sink);
      if (tokens) {
        mode = "runs";
        if (tokens.length > 0) runTokensOf.set(i, tokens);
      } else mode = "parse";
    }
    // Link reference definitions are global: every chunk that may hold one joins the parse.
    if (mode !== "parse" && mode !== "defs" && mode !== "skip" && defs) mode = "parse";
    if (mode === "parse") needParser = true;
    modes.push(mode);
  });
  const commentRanges: number[] = [];
  // Tokens of parsed chunks, by chunk, in order.
  const parsedTokens = new Map<number, ImportToken[]>();
  if (needParser) {
    let reduced = "";
    const map: { red: number; orig: number; len: number; chunk: number }[] = [];
    chunks.forEach((c, i) => {
      if (modes[i] !== "parse" && modes[i] !== "defs") return;
      if (reduced) reduced += SEPARATOR;
      map.push({ red: reduced.length, orig: c.start, len: c.end - c.start, chunk: i });
      reduced += src.slice(c.start, c.end);
    });
    lastStats.parsedUnits = reduced.length;
    const tree = parseMarkdown(reduced);
    let last = 0;
    let owner = -1;
    const toLf = (o: number): number | undefined => {
      let k = o >= (map[last]?.red ?? 0) ? last : 0;
      while (k + 1 < map.length && (map[k + 1] as (typeof map)[0]).red <= o) k++;
      last = k;
      const m = map[k];
      if (!m || o < m.red || o >= m.red + m.len) return undefined;
      owner = m.chunk;
      return m.orig + (o - m.red) + shift;
    };
    if (hasAt) {
      const sub = tokenSink(lf, opts);
      const before = () => sub.out.length;
      const wrapped = {
        out: sub.out,
        scan(run: string, base: number, exact: boolean) {
          const n = before();
          sub.scan(run, base, exact);
          if (sub.out.length > n) {
            const list = parsedTokens.get(owner);
            const found = sub.out.splice(n);
            if (list) for (const tok of found) list.push(tok);
            else parsedTokens.set(owner, found);
          }
        },
      };
      visitTree(tree, reduced, toLf, wrapped);
    }
    if (hasComment)
      for (const node of tree.children) {
        if (node.type !== "html" || !isCommentHtml(node.value)) continue;
        const s0 = node.position?.start.offset;
        const e0 = node.position?.end.offset;
        if (s0 === undefined || e0 === undefined) continue;
        const s = toLf(s0);
        if (s === undefined) continue;
        commentRanges.push(s, s + (e0 - s0));
      }
  }
  lastStats.chunks = chunks.length;
  // Comment blocks cut out whole by planBlocks: the node is the chunk's lines, without the last newline.
  const commentLeft = new Map<number, string>();
  chunks.forEach((c, i) => {
    if (modes[i] !== "comment") return;
    let end = c.end;
    while (end > c.start && src.charCodeAt(end - 1) === 10) end--;
    const value = src.slice(c.start, end);
    if (!isCommentHtml(value)) return;
    insertRange(commentRanges, c.start + shift, end + shift);
    const rest = value.replace(COMMENT, "");
    if (rest.trim()) commentLeft.set(i, rest);
  });
  let imports: ImportToken[] = [];
  if (hasAt)
    chunks.forEach((c, i) => {
      const mode = modes[i];
      if (mode === "scan") sink.scanRange(src, c.start, c.end, shift, imports);
      else if (mode === "runs" || mode === "parse") {
        const list = (mode === "runs" ? runTokensOf : parsedTokens).get(i);
        // One chunk holding every token (a link-heavy file): taken as is, not copied.
        if (list && imports.length === 0) imports = list;
        else if (list) for (const tok of list) imports.push(tok);
      } else if (mode === "comment" && commentLeft.has(i))
        sink.scan(commentLeft.get(i) as string, c.start + shift, false, imports);
    });
  return {
    stripped: hasComment ? stripRanges(text, lf, commentRanges) : { text, stripped: false },
    imports,
  };
}

/**
 * The reference analysis: one full CommonMark parse of the whole text, no fast path. Slow (the parser is
 * super-linear on large paragraphs); kept for the differential tests that hold {@link analyzeBody} to it.
 */
export function analyzeBodyReference(text: string, opts: ScanOptions = {}): BodyAnalysis {
  const hasComment = text.includes("<!--");
  const lf = normalizeNewlines(hasComment ? text : eofFenceAsText(text));
  const tree = parseMarkdown(lf);
  const shift = bomShift(lf);
  const ranges: number[] = [];
  for (const node of tree.children) {
    if (node.type !== "html" || !isCommentHtml(node.value)) continue;
    const s0 = node.position?.start.offset;
    const e0 = node.position?.end.offset;
    if (s0 !== undefined && e0 !== undefined) ranges.push(s0 + shift, e0 + shift);
  }
  return {
    stripped: hasComment ? stripRanges(text, lf, ranges) : { text, stripped: false },
    imports: text.includes("@") ? scanNormalized(lf, tree, opts) : [],
  };
}

/**
 * Finds the `@path` imports in Markdown (without frontmatter), in document order, duplicates included.
 * Each token carries its line (offset by `opts.startLine`) and column (UTF-16 code units, of the `@`).
 * Never throws.
 */
export function scanImports(text: string, opts: ScanOptions = {}): ImportToken[] {
  if (!mayImport(text)) return [];
  return analyzeBody(text, opts).imports;
}

/**
 * Removes block-level HTML comments as Claude Code does (see comments.ts). Never throws.
 * @param text Markdown without frontmatter
 * @returns the text (LF line endings when anything was stripped, else unchanged) and whether it changed
 */
export function stripBlockComments(text: string): StripResult {
  if (!text.includes("<!--")) return { text, stripped: false };
  return analyzeBody(text).stripped;
}
