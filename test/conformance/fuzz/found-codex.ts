/**
 * Cases the differential test found for Codex, shrunk by hand and pinned (test/conformance/codex-fuzz.test.ts
 * runs them): the CLI's AGENTS.md message and skills entries against the model's, byte for byte (or, while
 * `open` is set, still different). `npm run conformance:fuzz -- --agent codex --seed RUN --indexes I --show`
 * prints the unshrunk case. Findings: docs/findings-fuzz.md ("Codex").
 */
import type { FuzzFoundCase } from "./found.js";

/** Every Codex case sends one AGENTS.md message (compared as one "file"; "" when nothing loads). */
const MESSAGE = ["<AGENTS.md message>"];
const skill = (name: string | null, description: string) =>
  `---\n${name === null ? "" : `name: ${name}\n`}description: ${description}\n---\nBody.\n`;

export const CODEX_FOUND_CASES: FuzzFoundCase[] = [
  {
    // The model skipped the BOM and listed the skill; the CLI finds no frontmatter and drops it (seed cx:2).
    name: "a_skill_whose_frontmatter_follows_a_byte_order_mark_is_not_listed",
    seed: "cx:2",
    release: "0.171.0",
    home: "home",
    git: ["proj"],
    cwd: "proj",
    files: {
      "proj/.agents/skills/alpha/SKILL.md": `\ufeff${skill("alpha", "With a BOM.")}`,
      "proj/.agents/skills/beta/SKILL.md": skill("beta", "Without."),
    },
    reads: [],
    expect: MESSAGE,
    expectReads: [],
  },
  {
    // The model sorted every skill by name (`Zeta` < `_under`); the CLI lists the repository's skills before
    // the user's, each by name (seeds cx:5, cx:7).
    name: "the_repository_skills_are_listed_before_the_users_each_by_name",
    seed: "cx:5",
    release: "0.171.0",
    home: "home",
    git: ["proj"],
    cwd: "proj",
    files: {
      "proj/.codex/skills/_under/SKILL.md": skill(null, "Repository, after Zeta by code point."),
      "home/.codex/skills/Zeta/SKILL.md": skill("Zeta", "The user's."),
      "home/.agents/skills/a-b/SKILL.md": skill("a-b", "The user's too."),
      "proj/.agents/skills/x1/SKILL.md": skill("x1", "Repository."),
    },
    reads: [],
    expect: MESSAGE,
    expectReads: [],
  },
  {
    // The model listed a SKILL.md that is a link to a file; the CLI follows linked folders only (seed cx:19).
    name: "a_skill_md_that_is_a_link_to_a_file_is_not_listed",
    seed: "cx:19",
    release: "0.171.0",
    home: "home",
    git: ["proj"],
    cwd: "proj",
    files: { "proj/shared/one/SKILL.md": skill("via-file-link", "Linked file.") },
    links: { "proj/.agents/skills/filelink/SKILL.md": "<R>/proj/shared/one/SKILL.md" },
    reads: [],
    expect: MESSAGE,
    expectReads: [],
  },
  {
    // A linked skill folder without a frontmatter name: the model named it after the link, the CLI after its
    // target's folder (seeds cx300:147, cx300:213).
    name: "a_linked_skill_folder_without_a_name_is_named_after_its_target",
    seed: "cx300:147",
    release: "0.171.0",
    home: "home",
    git: ["proj"],
    cwd: "proj",
    files: { "proj/shared-skills/lint/SKILL.md": skill(null, "Named after lint.") },
    links: { "proj/.agents/skills/linked": "<R>/proj/shared-skills/lint" },
    reads: [],
    expect: MESSAGE,
    expectReads: [],
  },
  {
    // Two findings of seed cx:26: an empty (whitespace) global AGENTS.override.md gives way to the global
    // AGENTS.md, and `untrusted` for the folder `project_root_markers` finds above the git root is not the
    // project's trust (the CLI looks trust up by the git root): the chain loads.
    name: "a_blank_global_override_gives_way_and_trust_is_looked_up_by_the_git_root",
    seed: "cx:26",
    release: "0.171.0",
    home: "home",
    git: ["proj"],
    cwd: "proj/a",
    files: {
      "AGENTS.md": "Above the git root.\n",
      "package.json": "{}\n",
      "proj/AGENTS.md": "The git root's.\n",
      "proj/a/AGENTS.md": "The cwd's.\n",
      "home/.codex/AGENTS.override.md": "   \n\n",
      "home/.codex/AGENTS.md": "Global.\n",
      "home/.codex/config.toml":
        'project_root_markers = ["package.json"]\n[projects."<R>"]\ntrust_level = "untrusted"\n',
    },
    reads: [],
    expect: MESSAGE,
    expectReads: [],
  },
  {
    // `-c` overrides every config file in the user view: the model ignored it (seed cx:31).
    name: "dash_c_root_markers_and_budget_override_the_config_files",
    seed: "cx:31",
    release: "0.171.0",
    home: "home",
    git: ["proj"],
    cwd: "proj/a",
    files: {
      "proj/AGENTS.md": "Root.\n",
      "proj/a/AGENTS.md": "Cwd, cut by the budget.\n",
      "proj/.codex/skills/lint/SKILL.md": skill("lint", "Not read without a project root."),
      "home/.codex/config.toml": "project_doc_max_bytes = 7\n",
    },
    args: ["-c", "project_root_markers=[]", "-c", "project_doc_max_bytes=9"],
    reads: [],
    expect: MESSAGE,
    expectReads: [],
  },
  {
    // A user skill folder linked out of $CODEX_HOME: the CLI follows it; the model does not follow a link out
    // of the folder it walks (a bound: the skills measurement is marked incomplete) (seed cx300:203).
    name: "a_user_skill_folder_linked_out_of_codex_home_is_listed_by_the_cli",
    seed: "cx300:203",
    release: "0.171.0",
    home: "home",
    git: ["proj"],
    cwd: "proj",
    files: { "ext/skills/Zeta/SKILL.md": skill(null, "Outside CODEX_HOME.") },
    links: { "home/.codex/skills/out": "<R>/ext/skills/Zeta" },
    reads: [],
    expect: MESSAGE,
    expectReads: [],
    // Agrees: the case's CODEX_HOME lies inside the measured root (the fixture's temp folder), so by
    // docs/security.md "The user's own links" its skill links are followed within that root, as the CLI does.
  },
];
