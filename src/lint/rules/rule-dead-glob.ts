/**
 * `rule-dead-glob`: a scoped rule whose globs match no file of the repository, so it never loads.
 * Matching uses Claude Code's own matcher (gitignore lines, case-insensitive, relative to the directory
 * holding `.claude/`; src/globs/claude.ts, settled on 2.1.332 by the on-read model).
 */
import { relative, sep } from "node:path";
import { compileClaudeGlobs } from "../../globs/claude.js";
import { ruleSources } from "../claude-rules.js";
import { finding, type LintRule } from "../rule.js";

/**
 * Whether globs match at least one repository file (`files`: POSIX paths relative to `root`), the globs
 * being relative to the absolute directory `base`. True for a base outside the repository (not ours to
 * judge).
 */
function globsMatchSomething(
  globs: readonly string[],
  base: string,
  root: string,
  files: readonly string[],
): boolean {
  const prefix = relative(root, base).split(sep).join("/");
  if (prefix.startsWith("..")) return true;
  const m = compileClaudeGlobs(globs);
  for (const f of files) {
    if (prefix !== "" && !f.startsWith(`${prefix}/`)) continue;
    if (m.match(prefix === "" ? f : f.slice(prefix.length + 1)) !== null) return true;
  }
  return false;
}

const rule: LintRule = {
  meta: {
    id: "rule-dead-glob",
    description: "A scoped rule's globs match no file in the repository, so it never loads",
    defaultSeverity: "warning",
  },
  check(ctx) {
    return ruleSources(ctx).flatMap(({ rule: r }) => {
      if (!r.scoped || r.globs.length === 0) return [];
      if (globsMatchSomething(r.globs, r.base, ctx.root, ctx.files())) return [];
      return [
        finding(
          rule.meta,
          r.path,
          1,
          1,
          `no file in the repository matches ${r.globs.map((g) => `\`${g}\``).join(", ")}, so this scoped rule never loads`,
          "fix the globs (they are relative to the directory holding .claude/), or delete the rule if its files are gone",
        ),
      ];
    });
  },
};

export default rule;
