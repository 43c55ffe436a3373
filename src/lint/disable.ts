/**
 * Inline disable comments in instruction files, as ESLint's: an HTML comment that is a block of its own
 * (a top-level CommonMark HTML block starting `<!--`, the form Claude Code strips before injecting the
 * file, so it costs nothing there; docs/commands/lint.md says what it costs in each agent):
 * - `<!-- agent-context-disable -->`: no finding in this file;
 * - `<!-- agent-context-disable rule-a, rule-b -->`: no finding of those rules in this file;
 * - `<!-- agent-context-disable-next-line [rule-a ...] -->`: none (of those rules) on the line after the
 *   comment's last line.
 * A comment inside a paragraph, a list, a quote or a code block is not a directive. Rule ids are separated
 * by commas or spaces; text after ` -- ` is a note. Files are read only when a finding lands in them, and
 * parsed only when they hold the marker.
 */
import { join } from "node:path";
import { readTextFile } from "../fs/read.js";
import { isCommentHtml, normalizeNewlines, parseMarkdown } from "../markdown/index.js";
import type { Finding } from "../model/finding.js";

const MARKER = "agent-context-disable";
const DIRECTIVE = /^\s*agent-context-disable(-next-line)?(?:\s+([\s\S]*?))?\s*$/;

/** One directive: the rule ids it names (empty: every rule) and the line it covers (undefined: the file). */
export interface Directive {
  ruleIds: string[];
  line?: number;
  /** 1-based line of the comment. */
  at: number;
}

/** The directives of a Markdown text (frontmatter allowed), in order. Never throws. */
export function disableDirectives(text: string): Directive[] {
  if (!text.includes(MARKER)) return [];
  const lf = normalizeNewlines(text);
  const out: Directive[] = [];
  let root: ReturnType<typeof parseMarkdown>;
  try {
    root = parseMarkdown(lf);
  } catch {
    return [];
  }
  for (const node of root.children) {
    if (node.type !== "html" || !isCommentHtml(node.value) || !node.value.includes(MARKER)) continue;
    const first = node.position?.start.line ?? 1;
    for (const m of node.value.matchAll(/<!--([\s\S]*?)-->/g)) {
      const d = DIRECTIVE.exec(m[1] ?? "");
      if (!d) continue;
      const body = (d[2] ?? "").split(/\s--\s/)[0] ?? "";
      const ruleIds = body.split(/[\s,]+/).filter(Boolean);
      const before = node.value.slice(0, (m.index ?? 0) + m[0].length);
      const last = first + (before.match(/\n/g)?.length ?? 0);
      const at = first + (node.value.slice(0, m.index ?? 0).match(/\n/g)?.length ?? 0);
      out.push({ ruleIds, at, ...(d[1] ? { line: last + 1 } : {}) });
    }
  }
  return out;
}

/** True when a directive silences finding `f`. */
function silences(d: Directive, f: Finding): boolean {
  if (d.ruleIds.length > 0 && !d.ruleIds.includes(f.ruleId)) return false;
  return d.line === undefined || d.line === (f.line ?? 1);
}

/**
 * The findings the disable comments of their files leave: each file holding a finding (inside the
 * repository at `root`) is read once and its directives applied.
 */
export function applyDisableComments(findings: readonly Finding[], root: string): Finding[] {
  const byFile = new Map<string, Directive[]>();
  const directivesOf = (file: string): Directive[] => {
    let ds = byFile.get(file);
    if (ds === undefined) {
      const r = file.startsWith("/") ? null : readTextFile(join(root, file));
      ds = r?.ok ? disableDirectives(r.text) : [];
      byFile.set(file, ds);
    }
    return ds;
  };
  return findings.filter((f) => !directivesOf(f.file).some((d) => silences(d, f)));
}
