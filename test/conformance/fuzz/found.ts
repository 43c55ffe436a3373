/**
 * Cases the differential test found where the model disagreed with the pinned Claude Code CLI, shrunk and
 * pinned (test/conformance/claude-fuzz.test.ts runs them): the CLI must still load exactly `expect` at
 * launch and attach exactly `expectReads[i]` after read i, and the model must agree with it byte for byte.
 * Each names its seed (`npm run conformance:fuzz -- --seed RUN --from INDEX --cases 1 --release R`
 * regenerates the unshrunk case) and what the model got wrong. Findings: docs/findings-fuzz.md.
 */
import type { FuzzCase } from "./generate.js";

export interface FuzzFoundCase extends Omit<FuzzCase, "links" | "env" | "addDirs"> {
  /** A sentence, as the test names it. */
  name: string;
  links?: Record<string, string>;
  env?: Record<string, string>;
  addDirs?: string[];
  /** Root-relative paths the CLI loads at launch, in order. */
  expect: string[];
  /** Per read, the root-relative paths the CLI attaches, in order. */
  expectReads: string[][];
  /** The list entries the CLI sends (`LIST: TEXT`, the CLI's own left out), when the case pins them. */
  expectEntries?: string[];
  /**
   * Set while the model still disagrees (not yet modelled; docs/findings-fuzz.md says why): the test then
   * requires the disagreement, so the day the model agrees it fails and asks for this mark to go.
   */
  open?: string;
}

/** The case as the harness runs it. */
export function foundAsCase(c: FuzzFoundCase): FuzzCase {
  return {
    seed: c.seed,
    release: c.release,
    cwd: c.cwd,
    home: c.home,
    git: c.git,
    files: c.files,
    links: c.links ?? {},
    env: c.env ?? {},
    addDirs: c.addDirs ?? [],
    ...(c.args ? { args: c.args } : {}),
    reads: c.reads,
  };
}

export const FUZZ_FOUND_CASES: FuzzFoundCase[] = [
  {
    // The model kept a literal (`|`) description's line break in a skill's and a command's entry; the CLI
    // sends it as a space (seeds long-2.1.332:5 and :56, hand-shrunk).
    name: "a_literal_block_description_of_a_skill_or_a_command_is_listed_with_its_line_breaks_as_spaces_on_2_1_332",
    seed: "long-2.1.332:5",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [""],
    files: {
      ".claude/skills/lit/SKILL.md": "---\nname: lit\ndescription: |\n  Line one\n  two\n---\nx\n",
      ".claude/commands/ops/lit2.md": "---\ndescription: |\n  Cmd one\n  two\n---\nx\n",
    },
    reads: [],
    expect: [],
    expectReads: [],
    expectEntries: ["skills: - lit: Line one two", "skills: - ops:lit2: Cmd one two"],
  },
  {
    // 2.1.197 keeps them (seed long-2.1.197:14, hand-shrunk).
    name: "a_literal_block_description_of_a_skill_or_a_command_keeps_its_line_breaks_on_2_1_197",
    seed: "long-2.1.197:14",
    release: "2.1.197",
    cwd: "",
    home: "home",
    git: [""],
    files: {
      ".claude/skills/lit/SKILL.md": "---\nname: lit\ndescription: |\n  Line one\n  two\n---\nx\n",
      ".claude/commands/ops/lit2.md": "---\ndescription: |\n  Cmd one\n  two\n---\nx\n",
    },
    reads: [],
    expect: [],
    expectReads: [],
    expectEntries: ["skills: - lit: Line one\ntwo", "skills: - ops:lit2: Cmd one\ntwo"],
  },
  {
    // The model listed the repository's skills with CLAUDE_CODE_DISABLE_ATTACHMENTS set; the CLI sends
    // none of them (the subagent list stays) (seed long-2.1.332:62, hand-shrunk).
    name: "with_attachments_disabled_no_repository_skill_or_command_is_listed_and_subagents_still_are",
    seed: "long-2.1.332:62",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [""],
    env: { CLAUDE_CODE_DISABLE_ATTACHMENTS: "1" },
    files: {
      ".claude/skills/a-b/SKILL.md": "---\nname: a-b\ndescription: A skill\n---\nx\n",
      ".claude/commands/c.md": "---\ndescription: A command\n---\nx\n",
      ".claude/agents/ag.md": "---\nname: ag\ndescription: An agent\n---\nx\n",
    },
    reads: [],
    expect: [],
    expectReads: [],
    expectEntries: ["agents: - ag: An agent (Tools: All tools)"],
  },
  {
    // The model listed the skills and subagents of the folders at and above HOME when the cwd lies below
    // HOME; the CLI walks up from the cwd and stops before HOME (seed s26probe:1, hand-shrunk; both releases).
    name: "skills_commands_and_subagents_at_or_above_home_are_not_listed_when_the_cwd_is_below_home",
    seed: "s26probe:1",
    release: "2.1.332",
    cwd: "home/proj",
    home: "home",
    git: [],
    files: {
      ".claude/skills/init/SKILL.md": "---\nname: init\ndescription: Above HOME\n---\nx\n",
      ".claude/agents/db.md": "---\nname: db\ndescription: Above HOME\n---\nx\n",
      "home/.claude/commands/at-home.md": "---\ndescription: At HOME\n---\nx\n",
      "home/proj/.claude/skills/ops/SKILL.md": "---\ndescription: In the cwd\n---\nx\n",
      "home/proj/.claude/agents/near.md": "---\nname: near\ndescription: In the cwd\n---\nx\n",
    },
    reads: [],
    expect: [],
    expectReads: [],
    expectEntries: ["agents: - near: In the cwd (Tools: All tools)", "skills: - ops: In the cwd"],
  },
  {
    // The model attached a linked memory file's target again when a read reached the target's folder;
    // the CLI attaches a file once per session by its real path (seed r332:197, hand-shrunk).
    name: "a_memory_file_attached_through_a_link_is_not_attached_again_by_its_target_path",
    seed: "r332:197",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [""],
    files: { "a/real/CLAUDE.md": "Real memory.\n@near.md\n", "a/real/near.md": "near\n", "a/x.ts": "x\n" },
    links: { "a/CLAUDE.md": "real/CLAUDE.md" },
    reads: ["a/x.ts", "a/real/near.md"],
    expect: [],
    expectReads: [["a/CLAUDE.md", "a/real/near.md"], []],
  },
  {
    name: "a_read_below_a_linked_memory_files_target_attaches_it_once_by_the_links_path",
    seed: "r332:197",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [""],
    files: { "a/real/CLAUDE.md": "Real memory.\n", "a/real/y.ts": "y\n", "a/x.ts": "x\n" },
    links: { "a/CLAUDE.md": "real/CLAUDE.md" },
    reads: ["a/real/y.ts", "a/x.ts"],
    expect: [],
    expectReads: [["a/CLAUDE.md"], []],
  },
  {
    // Not so for the launch set: a memory file loaded at launch through a link is attached again by its
    // target's path when a read reaches the target's folder (seed r332:200).
    name: "a_memory_file_loaded_at_launch_through_a_link_is_attached_again_by_its_target_path_on_read",
    seed: "r332:200",
    release: "2.1.332",
    cwd: "a",
    home: "home",
    git: [""],
    files: { "a/real/CLAUDE.md": "Real memory.\n", "a/real/y.ts": "y\n" },
    links: { "a/CLAUDE.md": "real/CLAUDE.md" },
    reads: ["a/real/y.ts"],
    expect: ["a/CLAUDE.md"],
    expectReads: [["a/real/CLAUDE.md"]],
  },
  {
    // The model stripped a comment on a file's first line after a BOM; the CLI keeps it (the BOM makes
    // the line a paragraph), so a BOM-prefixed comment-only file loads (seed r332:257, hand-shrunk).
    // On read the attached text keeps the BOM; at launch it is trimmed away.
    name: "a_bom_before_a_comment_keeps_the_comment_at_launch_and_on_read",
    seed: "r332:257",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [""],
    files: {
      "CLAUDE.md": "\ufeff<!-- a comment -->\nrest\n",
      "CLAUDE.local.md": "\ufeff<!-- only -->\n",
      "a/CLAUDE.md": "\ufeff<!-- only -->\n",
      "a/x.ts": "x\n",
    },
    reads: ["a/x.ts"],
    expect: ["CLAUDE.md", "CLAUDE.local.md"],
    expectReads: [["a/CLAUDE.md"]],
  },
  {
    // The model attached a nested rule reached through a directory link that leaves the working directory;
    // the CLI drops it on read as it does at launch. Fixed in src/agents/claude-code/on-read.ts.
    name: "a_nested_rule_folder_linked_outside_the_working_directory_is_not_attached_on_read",
    seed: "r332:31",
    release: "2.1.332",
    cwd: "a",
    home: "home",
    git: [""],
    files: {
      "a/b/c/.claude/rules/sub/style1.MD":
        '---\npaths: "lib/**"\n---\nText of a/b/c/.claude/rules/sub/style1.MD #12.\n',
      "ext/shared/dir2/inner.md": "Text of ext/shared/dir2/inner.md #18.\ntrailing spaces   \n",
    },
    links: { "a/b/c/.claude/rules/linkdir2": "../../../../../ext/shared/dir2" },
    reads: ["a/b/c/.claude/rules/sub/style1.MD"],
    expect: [],
    expectReads: [[]],
  },
  {
    // The model attached a nested rule linked to a file inside the working directory by the link's path;
    // the CLI attaches it by its target's path, as at launch. Hand-shrunk from seed r332:94.
    name: "a_nested_rule_linked_inside_the_working_directory_is_attached_by_its_target_path",
    seed: "r332:94",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [""],
    files: { "d/shared/r2.md": "Shared rule.\n", "a/b/x.ts": "x\n" },
    links: { "a/b/.claude/rules/link2.md": "../../../../d/shared/r2.md" },
    reads: ["a/b/x.ts"],
    expect: [],
    expectReads: [["d/shared/r2.md"]],
  },
  {
    // The same for a nested rule folder linked inside the working directory (hand-shrunk from r332:72).
    name: "a_nested_rule_folder_linked_inside_the_working_directory_is_attached_by_its_target_path",
    seed: "r332:72",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [""],
    files: { "shared/dir2/inner.md": "Inner rule.\n", "a/b/src/y/z.ts": "z\n" },
    links: { "a/b/.claude/rules/linkdir2": "../../../../shared/dir2" },
    reads: ["a/b/src/y/z.ts"],
    expect: [],
    expectReads: [["shared/dir2/inner.md"]],
  },
  {
    // The order of a rule reached through a linked folder against .claude/AGENTS.md: the CLI loads the
    // AGENTS file first (a plain rule loads before it): the AGENTS files go just before the level's first
    // linked rule. Shrunk by the differential test from seed r332:412 in 45 runs.
    name: "a_rule_in_a_linked_rules_folder_loads_after_dot_claude_agents_md",
    seed: "r332:412",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [],
    files: {
      ".claude/AGENTS.md": "Text of .claude/AGENTS.md #1.\n",
      "ext/shared/dir2/inner.md": "Text of ext/shared/dir2/inner.md #6.\r\n",
    },
    links: { ".claude/rules/linkdir2": "../../ext/shared/dir2" },
    reads: [],
    expect: [".claude/AGENTS.md", "ext/shared/dir2/inner.md"],
    expectReads: [],
  },
  {
    // A root rule whose `paths:` is a flow list that only parses leniently (`[**, b/**/*.ts]`) fires for a
    // read of a file under a nested `.claude/rules/`; the model's lenient reading quotes the whole list
    // and splits it into `[**` and `b/**/*.ts]`, which match nothing. Shrunk by the differential test from
    // seed r332:404 in 45 runs.
    name: "a_leniently_parsed_flow_list_with_double_star_fires_for_a_read_under_a_nested_rules_folder",
    seed: "r332:404",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [],
    files: {
      ".claude/rules/ts1.md": "---\npaths: [**, b/**/*.ts]\n---\n    Text of .claude/rules/ts1.md #14.\n",
      "d/.claude/rules/api1.md":
        "---\nPaths: **/*.ts\nText of d/.claude/rules/api1.md #22.\ntrailing spaces   \n<!-- block comment -->\n\n",
    },
    reads: ["d/.claude/rules/api1.md"],
    expect: [],
    expectReads: [[".claude/rules/ts1.md"]],
  },
  {
    // The model attached the user's scoped rules after the nested memory of the directories between; the
    // CLI attaches them first (seed g332:72, with the user-layer feature; hand-shrunk).
    name: "scoped_user_rules_attach_before_the_nested_memory_of_the_directories_between",
    seed: "g332:72",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [""],
    files: {
      ".cfg/rules/z1.md": '---\npaths: "**/*.md"\n---\nUser rule z1.\n',
      ".cfg/rules/z2.md": "---\npaths: d/**\n---\nUser rule z2.\n",
      "d/CLAUDE.md": "Nested memory of d.\n",
      "d/.claude/rules/u.md": "Unscoped nested rule.\n",
      "d/x.md": "x\n",
    },
    reads: ["d/x.md"],
    expect: [],
    // (the CLI's own order of the two user rules: z2 before z1, as the model lists that folder)
    expectReads: [[".cfg/rules/z2.md", ".cfg/rules/z1.md", "d/CLAUDE.md", "d/.claude/rules/u.md"]],
  },
  // 2.1.197 has no AGENTS.md plugin: a managed-only mode in the user settings changes nothing, the launch set
  // is what it is without the setting (seeds h197:37, 123, 302; shrunk by hand).
  {
    name: "the_agents_md_plugin_mode_changes_nothing_on_2_1_197",
    seed: "h197:37",
    release: "2.1.197",
    cwd: "proj",
    home: "home",
    git: ["proj"],
    files: {
      "proj/CLAUDE.md": "Memory of proj.\n",
      "proj/.claude/rules/ts3.md": "Unscoped rule.\n",
      "proj/x.ts": "x\n",
      ".cfg/settings.json":
        '{\n  "pluginConfigs": {\n    "cc-plugin-agents-md@builtin": {\n      "options": {\n        "instructionFiles": "managed-only"\n      }\n    }\n  }\n}\n',
    },
    reads: ["proj/x.ts"],
    expect: ["proj/CLAUDE.md", "proj/.claude/rules/ts3.md"],
    expectReads: [[]],
  },
  // 2.1.197 sends a body holding `<!--` with LF line endings even when nothing is stripped (an inline
  // comment), at launch and on read; a marker only in the frontmatter changes nothing (seed h197:215, shrunk
  // by hand; 2.1.332 sends such a file as written).
  {
    name: "a_crlf_file_with_an_inline_comment_is_sent_with_lf_on_2_1_197",
    seed: "h197:215",
    release: "2.1.197",
    cwd: "a",
    home: "home",
    git: [""],
    files: {
      "a/CLAUDE.md": "Mem.\r\nkeep <!-- c --> this\r\n",
      "a/.claude/rules/lonecr.md": "Lone.\rkeep <!-- c --> this\rend\n",
      "a/.claude/rules/fm.md": "---\r\ndescription: <!-- x -->\r\n---\r\nFm.\r\nline\r\n",
      "shared/dir2/inner.md": "Inner.\r\nkeep <!-- inline comment --> this\r\n",
      "a/d/CLAUDE.md": "Nested.\r\nkeep <!-- c --> this\r\n",
      "a/d/y.ts": "y\n",
    },
    links: { "a/.claude/rules/linkdir2": "<R>/shared/dir2" },
    reads: ["a/d/y.ts"],
    expect: ["a/CLAUDE.md", "a/.claude/rules/lonecr.md", "a/.claude/rules/fm.md", "shared/dir2/inner.md"],
    expectReads: [["a/d/CLAUDE.md"]],
  },
  // 2.1.197: a `paths:` pattern its gitignore matcher cannot compile (`[b/**/*.ts` from the unquoted flow
  // list `[b/**/*.ts, *.md]`) ends the read's attachments at its folder: that folder's memory and rules and
  // every later folder attach nothing, earlier folders keep theirs; a later read attaches again (seeds
  // h197:172 and 175, shrunk by the harness then widened by hand; 2.1.332 drops the pattern).
  {
    name: "a_rule_with_a_glob_that_does_not_compile_ends_the_reads_attachments_on_2_1_197",
    seed: "h197:172",
    release: "2.1.197",
    cwd: "",
    home: "home",
    git: [],
    files: {
      "CLAUDE.md": "Root.\n",
      ".claude/rules/ts.md": '---\npaths: "**/*.ts"\n---\nRoot TS.\n',
      "a/CLAUDE.md": "A mem.\n",
      "a/b/.claude/rules/bad.md": "---\npaths: [b/**/*.ts, *.md]\n---\nBad glob.\n",
      "a/b/CLAUDE.md": "AB mem.\n",
      "a/b/c/CLAUDE.md": "ABC mem.\n",
      "a/b/c/x.ts": "x\n",
      "a/y.ts": "y\n",
    },
    reads: ["a/b/c/x.ts", "a/y.ts"],
    expect: ["CLAUDE.md"],
    expectReads: [["a/CLAUDE.md"], [".claude/rules/ts.md"]],
  },
  {
    name: "a_glob_that_does_not_compile_in_the_working_directorys_rules_drops_its_scoped_rules_on_2_1_197",
    seed: "h197:175",
    release: "2.1.197",
    cwd: "",
    home: "home",
    git: [],
    files: {
      ".claude/rules/style2.md": '---\npaths: "**/*.ts"\n---\nText of .claude/rules/style2.md #5.\n',
      ".claude/rules/sub/ts1.md":
        "---\npaths: [b/**/*.ts, *.md]\n---\nText of .claude/rules/sub/ts1.md #6.\n",
      "d/x.ts": "content of d/x.ts\n",
    },
    reads: ["d/x.ts"],
    expect: [],
    expectReads: [[]],
  },
  // The managed-only mode filters the launch set only: on read the CLI attaches nested memory, nested rules
  // and the user's scoped rules as in the default mode (seeds h332:43, 342, 404, 456; shrunk).
  {
    name: "the_users_scoped_rules_attach_on_read_in_the_managed_only_mode",
    seed: "h332:43",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [],
    files: {
      "a/b/.claude/rules/ts1.md": "",
      ".cfg/rules/z1.md": "---\npaths: **/*.md\n---\nUser rule .cfg/rules/z1.md.\n",
      ".cfg/settings.json":
        '{\n  "pluginConfigs": {\n    "cc-plugin-agents-md@builtin": {\n      "options": {\n        "instructionFiles": "managed-only"\n      }\n    }\n  }\n}\n',
    },
    reads: ["a/b/.claude/rules/ts1.md"],
    expect: [],
    expectReads: [[".cfg/rules/z1.md"]],
  },
  {
    name: "a_nested_rule_of_an_unterminated_frontmatter_attaches_on_read_in_the_managed_only_mode",
    seed: "h332:342",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [],
    files: {
      "a/b/.claude/rules/docs1.md": "---\n",
      "a/b/q.ts": "",
      ".cfg/settings.json":
        '{\n  "pluginConfigs": {\n    "cc-plugin-agents-md@builtin": {\n      "options": {\n        "instructionFiles": "managed-only"\n      }\n    }\n  }\n}\n',
    },
    reads: ["a/b/q.ts"],
    expect: [],
    expectReads: [["a/b/.claude/rules/docs1.md"]],
  },
  {
    name: "a_nested_unscoped_rule_attaches_on_read_in_the_managed_only_mode",
    seed: "h332:404",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [],
    files: {
      "a/.claude/rules/style1.md": "Text of a/.claude/rules/style1.md #7.\n",
      "a/docs/style.md": "x",
      ".cfg/settings.json":
        '{\n  "pluginConfigs": {\n    "cc-plugin-agents-md@builtin": {\n      "options": {\n        "instructionFiles": "managed-only"\n      }\n    }\n  }\n}\n',
    },
    reads: ["a/docs/style.md"],
    expect: [],
    expectReads: [["a/.claude/rules/style1.md"]],
  },
  {
    name: "nested_memory_through_a_link_attaches_on_a_read_of_a_missing_file_in_the_managed_only_mode",
    seed: "h332:456",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [],
    files: {
      "a/real/CLAUDE.md": "Text of a/real/CLAUDE.md #10.\r\n",
      ".cfg/settings.json":
        '{\n  "pluginConfigs": {\n    "cc-plugin-agents-md@builtin": {\n      "options": {\n        "instructionFiles": "managed-only"\n      }\n    }\n  }\n}\n',
    },
    links: { "a/.claude/CLAUDE.md": "<R>/a/real/CLAUDE.md" },
    reads: ["a/src/missing.ts"],
    expect: [],
    expectReads: [["a/.claude/CLAUDE.md"]],
  },
  // An import with its own `paths:` under a (nested, scoped) rule is dropped at launch but attached on a
  // read its globs match (seed h332:147, shrunk; claude-onread.test.ts has the base directory).
  {
    name: "an_import_with_its_own_paths_under_a_nested_scoped_rule_attaches_when_its_globs_match_the_read",
    seed: "h332:147",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [],
    files: {
      "a/b/.claude/rules/test1.md":
        '---\npaths: "x.ts"\n---\n<!-- x --> @../../../../d/.claude/rules/api1.md',
      "d/.claude/rules/api1.md": "---\npaths: **/*.md\n---\nText of d/.claude/rules/api1.md #8.\n",
      "a/b/c/real/CLAUDE.md": "Text of a/b/c/real/CLAUDE.md #11.\n@near.md\n",
    },
    reads: ["a/b/c/real/CLAUDE.md"],
    expect: [],
    expectReads: [["d/.claude/rules/api1.md"]],
  },
  // A scoped rule is not in context at launch, so AGENTS.md (which loads after the rules of its level)
  // imports it (seed h332:150, shrunk; the model had marked it seen).
  {
    name: "a_scoped_rule_imported_by_agents_md_loads_as_an_import",
    seed: "h332:150",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [],
    files: {
      "AGENTS.md": "@<R>/.claude/rules/test1.md#section\n",
      ".claude/rules/test1.md": '---\npaths:\n  - "a/**"\n---\nText of .claude/rules/test1.md #6.',
    },
    reads: [],
    expect: ["AGENTS.md", ".claude/rules/test1.md"],
    expectReads: [],
  },
  // A rule that is a link to a file inside the working directory loads after AGENTS.md (seeds h332:123,
  // 132; the same kind as the linked rules folder above): a level's AGENTS files load just before its first
  // rule reached through a link, in the walk's order (probes: plain rules walked before that link load
  // before the AGENTS files, plain rules after it after them).
  {
    name: "a_rule_linked_to_a_file_inside_the_working_directory_loads_after_agents_md",
    seed: "h332:123",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [],
    files: { "AGENTS.md": "Text of AGENTS.md #3.\n", "d/shared/r2.md": "Text of d/shared/r2.md #14.\n" },
    links: { ".claude/rules/link2.md": "../../d/shared/r2.md" },
    reads: [],
    expect: ["AGENTS.md", "d/shared/r2.md"],
    expectReads: [],
  },
  // A link dropped for leaving the working directory does not move the AGENTS files: they load after the
  // level's rules (probe while settling h332:123).
  {
    name: "agents_files_load_after_the_rules_when_the_only_link_leaves_the_working_directory",
    seed: "h332:123",
    release: "2.1.332",
    cwd: "w",
    home: "home",
    git: [],
    files: { "w/AGENTS.md": "Agents w.\n", "w/.claude/rules/a.md": "Plain a.\n", "out/o.md": "Outside.\n" },
    links: { "w/.claude/rules/m-out.md": "../../../out/o.md" },
    reads: [],
    expect: ["w/.claude/rules/a.md", "w/AGENTS.md"],
    expectReads: [],
  },
  // The CLI's Markdown lexer does not let a fence line at the very end of a file (no newline after it)
  // interrupt a paragraph, so "```" there closes a code span opened on an earlier line and hides the import
  // between; CommonMark opens a fence (seed h332:273, shrunk; probes: with a newline after the last "```"
  // the import loads). Modelled by eofFenceAsText (src/markdown/body.ts); probes on both releases agree.
  {
    name: "a_fence_line_ending_the_file_without_a_newline_closes_a_code_span_that_hides_an_import",
    seed: "h332:273",
    release: "2.1.332",
    cwd: "",
    home: "home",
    git: [],
    files: {
      "CLAUDE.local.md": "Text of CLAUDE.local.md #1. ```\n@a/x.md\n```",
      "a/x.md": "Text of a/x.md.\n",
    },
    reads: [],
    expect: ["CLAUDE.local.md"],
    expectReads: [],
  },
  // Bracket classes as the CLI's gitignore matcher (the `ignore` package's major release 5) reads them,
  // settled while shrinking the lenient flow list above (seed f332:12 had `paths: [**, **]`): an unclosed
  // `[` makes `[**` match every path, `[!a]` and `[^a]` are classes of `!`/`^` and `a`, not negations, and
  // `[src/**` does not compile (dropped). The model used ignore 7, which reads all four the other way.
  ...(
    [
      ["an_unclosed_bracket_before_double_star_matches_every_path", "paths: [**, **]", "x/y.md", true],
      ["a_bang_class_is_not_a_negation_so_it_matches_the_excluded_letter", 'paths: "[!a]*.ts"', "a.ts", true],
      ["a_bang_class_is_not_a_negation_so_it_misses_other_letters", 'paths: "[!a]*.ts"', "b.ts", false],
      ["a_caret_class_is_not_a_negation", 'paths: "[^a]*"', "n.md", false],
      ["an_unclosed_bracket_before_a_slash_does_not_compile", 'paths: "[src/**"', "src/q.ts", false],
    ] as const
  ).map(
    ([what, paths, read, fires]): FuzzFoundCase => ({
      name: `a_rule_matches_bracket_classes_as_the_cli_does_${what}`,
      seed: "f332:12",
      release: "2.1.332",
      cwd: "",
      home: "home",
      git: [""],
      files: { "CLAUDE.md": "m\n", ".claude/rules/r.md": `---\n${paths}\n---\nRULE\n`, [read]: "x\n" },
      reads: [read],
      expect: ["CLAUDE.md"],
      expectReads: [fires ? [".claude/rules/r.md"] : []],
    }),
  ),
];
