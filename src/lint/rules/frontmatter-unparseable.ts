/**
 * `frontmatter-unparseable`: a skill's, command's or subagent's frontmatter that YAML cannot parse, even
 * after Claude Code's lenient retry (values with `: ` and other special characters quoted). Claude Code then
 * reads no field: a skill or command is described by its first body line, and a subagent without `name`
 * and `description` is not listed. Settled on Claude Code 2.1.332 and 2.1.197 (sources cases
 * `a_skill_without_a_usable_description_*` (`badyaml`) and `a_subagent_file_without_frontmatter_*`).
 */
import { claudeSourceItems } from "../claude-sources.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "frontmatter-unparseable",
    description: "A skill, command or subagent whose frontmatter YAML does not parse: its fields are ignored",
    defaultSeverity: "error",
    agents: ["claude-code"],
  },
  check(ctx) {
    return claudeSourceItems(ctx)
      .filter(({ facts }) => facts.frontmatterError !== undefined)
      .map(({ item, facts }) =>
        finding(
          rule.meta,
          item.path,
          facts.frontmatterError?.line ?? 1,
          1,
          `${item.kind} \`${facts.name}\`: its frontmatter is not valid YAML (${facts.frontmatterError?.message}); Claude Code ignores every field of it${
            item.kind === "subagent"
              ? " and does not list the subagent"
              : " and lists the first body line as the description"
          }`,
          "fix the YAML (quote values holding `: `, `#` or brackets)",
        ),
      );
  },
};

export default rule;
