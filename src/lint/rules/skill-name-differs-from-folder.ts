/**
 * `skill-name-differs-from-folder`: a skill whose frontmatter `name` differs from its folder's name. Claude
 * Code names a skill by its folder (2.1.332 shows `- FOLDER (NAME): …`, 2.1.197 ignores `name`), so the
 * name the author wrote is not the one the model invokes. Settled by sources case
 * `a_skill_is_named_by_its_folder_and_a_different_frontmatter_name_shows_in_parentheses_on_2_1_332_only`.
 */
import { claudeSourceItems } from "../claude-sources.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "skill-name-differs-from-folder",
    description: "A skill's frontmatter `name` differs from its folder: Claude Code names it by the folder",
    defaultSeverity: "info",
    agents: ["claude-code"],
  },
  check(ctx) {
    return claudeSourceItems(ctx)
      .filter(
        ({ item, facts }) =>
          item.kind === "skill" &&
          facts.frontmatterName !== undefined &&
          facts.frontmatterName !== facts.name,
      )
      .map(({ item, facts }) =>
        finding(
          rule.meta,
          item.path,
          1,
          1,
          `skill folder \`${facts.name}\` has \`name: ${facts.frontmatterName}\`; Claude Code calls the skill \`${facts.name}\``,
          `rename the folder to \`${facts.frontmatterName}\` or set \`name: ${facts.name}\``,
        ),
      );
  },
};

export default rule;
