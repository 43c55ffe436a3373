/**
 * `memory-symlink-escapes`: a memory file, `.claude/` entry or `@import` reached through a symlink whose
 * real path leaves the repository. Claude Code 2.1.332 (settled in test/conformance/lint-cli.test.ts) treats them
 * differently: a memory file linked outside loads the outside text (unreviewed, different per machine); an
 * import whose real path leaves the working directory never loads. A rule linked outside (file or
 * directory) never loads either: `rule-link-escapes` reports it, from the loader's own rule records.
 */
import { claudeImports } from "../claude-imports.js";
import { finding, type LintRule } from "../rule.js";

const HELP =
  "copy the file into the repository (or remove the link) so what the agent reads is versioned with the code";

/** A path under some `.claude/rules/` directory (reported by `rule-link-escapes`, not here). */
const RULES_DIR = /(^|\/)\.claude\/rules\//;

const rule: LintRule = {
  meta: {
    id: "memory-symlink-escapes",
    description: "A symlink in agent memory leads outside the repository",
    defaultSeverity: "error",
    agents: ["claude-code"],
  },
  check(ctx) {
    const out = [];
    for (const e of ctx.memoryEntries()) {
      // The cheap test first: at 50,000 rules nearly every entry is a rule file.
      if (RULES_DIR.test(e.rel) || ctx.insideRoot(e.realPath)) continue;
      out.push(
        finding(
          rule.meta,
          e.rel,
          1,
          1,
          `${e.rel} is a symlink to ${e.realPath}, outside the repository: the agent loads text that code review never sees and that differs per machine`,
          HELP,
        ),
      );
    }
    for (const v of claudeImports(ctx).verdicts) {
      if (v.kind !== "symlink-escapes") continue;
      out.push(
        finding(
          rule.meta,
          v.file,
          v.line,
          v.column,
          `@${v.token} is a symlink to ${v.real}, outside the repository; Claude Code does not load an import whose real path lies outside the working directory, so it never arrives`,
          HELP,
        ),
      );
    }
    return out;
  },
};

export default rule;
