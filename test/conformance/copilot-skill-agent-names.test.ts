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
const skill = (name: string) => `---\nname: ${name}\ndescription: Skill ${name}\n---\nBody.\n`;

interface NameCase {
  name: string;
  files: Record<string, string>;
  home?: Record<string, string>;
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
      const { repo, home, run } = await runCase({ ...c, cwd: "." }, "ac-cp26-");
      const cli = copilotListEntries(run);
      const model = modelEntries(repo, home, repo);
      expect(cli.map((e) => `${e.list}: ${e.text}`)).toEqual(model);
      expect(cli.map((e) => e.name)).toEqual(c.names);
    });
});
