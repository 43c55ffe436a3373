/**
 * Block-level HTML comment stripping, as Claude Code 2.1.332 does it before injecting a file.
 *
 * Only top-level HTML blocks that start with `<!--` and contain `-->` are touched: the comments inside
 * such a block are removed; if nothing but whitespace is left, the block goes together with the newlines
 * that follow it; otherwise the remainder stays. Inline comments (inside a paragraph), comments inside
 * code blocks, list items or block quotes stay. When anything was stripped the whole text comes back with
 * LF line endings (Claude Code normalises it then); when nothing was, the text is returned unchanged.
 * Which blocks are comment blocks is settled in body.ts (fast path, parser as the reference).
 */
import { COMMENT } from "./mdast.js";

export interface StripResult {
  text: string;
  /** Whether any comment block was removed. */
  stripped: boolean;
}

/**
 * Cuts top-level comment blocks out of `lf` (`text` LF-normalised). `ranges` holds `[start, end)` pairs
 * of the blocks in `lf` offsets, in order. Returns `text` unchanged when there are none.
 */
export function stripRanges(text: string, lf: string, ranges: number[]): StripResult {
  let out = "";
  let last = 0;
  for (let k = 0; k < ranges.length; k += 2) {
    const start = ranges[k] as number;
    let end = ranges[k + 1] as number;
    // Claude Code's lexer ends an HTML block after the newlines that follow it.
    while (end < lf.length && lf.charCodeAt(end) === 10) end++;
    const rest = lf.slice(start, end).replace(COMMENT, "");
    out += lf.slice(last, start) + (rest.trim() ? rest : "");
    last = end;
  }
  if (last === 0) return { text, stripped: false };
  return { text: out + lf.slice(last), stripped: true };
}
