/**
 * `project-agent-needs-acknowledgment` (info): a `.gemini/agents/*.md` subagent. Gemini CLI 0.61.0 lists a
 * project's subagent only once the user has acknowledged the file's current text (its sha256 in
 * `~/.gemini/acknowledgments/agents.json`), so in a fresh clone, and after every edit, it adds nothing
 * (sources case `gemini_lists_user_subagents_and_a_project_subagent_only_once_the_user_acknowledged_its_hash`).
 * Read from the agents' items (src/lint/source-items.ts).
 */
import { finding, type LintRule } from "../rule.js";
import { agentSourceItems } from "../source-items.js";

const rule: LintRule = {
  meta: {
    id: "project-agent-needs-acknowledgment",
    description: "A project subagent Gemini CLI lists only after each user acknowledges its current text",
    defaultSeverity: "info",
    agents: ["gemini-cli"],
  },
  check(ctx) {
    return agentSourceItems(ctx)
      .filter(({ facts }) => facts.notListed === "needs-acknowledgment")
      .map(({ agent, item, facts }) =>
        finding(
          rule.meta,
          item.path,
          1,
          1,
          `subagent \`${facts.name}\`: ${agent.name} lists it only for a user who has acknowledged this version of the file, so a fresh clone (and every user after an edit) does not see it`,
          "tell contributors to acknowledge it when Gemini CLI asks, or move what every session needs into GEMINI.md",
        ),
      );
  },
};

export default rule;
