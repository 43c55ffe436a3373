/**
 * The import analysis the `import-*` rules (and the import half of `memory-symlink-escapes`) report from:
 * one pass over every file whose `@imports` Claude Code expands at launch, with the launch set, the import
 * tokens and their resolution taken from the claude-code model through the lint context's facts. Each
 * import gets at most one verdict, in the order Claude Code would give up on it (no file, outside the
 * working directory, a link leaving it, too deep). Behaviour settled on Claude Code 2.1.332
 * (docs/findings-lint.md, test/conformance/lint-cli.test.ts).
 */
import { isAbsolute } from "node:path";
import { inside, joinPath } from "../fs/paths.js";
import { readTextFile, safeRealpath, statSafe } from "../fs/read.js";
import { isImportPath } from "../markdown/imports.js";
import { normalizeNewlines, parseFrontmatter, parseMarkdown } from "../markdown/index.js";
import type { Nodes } from "../markdown/mdast.js";
import { isCommentHtml } from "../markdown/mdast.js";
import { eachBodyNode } from "../markdown/nodes.js";
import type { LintContext } from "./context.js";

/** Where an import token sits: the importing file (display path), 1-based line and UTF-16 column of `@`. */
export interface ImportPlace {
  file: string;
  line: number;
  column: number;
  /** The path as written after `@` (fragment cut). */
  token: string;
  /** Real path of the importing file (imports resolve from it). */
  from: string;
  /** Absolute resolved target. */
  target: string;
}

/** Why an import does not arrive. */
export type ImportVerdict =
  /** No file at the target. */
  | (ImportPlace & { kind: "missing" })
  /** The target lies outside the working directory and the repository: loads only after approval. */
  | (ImportPlace & { kind: "outside-cwd" })
  /** The target is a link whose real path (`real`) leaves the working directory: never loads. */
  | (ImportPlace & { kind: "symlink-escapes"; real: string })
  /** The target is `hops` imports deep, beyond the agent's hop limit, and not loaded otherwise. */
  | (ImportPlace & { kind: "beyond-hop-limit"; hops: number });

/** An `@path` inside an inline code span that names an existing file (literal text, not an import). */
export type CodeSpanImport = ImportPlace;

/**
 * An `@path` naming an existing file in a form Claude Code does not follow: right after a punctuation
 * character (`(@x.md)`, `"@x.md"`, `x!@y.md`), or inside an HTML block (`<div>@x.md</div>`).
 */
export type UnfollowedImport = ImportPlace & {
  form: "after-punctuation" | "html-block";
  /** The character right before `@` (after-punctuation), else "". */
  before: string;
};

export interface ClaudeImports {
  /** One verdict per import that does not arrive, in file order (sources in launch order). */
  verdicts: ImportVerdict[];
  /** Code-span mentions of existing files, in file order. */
  codeSpans: CodeSpanImport[];
  /** Imports the loader met whose target exists but is not a text file by its extension (skipped). */
  notText: ImportPlace[];
  /** `@path` mentions of existing files in forms Claude Code does not follow, in file order. */
  unfollowed: UnfollowedImport[];
  /** The agent's import hop limit. */
  hopLimit: number;
}

const NONE: ClaudeImports = { verdicts: [], codeSpans: [], notText: [], unfollowed: [], hopLimit: 0 };

/**
 * The import analysis of a lint context, computed once per context. Reads each expanding file once
 * (the files the model lists; their text is what the model scans). Empty when the claude-code facts are
 * unavailable.
 */
export function claudeImports(ctx: LintContext): ClaudeImports {
  return ctx.memo("claude-imports", () => analyse(ctx));
}

function analyse(ctx: LintContext): ClaudeImports {
  const facts = ctx.claude();
  if (!facts) return NONE;
  const out: ClaudeImports = {
    verdicts: [],
    codeSpans: [],
    notText: [],
    unfollowed: [],
    hopLimit: facts.hopLimit,
  };
  const launch = facts.launch();
  const abs = (p: string) => (isAbsolute(p) ? p : joinPath(ctx.root, p));
  // The launch items' absolute paths, built on first need (only an import beyond the hop limit or an
  // unfollowed mention asks; at 50,000 rules building it for nothing cost a tenth of a second).
  let loadedSet: Set<string> | undefined;
  const loaded = {
    has: (p: string) => {
      loadedSet ??= new Set(launch.items.map((i) => abs(i.path)));
      return loadedSet.has(p);
    },
  };
  // The importing file's real path (imports resolve from it), once per file, not once per import.
  const realOf = new Map<string, string>();
  const real = (p: string) => {
    let r = realOf.get(p);
    if (r === undefined) {
      r = safeRealpath(abs(p)) ?? abs(p);
      realOf.set(p, r);
    }
    return r;
  };
  // Every import edge the loader met at launch (memory files, rules — scoped ones too, since their imports
  // load — and the files they import), each with the loader's own outcome: nothing is re-scanned or
  // re-resolved here.
  for (const e of launch.imports) {
    const place = {
      file: e.from,
      line: e.line,
      column: e.column,
      token: e.token,
      from: real(e.from),
      target: e.targetAbs,
    };
    const isFile = e.status === "loaded" || e.status === "duplicate" || statSafe(e.targetAbs)?.isFile();
    if (e.status === "not-text") out.notText.push(place);
    else if (!isFile) out.verdicts.push({ ...place, kind: "missing" });
    else if (e.status === "outside-cwd") {
      if (e.realTarget !== undefined)
        out.verdicts.push({ ...place, kind: "symlink-escapes", real: e.realTarget });
      else if (!inside(ctx.root, e.targetAbs)) out.verdicts.push({ ...place, kind: "outside-cwd" });
    } else if (e.status === "beyond-hop-limit" && !loaded.has(e.targetAbs))
      out.verdicts.push({ ...place, kind: "beyond-hop-limit", hops: e.hop });
  }
  // `@path` inside a code span: literal text, not an import (the loader does not record it). Reported only
  // when it names an existing file, in every file whose imports Claude Code expands at launch: the launch
  // items, and scoped rules (their imports load although the rule itself does not).
  const sources = [
    ...new Set([
      ...launch.items.map((i) => i.path),
      ...launch.rules.filter((r) => r.scoped).map((r) => r.path),
    ]),
  ];
  for (const src of sources) {
    const r = readTextFile(abs(src));
    if (!r.ok) continue;
    // Mentions in forms the loader does not follow (it records no edge for them): reported only when
    // they name an existing file that does not load at launch anyway.
    for (const m of unfollowedMentions(r.text)) {
      const target = facts.resolveImport(r.realPath, m.target);
      if (loaded.has(target) || !statSafe(target)?.isFile()) continue;
      out.unfollowed.push({
        file: src,
        line: m.line,
        column: m.column,
        token: m.target,
        from: r.realPath,
        target,
        form: m.form,
        before: m.before,
      });
    }
    for (const span of codeSpanMentions(r.text)) {
      const target = facts.resolveImport(r.realPath, span.target);
      if (!statSafe(target)?.isFile()) continue;
      out.codeSpans.push({
        file: src,
        line: span.line,
        column: span.column,
        token: span.target,
        from: r.realPath,
        target,
      });
    }
  }
  return out;
}

/** Characters that end a sentence or clause and so often trail an `@path` in prose. */
const TRAILING_PUNCT = /[.,;:!?)\]}'"»”’>]+$/;

/** One `@path` mention Claude Code does not follow (see {@link unfollowedMentions}). */
export interface UnfollowedMention {
  target: string;
  line: number;
  column: number;
  form: UnfollowedImport["form"];
  before: string;
}

// An `@` after a punctuation character (not `\\` or a backtick), in a text node; an `@` at the start of
// an HTML node, after white space or after `>`; an `@` in a code span at its start, after white space or
// after a backtick.
const AFTER_PUNCT = /(?<=[^\s\p{L}\p{N}\\`])@([^\s]+)/gu;
const IN_HTML = /(?<=^|[\s>])@([^\s<]+)/g;
const IN_CODE = /(?<![^\s`])@([^\s`]+)/g;
// A chunk can hold an unfollowed mention only with an `@` after such a character, or HTML (`<`).
const MAY_BE_UNFOLLOWED = /[^\s\p{L}\p{N}\\`]@|</u;

/**
 * `@path` mentions Claude Code does not follow (verified on 2.1.332: the launch conformance cases
 * `emails_parentheses_and_escapes_are_not_imports` and `html_blocks_and_comments_hide_imports`), with the
 * 1-based file line and UTF-16 column of the `@`: in text, an `@` right after a punctuation character (not
 * a letter or digit, which makes an e-mail address, and not `\\`, the deliberate escape); in an HTML block
 * (not a comment), an `@` at the start, after whitespace or after `>`. The path is cut at `#` and trailing
 * punctuation, and kept only when it has the shape of an import path. Read through the Markdown fast path
 * (markdown/nodes.ts): linear in the file's size except where only the parser can tell; held equal to
 * {@link unfollowedMentionsReference} (one full parse) by test/unit/lint-mentions-fast.test.ts.
 * @param text a whole file (frontmatter included)
 */
export function unfollowedMentions(text: string): UnfollowedMention[] {
  const m = mentionBody(text);
  if (!m) return [];
  const { body, out, take } = m;
  eachBodyNode(
    body,
    { mayMatter: (t) => t.includes("@") && MAY_BE_UNFOLLOWED.test(t), runOk: punctRunOk },
    (kind, start, end, value) => {
      if (kind === "text") {
        const at = body.indexOf("@", start);
        if (at === -1 || at >= end) return;
        const raw = body.slice(start, end);
        for (const m of raw.matchAll(AFTER_PUNCT))
          take(m[1] ?? "", start + (m.index ?? 0), "after-punctuation", raw[(m.index ?? 1) - 1] ?? "");
      } else if (kind === "html") {
        const raw = body.slice(start, end);
        if (!raw.includes("@") || isCommentHtml(value ?? raw)) return;
        for (const m of raw.matchAll(IN_HTML)) take(m[1] ?? "", start + (m.index ?? 0), "html-block", "");
      }
    },
  );
  return out;
}

/**
 * True when no after-punctuation mention in the run `body[from, to)` could read differently in the
 * parser's text nodes: emphasis splits a run only at a `*` or `_`, so an `@` right after one, or one in
 * the mention's extent, sends the chunk to the parser.
 */
function punctRunOk(body: string, from: number, to: number): boolean {
  for (let at = body.indexOf("@", from); at !== -1 && at < to; at = body.indexOf("@", at + 1)) {
    const prev = body.charCodeAt(at - 1);
    if (at > from && (prev === 42 || prev === 95)) return false;
    for (let j = at + 1; j < to; j++) {
      const c = body.charCodeAt(j);
      if (c === 42 || c === 95) return false;
      if (c <= 32 ? c === 32 || (c >= 9 && c <= 13) : c > 127 && /\s/.test(body.charAt(j))) break;
    }
  }
  return true;
}

/**
 * The reference for {@link unfollowedMentions}: the same answer from one full CommonMark parse of the body.
 * Slow on large paragraphs (the parser is super-linear there); kept for the differential tests.
 */
export function unfollowedMentionsReference(text: string): UnfollowedMention[] {
  const m = mentionBody(text);
  if (!m) return [];
  const { body, out, take } = m;
  const visit = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (node.type === "text" && start !== undefined) {
      const raw = body.slice(start, end);
      for (const m of raw.matchAll(AFTER_PUNCT))
        take(m[1] ?? "", start + (m.index ?? 0), "after-punctuation", raw[(m.index ?? 1) - 1] ?? "");
      return;
    }
    if (node.type === "html" && start !== undefined) {
      if (isCommentHtml(node.value)) return;
      const raw = body.slice(start, end);
      for (const m of raw.matchAll(IN_HTML)) take(m[1] ?? "", start + (m.index ?? 0), "html-block", "");
      return;
    }
    if ("children" in node) for (const c of node.children) visit(c as Nodes);
  };
  visit(parseMarkdown(body));
  return out;
}

/**
 * What both readings of {@link unfollowedMentions} share: the file's body (frontmatter and BOM dropped, LF
 * line endings), the list they fill, and `take`, which cuts a raw mention at `#` and trailing punctuation
 * and keeps it, with its file line and column, when it has the shape of an import path. Null for a file
 * without an `@`.
 */
function mentionBody(text: string): {
  body: string;
  out: UnfollowedMention[];
  take: (raw: string, offset: number, form: UnfollowedImport["form"], before: string) => void;
} | null {
  if (!text.includes("@")) return null;
  const fm = parseFrontmatter(text);
  const body = normalizeNewlines(fm.body.replace(/^\uFEFF/, ""));
  const pos = positions(body, fm.bodyLine);
  const out: UnfollowedMention[] = [];
  const take = (raw: string, offset: number, form: UnfollowedImport["form"], before: string) => {
    const target = raw.split("#")[0]?.replace(TRAILING_PUNCT, "") ?? "";
    if (target !== "" && isImportPath(target)) out.push({ target, ...pos(offset), form, before });
  };
  return { body, out, take };
}

/** Offset → 1-based line (plus `firstLine - 1`) and UTF-16 column in `body`; offsets mostly in order. */
function positions(body: string, firstLine: number): (offset: number) => { line: number; column: number } {
  const lineStarts = [0];
  for (let i = body.indexOf("\n"); i !== -1; i = body.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + firstLine, column: offset - (lineStarts[lo] ?? 0) + 1 };
  };
}

/**
 * `@path` mentions inside inline code spans of a file's body (after the frontmatter, as Claude Code scans
 * it), with the 1-based file line and UTF-16 column of the `@`. Read through the Markdown fast path
 * (markdown/nodes.ts); held equal to {@link codeSpanMentionsReference} by the differential tests.
 * @param text a whole file (frontmatter included)
 */
export function codeSpanMentions(text: string): { target: string; line: number; column: number }[] {
  if (!/`[^`\n]*@/.test(text)) return [];
  const fm = parseFrontmatter(text);
  const body = normalizeNewlines(fm.body.replace(/^\uFEFF/, ""));
  const pos = positions(body, fm.bodyLine);
  const out: { target: string; line: number; column: number }[] = [];
  eachBodyNode(
    body,
    { mayMatter: (t) => t.includes("`") && t.includes("@"), runOk: () => true },
    (kind, start, end) => {
      if (kind !== "inlineCode") return;
      const raw = body.slice(start, end);
      if (!raw.includes("@")) return;
      for (const m of raw.matchAll(IN_CODE)) out.push({ target: m[1] ?? "", ...pos(start + (m.index ?? 0)) });
    },
  );
  return out;
}

/** The reference for {@link codeSpanMentions}: one full CommonMark parse of the body (slow; for tests). */
export function codeSpanMentionsReference(text: string): { target: string; line: number; column: number }[] {
  if (!/`[^`\n]*@/.test(text)) return [];
  const fm = parseFrontmatter(text);
  const body = normalizeNewlines(fm.body.replace(/^\uFEFF/, ""));
  const pos = positions(body, fm.bodyLine);
  const out: { target: string; line: number; column: number }[] = [];
  const visit = (node: Nodes) => {
    if (node.type === "inlineCode") {
      const start = node.position?.start.offset;
      if (start === undefined) return;
      const raw = body.slice(start, node.position?.end.offset);
      for (const m of raw.matchAll(IN_CODE)) out.push({ target: m[1] ?? "", ...pos(start + (m.index ?? 0)) });
      return;
    }
    if ("children" in node) for (const c of node.children) visit(c as Nodes);
  };
  visit(parseMarkdown(body));
  return out;
}
