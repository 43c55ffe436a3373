/**
 * `rule-paths-empty`: a top-level `paths:` that is empty or null. Claude Code 2.1.332 treats the rule as
 * unscoped and loads it every session.
 */
import { isMap, isScalar, isSeq } from "yaml";
import { keyPlace, unscopedRules } from "../claude-rules.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "rule-paths-empty",
    description: "A rule's `paths:` is empty or null, so the rule is unscoped and loads every session",
    defaultSeverity: "error",
    agents: ["claude-code"],
  },
  check(ctx) {
    return unscopedRules(ctx).flatMap(({ rule: r, parsed: p }) => {
      if (!p.fm.present || p.fm.error || !p.topPaths) return [];
      const data = p.doc.contents;
      if (!isMap(data)) return [];
      const v = data.get("paths", true);
      const empty =
        v === undefined ||
        v === null ||
        (isScalar(v) && (v.value === null || String(v.value).trim() === "")) ||
        (isSeq(v) && v.items.length === 0);
      if (!empty) return [];
      const at = keyPlace(p.doc, p.lc, ["paths"]);
      return [
        finding(
          rule.meta,
          r.path,
          p.base + (at?.line ?? 1),
          at?.column ?? 1,
          "`paths:` is empty, so Claude Code treats the rule as unscoped and loads it every session",
          "list the globs the rule applies to under `paths:` (or delete the key if the rule really applies everywhere)",
        ),
      ];
    });
  },
};

export default rule;
