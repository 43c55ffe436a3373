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
import { bomShift, COMMENT, isCommentHtml, normalizeNewlines, parseMarkdown } from "./mdast.js";

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
 * Finds the `@path` imports in Markdown (without frontmatter), in document order, duplicates included.
 * Never throws.
 */
export function scanImports(text: string, opts: ScanOptions = {}): ImportToken[] {
  if (!mayImport(text)) return [];
  const lf = normalizeNewlines(text);
  return scanNormalized(lf, needsParse(lf) ? parseMarkdown(lf) : undefined, opts);
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
 * no code (backtick, `~~~` fence, indented line), no HTML (`<`), no link brackets, and no `@` right after
 * a character that can end an inline construct or escape it. Then a parse cannot change the result.
 */
export function needsParse(lf: string): boolean {
  if (/[`<[\]]|~~~|^(?: {4}|\t)/m.test(lf)) return true;
  return /[^\s\p{L}\p{N}.,;:'"/?=+-]@/u.test(lf);
}

/** Scans LF-normalised text; `tree` is its mdast (undefined: the text needs no parse, see needsParse). */
export function scanNormalized(lf: string, tree: Root | undefined, opts: ScanOptions = {}): ImportToken[] {
  const lineStarts = [0];
  for (let i = 0; i < lf.length; i++) if (lf.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const where = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + (opts.startLine ?? 1), column: offset - (lineStarts[lo] as number) + 1 };
  };
  const out: ImportToken[] = [];
  const shift = bomShift(lf);
  /** Scans a run of text that starts at `base` in `lf` (or, for comment leftovers, at its node). */
  const scan = (run: string, base: number, exact: boolean) => {
    TOKEN.lastIndex = 0;
    for (let m = TOKEN.exec(run); m; m = TOKEN.exec(run)) {
      const raw = m[1] ?? "";
      let path = raw;
      const hash = path.indexOf("#");
      if (hash !== -1) path = path.slice(0, hash);
      if (!path) continue;
      path = path.replaceAll("\\ ", " ");
      if (!path || !isImportPath(path)) continue;
      const at = m.index + m[0].length - raw.length - 1;
      const pos = where(exact ? base + at : base);
      out.push({ raw: `@${raw}`, path, ...pos });
    }
  };
  const visit = (node: Nodes) => {
    switch (node.type) {
      case "code":
      case "inlineCode":
        return;
      case "html": {
        if (!isCommentHtml(node.value)) return;
        const rest = node.value.replace(COMMENT, "");
        if (rest.trim()) scan(rest, (node.position?.start.offset ?? 0) + shift, false);
        return;
      }
      case "text": {
        const s0 = node.position?.start.offset;
        const e0 = node.position?.end.offset;
        // The source slice, as Claude Code's lexer sees it (entities and escapes not decoded).
        if (s0 !== undefined && e0 !== undefined) scan(lf.slice(s0 + shift, e0 + shift), s0 + shift, true);
        else scan(node.value, 0, false);
        return;
      }
      default:
        if ("children" in node) for (const c of node.children) visit(c as Nodes);
    }
  };
  if (tree) visit(tree);
  else scan(lf.slice(shift), shift, true);
  return out;
}
