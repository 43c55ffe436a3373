/**
 * `lint --fix`: applies the fixes of the fixable rules (`fix` in ./rules/<id>.ts: today `rule-globs-key`
 * renames `globs:` to `paths:`, `rule-frontmatter-yaml` quotes a glob YAML cannot parse) and nothing else.
 * Edits are textual and minimal (every other byte, line ending and BOM is kept), and the edits of all rules
 * are kept together only when the fixed text is verified to be what the author meant (see
 * {@link FixVerifier}).
 */
import { parse as parseYaml } from "yaml";
import { type FrontmatterEdit, frontmatterLines, isQuoted } from "./frontmatter-lines.js";
import type { LintRule } from "./rule.js";

/** One safe fix applied to a file's text. */
export interface FixResult {
  text: string;
  /** Lint rule ids the fix addresses (sorted), e.g. `rule-globs-key`. */
  ruleIds: string[];
}

/**
 * Decides whether fixed text is acceptable: the caller classifies it as the agent would and returns true
 * only when the rule is now scoped with exactly the intended globs.
 */
export type FixVerifier = (fixedText: string, intendedGlobs: string[]) => boolean;

/** A fix left undone because it could not keep the value's meaning: 1-based line and a sentence. */
export interface FixRefusal {
  line: number;
  message: string;
}

/**
 * Why rewriting the YAML value `value` (as written, after `key:` or `- `) would change what it means, or
 * null when quoting it keeps its meaning exactly. `frontmatter` is the whole block (for its anchors).
 * Left alone: an anchor (`&a …`), a tag (`!t …`), an alias (`*name`, or any `*x` naming an anchor the
 * block declares), and a flow value (`[…]`, `{…}`) that YAML reads as a list or map. Pure.
 */
export function valueRewriteUnsafe(value: string, frontmatter: string): string | null {
  const v = value.trim();
  if (v.startsWith("&")) return "a YAML anchor";
  if (v.startsWith("!")) return "a YAML tag";
  if (v.startsWith("*")) {
    const name = v.slice(1).split(/[\s,\]}]/)[0] ?? "";
    const anchors = new Set([...frontmatter.matchAll(/&([^\s,[\]{}]+)/g)].map((m) => m[1]));
    if (anchors.has(name)) return "a YAML alias of an anchor the frontmatter declares";
    if (/^[A-Za-z0-9_-]+$/.test(name)) return "a YAML alias";
  }
  if (v.startsWith("[") || v.startsWith("{")) {
    try {
      const parsed: unknown = parseYaml(v);
      if (typeof parsed !== "string") return "a YAML flow value";
    } catch {
      // not YAML: a glob such as `{src,lib}/**`, which quoting keeps as written
    }
  }
  return null;
}

/**
 * Computes the safe fixes for a rule file's text: every edit the `fix` of `rules` (normally every rule,
 * ./rules/index.ts; the caller passes them, so this module depends on no rule) proposes for the entries
 * of its frontmatter, applied together. `intendedGlobs` given to `verify` are the values listed under
 * `globs:`/`paths:` (unquoted). Returns null when there is nothing safe to fix: no frontmatter block on the
 * first line, no edit, or a result the verifier rejects, and also when an edit would rewrite a value it
 * cannot rewrite exactly ({@link valueRewriteUnsafe}: an alias, anchor, tag or flow value), which is then
 * pushed to `refusals` with its line. Never throws.
 */
export function fixRuleText(
  text: string,
  verify: FixVerifier,
  rules: readonly LintRule[],
  refusals: FixRefusal[] = [],
): FixResult | null {
  const fm = frontmatterLines(text);
  if (!fm) return null;
  const entries = fm.entries.map((e) => ({ key: e.key, value: e.value }));
  const ruleIds = new Set<string>();
  const block = fm.lines.join("");
  for (const rule of rules) {
    if (!rule.fix) continue;
    for (const edit of rule.fix(fm.entries) as FrontmatterEdit[]) {
      const e = entries[edit.entry];
      if (!e || e[edit.field] === edit.text) continue;
      // Never change what a value means: one that cannot be rewritten exactly leaves the file alone.
      const line = fm.entries[edit.entry];
      const unsafe = edit.field === "value" ? valueRewriteUnsafe(e.value, block) : null;
      if (unsafe && line) {
        refusals.push({
          line: line.index + 1,
          message: `\`${e.value.trim()}\` is ${unsafe}; --fix cannot rewrite it without changing what it means, so the file is left alone — edit it by hand`,
        });
        return null;
      }
      e[edit.field] = edit.text;
      ruleIds.add(rule.meta.id);
    }
  }
  if (ruleIds.size === 0) return null;
  const out = [...fm.lines];
  fm.entries.forEach((line, i) => {
    const e = entries[i];
    if (!e || (e.key === line.key && e.value === line.value)) return;
    out[line.index] = `${line.kind === "key" ? e.key : ""}${line.lead}${e.value}${line.comment}${line.eol}`;
  });
  const fixed = fm.bom + out.join("");
  if (fixed === text) return null;
  const intended: string[] = [];
  for (const e of fm.entries) {
    if (e.key !== "globs" && e.key !== "paths") continue;
    intended.push(isQuoted(e.value) ? e.value.slice(1, -1) : e.value);
  }
  if (!verify(fixed, intended.filter(Boolean))) return null;
  return { text: fixed, ruleIds: [...ruleIds].sort() };
}
