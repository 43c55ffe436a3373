/** The markdown room: frontmatter, block HTML comments and `@path` imports, as Claude Code reads them. */

export {
  analyzeBody,
  analyzeBodyReference,
  type BodyAnalysis,
  eofFenceAsText,
  type FastPathStats,
  fastPathStats,
  scanImports,
  stripBlockComments,
} from "./body.js";
export type { StripResult } from "./comments.js";
export {
  type Frontmatter,
  type FrontmatterBlock,
  type FrontmatterError,
  locateFrontmatter,
  parseFrontmatter,
  simpleYaml,
} from "./frontmatter.js";
export {
  type ImportToken,
  isImportPath,
  mayImport,
  needsParse,
  type ScanOptions,
} from "./imports.js";
export { bomShift, isCommentHtml, normalizeNewlines, parseMarkdown } from "./mdast.js";
