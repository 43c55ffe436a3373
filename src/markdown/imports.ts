/**
 * `@path` import tokens, as Claude Code 2.1.332 finds them (see docs/findings-claude-launch.md).
 *
 * Scanned: text in paragraphs, headings, emphasis, link text, list items, block quotes, and whatever is
 * left of a block HTML comment once its comments are cut. Not scanned: code spans, fenced and indented
 * code, other HTML, link destinations, escaped `\@`.
 * A token is `@` at the start of a text run or after whitespace (so `me@x.md` and `(@x.md)` are not
 * imports), followed by non-space characters (`\ ` escapes a space). A `#fragment` is cut. It must start
 * with `./`, `~/`, `/` (not `/` alone) or a letter, digit, `.`, `_`, `-`. Trailing punctuation is kept
 * (`@a.md.` names `a.md.`, which Claude Code then skips as a non-text extension).
 */
import type { Nodes, Root } from "./mdast.js";
import { bomShift, COMMENT, isCommentHtml } from "./mdast.js";

export interface ImportToken {
  /** The token as written, from `@` to the end (fragment included). */
  raw: string;
  /** The path it names: fragment cut, `\ ` unescaped. Not yet resolved. */
  path: string;
  /** 1-based line in the scanned text (plus `startLine - 1`). */
  line: number;
  /** 1-based column (UTF-16 code units) of the `@`. */
  column: number;
}

export interface ScanOptions {
  /** Line number of the first line of `text` in its file (default 1), e.g. a body's `bodyLine`. */
  startLine?: number;
}

const TOKEN = /(?:^|\s)@((?:[^\s\\]|\\ )+)/g;

/** Claude Code's acceptance test for an import path. */
export function isImportPath(p: string): boolean {
  if (p.startsWith("./") || p.startsWith("~/")) return true;
  if (p.startsWith("/")) return p !== "/";
  return !p.startsWith("@") && !/^[#%^&*()]+/.test(p) && /^[a-zA-Z0-9._-]/.test(p);
}

/**
 * False when no `@` in the text can start an import however it parses: every `@` follows a letter or
 * digit (emails, `a@b`), which no Markdown construct can end. Cheap; lets most files skip the parse.
 */
export function mayImport(text: string): boolean {
  return text.includes("@") && /(?:^|[^\p{L}\p{N}])@/u.test(text);
}

/**
 * True unless the text is plain enough that every `@` candidate is in a text node exactly as written:
 * no code (backtick, `~~~` fence, indented line, indented code after list or quote markers), no HTML (`<`), no link brackets, no `@` right after
 * a character that can end an inline construct or escape it, and no token that runs into a `*` or `_`
 * (emphasis would end it there). Then a parse cannot change the result.
 */
export function needsParse(lf: string): boolean {
  if (/[`<[\]]|~~~|^(?: {4}|\t)/m.test(lf)) return true;
  // Indented code inside a list item or block quote: markers followed by 5 spaces or a tab.
  if (/^(?: *(?:[-+*>]|\d{1,9}[.)]))+(?: {5}|[ ]*\t)/m.test(lf)) return true;
  if (/[^\s\p{L}\p{N}.,;:'"/?=+-]@/u.test(lf)) return true;
  // Emphasis can end a token early: `@a*b*.md` is `@a` followed by an emphasised `b`.
  return /(?:^|\s)@(?:[^\s\\]|\\ )*[*_]/u.test(lf);
}

/** Collects import tokens from runs of an LF-normalised text, with line and column in that text. */
export interface TokenSink {
  out: ImportToken[];
  /**
   * Scans one run of text. `exact`: the run starts at offset `base` of the LF text (positions per token);
   * otherwise every token is placed at `base` (a comment block's leftover, as the reference does).
   * Tokens go to `into` (default: `out`).
   */
  scan(run: string, base: number, exact: boolean, into?: ImportToken[]): void;
  /**
   * Scans `text[from, to)` as one text run, exactly as `scan(text.slice(from, to), base + from, true)`
   * would, appending the tokens to `into` (default: `out`). No allocation but the tokens; `base` is the
   * offset of `text[0]` in the sink's LF text.
   */
  scanRange(text: string, from: number, to: number, base: number, into?: ImportToken[]): void;
}

/** JavaScript's `\s` (what TOKEN's `\s` and `[^\s]` test), by UTF-16 code unit. */
function isJsSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** A sink over `lf` (LF-normalised, BOM included when present). */
export function tokenSink(lf: string, opts: ScanOptions = {}): TokenSink {
  let lineStarts: number[] | undefined;
  let cursor = 0; // the line of the last answer: tokens mostly come in order
  const where = (offset: number) => {
    if (!lineStarts) {
      lineStarts = [0];
      for (let i = lf.indexOf("\n"); i !== -1; i = lf.indexOf("\n", i + 1)) lineStarts.push(i + 1);
    }
    const n = lineStarts.length;
    if ((lineStarts[cursor] as number) <= offset) {
      let k = cursor;
      while (k + 1 < n && (lineStarts[k + 1] as number) <= offset && k < cursor + 8) k++;
      if (k + 1 >= n || (lineStarts[k + 1] as number) > offset) {
        cursor = k;
        return { line: k + (opts.startLine ?? 1), column: offset - (lineStarts[k] as number) + 1 };
      }
    }
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    cursor = lo;
    return { line: lo + (opts.startLine ?? 1), column: offset - (lineStarts[lo] as number) + 1 };
  };
  const out: ImportToken[] = [];
  // What each distinct token reads as ("" when it is no import path): a link-heavy file repeats a few
  // tokens thousands of times, and its tokens then share their strings. Bounded.
  const seen = new Map<string, { raw: string; path: string }>();
  const take = (raw: string, offset: number, into: ImportToken[]) => {
    let known = seen.get(raw);
    if (known === undefined) {
      let path = raw;
      const hash = path.indexOf("#");
      if (hash !== -1) path = path.slice(0, hash);
      if (path.includes("\\ ")) path = path.replaceAll("\\ ", " ");
      known = { raw: `@${raw}`, path: path && isImportPath(path) ? path : "" };
      if (seen.size >= 4096) seen.clear();
      seen.set(raw, known);
    }
    if (!known.path) return;
    const pos = where(offset);
    into.push({ raw: known.raw, path: known.path, line: pos.line, column: pos.column });
  };
  const scanRange = (text: string, from: number, to: number, base: number, into: ImportToken[] = out) => {
    for (let at = text.indexOf("@", from); at !== -1 && at < to; at = text.indexOf("@", at + 1)) {
      if (at > from && !isJsSpace(text.charCodeAt(at - 1))) continue;
      // TOKEN's body: non-space characters other than `\`, and `\ ` pairs, at least one.
      let j = at + 1;
      while (j < to) {
        const c = text.charCodeAt(j);
        if (c === 92) {
          if (j + 1 < to && text.charCodeAt(j + 1) === 32) j += 2;
          else break;
        } else if (isJsSpace(c)) break;
        else j++;
      }
      if (j === at + 1) continue;
      take(text.slice(at + 1, j), base + at, into);
      at = j - 1; // the token's characters start no other token
    }
  };
  const scan = (run: string, base: number, exact: boolean, into: ImportToken[] = out) => {
    TOKEN.lastIndex = 0;
    for (let m = TOKEN.exec(run); m; m = TOKEN.exec(run)) {
      const raw = m[1] ?? "";
      const at = m.index + m[0].length - raw.length - 1;
      take(raw, exact ? base + at : base, into);
    }
  };
  return { out, scan, scanRange };
}

/**
 * Feeds the text nodes and comment-block leftovers of `tree` (the mdast of `parsed`) to `sink`, in
 * document order. `toLf` maps an offset of `parsed` to the sink's text, or undefined to drop the node.
 */
export function visitTree(
  tree: Root,
  parsed: string,
  toLf: (offset: number) => number | undefined,
  sink: Pick<TokenSink, "scan">,
): void {
  const visit = (node: Nodes) => {
    switch (node.type) {
      case "code":
      case "inlineCode":
        return;
      case "html": {
        if (!isCommentHtml(node.value)) return;
        const rest = node.value.replace(COMMENT, "");
        const base = toLf(node.position?.start.offset ?? 0);
        if (rest.trim() && base !== undefined) sink.scan(rest, base, false);
        return;
      }
      case "text": {
        const s0 = node.position?.start.offset;
        const e0 = node.position?.end.offset;
        // The source slice, as Claude Code's lexer sees it (entities and escapes not decoded).
        if (s0 !== undefined && e0 !== undefined) {
          const base = toLf(s0);
          if (base !== undefined) sink.scan(parsed.slice(s0, e0), base, true);
        } else sink.scan(node.value, 0, false);
        return;
      }
      default:
        if ("children" in node) for (const c of node.children) visit(c as Nodes);
    }
  };
  visit(tree);
}

/**
 * The reference scan: LF-normalised text and its full mdast `tree` (undefined: the text needs no parse,
 * see needsParse). The fast path (analyzeBody) is held equal to this by the differential tests.
 */
export function scanNormalized(lf: string, tree: Root | undefined, opts: ScanOptions = {}): ImportToken[] {
  const sink = tokenSink(lf, opts);
  const shift = bomShift(lf);
  if (tree) visitTree(tree, shift ? lf.slice(shift) : lf, (o) => o + shift, sink);
  else sink.scan(lf.slice(shift), shift, true);
  return sink.out;
}
