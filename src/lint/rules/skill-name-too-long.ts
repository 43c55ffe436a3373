/**
 * `skill-name-too-long`: a skill whose `name` is over 64 characters. Codex 0.171.0 drops it from its skills
 * list without a word (sources case
 * `codex_drops_a_skill_without_frontmatter_or_description_or_with_a_name_over_64_characters`), so the model
 * never learns the skill exists. Read from the agents' items (src/lint/source-items.ts).
 */
import { finding, type LintRule } from "../rule.js";
import { agentSourceItems } from "../source-items.js";

const rule: LintRule = {
  meta: {
    id: "skill-name-too-long",
    description: "A skill name over 64 characters: Codex drops the skill from its list",
    defaultSeverity: "warning",
  },
  check(ctx) {
    return agentSourceItems(ctx)
      .filter(({ facts }) => facts.notListed === "name-too-long")
      .map(({ agent, item, facts }) => ({
        ...finding(
          rule.meta,
          item.path,
          1,
          1,
          `skill \`${facts.name}\` has a ${[...(facts.name ?? "")].length}-character name; ${agent.name} lists no skill whose name is over 64 characters`,
          "shorten `name:` to at most 64 characters (or remove it: the folder's name is used)",
        ),
        agents: [agent.id],
      }));
  },
};

export default rule;
