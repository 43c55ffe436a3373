/**
 * `local-memory-tracked`: `CLAUDE.local.md` tracked by git. It is personal memory (Claude Code 2.1.332
 * labels it so); tracked, it becomes every clone's. Silent outside a git work tree.
 */
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "local-memory-tracked",
    description: "CLAUDE.local.md (personal memory) is tracked by git",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    const tracked = ctx.tracked();
    if (!tracked) return [];
    return tracked
      .filter((f) => f === "CLAUDE.local.md" || f.endsWith("/CLAUDE.local.md"))
      .map((file) =>
        finding(
          rule.meta,
          file,
          1,
          1,
          `${file} is personal memory but is tracked by git, so every clone loads one person's notes`,
          `run \`git rm --cached ${file}\` and add CLAUDE.local.md to .gitignore; move shared guidance to CLAUDE.md`,
        ),
      );
  },
};

export default rule;
