/**
 * `rule-globs-key`: a rule scoped with a top-level `globs:` (Cursor's key) and no `paths:`. Claude Code
 * 2.1.332 ignores the key, so the rule loads on every session. Fix: rename the key to `paths:`.
 */
import { unscopedRules } from "../claude-rules.js";
import type { FrontmatterEdit } from "../frontmatter-lines.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "rule-globs-key",
    description:
      "A rule uses `globs:` (another agent's key); Claude Code ignores it and loads the rule every session",
    defaultSeverity: "error",
    agents: ["claude-code"],
    fixable: true,
  },
  check(ctx) {
    return unscopedRules(ctx).flatMap(({ rule: r, parsed: p }) => {
      if (!p.fm.present || !p.topGlobs || p.topPaths) return [];
      const line = p.fm.raw.split(/\r?\n/).findIndex((l) => /^globs\s*:/.test(l));
      return [
        finding(
          rule.meta,
          r.path,
          p.base + line + 1,
          1,
          "`globs:` is another agent's key (Cursor's); Claude Code ignores it, so this rule loads on every session",
          "rename `globs:` to `paths:`",
          p.fix?.ruleIds.includes(rule.meta.id) === true,
        ),
      ];
    });
  },
  /** Renames every top-level `globs:` key to `paths:`, unless a `paths:` key exists (left for a human). */
  fix(entries) {
    if (entries.some((e) => e.kind === "key" && e.key === "paths")) return [];
    const edits: FrontmatterEdit[] = [];
    entries.forEach((e, i) => {
      if (e.kind === "key" && e.key === "globs") edits.push({ entry: i, field: "key", text: "paths" });
    });
    return edits;
  },
};

export default rule;
