/**
 * Cross-agent gaps: guidance only Claude Code can see in a repository that also serves Codex. Warnings,
 * never failures. A repository "serves Codex" when it holds an AGENTS.md or AGENTS.override.md anywhere.
 * Reported:
 * - every Markdown rule under a `.claude/rules/` directory,
 * - every file a CLAUDE.md imports with `@path` (outside code spans and fences),
 * that no AGENTS file points to. An AGENTS file "points to" a file when its text names the file's path
 * relative to the root or to the AGENTS file's own directory, or names the directory holding it with a
 * trailing slash (e.g. `.claude/rules/`). Imports of an AGENTS file itself (the common
 * `@AGENTS.md`) and files Codex loads natively are not gaps.
 */
import { dirname, join, posix } from "node:path";
import { relativeInside } from "../../fs/paths.js";
import { readTextFile, safeRealpath } from "../../fs/read.js";
import { walkFiles } from "../../fs/walk.js";
import { parseMarkdown } from "../../markdown/mdast.js";
import type { Problem } from "../../types.js";

const SKIP_DIRS = new Set([".git", "node_modules"]);
const AGENTS_NAMES = new Set(["AGENTS.md", "AGENTS.override.md"]);

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `@path` tokens in the prose of a Markdown text (code spans and fenced/indented code skipped). */
export function proseImports(text: string): string[] {
  const out: string[] = [];
  const visit = (node: { type: string; value?: string; children?: unknown[] }) => {
    if (node.type === "code" || node.type === "inlineCode" || node.type === "html") return;
    if (node.type === "text" && node.value) {
      for (const m of node.value.matchAll(/(?:^|\s)@((?:[^\s\\]|\\ )+)/g))
        out.push((m[1] as string).replace(/[.,;:)]+$/, ""));
    }
    for (const c of node.children ?? []) visit(c as typeof node);
  };
  visit(parseMarkdown(text) as unknown as { type: string; children?: unknown[] });
  return out;
}

/**
 * Finds Claude-only guidance in `root` (absolute). Returns [] when the repository holds no AGENTS file.
 * Problems name the rule or imported file (path relative to the root) and say what to add.
 */
export function crossAgentGaps(root: string): Problem[] {
  const { files } = walkFiles(root, { enterDir: (_r, name) => !SKIP_DIRS.has(name) });
  const agents = files.filter((f) => AGENTS_NAMES.has(f.rel.split("/").pop() as string));
  if (agents.length === 0) return [];
  const agentsTexts = agents.map((f) => {
    const r = readTextFile(f.path);
    return { dir: posix.dirname(f.rel), text: r.ok ? r.text : "", real: f.realPath };
  });
  const agentsReal = new Set(agents.map((f) => f.realPath));
  const pointedTo = (rel: string) =>
    agentsTexts.some(({ dir, text }) => {
      const fromDir = dir === "." ? rel : posix.relative(dir, rel);
      // Naming the file, or the directory holding it (`.claude/rules/`), tells Codex where to look.
      const parent = posix.dirname(rel);
      return (
        text.includes(rel) ||
        text.includes(fromDir) ||
        (parent.includes("/") && new RegExp(`${escapeRe(parent)}/(?![\\w.-])`).test(text))
      );
    });

  const gaps: Problem[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    if (!/(^|\/)\.claude\/rules\/.*\.md$/.test(f.rel)) continue;
    if (pointedTo(f.rel)) continue;
    seen.add(f.rel);
    gaps.push({
      file: f.rel,
      message: "Claude Code rule that Codex never sees: no AGENTS.md points to it",
      hint: `name \`${f.rel}\` in an AGENTS.md if Codex should follow it`,
    });
  }
  for (const f of files) {
    const name = f.rel.split("/").pop();
    if (name !== "CLAUDE.md") continue;
    const r = readTextFile(f.path);
    if (!r.ok) continue;
    for (const imp of proseImports(r.text)) {
      if (imp.startsWith("~") || imp.startsWith("/")) continue;
      const abs = join(dirname(f.path), imp);
      const real = safeRealpath(abs);
      if (!real || agentsReal.has(real)) continue;
      const rel = relativeInside(root, abs);
      if (rel === null || seen.has(rel)) continue;
      if (AGENTS_NAMES.has(rel.split("/").pop() as string)) continue;
      if (pointedTo(rel)) continue;
      seen.add(rel);
      gaps.push({
        file: rel,
        message: `imported by ${f.rel} for Claude Code, but no AGENTS.md points to it: Codex never sees it`,
        hint: `name \`${rel}\` in an AGENTS.md if Codex should follow it`,
      });
    }
  }
  return gaps;
}
