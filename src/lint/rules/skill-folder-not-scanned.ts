/**
 * `skill-folder-not-scanned`: a file under `.claude/skills/` that Claude Code never lists: a skill two
 * folders deep (`skills/group/x/SKILL.md`), a `skill.md` not spelled `SKILL.md`, or a loose `skills/x.md`.
 * Claude Code reads only `.claude/skills/<name>/SKILL.md`. Settled on Claude Code 2.1.332 and 2.1.197
 * (sources case `skills_nested_two_folders_deep_a_lowercase_skill_md_a_loose_md_file_and_other_agents_folders_are_not_read`).
 * Read from the repository's file list; a README, CLAUDE or AGENTS file documents the folder and is not
 * reported; other agents' folders (`.agents/skills`, `.github/skills`) are
 * theirs and not reported.
 */
import { finding, type LintRule } from "../rule.js";

/** Files that document a folder rather than define a skill (never reported). */
const NOT_A_SKILL = /^(?:readme|claude|agents|claude\.local)\.md$/i;

/** `<prefix>.claude/skills/<rest>`: the rest of a path below a skills folder. */
const UNDER = /^(.*?(?:^|\/))\.claude\/skills\/(.+)$/;

const rule: LintRule = {
  meta: {
    id: "skill-folder-not-scanned",
    description:
      "A skill file Claude Code does not read (nested two folders deep, `skill.md`, a loose `.md`)",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    const files = ctx.files();
    const all = new Set(files);
    const out = [];
    for (const f of files) {
      const m = UNDER.exec(f);
      if (!m) continue;
      const rest = m[2] as string;
      const parts = rest.split("/");
      const name = parts[parts.length - 1] as string;
      const skillsDir = `${m[1]}.claude/skills`;
      let why: string | undefined;
      if (parts.length === 1 && name.toLowerCase().endsWith(".md") && !NOT_A_SKILL.test(name))
        why = `a loose Markdown file in ${skillsDir}/; Claude Code reads only ${skillsDir}/<name>/SKILL.md`;
      else if (parts.length === 2 && name !== "SKILL.md" && name.toLowerCase() === "skill.md")
        why = `Claude Code reads only a file named exactly SKILL.md`;
      else if (parts.length > 2 && name === "SKILL.md" && !all.has(`${skillsDir}/${parts[0]}/SKILL.md`))
        why = `a skill ${parts.length - 1} folders deep; Claude Code reads only ${skillsDir}/<name>/SKILL.md`;
      if (why)
        out.push(
          finding(
            rule.meta,
            f,
            1,
            1,
            `${f}: ${why}, so this skill is never listed`,
            `move it to ${skillsDir}/<name>/SKILL.md`,
          ),
        );
    }
    return out;
  },
};

export default rule;
