/**
 * One pass over a Markdown body (frontmatter already cut) for what Claude Code 2.1.332 does with it:
 * block comments stripped and `@path` imports found, on a single CommonMark parse, or none when the text
 * cannot hold a comment or an import whose reading a parse would change.
 */
import { type StripResult, stripParsed } from "./comments.js";
import { type ImportToken, mayImport, needsParse, type ScanOptions, scanNormalized } from "./imports.js";
import { normalizeNewlines, parseMarkdown } from "./mdast.js";

export interface BodyAnalysis {
  stripped: StripResult;
  imports: ImportToken[];
}

/** Same results as stripBlockComments(text) and scanImports(text, opts), with at most one parse. */
export function analyzeBody(text: string, opts: ScanOptions = {}): BodyAnalysis {
  const hasComment = text.includes("<!--");
  const hasAt = mayImport(text);
  if (!hasComment && !hasAt) return { stripped: { text, stripped: false }, imports: [] };
  const lf = normalizeNewlines(text);
  const tree = hasComment || needsParse(lf) ? parseMarkdown(lf) : undefined;
  return {
    stripped: hasComment && tree ? stripParsed(text, lf, tree) : { text, stripped: false },
    imports: hasAt ? scanNormalized(lf, tree, opts) : [],
  };
}
