/**
 * The rule files the `rule-*` lint rules report on, and their frontmatter parsed once for all of them:
 * the list and each rule's classification (scoped or not, its globs, its base directory) come from the
 * claude-code model through the lint context's facts; the YAML document is parsed here only to place a
 * finding on the key or value it is about. Behaviour settled on Claude Code 2.1.332 (docs/findings-lint.md).
 */
import { type Document, isMap, isScalar, LineCounter, parseDocument } from "yaml";
import { readTextFile } from "../fs/read.js";
import type { RuleRecord } from "../model/index.js";
import type { LintContext } from "./context.js";
import type { FixResult } from "./fix.js";
import type { FrontmatterInfo } from "./sources.js";

/** A readable rule file and its text. */
export interface RuleSource {
  rule: RuleRecord;
  text: string;
}

/**
 * Every readable rule file of the repository, in the model's order (an unreadable one is the loader's
 * finding, not lint's). Computed once per context; empty when the claude-code facts are unavailable.
 */
export function ruleSources(ctx: LintContext): RuleSource[] {
  return ctx.memo("rule-sources", () => {
    const facts = ctx.claude();
    if (!facts) return [];
    const out: RuleSource[] = [];
    for (const rule of facts.rules()) {
      const r = readTextFile(rule.absPath);
      if (r.ok) out.push({ rule, text: r.text });
    }
    return out;
  });
}

/** A rule's frontmatter as the `rule-*` rules inspect it. */
export interface RuleFrontmatter {
  /** The frontmatter as the claude-code model reads it (absent, raw YAML, its error). */
  fm: FrontmatterInfo;
  /** The YAML document (with a line counter) for placing findings; parsed from `fm.raw`. */
  doc: Document.Parsed;
  lc: LineCounter;
  /** 1-based file line of the opening `---`; YAML line 1 is `base + 1`. */
  base: number;
  /** Whether the YAML has a top-level `globs:` / `paths:` line. */
  topGlobs: boolean;
  topPaths: boolean;
  /** The safe `--fix` of the file (every fixable rule together), or null. */
  fix: FixResult | null;
}

/**
 * The parsed frontmatter of an unscoped rule file, computed once per context and file. Null when the
 * claude-code facts are unavailable.
 */
export function ruleFrontmatter(ctx: LintContext, src: RuleSource): RuleFrontmatter | null {
  return ctx.memo(`rule-frontmatter:${src.rule.path}`, () => parseRuleFrontmatter(ctx, src));
}

/** {@link ruleFrontmatter} without the per-file memo (for {@link unscopedRules}, itself computed once). */
function parseRuleFrontmatter(ctx: LintContext, src: RuleSource): RuleFrontmatter | null {
  const facts = ctx.claude();
  if (!facts) return null;
  const fm = facts.frontmatter(src.text);
  // Most rules have no frontmatter: they share one parse of the empty YAML (the rules only read it).
  const { doc, lc } =
    fm.raw === "" ? ctx.memo("rule-frontmatter:empty-yaml", () => parsedYaml("")) : parsedYaml(fm.raw);
  return {
    fm,
    doc,
    lc,
    base: fm.startLine,
    topGlobs: /^globs\s*:/m.test(fm.raw),
    topPaths: /^paths\s*:/m.test(fm.raw),
    fix: ctx.fixFor(src.rule.path, src.text),
  };
}

/** The YAML document of `raw`, with its line counter. */
function parsedYaml(raw: string): { doc: Document.Parsed; lc: LineCounter } {
  const lc = new LineCounter();
  return { doc: parseDocument(raw, { lineCounter: lc, keepSourceTokens: true }), lc };
}

/**
 * The unscoped rule files with their parsed frontmatter (the subjects of the scope rules). Computed once
 * per context (six rules ask; at 50,000 rules each walk over every source cost lint a second).
 */
export function unscopedRules(ctx: LintContext): (RuleSource & { parsed: RuleFrontmatter })[] {
  return ctx.memo("unscoped-rules", () => {
    const out: (RuleSource & { parsed: RuleFrontmatter })[] = [];
    for (const src of ruleSources(ctx)) {
      if (src.rule.scoped) continue;
      // No memo entry per file: this list is itself computed once per context, and each file once in it.
      const parsed = parseRuleFrontmatter(ctx, src);
      if (parsed) out.push({ rule: src.rule, text: src.text, parsed });
    }
    return out;
  });
}

/** Where a key path sits in a YAML document (1-based, relative to the YAML text), or null. */
export function keyPlace(
  doc: Document.Parsed,
  lc: LineCounter,
  path: readonly string[],
): { line: number; column: number } | null {
  let node: unknown = doc.contents;
  let place: { line: number; column: number } | null = null;
  for (const k of path) {
    if (!isMap(node)) return null;
    const pair = node.items.find((p) => isScalar(p.key) && p.key.value === k);
    if (!pair) return null;
    const range = (pair.key as { range?: [number, number, number] }).range;
    if (range) place = { line: lc.linePos(range[0]).line, column: lc.linePos(range[0]).col };
    node = pair.value;
  }
  return place;
}
