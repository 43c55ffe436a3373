/**
 * `import-outside-cwd`: an `@import` whose target lies outside the working directory (and the
 * repository). Claude Code 2.1.332 loads it only after the user approves it, never in a non-interactive run.
 */
import { claudeImports } from "../claude-imports.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "import-outside-cwd",
    description: "An @import points outside the working directory and loads only after the user approves it",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    return claudeImports(ctx).verdicts.flatMap((v) =>
      v.kind !== "outside-cwd"
        ? []
        : [
            finding(
              rule.meta,
              v.file,
              v.line,
              v.column,
              `@${v.token} points outside the working directory (${ctx.display(v.target)}); Claude Code loads it only after the user approves it, and never in a non-interactive run`,
              "copy the file into the repository, or leave it out and say where to find it",
            ),
          ],
    );
  },
};

export default rule;
