/**
 * `import-beyond-hop-limit`: an `@import` deeper than Claude Code's hop limit (four hops from a memory
 * file, Claude Code 2.1.332), whose target is not loaded by another path: it never arrives.
 */
import { claudeImports } from "../claude-imports.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "import-beyond-hop-limit",
    description: "An @import lies deeper than the agent's import hop limit and is never loaded",
    defaultSeverity: "error",
    agents: ["claude-code"],
  },
  check(ctx) {
    const imports = claudeImports(ctx);
    return imports.verdicts.flatMap((v) =>
      v.kind !== "beyond-hop-limit"
        ? []
        : [
            finding(
              rule.meta,
              v.file,
              v.line,
              v.column,
              `@${v.token} is ${v.hops} imports deep; Claude Code follows ${imports.hopLimit} hops, so ${ctx.display(v.target)} never loads`,
              "import the file from a shallower file (closer to CLAUDE.md), or inline it",
            ),
          ],
    );
  },
};

export default rule;
