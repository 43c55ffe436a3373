/**
 * `local-memory-in-dot-claude`: a `.claude/CLAUDE.local.md`. Claude Code reads `CLAUDE.local.md` only
 * beside `CLAUDE.md`, never inside `.claude/` (where `.claude/CLAUDE.md` is read): the file never loads,
 * at launch or on read. Settled on Claude Code 2.1.332 (`a_dot_claude_claude_local_md_never_loads`,
 * `a_dot_claude_claude_local_md_does_not_hide_agents_md_and_never_loads_in_an_ancestor` in
 * test/conformance/claude-launch.fixtures.ts; `a_nested_dot_claude_claude_local_md_is_not_attached_on_read`
 * in test/conformance/claude-onread.test.ts). Found in the repository listing.
 */
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "local-memory-in-dot-claude",
    description:
      ".claude/CLAUDE.local.md never loads: Claude Code reads CLAUDE.local.md only beside CLAUDE.md",
    defaultSeverity: "error",
    agents: ["claude-code"],
  },
  check(ctx) {
    const found = new Set([
      ...ctx.files().filter((f) => isMisplaced(f)),
      ...ctx
        .memoryEntries()
        .map((e) => e.rel)
        .filter(isMisplaced),
    ]);
    return [...found].sort().map((file) => {
      const dir = file.slice(0, -".claude/CLAUDE.local.md".length);
      return finding(
        rule.meta,
        file,
        1,
        1,
        `${file} never loads: Claude Code reads CLAUDE.local.md only beside CLAUDE.md, not inside .claude/`,
        `move it to ${dir}CLAUDE.local.md (and keep it out of git)`,
      );
    });
  },
};

function isMisplaced(rel: string): boolean {
  return rel === ".claude/CLAUDE.local.md" || rel.endsWith("/.claude/CLAUDE.local.md");
}

export default rule;
