/**
 * `agent-missing-description`: a Markdown file under `.claude/agents/` that Claude Code does not list as a
 * subagent because it has no frontmatter, no `name` or no `description`: the author meant an agent, the
 * model never sees it (a README, CLAUDE or AGENTS file there documents the folder: not reported). Settled on Claude Code 2.1.332 and 2.1.197 (sources case
 * `a_subagent_file_without_frontmatter_name_or_description_is_not_listed_and_nested_folders_are_read`).
 */
import { claudeSourceItems } from "../claude-sources.js";
import { finding, type LintRule } from "../rule.js";

/** Files that document the folder (memory, readme) rather than define an agent: never reported. */
const NOT_AN_AGENT = /(?:^|\/)(?:readme|claude|agents|claude\.local)\.md$/i;

const WHAT = {
  "no-frontmatter": "has no frontmatter",
  "no-name": "has no `name` in its frontmatter",
  "no-description": "has no `description` in its frontmatter",
} as const;

const rule: LintRule = {
  meta: {
    id: "agent-missing-description",
    description: "A subagent file without frontmatter, `name` or `description`: Claude Code does not list it",
    defaultSeverity: "error",
    agents: ["claude-code"],
  },
  check(ctx) {
    return claudeSourceItems(ctx).flatMap(({ item, facts }) => {
      const n = facts.notListed;
      if (item.kind !== "subagent" || (n !== "no-frontmatter" && n !== "no-name" && n !== "no-description"))
        return [];
      if (NOT_AN_AGENT.test(item.path)) return [];
      return [
        finding(
          rule.meta,
          item.path,
          1,
          1,
          `${item.path} ${WHAT[n]}, so Claude Code does not list it as a subagent`,
          "start the file with frontmatter holding `name:` and `description:` (or move it out of .claude/agents/)",
        ),
      ];
    });
  },
};

export default rule;
