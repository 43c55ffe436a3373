/**
 * `rule-frontmatter-yaml`: a rule whose frontmatter (with a top-level `globs:` or `paths:`) is not valid
 * YAML even after Claude Code's lenient retry (e.g. `- **\/*.ts` unquoted: a plain `*` starts an alias).
 * Claude Code 2.1.332 then ignores the scope and loads the rule every session. Fix: quote the glob.
 */
import { unscopedRules } from "../claude-rules.js";
import { type FrontmatterEdit, isQuoted } from "../frontmatter-lines.js";
import { finding, type LintRule } from "../rule.js";

/** First characters with which a plain YAML scalar cannot start (alias, anchor, tag, reserved, flow). */
const YAML_BAD_START = /^[*&!@`%{[|>]/;

/** Quotes a scalar for YAML: double quotes, or single quotes when it holds `\` or `"`. */
export function yamlQuote(s: string): string {
  if (!/["\\]/.test(s)) return `"${s}"`;
  return `'${s.replace(/'/g, "''")}'`;
}

const rule: LintRule = {
  meta: {
    id: "rule-frontmatter-yaml",
    description:
      "A rule's frontmatter is not valid YAML, so its `paths:` are ignored and it loads every session",
    defaultSeverity: "error",
    agents: ["claude-code"],
    fixable: true,
  },
  check(ctx) {
    return unscopedRules(ctx).flatMap(({ rule: r, parsed: p }) => {
      const err = p.fm.error;
      if (!p.fm.present || !err || !(p.topGlobs || p.topPaths)) return [];
      const fixable = p.fix?.ruleIds.includes(rule.meta.id) === true;
      return [
        finding(
          rule.meta,
          r.path,
          p.base + err.line,
          err.column,
          `the frontmatter is not valid YAML (${err.message}), so Claude Code ignores its scope and loads the rule every session`,
          fixable
            ? 'quote the glob, e.g. `- "**/*.ts"` (a plain `*` starts a YAML alias)'
            : "fix the YAML (quote globs that start with `*`, `{`, `[`, `@` or a backtick)",
          fixable,
        ),
      ];
    });
  },
  /** Quotes each glob under `globs:`/`paths:` (inline value or list item) that YAML cannot read plain. */
  fix(entries) {
    const edits: FrontmatterEdit[] = [];
    entries.forEach((e, i) => {
      if (e.key !== "globs" && e.key !== "paths") return;
      if (YAML_BAD_START.test(e.value) && !isQuoted(e.value))
        edits.push({ entry: i, field: "value", text: yamlQuote(e.value) });
    });
    return edits;
  },
};

export default rule;
