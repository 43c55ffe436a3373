/**
 * `duplicate-entry-name`: two skills, commands or subagents of one name. Claude Code 2.1.332 lists a skill
 * or command name once (the first: the user's, then the nearest folder's, skills before commands), 2.1.197
 * lists every one; of two subagents the later file wins. Either way one of them is not what the model
 * sees. Settled by sources cases `a_duplicate_skill_name_is_listed_once_on_2_1_332_first_source_wins_and_twice_on_2_1_197`
 * and `of_two_subagents_with_one_name_the_later_file_wins`.
 */
import { claudeSourceItems } from "../claude-sources.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "duplicate-entry-name",
    description:
      "Two skills, commands or subagents share a name: Claude Code lists one (or both, on 2.1.197)",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    const first = new Map<string, string>();
    const out = [];
    for (const { item, facts } of claudeSourceItems(ctx)) {
      if (facts.notListed !== undefined && facts.notListed !== "duplicate" && facts.notListed !== "replaced")
        continue;
      const key = `${facts.list}\0${facts.name}`;
      const other = first.get(key);
      if (other === undefined) {
        first.set(key, item.path);
        continue;
      }
      out.push(
        finding(
          rule.meta,
          item.path,
          1,
          1,
          facts.notListed === "replaced"
            ? `subagent \`${facts.name}\` is also defined in ${other}; Claude Code keeps only the later file`
            : facts.notListed === "duplicate"
              ? `${item.kind} \`${facts.name}\` has the name of ${other}, which comes first; Claude Code lists the name once and this one never reaches the model`
              : `${item.kind} \`${facts.name}\` has the name of ${other}; this Claude Code release lists both, and the model cannot tell them apart`,
          "rename one of them (skills are named by their folder, commands by their path, subagents by `name:`)",
        ),
      );
    }
    return out;
  },
};

export default rule;
