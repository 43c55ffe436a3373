/**
 * `router-shard-unusable`: a router shard, or a row of one, that the hook cannot use — not a regular file
 * (a fifo, socket or device), a link to nothing, a link leaving the repository, unreadable, not UTF-8, under
 * `.claude/rules/`, or a malformed row. `route` and the hook name these and skip them; lint said nothing,
 * so a shard that never fires went unnoticed. The router (src/router/index-build.ts) finds the problems;
 * this rule reports them, one finding each, at the shard's line where there is one. A trigger that cannot
 * be compiled is `router-dead-trigger`'s, not reported twice here.
 */
import { DEFAULT_ROUTERS, loadIndex } from "../../router/index-build.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "router-shard-unusable",
    description:
      "A router shard or row cannot be used (not a regular file, unreadable, not UTF-8, outside the repository, malformed), so the hook injects nothing from it",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    const index = loadIndex(ctx.root, ctx.config.routers ?? DEFAULT_ROUTERS, { useCache: false });
    return index.problems
      .filter((p) => p.kind !== "unusable-trigger")
      .map((p) =>
        finding(
          rule.meta,
          p.file,
          p.line ?? 1,
          1,
          p.message,
          "make the shard a readable UTF-8 Markdown file inside the repository, with rows like `glob` | RULE-ID → dir/ |, or remove it",
        ),
      );
  },
};

export default rule;
