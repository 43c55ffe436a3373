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
import { posix } from "node:path";
import { relativeInside } from "../../fs/paths.js";
import { readTextFile, safeRealpath } from "../../fs/read.js";
import { walkFiles } from "../../fs/walk.js";
import type { Finding } from "../../model/index.js";
import { processFileText, resolveImportPath } from "../claude-code/text.js";

const SKIP_DIRS = new Set([".git", "node_modules"]);
const AGENTS_NAMES = new Set(["AGENTS.md", "AGENTS.override.md"]);

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * `@path` tokens of a Markdown text as Claude Code reads them (frontmatter, code spans, fences and
 * comments excluded; the claude-code model's own scanner, settled on Claude Code 2.1.332), each with
 * trailing sentence punctuation cut (a gap report names the file the author meant).
 */
export function proseImports(text: string): string[] {
  return processFileText(text).imports.map((t) => t.path.replace(/[.,;:)]+$/, ""));
}

/**
 * Finds Claude-only guidance in `root` (absolute). Returns [] when the repository holds no AGENTS file.
 * Directory links leaving the repository are not followed (nothing outside it is guidance it holds).
 * Problems name the rule or imported file (path relative to the root) and say what to add.
 */
export function crossAgentGaps(root: string): Finding[] {
  // The repository's own files only: a rules directory linking to `/` must not make this a walk of the
  // machine (before: 100,000 entries and every AGENTS.md found there read, 10 s of CPU per launch).
  const { files } = walkFiles(root, {
    enterDir: (_r, name) => !SKIP_DIRS.has(name),
    stayInside: safeRealpath(root) ?? root,
  });
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

  const gaps: Finding[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    if (!/(^|\/)\.claude\/rules\/.*\.md$/.test(f.rel)) continue;
    if (pointedTo(f.rel)) continue;
    seen.add(f.rel);
    gaps.push({
      ruleId: "cross-agent-gap",
      severity: "warning",
      file: f.rel,
      message: "Claude Code rule that Codex never sees: no AGENTS.md points to it",
      help: `name \`${f.rel}\` in an AGENTS.md if Codex should follow it`,
    });
  }
  for (const f of files) {
    const name = f.rel.split("/").pop();
    if (name !== "CLAUDE.md") continue;
    const r = readTextFile(f.path);
    if (!r.ok) continue;
    for (const imp of proseImports(r.text)) {
      if (imp.startsWith("~") || imp.startsWith("/")) continue;
      const abs = resolveImportPath(imp, f.realPath);
      const real = safeRealpath(abs);
      if (!real || agentsReal.has(real)) continue;
      const rel = relativeInside(root, abs);
      if (rel === null || seen.has(rel)) continue;
      if (AGENTS_NAMES.has(rel.split("/").pop() as string)) continue;
      if (pointedTo(rel)) continue;
      seen.add(rel);
      gaps.push({
        ruleId: "cross-agent-gap",
        severity: "warning",
        file: rel,
        message: `imported by ${f.rel} for Claude Code, but no AGENTS.md points to it: Codex never sees it`,
        help: `name \`${rel}\` in an AGENTS.md if Codex should follow it`,
      });
    }
  }
  return gaps;
}
