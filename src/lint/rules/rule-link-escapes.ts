/**
 * `rule-link-escapes`: a rule file of the repository that Claude Code drops because its real path leaves
 * the working directory (a symlink to a file elsewhere, or inside a linked rules directory). Read from the
 * launch snapshot's rule records (`notLoadedWhy`), as the loader decided it. Settled on Claude Code 2.1.332
 * (docs/findings-claude-agents-md.md, cases `a_rule_symlinked_outside_the_repository_does_not_load`,
 * `a_rule_symlinked_above_the_repository_does_not_load`,
 * `a_rule_of_the_working_directory_symlinked_to_a_file_above_it_does_not_load`).
 */
import { inside } from "../../fs/paths.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "rule-link-escapes",
    description: "A rule reached through a symlink whose real path leaves the working directory: never loads",
    defaultSeverity: "error",
    agents: ["claude-code"],
  },
  check(ctx) {
    const facts = ctx.claude();
    if (!facts) return [];
    const launch = facts.launch();
    return launch.rules
      .filter(
        (r) =>
          r.notLoadedWhy !== undefined &&
          r.realPath !== r.absPath &&
          !inside(launch.cwd, r.realPath) &&
          inside(ctx.root, r.absPath),
      )
      .map((r) =>
        finding(
          rule.meta,
          r.path,
          1,
          1,
          `${r.path} is a symlink to ${ctx.display(r.realPath)}, outside the working directory: Claude Code does not load a rule whose real path leaves it, so this rule never arrives`,
          "copy the rule into the repository (or link to a file inside it)",
        ),
      );
  },
};

export default rule;
