/**
 * `listing-over-budget`: the skills list (skills and commands, the CLI's own included) is longer than Claude
 * Code's listing budget, so entries past it are sent as `- NAME` without their description: the model sees the
 * name only and rarely picks the skill. The budget is counted in terminal columns: 1% of the model's context
 * window at its characters a token, 30,000 for the default model of 2.1.332 and 2.1.197
 * (`SLASH_COMMAND_TOOL_CHAR_BUDGET` and `skillListingBudgetFraction` change it). Entries get their description
 * back in list order while the budget allows, bundled skills always keep theirs. Settled on both releases
 * (sources cases `a_skills_list_of_exactly_the_budget_in_columns_keeps_every_description_though_its_bytes_are_over`,
 * `three_hundred_columns_over_the_budget_the_last_skill_that_does_not_fit_loses_its_description`,
 * `over_the_listing_budget_later_skills_lose_their_description_and_keep_their_name`).
 */
import { claudeSourceItems } from "../claude-sources.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "listing-over-budget",
    description:
      "The skills list is over Claude Code's listing budget: later entries are sent without their description",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    return claudeSourceItems(ctx)
      .filter(({ facts }) => facts.overBudget === true && facts.entry !== undefined)
      .map(({ item, facts }) => {
        const lost = (facts.fullEntryBytes ?? item.bytes) - item.bytes;
        return finding(
          rule.meta,
          item.path,
          1,
          1,
          `${item.kind} \`${facts.name}\`: the skills list is ${facts.listingColumns} columns, over Claude Code's listing budget of ${facts.listingBudget} (the default model's); it is sent as \`${facts.entry}\`, its description (${lost} bytes) lost`,
          "shorten or remove other skills' and commands' descriptions (or hide rarely used ones with `disable-model-invocation: true`) until the list fits",
        );
      });
  },
};

export default rule;
