/**
 * `rule-frontmatter-not-first-line`: a frontmatter block (with `paths:` or `globs:`) that starts after a
 * blank line or a heading. Claude Code 2.1.332 only reads frontmatter on the first line: this block is
 * body text, injected as is, and the rule is unscoped.
 */
import { unscopedRules } from "../claude-rules.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "rule-frontmatter-not-first-line",
    description:
      "A rule's frontmatter does not start on the first line, so it is body text and the rule is unscoped",
    defaultSeverity: "error",
    agents: ["claude-code"],
  },
  check(ctx) {
    const facts = ctx.claude();
    if (!facts) return [];
    return unscopedRules(ctx).flatMap(({ rule: r, text, parsed: p }) => {
      // A `---` line after the first starts right after a newline: without one there is nothing to find
      // (and no line array to build, for each of 50,000 rules).
      if (p.fm.present || !text.includes("\n---")) return [];
      // Frontmatter later in the file: the same parser, applied from the first `---` line on.
      const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
      const idx = lines.findIndex((l, i) => i > 0 && /^---\s*$/.test(l));
      if (idx <= 0) return [];
      const later = facts.frontmatter(lines.slice(idx).join("\n"));
      if (!later.present || !/^(paths|globs)\s*:/m.test(later.raw)) return [];
      return [
        finding(
          rule.meta,
          r.path,
          idx + 1,
          1,
          `the frontmatter starts on line ${idx + 1}, not the first line, so Claude Code injects it as text and loads the rule every session`,
          "move the `---` block to the very first line of the file (no blank line or heading before it)",
        ),
      ];
    });
  },
};

export default rule;
