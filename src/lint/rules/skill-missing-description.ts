/**
 * `skill-missing-description`: a Claude Code skill (`.claude/skills/<name>/SKILL.md`) without a usable
 * `description` (missing, empty, not text, or frontmatter YAML cannot parse). Claude Code then lists it with
 * the first non-empty line of its body, heading marks dropped (or `Skill`), which rarely tells the model when
 * to use it. Settled on Claude Code 2.1.332 and 2.1.197 (sources case
 * `a_skill_without_a_usable_description_is_described_by_its_first_body_line_heading_marks_dropped`).
 */
import { claudeSourceItems } from "../claude-sources.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "skill-missing-description",
    description: "A skill without a usable `description`: Claude Code lists its first body line instead",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    return claudeSourceItems(ctx)
      .filter(({ item, facts }) => item.kind === "skill" && facts.descriptionFrom !== undefined)
      .filter(({ facts }) => facts.descriptionFrom !== "frontmatter")
      .map(({ item, facts }) =>
        finding(
          rule.meta,
          item.path,
          1,
          1,
          facts.entry !== undefined
            ? `skill \`${facts.name}\` has no usable \`description\`; Claude Code lists it as \`${facts.entry}\``
            : `skill \`${facts.name}\` has no usable \`description\``,
          "add a one-line `description:` to the frontmatter saying what the skill does and when to use it",
        ),
      );
  },
};

export default rule;
