/**
 * Conformance (issue 26): the names Copilot CLI 1.0.102 gives custom agents in subfolders, the skill names it
 * refuses, and how a user agent and a nested project agent of the same file name resolve. Each case runs the
 * pinned CLI offline (test/support/copilot.ts) and the copilot-cli model on the same files, and compares the
 * skills and custom agents entries the CLI sent (`copilotListEntries`) with the model's, in order; each case
 * also pins the CLI's names. Findings: docs/findings-copilot-cli.md ("Skill and agent names").
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copilotCli } from "../../src/agents/copilot-cli/index.js";
import { copilotListEntries } from "../../src/agents/copilot-cli/verify.js";
import { runCase } from "../support/copilot.js";

const agent = (desc: string, extra = "") => `---\n${extra}description: ${desc}\n---\nBody.\n`;
const skill = (name: string, desc = `Skill ${name}`) =>
  `---\nname: ${name}\ndescription: ${desc}\n---\nBody.\n`;
const command = (desc: string) => `---\ndescription: ${desc}\n---\nBody.\n`;

interface NameCase {
  name: string;
  files: Record<string, string>;
  home?: Record<string, string>;
  /** The working directory (default the repository's root) and whether the repository has a `.git`. */
  cwd?: string;
  git?: false;
  /** The names the CLI lists, skills then agents, in its order. */
  names: string[];
}

/** Skill names: those the CLI lists (spaces become `-`) and those it refuses (not listed). */
const SKILL_NAMES = {
  listed: ["Ab", "a b", "a.b", "a:b", "a_b", "1a", "a-", "a--b", "A B", "x  y", "a".repeat(64)],
  refused: [
    "-ab",
    "a&b",
    "a/b",
    "é",
    ".ab",
    "_ab",
    "a+b",
    "a@b",
    "b".repeat(65),
    "a'b",
    "a,b",
    "a(b)",
    "a~b",
  ],
};

const CASES: NameCase[] = [
  {
    name: "a_nested_agent_is_named_by_its_folders_joined_by_two_hyphens_at_every_depth_in_both_folders",
    files: {
      ".github/agents/sub/helper.agent.md": agent("A"),
      ".github/agents/x/y/deep.md": agent("B"),
      ".claude/agents/sub/cl.md": agent("D"),
      ".github/agents/top.md": agent("E"),
    },
    names: ["sub--cl", "sub--helper", "top", "x--y--deep"],
  },
  {
    name: "a_nested_agents_frontmatter_name_is_its_name",
    files: { ".github/agents/n/named.md": agent("C", "name: custom\n") },
    names: ["custom"],
  },
  {
    name: "a_skill_name_outside_letters_digits_dot_underscore_colon_hyphen_is_not_listed",
    files: {
      ...Object.fromEntries(
        [...SKILL_NAMES.listed, ...SKILL_NAMES.refused].map((n, i) => [
          `.github/skills/t${i}/SKILL.md`,
          skill(n),
        ]),
      ),
      ".github/skills/a&c/SKILL.md": "---\ndescription: folder a&c\n---\nBody.\n",
    },
    names: ["1a", "A-B", "Ab", "a-", "a--b", "a-b", "a.b", "a:b", "a_b", "a".repeat(64), "x-y"],
  },
  {
    name: "a_user_agent_replaces_the_repository_agent_of_its_path_and_a_nested_one_stays",
    files: {
      ".github/agents/sub/helper.md": agent("P"),
      ".github/agents/top.md": agent("PG"),
      ".claude/agents/top.md": agent("PC"),
      ".github/agents/s/named.md": agent("PN", "name: dup\n"),
    },
    home: {
      ".copilot/agents/helper.md": agent("U"),
      ".copilot/agents/top.md": agent("U2"),
      ".copilot/agents/u/n.md": agent("U3"),
      ".copilot/agents/dup.md": agent("U4"),
    },
    names: ["dup", "dup", "helper", "sub--helper", "top", "u--n"],
  },
  {
    name: "an_agent_the_cli_drops_still_takes_its_id_from_a_later_file_of_that_id",
    files: {
      ".github/agents/x.agent.md": agent("X1", "skills: none\n"),
      ".github/agents/x.md": agent("X2"),
      ".github/agents/y.md": agent("Y"),
    },
    home: {
      ".copilot/agents/helper.agent.md": agent("H1", "skills: none\n"),
      ".copilot/agents/helper.md": agent("H2"),
    },
    names: ["y"],
  },
  {
    // Found by the hostile suite: a dropped agent claims its id in its own folder only (w: the later file of
    // its folder is hidden), never in another (z: the `.claude` agent is listed).
    name: "a_dropped_agent_claims_its_id_in_its_own_agents_folder_only",
    files: {
      ".github/agents/z.agent.md": '---\ntools: ["shell"]\n---\nRun.\n',
      ".claude/agents/z.md": agent("Z"),
      ".github/agents/w.agent.md": "---\nname: w\n---\nRun.\n",
      ".github/agents/w.md": agent("W"),
    },
    names: ["z"],
  },
  {
    name: "an_agent_hidden_by_infer_false_takes_its_id",
    files: {
      ".github/agents/v.agent.md": agent("V1", "infer: false\n"),
      ".github/agents/v.md": agent("V2"),
      ".github/agents/u.md": agent("U"),
    },
    names: ["u"],
  },
  {
    // Found by the differential test (cs300:50, 51): a command's name obeys the skill name rule.
    name: "a_claude_command_is_named_as_a_skill_is_and_listed_only_if_its_name_is_one_a_skill_may_have",
    files: {
      ".claude/commands/a&b.md": command("amp"),
      ".claude/commands/-ab.md": command("dash"),
      ".claude/commands/_u.md": command("underscore"),
      ".claude/commands/é.md": command("accent"),
      ".claude/commands/a b.md": command("space"),
      ".claude/commands/ok.md": command("ok"),
      ".claude/commands/x.y.md": command("dot"),
      ".claude/commands/named.md": "---\nname: n&m\ndescription: named amp\n---\n",
      ".claude/commands/named2.md": "---\nname: with  space\ndescription: named space\n---\n",
      [`.claude/commands/${"b".repeat(65)}.md`]: command("long"),
    },
    names: ["a-b", "ok", "with-space", "x.y"],
  },
  {
    // cs300:6, 40, 58: with no git repository the CLI walks up from the cwd (to the file system's root; the
    // model to the repository's root) for skills, commands and agents, not for instruction files.
    name: "without_a_git_repository_skills_commands_and_agents_are_read_in_every_directory_above_the_cwd",
    git: false,
    cwd: "p/q",
    files: {
      "p/q/.github/skills/scwd/SKILL.md": skill("scwd"),
      "p/.claude/skills/smid/SKILL.md": skill("smid"),
      ".github/skills/stop/SKILL.md": skill("stop"),
      ".agents/skills/atop/SKILL.md": skill("atop"),
      "p/q/.claude/commands/cocwd.md": command("cwd"),
      "p/.claude/commands/comid.md": command("mid"),
      ".claude/commands/cotop.md": command("top"),
      "p/q/.github/agents/cwd.md": agent("cwd"),
      "p/.github/agents/mid.md": agent("mid"),
      ".github/agents/top.md": agent("top"),
      "p/.claude/agents/cmid.md": agent("cmid"),
      ".claude/agents/ctop.md": agent("ctop"),
    },
    names: ["scwd", "atop", "smid", "stop", "cocwd", "comid", "cotop", "cmid", "ctop", "cwd", "mid", "top"],
  },
  {
    name: "the_cwds_skills_and_commands_come_first_then_the_ancestors_sorted_by_name",
    cwd: "p/q",
    files: {
      "p/q/.github/skills/m1/SKILL.md": skill("m1"),
      "p/.github/skills/z2/SKILL.md": skill("z2"),
      "p/.agents/skills/b2/SKILL.md": skill("b2"),
      ".claude/skills/a3/SKILL.md": skill("a3"),
      ".github/skills/y3/SKILL.md": skill("y3"),
      "p/q/.claude/commands/cm.md": command("cm"),
      "p/.claude/commands/cz.md": command("cz"),
      "p/.claude/commands/cb.md": command("cb"),
      ".claude/commands/ca.md": command("ca"),
      ".claude/commands/cy.md": command("cy"),
    },
    names: ["m1", "a3", "b2", "y3", "z2", "cm", "ca", "cb", "cy", "cz"],
  },
  {
    // The listed entries' descriptions (compared with the model's) name the winner: any directory's
    // `.github/skills` before `.agents/skills` before `.claude/skills`, then the nearer directory.
    name: "a_github_skill_of_any_directory_wins_a_name_then_an_agents_skill_then_the_nearer_claude_skill",
    cwd: "p/q",
    files: {
      "p/.agents/skills/d/SKILL.md": skill("d", "mid agents"),
      ".github/skills/d/SKILL.md": skill("d", "root github"),
      "p/.claude/skills/e/SKILL.md": skill("e", "mid claude"),
      ".github/skills/e/SKILL.md": skill("e", "root github"),
      "p/q/.agents/skills/f/SKILL.md": skill("f", "cwd agents"),
      "p/.github/skills/f/SKILL.md": skill("f", "mid github"),
      "p/q/.claude/commands/d.md": command("a command named as a skill"),
      "p/.claude/commands/g.md": command("mid command"),
      ".claude/commands/g.md": command("root command"),
    },
    names: ["d", "e", "f", "g"],
  },
  {
    name: "an_agents_skill_wins_a_name_over_a_claude_skill_of_the_cwd",
    cwd: "p/q",
    files: {
      "p/q/.claude/skills/d/SKILL.md": skill("d", "cwd claude"),
      "p/.agents/skills/d/SKILL.md": skill("d", "mid agents"),
      "p/q/.claude/skills/e/SKILL.md": skill("e", "cwd claude"),
      "p/q/.agents/skills/e/SKILL.md": skill("e", "cwd agents"),
    },
    names: ["e", "d"],
  },
  {
    // cs300:41: the root's `.github/agents/helper.md` is listed, not `p/a/.claude/agents/helper.md`.
    name: "a_github_agent_of_any_directory_wins_its_id_over_a_claude_agent_of_the_cwd",
    cwd: "p/q",
    files: {
      "p/q/.claude/agents/h.md": agent("cwd claude"),
      ".github/agents/h.md": agent("root github"),
      "p/q/.github/agents/i.md": agent("cwd github"),
      "p/.github/agents/i.md": agent("mid github"),
      "p/q/.claude/agents/j.md": agent("cwd claude"),
      "p/.claude/agents/j.md": agent("mid claude"),
    },
    names: ["h", "i", "j"],
  },
];

/** The model's entries for the case's written files (user view, COPILOT_HOME = HOME/.copilot). */
function modelEntries(repo: string, home: string, cwd: string): string[] {
  const snapshot = copilotCli.launch({
    root: repo,
    cwd,
    view: "user",
    user: { home, env: { COPILOT_HOME: join(home, ".copilot") } },
  });
  const listed = (list: string) =>
    snapshot.items.flatMap((it) =>
      it.extra?.list === list && typeof it.extra.entry === "string" ? [`${list}: ${it.extra.entry}`] : [],
    );
  return [...listed("skills"), ...listed("agents")];
}

describe("copilot-cli skill and agent names (pinned CLI)", () => {
  for (const c of CASES)
    it(c.name, { timeout: 180_000 }, async () => {
      const { repo, home, run } = await runCase({ ...c, cwd: c.cwd ?? "." }, "ac-cp26-");
      const cli = copilotListEntries(run);
      const model = modelEntries(repo, home, join(repo, c.cwd ?? "."));
      expect(cli.map((e) => `${e.list}: ${e.text}`)).toEqual(model);
      expect(cli.map((e) => e.name)).toEqual(c.names);
    });
});
