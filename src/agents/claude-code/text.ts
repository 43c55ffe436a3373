/**
 * How Claude Code 2.1.332 turns a memory file, import or rule into injected text, and which import paths
 * it follows. Shared by the launch model and the rule classifier.
 */
import { homedir } from "node:os";
import { dirname, extname, isAbsolute, join } from "node:path";
import { joinPath, resolvePath } from "../../fs/paths.js";
import { normalizeClaudePaths } from "../../globs/claude.js";
import type { Frontmatter, ImportToken } from "../../markdown/index.js";
import { analyzeBody, normalizeNewlines, parseFrontmatter } from "../../markdown/index.js";

/** Claude Code reads no memory file, import or rule larger than this many bytes (4 MiB; 4 MiB loads). */
export const CLAUDE_MAX_FILE_BYTES = 4 * 1024 * 1024;

/** Imports are followed this many hops from a memory file or rule (a 5th-hop file is not loaded). */
export const CLAUDE_MAX_IMPORT_HOPS = 4;

/**
 * Extensions Claude Code treats as text when a file is reached (any file without an extension counts as
 * text too). Others are skipped ("Skipping non-text file in @include"). Copied from CLI 2.1.332.
 */
export const CLAUDE_TEXT_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    ".md .txt .text .json .yaml .yml .toml .xml .csv .html .htm .css .scss .sass .less .js .ts .tsx .jsx " +
    ".mjs .cjs .mts .cts .py .pyi .pyw .rb .erb .rake .go .rs .java .kt .kts .scala .c .cpp .cc .cxx .h " +
    ".hpp .hxx .cs .swift .sh .bash .zsh .fish .ps1 .bat .cmd .env .ini .cfg .conf .config .properties " +
    ".sql .graphql .gql .proto .vue .svelte .astro .ejs .hbs .pug .jade .php .pl .pm .lua .r .dart .ex " +
    ".exs .erl .hrl .clj .cljs .cljc .edn .hs .lhs .elm .ml .mli .f .f90 .f95 .for .cmake .make " +
    ".makefile .gradle .sbt .rst .adoc .asciidoc .org .tex .latex .lock .log .diff .patch"
  ).split(" "),
);

/** Whether Claude Code reads a file at this path as text (by its extension, case-insensitive). */
export function isTextPath(path: string): boolean {
  const ext = extname(path).toLowerCase();
  return ext === "" || CLAUDE_TEXT_EXTENSIONS.has(ext);
}

export interface ProcessedText {
  frontmatter: Frontmatter;
  /** The injected text: body, block comments stripped, trimmed. "" means the file is not injected. */
  text: string;
  /** Import tokens of the body (lines are file lines), in order. */
  imports: ImportToken[];
}

/**
 * Block comments stripped and imports found in a body as Claude Code 2.1.332 reads them. A body that starts
 * with a BOM (a file without frontmatter) keeps it as a character of its first line: that line is never a
 * comment block, a fence or indented code (found by the differential test, seed r332:257: a BOM-prefixed
 * comment-only CLAUDE.local.md loads with its comment). The returned text keeps the file's one BOM (the
 * on-read attachment carries it; the launch text is trimmed, which drops it).
 * @param opts.lfWhereCommentMarker the release's `lfWhereCommentMarker` (./release.ts): a body holding `<!--`
 *   comes back with LF line endings even when no comment block was stripped (2.1.197)
 */
export function analyzeClaudeBody(
  body: string,
  startLine: number,
  opts: { lfWhereCommentMarker?: boolean } = {},
): ReturnType<typeof analyzeBody> {
  const r = analyzeClaudeBodyText(body, startLine);
  // A release that re-joins its lexer's tokens (2.1.197) sends LF wherever it looked for comments.
  if (opts.lfWhereCommentMarker && !r.stripped.stripped && body.includes("<!--"))
    return { ...r, stripped: { text: normalizeNewlines(r.stripped.text), stripped: false } };
  return r;
}

function analyzeClaudeBodyText(body: string, startLine: number): ReturnType<typeof analyzeBody> {
  if (body.charCodeAt(0) !== 0xfeff) return analyzeBody(body, { startLine });
  // A second BOM: the Markdown parser drops the first and reads the second as text.
  const r = analyzeBody(`\ufeff${body}`, { startLine });
  const text = r.stripped.text.startsWith("\ufeff\ufeff") ? r.stripped.text.slice(1) : r.stripped.text;
  return {
    ...r,
    stripped: { ...r.stripped, text },
    imports: r.imports.map((t) => (t.line === startLine ? { ...t, column: t.column - 1 } : t)),
  };
}

/**
 * Applies Claude Code's stripping to a file's decoded text. Never throws.
 * @param opts.bomBeforeFrontmatter false for a release that looks for the frontmatter fence before
 *   dropping a leading BOM (2.1.197, see ./release.ts): such a file has no frontmatter. Default true.
 * @param opts.lfWhereCommentMarker true for a release that sends a body holding `<!--` with LF line endings
 *   even when nothing was stripped (2.1.197, ./release.ts). Default false.
 */
export function processFileText(
  raw: string,
  opts: { bomBeforeFrontmatter?: boolean; lfWhereCommentMarker?: boolean } = {},
): ProcessedText {
  const frontmatter = claudeFrontmatter(raw, opts.bomBeforeFrontmatter ?? true);
  const { stripped, imports } = analyzeClaudeBody(frontmatter.body, frontmatter.bodyLine, opts);
  return { frontmatter, text: stripped.text.trim(), imports };
}

/**
 * The frontmatter a release sees: {@link parseFrontmatter}, except that a release which does not drop a
 * leading BOM first (`bomBeforeFrontmatter` false) sees none in a file starting with one.
 */
export function claudeFrontmatter(raw: string, bomBeforeFrontmatter: boolean): Frontmatter {
  if (!bomBeforeFrontmatter && raw.charCodeAt(0) === 0xfeff)
    return { present: false, data: {}, raw: "", lenient: false, body: raw, bodyLine: 1 };
  return parseFrontmatter(raw);
}

/**
 * Resolves an import path as Claude Code does: `~/` against the home directory, absolute as given,
 * anything else against the directory of the importing file's REAL path (symlinks resolved).
 */
export function resolveImportPath(path: string, importerRealPath: string, home: string = homedir()): string {
  if (path.startsWith("~/")) return join(home, path.slice(2));
  if (isAbsolute(path)) return resolvePath(path);
  // resolve(dirname(importer), path), without path.resolve's normalising pass when both are normal already
  // (16,000 imports in bench/cap.mjs; generated paths hold it equal, test/unit/paths.test.ts).
  return resolvePath(joinPath(dirname(importerRealPath), path));
}

/**
 * Claude Code's reading of a `paths:` value: strings and lists of strings, each split at commas outside
 * braces, braces expanded (within the CLI's budget), a trailing `/**` dropped, empty entries dropped.
 * Returns undefined (unscoped) when nothing but `**` remains. One implementation serves the launch model,
 * the on-read matcher and the pointers' read-back: {@link normalizeClaudePaths} (src/globs/claude.ts,
 * settled on Claude Code 2.1.332).
 */
export function claudePathGlobs(value: unknown): string[] | undefined {
  return normalizeClaudePaths(value);
}
