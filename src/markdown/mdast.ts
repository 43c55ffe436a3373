/** CommonMark parsing shared by the markdown room (mdast-util-from-markdown, no GFM: as Claude Code lexes). */
import type { Nodes, Root } from "mdast";
import { lazyFromMarkdown } from "./lazy.js";

export type { Nodes, Root };

/** Normalises line endings the way Claude Code does before lexing (CRLF and lone CR become LF). */
export function normalizeNewlines(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/**
 * Parses LF-normalised Markdown into an mdast tree with positions. micromark drops a leading BOM, so
 * offsets are relative to the text without it; {@link bomShift} gives the correction.
 */
export function parseMarkdown(lfText: string): Root {
  return lazyFromMarkdown()(lfText);
}

/** 1 when the text starts with a BOM (node offsets must be shifted by it), else 0. */
export function bomShift(text: string): number {
  return text.charCodeAt(0) === 0xfeff ? 1 : 0;
}

/** True for an HTML node Claude Code treats as a comment: it starts with `<!--` and closes with `-->`. */
export function isCommentHtml(value: string): boolean {
  const v = value.trimStart();
  return v.startsWith("<!--") && v.includes("-->");
}

export const COMMENT = /<!--[\s\S]*?-->/g;
