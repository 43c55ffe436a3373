/**
 * Block-level HTML comment stripping, as Claude Code 2.1.332 does it before injecting a file.
 *
 * Only top-level HTML blocks that start with `<!--` and contain `-->` are touched: the comments inside
 * such a block are removed; if nothing but whitespace is left, the block goes together with the newlines
 * that follow it; otherwise the remainder stays. Inline comments (inside a paragraph), comments inside
 * code blocks, list items or block quotes stay. When anything was stripped the whole text comes back with
 * LF line endings (Claude Code normalises it then); when nothing was, the text is returned unchanged.
 */
import { bomShift, COMMENT, isCommentHtml, normalizeNewlines, parseMarkdown, type Root } from "./mdast.js";

export interface StripResult {
  text: string;
  /** Whether any comment block was removed. */
  stripped: boolean;
}

/** Removes block-level HTML comments. Never throws. `text` is Markdown without frontmatter. */
export function stripBlockComments(text: string): StripResult {
  if (!text.includes("<!--")) return { text, stripped: false };
  const lf = normalizeNewlines(text);
  return stripParsed(text, lf, parseMarkdown(lf));
}

/** stripBlockComments on an already parsed text: `lf` is `text` LF-normalised, `tree` its mdast. */
export function stripParsed(text: string, lf: string, tree: Root): StripResult {
  const shift = bomShift(lf);
  let out = "";
  let last = 0;
  for (const node of tree.children) {
    if (node.type !== "html" || !isCommentHtml(node.value)) continue;
    const s0 = node.position?.start.offset;
    const e0 = node.position?.end.offset;
    if (s0 === undefined || e0 === undefined) continue;
    const start = s0 + shift;
    let end = e0 + shift;
    // Claude Code's lexer ends an HTML block after the newlines that follow it.
    while (end < lf.length && lf.charCodeAt(end) === 10) end++;
    const rest = lf.slice(start, end).replace(COMMENT, "");
    out += lf.slice(last, start) + (rest.trim() ? rest : "");
    last = end;
  }
  if (last === 0) return { text, stripped: false };
  return { text: out + lf.slice(last), stripped: true };
}
