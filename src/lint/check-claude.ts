/**
 * The Claude Code lint rules: imports (missing, near misses, beyond the hop limit, outside the working
 * directory, in a code span by accident), rule scopes the agent does not recognise, dead scoped rules and
 * rules that silently cost launch context. Classification, import scanning and the launch set come from
 * the claude-code model through ./sources.ts; behaviour settled on Claude Code 2.1.332
 * (docs/findings-lint.md, test/e2e/lint-cli.test.ts).
 */
import { readdirSync } from "node:fs";
import { isAbsolute, join, sep } from "node:path";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from "yaml";
import { displayPath, inside, relativeInside } from "../fs/paths.js";
import { readTextFile, safeRealpath, statSafe } from "../fs/read.js";
import { compileClaudeGlobs } from "../globs/claude.js";
import { normalizeNewlines, parseFrontmatter, parseMarkdown } from "../markdown/index.js";
import type { Nodes } from "../markdown/mdast.js";
import type { Diagnostic } from "../report/diagnostic.js";
import { fixRuleText } from "./fix.js";
import type { LintContext } from "./index.js";
import { RULES } from "./rules.js";
import { type ClaudeFacts, claudeFacts } from "./sources.js";

/** Characters that end a sentence or clause and so often trail an `@path` by accident. */
const TRAILING_PUNCT = /[.,;:!?)\]}'"»”’]+$/;

function diag(
  rule: { id: string; defaultSeverity: "error" | "warning" | "info" },
  file: string,
  line: number,
  column: number,
  message: string,
  help: string,
  fixable?: boolean,
): Diagnostic {
  return {
    ruleId: rule.id,
    file,
    line,
    column,
    severity: rule.defaultSeverity,
    message,
    help,
    ...(fixable ? { fixable } : {}),
  };
}

/** Finds an existing path that equals `abs` ignoring letter case, segment by segment, or null. */
export function caseInsensitiveMatch(abs: string): string | null {
  const parts = abs.split(sep).filter(Boolean);
  let cur: string = sep;
  for (const p of parts) {
    let names: string[];
    try {
      names = readdirSync(cur);
    } catch {
      return null;
    }
    const exact = names.includes(p) ? p : names.find((n) => n.toLowerCase() === p.toLowerCase());
    if (!exact) return null;
    cur = join(cur, exact);
  }
  return cur === abs ? null : cur;
}

/** Shows an absolute path relative to the root when inside it. */
function show(ctx: LintContext, abs: string): string {
  return displayPath(abs, ctx.root);
}

/** The import checks over every file of the launch set whose imports Claude Code expands. */
export function checkImports(
  ctx: LintContext,
  facts: ClaudeFacts | null = claudeFacts(ctx.root),
): Diagnostic[] {
  if (!facts) return [];
  const out: Diagnostic[] = [];
  const launch = facts.launch();
  const loaded = new Set(launch.items.map((i) => (isAbsolute(i.path) ? i.path : join(ctx.root, i.path))));
  const depth = new Map<string, number>();
  const depthOf = (path: string): number => {
    const known = depth.get(path);
    if (known !== undefined) return known;
    const item = launch.items.find((i) => i.path === path);
    const d = item?.importedBy ? depthOf(item.importedBy) + 1 : 0;
    depth.set(path, d);
    return d;
  };
  // Every file whose imports Claude Code expands at launch: the launch items, and scoped rules (their
  // imports load at launch although the rule itself does not).
  const sources: { path: string; depth: number }[] = launch.items
    .filter((i) => facts.expandsImports(i))
    .map((i) => ({ path: i.path, depth: depthOf(i.path) }));
  const seen = new Set(sources.map((s) => s.path));
  for (const rule of facts.rules())
    if (rule.scoped && !seen.has(rule.path)) sources.push({ path: rule.path, depth: 0 });
  for (const src of sources) {
    const abs = isAbsolute(src.path) ? src.path : join(ctx.root, src.path);
    const r = readTextFile(abs);
    if (!r.ok) continue;
    const d = src.depth;
    const item = { path: src.path };
    const from = r.realPath;
    for (const imp of facts.scanImports(r.text)) {
      const target = facts.resolveImport(from, imp.target);
      const at = (rule: Parameters<typeof diag>[0], message: string, help: string) =>
        out.push(diag(rule, item.path, imp.line, imp.column, message, help));
      const st = statSafe(target);
      if (!st?.isFile()) {
        const trimmed = imp.target.replace(TRAILING_PUNCT, "");
        const trimmedAbs = trimmed !== imp.target ? facts.resolveImport(from, trimmed) : null;
        const cased = caseInsensitiveMatch(target);
        let help = "fix the path (imports resolve relative to the importing file) or remove the import";
        if (trimmedAbs && statSafe(trimmedAbs)?.isFile()) {
          help = `remove the trailing "${imp.target.slice(trimmed.length)}" (Claude Code keeps it as part of the path): @${trimmed} exists`;
        } else if (cased) {
          help = `write the path with its real letter case, ${show(ctx, cased)}: it resolves on case-insensitive file systems (macOS, Windows) but not on Linux`;
        }
        // A token that names no file-like path (no extension: `@inject/Provide`, `@team`) was probably
        // not meant as an import: still reported (Claude Code tries it), as a warning with the escape.
        const fileLike = /\.[A-Za-z0-9]+$/.test(trimmed);
        if (!fileLike && !cased && help.startsWith("fix the path"))
          help =
            'if this is not meant as an import, escape it as "\\@" or put it in a code span; else fix the path';
        out.push({
          ...diag(
            RULES.importMissing,
            item.path,
            imp.line,
            imp.column,
            `@${imp.target} resolves to no file, so nothing is imported`,
            help,
          ),
          severity: fileLike || cased ? "error" : "warning",
        });
        continue;
      }
      if (!inside(launch.cwd, target) && !inside(ctx.root, target)) {
        at(
          RULES.importOutsideCwd,
          `@${imp.target} points outside the working directory (${show(ctx, target)}); Claude Code loads it only after the user approves it, and never in a non-interactive run`,
          "copy the file into the repository, or leave it out and say where to find it",
        );
        continue;
      }
      const real = safeRealpath(target) ?? target;
      if (!inside(launch.cwd, real)) {
        at(
          RULES.memorySymlinkEscapes,
          `@${imp.target} is a symlink to ${real}, outside the repository; Claude Code does not load an import whose real path lies outside the working directory, so it never arrives`,
          "copy the file into the repository (or remove the link) so what the agent reads is versioned with the code",
        );
        continue;
      }
      if (d + 1 > facts.hopLimit && !loaded.has(target)) {
        at(
          RULES.importBeyondHopLimit,
          `@${imp.target} is ${d + 1} imports deep; Claude Code follows ${facts.hopLimit} hops, so ${show(ctx, target)} never loads`,
          "import the file from a shallower file (closer to CLAUDE.md), or inline it",
        );
      }
    }
    // `@path` inside a code span: literal text. Flag it only when it names an existing file.
    for (const span of codeSpanMentions(r.text)) {
      const target = facts.resolveImport(from, span.target);
      if (!statSafe(target)?.isFile()) continue;
      out.push(
        diag(
          RULES.importInCodeSpan,
          item.path,
          span.line,
          span.column,
          `\`@${span.target}\` is inside a code span, so it is literal text and ${show(ctx, target)} is not imported`,
          `remove the backticks to import the file; if the literal text is intended, write the path without "@"`,
        ),
      );
    }
  }
  return out;
}

/**
 * `@path` mentions inside inline code spans of a file's body (after the frontmatter, as Claude Code scans
 * it), with the 1-based file line and column of the `@`. Parsed with the markdown room's parser.
 */
export function codeSpanMentions(text: string): { target: string; line: number; column: number }[] {
  if (!/`[^`\n]*@/.test(text)) return [];
  const fm = parseFrontmatter(text);
  const body = normalizeNewlines(fm.body.replace(/^\uFEFF/, ""));
  const out: { target: string; line: number; column: number }[] = [];
  const lineStarts = [0];
  for (let i = 0; i < body.length; i++) if (body.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const pos = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + fm.bodyLine, column: offset - (lineStarts[lo] ?? 0) + 1 };
  };
  const visit = (node: Nodes) => {
    if (node.type === "inlineCode") {
      const start = node.position?.start.offset;
      if (start === undefined) return;
      const raw = body.slice(start, node.position?.end.offset);
      for (const m of raw.matchAll(/(?<![^\s`])@([^\s`]+)/g))
        out.push({ target: m[1] ?? "", ...pos(start + (m.index ?? 0)) });
      return;
    }
    if ("children" in node) for (const c of node.children) visit(c as Nodes);
  };
  visit(parseMarkdown(body));
  return out;
}

interface KeyPlace {
  line: number;
  column: number;
}

/** Where a key path sits in a YAML document (1-based, relative to the YAML text), or null. */
function keyPlace(doc: ReturnType<typeof parseDocument>, lc: LineCounter, path: string[]): KeyPlace | null {
  let node: unknown = doc.contents;
  let place: KeyPlace | null = null;
  for (const k of path) {
    if (!isMap(node)) return null;
    const pair = node.items.find((p) => isScalar(p.key) && p.key.value === k);
    if (!pair) return null;
    const range = (pair.key as YamlNode).range;
    if (range) place = { line: lc.linePos(range[0]).line, column: lc.linePos(range[0]).col };
    node = pair.value;
  }
  return place;
}

/** Finds `paths`/`globs` keys nested below the top level of a YAML value; returns their key paths. */
function nestedScopeKeys(node: unknown, path: string[] = [], out: string[][] = []): string[][] {
  if (isMap(node)) {
    for (const p of node.items) {
      const k = isScalar(p.key) ? String(p.key.value) : "";
      if (path.length > 0 && (k === "paths" || k === "globs")) out.push([...path, k]);
      nestedScopeKeys(p.value, [...path, k], out);
    }
  } else if (isSeq(node)) {
    node.items.forEach((v, i) => {
      nestedScopeKeys(v, [...path, String(i)], out);
    });
  }
  return out;
}

/**
 * Why a rule that Claude Code treats as unscoped is unscoped, when the author clearly meant a scope.
 * Returns diagnostics (one per distinct cause) or [] when nothing suggests a scope was meant.
 */
export function scopeDiagnostics(relPath: string, text: string, facts: ClaudeFacts): Diagnostic[] {
  const out: Diagnostic[] = [];
  const fm = facts.frontmatter(text);
  const fixed = fixRuleText(text, (t) => facts.classifyText(t).scoped);
  const fixable = (id: string) => fixed?.ruleIds.includes(id) === true;
  if (!fm.present) {
    // Frontmatter later in the file: the same parser, applied from the first `---` line on.
    const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
    const idx = lines.findIndex((l, i) => i > 0 && /^---\s*$/.test(l));
    if (idx > 0) {
      const later = facts.frontmatter(lines.slice(idx).join("\n"));
      if (later.present && /^(paths|globs)\s*:/m.test(later.raw)) {
        out.push(
          diag(
            RULES.ruleFrontmatterNotFirst,
            relPath,
            idx + 1,
            1,
            `the frontmatter starts on line ${idx + 1}, not the first line, so Claude Code injects it as text and loads the rule every session`,
            "move the `---` block to the very first line of the file (no blank line or heading before it)",
          ),
        );
      }
    }
    return out;
  }
  const lc = new LineCounter();
  const doc = parseDocument(fm.raw, { lineCounter: lc, keepSourceTokens: true });
  const base = fm.startLine; // line of the opening `---` (1-based); YAML line 1 is base + 1
  const topGlobs = /^globs\s*:/m.test(fm.raw);
  const topPaths = /^paths\s*:/m.test(fm.raw);
  if (fm.error) {
    if (topGlobs || topPaths) {
      out.push(
        diag(
          RULES.ruleFrontmatterYaml,
          relPath,
          base + fm.error.line,
          fm.error.column,
          `the frontmatter is not valid YAML (${fm.error.message}), so Claude Code ignores its scope and loads the rule every session`,
          fixable(RULES.ruleFrontmatterYaml.id)
            ? 'quote the glob, e.g. `- "**/*.ts"` (a plain `*` starts a YAML alias)'
            : "fix the YAML (quote globs that start with `*`, `{`, `[`, `@` or a backtick)",
          fixable(RULES.ruleFrontmatterYaml.id),
        ),
      );
    }
  }
  if (topGlobs && !topPaths) {
    const line = fm.raw.split(/\r?\n/).findIndex((l) => /^globs\s*:/.test(l));
    out.push(
      diag(
        RULES.ruleGlobsKey,
        relPath,
        base + line + 1,
        1,
        "`globs:` is another agent's key (Cursor's); Claude Code ignores it, so this rule loads on every session",
        "rename `globs:` to `paths:`",
        fixable(RULES.ruleGlobsKey.id),
      ),
    );
  }
  if (fm.error) return out;
  const data = doc.contents;
  if (topPaths && isMap(data)) {
    const v = data.get("paths", true);
    const empty =
      v === undefined ||
      v === null ||
      (isScalar(v) && (v.value === null || String(v.value).trim() === "")) ||
      (isSeq(v) && v.items.length === 0);
    if (empty) {
      const p = keyPlace(doc, lc, ["paths"]);
      out.push(
        diag(
          RULES.rulePathsEmpty,
          relPath,
          base + (p?.line ?? 1),
          p?.column ?? 1,
          "`paths:` is empty, so Claude Code treats the rule as unscoped and loads it every session",
          "list the globs the rule applies to under `paths:` (or delete the key if the rule really applies everywhere)",
        ),
      );
    }
  }
  if (!topPaths) {
    for (const kp of nestedScopeKeys(data)) {
      const p = keyPlace(doc, lc, kp);
      out.push(
        diag(
          RULES.rulePathsNested,
          relPath,
          base + (p?.line ?? 1),
          p?.column ?? 1,
          `\`${kp.join(".")}\` is nested under another key; Claude Code reads only a top-level \`paths:\`, so the rule loads every session`,
          "move `paths:` to the top level of the frontmatter (no indentation)",
        ),
      );
    }
  }
  return out;
}

/**
 * Whether a scoped rule's globs match at least one repository file, with Claude Code's own matcher
 * (gitignore lines, case-insensitive, relative to the directory holding `.claude/`; src/globs/claude.ts,
 * settled on 2.1.332 by the on-read model). Repository files are relative to `root`.
 */
function rulesGlobsMatchSomething(
  globs: readonly string[],
  base: string,
  root: string,
  files: readonly string[],
): boolean {
  const prefix = relativeInside(root, base);
  if (prefix === null) return true; // a base outside the repository: not ours to judge
  const m = compileClaudeGlobs(globs);
  for (const f of files) {
    if (prefix !== "" && !f.startsWith(`${prefix}/`)) continue;
    if (m.match(prefix === "" ? f : f.slice(prefix.length + 1)) !== null) return true;
  }
  return false;
}

/** Rule-file checks: scopes not recognised, dead scoped rules, rules silently costing launch context. */
export function checkRules(
  ctx: LintContext,
  facts: ClaudeFacts | null = claudeFacts(ctx.root),
): Diagnostic[] {
  if (!facts) return [];
  const out: Diagnostic[] = [];
  const unlowerable = new Set((ctx.config.unlowerable ?? []).map((u) => u.replace(/^\.\//, "")));
  const routed = facts.routedFiles();
  for (const rule of facts.rules()) {
    const r = readTextFile(rule.absPath);
    if (!r.ok) continue;
    if (rule.scoped) {
      if (rule.globs.length > 0 && !rulesGlobsMatchSomething(rule.globs, rule.base, ctx.root, ctx.files())) {
        out.push(
          diag(
            RULES.ruleDeadGlob,
            rule.path,
            1,
            1,
            `no file in the repository matches ${rule.globs.map((g) => `\`${g}\``).join(", ")}, so this scoped rule never loads`,
            "fix the globs (they are relative to the directory holding .claude/), or delete the rule if its files are gone",
          ),
        );
      }
      continue;
    }
    const why = scopeDiagnostics(rule.path, r.text, facts);
    out.push(...why);
    if (why.length > 0) continue;
    if (unlowerable.has(rule.path) || routed.has(rule.path)) continue;
    out.push(
      diag(
        RULES.ruleUnscoped,
        rule.path,
        1,
        1,
        `this rule has no \`paths:\` scope, is not routed and is not declared un-lowerable, so its ${rule.text.length > 0 ? Buffer.byteLength(rule.text) : 0} bytes load on every session`,
        'add `paths:` frontmatter so it loads only for matching files, route it from a router shard, or declare it in .agent-context.json "unlowerable" if no file reveals when it applies',
      ),
    );
  }
  return out;
}
