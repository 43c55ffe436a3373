/**
 * `description-over-cut`: a skill's or command's listing description (with ` - when_to_use`) longer than
 * Claude Code keeps: it sends the first 1,535 characters and `…` (or the cut `skillListingMaxDescChars`
 * sets), so the end never reaches the model. Settled on Claude Code 2.1.332 and 2.1.197 (sources cases
 * `a_skill_description_over_1536_characters_is_cut_to_1535_and_an_ellipsis`,
 * `project_settings_skill_listing_max_desc_chars_cuts_every_description_built_ins_included`).
 */
import { claudeSourceItems } from "../claude-sources.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "description-over-cut",
    description: "A skill or command description longer than Claude Code keeps: its end is cut off",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    return claudeSourceItems(ctx)
      .filter(({ facts }) => facts.cutAt !== undefined && facts.entry !== undefined)
      .map(({ item, facts }) =>
        finding(
          rule.meta,
          item.path,
          1,
          1,
          `${item.kind} \`${facts.name}\`: its description is ${facts.descriptionChars} characters; Claude Code sends the first ${(facts.cutAt ?? 1) - 1} and \`…\``,
          `shorten the description to at most ${facts.cutAt} characters (move detail into the body, which loads when the ${item.kind} is used)`,
        ),
      );
  },
};

export default rule;
