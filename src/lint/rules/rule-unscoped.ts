/**
 * `rule-unscoped`: a rule that is neither scoped, nor routed by a router row, nor declared un-lowerable in
 * `.agent-context.json`: it silently costs launch context on every session. Silent for a rule another
 * scope rule already explains (a `globs:` key, broken YAML, empty or nested `paths:`, late frontmatter).
 */
import { unscopedRules } from "../claude-rules.js";
import { finding, type LintRule } from "../rule.js";
import frontmatterNotFirstLine from "./rule-frontmatter-not-first-line.js";
import frontmatterYaml from "./rule-frontmatter-yaml.js";
import globsKey from "./rule-globs-key.js";
import pathsEmpty from "./rule-paths-empty.js";
import pathsNested from "./rule-paths-nested.js";

/** The rules that say why an unscoped rule is unscoped; where one fires, this rule stays silent. */
const EXPLAINED_BY: readonly LintRule[] = [
  frontmatterNotFirstLine,
  frontmatterYaml,
  globsKey,
  pathsEmpty,
  pathsNested,
];

const rule: LintRule = {
  meta: {
    id: "rule-unscoped",
    description:
      "A rule is neither scoped, nor routed, nor declared un-lowerable: it silently costs launch context",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    const facts = ctx.claude();
    if (!facts) return [];
    const explained = new Set(EXPLAINED_BY.flatMap((r) => r.check(ctx)).map((f) => f.file));
    const unlowerable = new Set((ctx.config.unlowerable ?? []).map((u) => u.replace(/^\.\//, "")));
    const routed = facts.routedFiles();
    return unscopedRules(ctx).flatMap(({ rule: r }) => {
      if (explained.has(r.path) || unlowerable.has(r.path) || routed.has(r.path)) return [];
      return [
        finding(
          rule.meta,
          r.path,
          1,
          1,
          `this rule has no \`paths:\` scope, is not routed and is not declared un-lowerable, so its ${r.text.length > 0 ? Buffer.byteLength(r.text) : 0} bytes load on every session`,
          'add `paths:` frontmatter so it loads only for matching files, route it from a router shard, or declare it in .agent-context.json "unlowerable" if no file reveals when it applies',
        ),
      ];
    });
  },
};

export default rule;
