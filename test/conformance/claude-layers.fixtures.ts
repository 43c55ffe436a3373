/**
 * Cases for the layers outside the repository's own files (settings, environment switches, the user layer,
 * approvals, --add-dir), settled against the pinned Claude Code 2.1.332. Each case is files + a throwaway
 * home + environment + flags, so a generator can produce the same shape. `expect` lists what the CLI loads,
 * in order: paths relative to the fixture root, or `~/...` relative to the throwaway home (whose
 * CLAUDE_CONFIG_DIR is `~/cfg`). Findings: docs/findings-claude-settings.md.
 */
import type { FixtureSpec } from "../support/fixture.js";

export interface LayerCase extends FixtureSpec {
  name: string;
  /** Launch directory relative to the root (default: the root). */
  cwd?: string;
  /**
   * Files of the throwaway home, relative to it (`cfg/` is CLAUDE_CONFIG_DIR). `<R>` is the fixture root,
   * `<H>` the home, `<CWD>` the launch directory.
   */
  home?: Record<string, string>;
  /** Extra environment of the launch (HOME and CLAUDE_CONFIG_DIR are set by the harness). */
  env?: Record<string, string>;
  /** `--add-dir` directories, relative to the root. */
  addDirs?: string[];
  /** Further CLI arguments the model does not take (`--settings`, `--setting-sources`): the CLI alone is checked. */
  cliOnlyArgs?: string[];
  expect: string[];
}

const PLUGIN = "cc-plugin-agents-md@builtin";
const mode = (m: string, key = "instructionFiles") =>
  JSON.stringify({ pluginConfigs: { [PLUGIN]: { options: { [key]: m } } } });
const excludes = (...patterns: string[]) => JSON.stringify({ claudeMdExcludes: patterns });
const approval = (key: string) =>
  JSON.stringify({
    projects: {
      [key]: { hasClaudeMdExternalIncludesApproved: true, hasClaudeMdExternalIncludesWarningShown: true },
    },
  });

export const LAYER_CASES: LayerCase[] = [
  // The user layer.
  {
    name: "the_user_claude_md_and_unscoped_user_rules_load_before_the_project_and_scoped_user_rules_do_not",
    files: { "CLAUDE.md": "proj\n" },
    home: {
      "cfg/CLAUDE.md": "user mem\n",
      "cfg/rules/u.md": "user rule\n",
      "cfg/rules/s.md": "---\npaths: src/**\n---\nscoped user rule\n",
    },
    expect: ["~/cfg/CLAUDE.md", "~/cfg/rules/u.md", "CLAUDE.md"],
  },
  {
    name: "a_user_memory_import_outside_the_working_directory_loads",
    files: { "CLAUDE.md": "proj\n" },
    home: { "cfg/CLAUDE.md": "user mem @~/notes.md\n", "notes.md": "home notes\n" },
    expect: ["~/cfg/CLAUDE.md", "~/notes.md", "CLAUDE.md"],
  },
  {
    name: "a_user_claude_md_does_not_hide_the_project_agents_md",
    files: { "AGENTS.md": "agents\n" },
    home: { "cfg/CLAUDE.md": "user\n" },
    expect: ["~/cfg/CLAUDE.md", "AGENTS.md"],
  },
  {
    name: "neither_an_agents_md_in_the_config_dir_nor_the_default_home_claude_dir_loads_when_claude_config_dir_is_set",
    files: { "CLAUDE.md": "proj\n" },
    home: { "cfg/AGENTS.md": "user agents\n", ".claude/CLAUDE.md": "default home claude\n" },
    expect: ["CLAUDE.md"],
  },
  // Approval of imports outside the working directory (~/.claude.json, here $CLAUDE_CONFIG_DIR/.claude.json).
  {
    name: "an_approved_project_loads_imports_outside_the_working_directory",
    files: { "sub/CLAUDE.md": "sub @../outside.md\n", "outside.md": "external\n" },
    cwd: "sub",
    home: { "cfg/.claude.json": approval("<CWD>") },
    expect: ["sub/CLAUDE.md", "outside.md"],
  },
  {
    name: "without_approval_imports_outside_the_working_directory_do_not_load",
    files: { "sub/CLAUDE.md": "sub @../outside.md\n", "outside.md": "external\n" },
    cwd: "sub",
    expect: ["sub/CLAUDE.md"],
  },
  {
    name: "the_approval_is_keyed_by_the_git_root_of_the_working_directory",
    git: ["."],
    files: { "sub/CLAUDE.md": "sub @../outside.md\n", "outside.md": "external\n" },
    cwd: "sub",
    home: { "cfg/.claude.json": approval("<R>") },
    expect: ["sub/CLAUDE.md", "outside.md"],
  },
  {
    name: "an_approval_keyed_by_the_working_directory_below_the_git_root_is_not_read",
    git: ["."],
    files: { "sub/CLAUDE.md": "sub @../outside.md\n", "outside.md": "external\n" },
    cwd: "sub",
    home: { "cfg/.claude.json": approval("<CWD>") },
    expect: ["sub/CLAUDE.md"],
  },
  // Environment switches.
  {
    name: "claude_code_disable_claude_mds_loads_nothing_user_project_or_rules",
    files: { "CLAUDE.md": "proj\n", ".claude/rules/r.md": "rule\n" },
    env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: "1" },
    home: { "cfg/CLAUDE.md": "user\n" },
    expect: [],
  },
  {
    name: "claude_code_disable_claude_mds_also_drops_agents_md",
    files: { "AGENTS.md": "agents\n" },
    env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: "1" },
    expect: [],
  },
  {
    name: "claude_code_disable_claude_mds_set_to_zero_does_not_disable",
    files: { "CLAUDE.md": "proj\n" },
    env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: "0" },
    expect: ["CLAUDE.md"],
  },
  {
    name: "claude_code_simple_loads_nothing",
    files: { "CLAUDE.md": "proj\n" },
    env: { CLAUDE_CODE_SIMPLE: "1" },
    home: { "cfg/CLAUDE.md": "user\n" },
    expect: [],
  },
  {
    name: "claude_code_disable_attachments_does_not_change_the_launch_set",
    files: { "AGENTS.md": "agents\n", ".claude/rules/r.md": "rule\n" },
    env: { CLAUDE_CODE_DISABLE_ATTACHMENTS: "1" },
    home: { "cfg/CLAUDE.md": "user\n" },
    expect: ["~/cfg/CLAUDE.md", ".claude/rules/r.md", "AGENTS.md"],
  },
  // --add-dir.
  {
    name: "an_added_directory_loads_no_memory_without_the_additional_directories_variable",
    files: { "CLAUDE.md": "proj\n", "w/CLAUDE.md": "main\n", "extra/CLAUDE.md": "extra\n" },
    cwd: "w",
    addDirs: ["extra"],
    expect: ["CLAUDE.md", "w/CLAUDE.md"],
  },
  {
    name: "with_the_variable_an_added_directory_loads_its_own_files_after_the_launch_directories_never_its_agents_md_or_nested_memory",
    files: {
      "w/CLAUDE.md": "main\n",
      "w/CLAUDE.local.md": "main local\n",
      "extra/CLAUDE.md": "extra\n",
      "extra/.claude/CLAUDE.md": "extra dot\n",
      "extra/.claude/rules/r.md": "extra rule\n",
      "extra/.claude/rules/s.md": "---\npaths: x/**\n---\nscoped extra rule\n",
      "extra/CLAUDE.local.md": "extra local\n",
      "extra/AGENTS.md": "extra agents\n",
      "extra/sub/CLAUDE.md": "extra sub\n",
    },
    cwd: "w",
    addDirs: ["extra"],
    env: { CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: "1" },
    expect: [
      "w/CLAUDE.md",
      "w/CLAUDE.local.md",
      "extra/CLAUDE.md",
      "extra/.claude/CLAUDE.md",
      "extra/.claude/rules/r.md",
      "extra/CLAUDE.local.md",
    ],
  },
  {
    name: "the_additional_directories_variable_set_to_zero_is_false",
    files: { "w/CLAUDE.md": "main\n", "extra/CLAUDE.md": "extra\n" },
    cwd: "w",
    addDirs: ["extra"],
    env: { CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: "0" },
    expect: ["w/CLAUDE.md"],
  },
  {
    name: "an_added_directory_agents_md_does_not_load_even_where_no_claude_file_exists",
    files: { "w/x.txt": "x\n", "extra/AGENTS.md": "extra agents\n" },
    cwd: "w",
    addDirs: ["extra"],
    env: { CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: "1" },
    expect: [],
  },
  {
    name: "imports_of_an_added_directory_load_only_inside_the_working_directory",
    files: {
      "w/CLAUDE.md": "main\n",
      "w/shared.md": "shared\n",
      "extra/CLAUDE.md": "extra @../w/shared.md @other.md @<R>/out.md\n",
      "extra/other.md": "other\n",
      "out.md": "out\n",
    },
    cwd: "w",
    addDirs: ["extra"],
    env: { CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: "true" },
    expect: ["w/CLAUDE.md", "extra/CLAUDE.md", "w/shared.md"],
  },
  // claudeMdExcludes.
  {
    name: "claude_md_excludes_in_the_working_directory_project_settings_excludes_by_absolute_path_and_glob",
    files: {
      "CLAUDE.md": "proj\n",
      "CLAUDE.local.md": "loc\n",
      ".claude/rules/a.md": "rule a\n",
      ".claude/rules/b.md": "rule b\n",
      ".claude/settings.json": excludes("<R>/CLAUDE.local.md", "**/rules/a.md"),
    },
    expect: ["CLAUDE.md", ".claude/rules/b.md"],
  },
  {
    name: "claude_md_excludes_in_the_git_root_settings_is_not_read_by_a_launch_in_a_subdirectory",
    git: ["."],
    files: {
      "CLAUDE.md": "proj\n",
      "sub/CLAUDE.md": "sub\n",
      ".claude/settings.json": excludes("**/sub/CLAUDE.md"),
    },
    cwd: "sub",
    expect: ["CLAUDE.md", "sub/CLAUDE.md"],
  },
  {
    name: "claude_md_excludes_in_settings_local_json_applies",
    files: {
      "CLAUDE.md": "proj\n",
      "sub/CLAUDE.md": "sub\n",
      "sub/.claude/settings.local.json": excludes("**/sub/CLAUDE.md"),
    },
    cwd: "sub",
    expect: ["CLAUDE.md"],
  },
  {
    name: "claude_md_excludes_in_user_settings_applies",
    files: { "CLAUDE.md": "proj\n", "sub/CLAUDE.md": "sub\n" },
    cwd: "sub",
    home: { "cfg/settings.json": excludes("**/sub/CLAUDE.md") },
    expect: ["CLAUDE.md"],
  },
  {
    name: "claude_md_excludes_can_exclude_the_user_memory_too",
    files: { "CLAUDE.md": "proj\n" },
    home: { "cfg/CLAUDE.md": "user\n", "cfg/settings.json": excludes("**/CLAUDE.md") },
    expect: [],
  },
  {
    name: "claude_md_excludes_relative_patterns_match_nothing",
    files: {
      "CLAUDE.md": "proj\n",
      "sub/CLAUDE.md": "sub\n",
      "sub/.claude/settings.json": excludes("CLAUDE.md", "sub/CLAUDE.md"),
    },
    cwd: "sub",
    expect: ["CLAUDE.md", "sub/CLAUDE.md"],
  },
  {
    name: "claude_md_excludes_a_negated_pattern_excludes_every_other_file",
    files: { "CLAUDE.md": "c\n", ".claude/rules/a.md": "a\n", ".claude/rules/b.md": "b\n" },
    home: { "cfg/settings.json": excludes("**/rules/*.md", "!**/rules/b.md") },
    expect: [],
  },
  {
    name: "claude_md_excludes_applies_to_agents_md",
    files: {
      "AGENTS.md": "agents\n",
      "sub/AGENTS.md": "sub agents\n",
      "sub/.claude/settings.json": excludes("**/sub/AGENTS.md"),
    },
    cwd: "sub",
    expect: ["AGENTS.md"],
  },
  {
    name: "an_excluded_claude_md_does_not_hide_agents_md",
    files: { "CLAUDE.md": "c\n", "AGENTS.md": "agents\n", ".claude/settings.json": excludes("**/CLAUDE.md") },
    expect: ["AGENTS.md"],
  },
  {
    name: "an_excluded_file_brings_none_of_its_imports",
    files: {
      "CLAUDE.md": "c @imp.md\n",
      "imp.md": "imported\n",
      ".claude/rules/r.md": "rule\n",
      ".claude/settings.json": excludes("<R>/CLAUDE.md"),
    },
    expect: [".claude/rules/r.md"],
  },
  {
    name: "an_absolute_exclude_pattern_through_a_link_also_matches_the_real_path",
    files: { "real/CLAUDE.md": "real\n" },
    links: { link: "<R>/real" },
    cwd: "link",
    home: { "cfg/settings.json": excludes("<R>/link/CLAUDE.md") },
    expect: [],
  },
  {
    name: "claude_code_disable_claude_mds_set_to_true_disables",
    files: { "CLAUDE.md": "proj\n" },
    env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: "true" },
    expect: [],
  },
  {
    name: "claude_code_disable_claude_mds_set_to_false_does_not_disable",
    files: { "CLAUDE.md": "proj\n" },
    env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: "false" },
    expect: ["CLAUDE.md"],
  },
  {
    name: "an_absolute_exclude_pattern_on_the_real_path_matches_a_launch_entered_through_a_link",
    files: { "real/CLAUDE.md": "real\n", "real/x.md": "x\n" },
    links: { link: "<R>/real" },
    cwd: "link",
    home: { "cfg/settings.json": excludes("<R>/real/CLAUDE.md") },
    expect: [],
  },
  // The AGENTS.md plugin's instructionFiles mode.
  {
    name: "instruction_files_claude_md_never_loads_agents_md",
    files: { "AGENTS.md": "agents\n" },
    home: { "cfg/settings.json": mode("claude-md") },
    expect: [],
  },
  {
    name: "instruction_files_claude_md_and_agents_md_loads_agents_files_after_each_levels_local_file",
    files: {
      "CLAUDE.md": "r claude\n",
      ".claude/CLAUDE.md": "r dot\n",
      ".claude/rules/r.md": "r rule\n",
      "AGENTS.md": "r agents\n",
      ".claude/AGENTS.md": "r dot agents\n",
      "CLAUDE.local.md": "r local\n",
      "sub/CLAUDE.md": "s claude\n",
      "sub/AGENTS.md": "s agents @imp.md\n",
      "sub/imp.md": "s imp\n",
      "sub/CLAUDE.local.md": "s local\n",
    },
    cwd: "sub",
    home: { "cfg/settings.json": mode("claude-md-and-agents-md") },
    expect: [
      "CLAUDE.md",
      ".claude/CLAUDE.md",
      ".claude/rules/r.md",
      "CLAUDE.local.md",
      "AGENTS.md",
      ".claude/AGENTS.md",
      "sub/CLAUDE.md",
      "sub/CLAUDE.local.md",
      "sub/AGENTS.md",
      "sub/imp.md",
    ],
  },
  {
    name: "instruction_files_managed_only_loads_no_user_project_or_local_file",
    files: {
      "CLAUDE.md": "proj\n",
      "AGENTS.md": "agents\n",
      ".claude/rules/r.md": "rule\n",
      "CLAUDE.local.md": "loc\n",
    },
    home: { "cfg/settings.json": mode("managed-only"), "cfg/CLAUDE.md": "user\n" },
    expect: [],
  },
  {
    name: "instruction_files_in_project_settings_is_not_read",
    files: {
      "CLAUDE.md": "proj\n",
      "AGENTS.md": "agents\n",
      ".claude/settings.json": mode("claude-md-and-agents-md"),
    },
    expect: ["CLAUDE.md"],
  },
  {
    name: "the_legacy_project_instructions_option_is_honoured",
    files: { "CLAUDE.md": "proj\n", "AGENTS.md": "agents\n" },
    home: { "cfg/settings.json": mode("both", "projectInstructions") },
    expect: ["CLAUDE.md", "AGENTS.md"],
  },
  {
    name: "an_unknown_instruction_files_value_reads_as_the_default",
    files: { "CLAUDE.md": "c\n", "AGENTS.md": "a\n" },
    home: { "cfg/settings.json": mode("both") },
    expect: ["CLAUDE.md"],
  },
  // Flags the model does not take: the CLI alone is checked (documented, not modelled).
  {
    name: "instruction_files_given_with_the_settings_flag_is_read",
    files: { "CLAUDE.md": "proj\n", "AGENTS.md": "agents\n" },
    cliOnlyArgs: ["--settings", mode("claude-md-and-agents-md")],
    expect: ["CLAUDE.md", "AGENTS.md"],
  },
  {
    name: "the_settings_flag_wins_over_user_settings",
    files: { "CLAUDE.md": "c\n", "AGENTS.md": "a\n" },
    cliOnlyArgs: ["--settings", mode("claude-md")],
    home: { "cfg/settings.json": mode("claude-md-and-agents-md") },
    expect: ["CLAUDE.md"],
  },
  {
    name: "setting_sources_user_loads_no_project_or_local_file",
    files: { "CLAUDE.md": "proj\n", "CLAUDE.local.md": "loc\n" },
    cliOnlyArgs: ["--setting-sources", "user"],
    home: { "cfg/CLAUDE.md": "user\n" },
    expect: ["~/cfg/CLAUDE.md"],
  },
];
