/**
 * `rule-paths-nested`: `paths:` (or `globs:`) nested under another key, with no top-level `paths:`.
 * Claude Code 2.1.332 reads only a top-level `paths:`, so the rule loads every session.
 */
import { isMap, isScalar, isSeq } from "yaml";
import { keyPlace, unscopedRules } from "../claude-rules.js";
import { finding, type LintRule } from "../rule.js";

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

const rule: LintRule = {
  meta: {
    id: "rule-paths-nested",
    description:
      "A rule's `paths:` is nested under another key instead of at the top level, so it is ignored",
    defaultSeverity: "error",
    agents: ["claude-code"],
  },
  check(ctx) {
    return unscopedRules(ctx).flatMap(({ rule: r, parsed: p }) => {
      if (!p.fm.present || p.fm.error || p.topPaths) return [];
      return nestedScopeKeys(p.doc.contents).map((kp) => {
        const at = keyPlace(p.doc, p.lc, kp);
        return finding(
          rule.meta,
          r.path,
          p.base + (at?.line ?? 1),
          at?.column ?? 1,
          `\`${kp.join(".")}\` is nested under another key; Claude Code reads only a top-level \`paths:\`, so the rule loads every session`,
          "move `paths:` to the top level of the frontmatter (no indentation)",
        );
      });
    });
  },
};

export default rule;
