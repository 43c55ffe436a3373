/**
 * `lint --fix`: applies the fixes of the fixable rules (`fix` in ./rules/<id>.ts: today `rule-globs-key`
 * renames `globs:` to `paths:`, `rule-frontmatter-yaml` quotes a glob YAML cannot parse) and nothing else.
 * Edits are textual and minimal (every other byte, line ending and BOM is kept), and the edits of all rules
 * are kept together only when the fixed text is verified to be what the author meant (see
 * {@link FixVerifier}).
 */
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

/**
 * Computes the safe fixes for a rule file's text: every edit the `fix` of `rules` (normally every rule,
 * ./rules/index.ts; the caller passes them, so this module depends on no rule) proposes for the entries
 * of its frontmatter, applied together. `intendedGlobs` given to `verify` are the values listed under
 * `globs:`/`paths:` (unquoted). Returns null when there is nothing safe to fix: no frontmatter block on the
 * first line, no edit, or a result the verifier rejects. Never throws.
 */
export function fixRuleText(text: string, verify: FixVerifier, rules: readonly LintRule[]): FixResult | null {
  const fm = frontmatterLines(text);
  if (!fm) return null;
  const entries = fm.entries.map((e) => ({ key: e.key, value: e.value }));
  const ruleIds = new Set<string>();
  for (const rule of rules) {
    if (!rule.fix) continue;
    for (const edit of rule.fix(fm.entries) as FrontmatterEdit[]) {
      const e = entries[edit.entry];
      if (!e || e[edit.field] === edit.text) continue;
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
