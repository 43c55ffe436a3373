/**
 * The lint rules for Claude Code's skills, commands and subagents (docs/lint-sources.md), on a real
 * repository written to disk: each rule reports the file the recorded sources cases say Claude Code
 * mishandles, and a repository whose skills, commands and subagents are all well formed gets none.
 */
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { lintRepository } from "../../src/lint/index.js";
import { tempDir, writeLayout } from "../support/codex-layout.js";

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

const SOURCE_RULES = [
  "skill-missing-description",
  "agent-missing-description",
  "frontmatter-unparseable",
  "description-over-cut",
  "duplicate-entry-name",
  "skill-folder-not-scanned",
  "skill-name-differs-from-folder",
];

function lintOf(files: Record<string, string>, release?: string) {
  const root = tempDir("ac-lint-src-");
  made.push(root);
  writeLayout(root, { ".git": { git: true }, ...files });
  const r = lintRepository({ root, ...(release ? { release } : {}) });
  return r.findings
    .filter((f) => SOURCE_RULES.includes(f.ruleId))
    .map((f) => `${f.ruleId} ${f.file}:${f.line}`);
}

const good = (name: string, d = "Does a thing.") => `---\nname: ${name}\ndescription: ${d}\n---\nbody\n`;

describe("lint rules for skills, commands and subagents", () => {
  it("well_formed_skills_commands_and_subagents_get_no_finding", () => {
    expect(
      lintOf({
        ".claude/skills/alpha/SKILL.md": good("alpha"),
        ".claude/skills/alpha/reference.md": "detail\n",
        ".claude/commands/deploy.md": "---\ndescription: Deploy.\n---\nx\n",
        ".claude/agents/rev.md": good("rev"),
        ".claude/agents/CLAUDE.md": "# How our agents are written\n",
        ".claude/skills/README.md": "# Our skills\n",
      }),
    ).toEqual([]);
  });

  it("each_rule_reports_the_file_claude_code_mishandles", () => {
    const got = lintOf({
      ".claude/skills/nodesc/SKILL.md": "---\nname: nodesc\n---\n# Heading\n",
      ".claude/skills/badyaml/SKILL.md":
        "---\nname: badyaml\ndescription: bad: yaml: here\n  - [unclosed\n---\nBody.\n",
      ".claude/skills/long/SKILL.md": good("long", "L".repeat(1600)),
      ".claude/skills/mismatch/SKILL.md": good("other-name"),
      ".claude/skills/dup/SKILL.md": good("dup"),
      ".claude/commands/dup.md": "---\ndescription: Command dup.\n---\n",
      ".claude/skills/nested/beta/SKILL.md": good("beta"),
      ".claude/skills/lower/skill.md": good("lower"),
      ".claude/skills/top.md": good("top"),
      ".claude/agents/noname.md": "---\ndescription: No name.\n---\n",
      ".claude/agents/nofm.md": "# Just a heading\n",
      ".claude/agents/a.md": "---\nname: twin\ndescription: First.\n---\n",
      ".claude/agents/b.md": "---\nname: twin\ndescription: Second.\n---\n",
    });
    expect(got.sort()).toEqual(
      [
        "skill-missing-description .claude/skills/nodesc/SKILL.md:1",
        "skill-missing-description .claude/skills/badyaml/SKILL.md:1",
        "frontmatter-unparseable .claude/skills/badyaml/SKILL.md:4",
        "description-over-cut .claude/skills/long/SKILL.md:1",
        "skill-name-differs-from-folder .claude/skills/mismatch/SKILL.md:1",
        "duplicate-entry-name .claude/commands/dup.md:1",
        "skill-folder-not-scanned .claude/skills/nested/beta/SKILL.md:1",
        "skill-folder-not-scanned .claude/skills/lower/skill.md:1",
        "skill-folder-not-scanned .claude/skills/top.md:1",
        "agent-missing-description .claude/agents/noname.md:1",
        "agent-missing-description .claude/agents/nofm.md:1",
        "duplicate-entry-name .claude/agents/a.md:1",
      ].sort(),
    );
  });

  it("on_2_1_197_a_duplicate_name_listed_twice_is_still_reported", () => {
    expect(
      lintOf(
        {
          ".claude/skills/dup/SKILL.md": good("dup"),
          ".claude/commands/dup.md": "---\ndescription: C.\n---\n",
        },
        "2.1.197",
      ),
    ).toEqual(["duplicate-entry-name .claude/commands/dup.md:1"]);
  });

  it("a_description_cut_by_project_settings_is_reported_at_that_cut", () => {
    const root = tempDir("ac-lint-src-");
    made.push(root);
    writeLayout(root, {
      ".git": { git: true },
      ".claude/settings.json": JSON.stringify({ skillListingMaxDescChars: 50 }),
      ".claude/skills/s1/SKILL.md": good("s1", "D".repeat(60)),
    });
    const f = lintRepository({ root }).findings.find((x) => x.ruleId === "description-over-cut");
    expect(f?.message).toContain("60 characters; Claude Code sends the first 49");
  });
});
