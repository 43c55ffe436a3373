/**
 * Issue 31's Claude Code edges, recorded from the pinned releases (test/conformance/recorded/claude-edges.json,
 * `<B>` = the case directory; layout and placeholders: test/support/recorded.ts; `cfg/` of the home is
 * CLAUDE_CONFIG_DIR):
 * - an AGENTS file whose trimmed text equals a project or local file already loaded is not loaded
 *   (2.1.332's built-in AGENTS.md plugin, `unseenFiles`; docs/findings-claude-agents-md.md);
 * - a Bash command whose target is a directory (`grep -r X pkg`, `find pkg`, `ls pkg`) attaches nothing, on
 *   either release (docs/findings-hook.md).
 */
import type { RecordedCase } from "../support/recorded.js";

export interface ClaudeEdgeCase extends RecordedCase {
  /** The pinned releases to run (default both). */
  releases?: string[];
  /** Tool calls the scripted model makes, one per turn (`<R>` in inputs is the repository). */
  tools?: { tool: string; input: Record<string, unknown> }[];
}

const BOTH_MODE = JSON.stringify({
  pluginConfigs: {
    "cc-plugin-agents-md@builtin": { options: { instructionFiles: "claude-md-and-agents-md" } },
  },
});
const andMode = { "cfg/settings.json": BOTH_MODE };
const ONLY_332 = ["2.1.332"];

export const CLAUDE_AGENTS_TEXT_CASES: ClaudeEdgeCase[] = [
  {
    name: "an_agents_md_with_the_text_of_claude_md_is_not_loaded_beside_it",
    releases: ONLY_332,
    home: andMode,
    files: { "CLAUDE.md": "Same text.\n", "AGENTS.md": "Same text.\n" },
    excludes: ["<B>/repo/AGENTS.md"],
  },
  {
    name: "texts_are_compared_after_javascript_trim",
    releases: ONLY_332,
    home: andMode,
    files: { "CLAUDE.md": "Same text.\n", "AGENTS.md": "\n\n  Same text.  \r\n\t\n" },
    excludes: ["<B>/repo/AGENTS.md"],
  },
  {
    name: "a_difference_inside_the_text_keeps_the_agents_md",
    releases: ONLY_332,
    home: andMode,
    files: { "CLAUDE.md": "Same  text.\n", "AGENTS.md": "Same text.\n" },
    includes: ["<B>/repo/AGENTS.md"],
  },
  {
    name: "texts_are_compared_after_frontmatter_is_stripped_from_either_file",
    releases: ONLY_332,
    home: andMode,
    files: {
      "CLAUDE.md": "---\ndescription: x\n---\nSame text.\n",
      "AGENTS.md": "---\nfoo: bar\n---\nSame text.\n",
    },
    excludes: ["<B>/repo/AGENTS.md"],
  },
  {
    name: "texts_are_compared_after_html_comments_are_stripped",
    releases: ONLY_332,
    home: andMode,
    files: { "CLAUDE.md": "<!-- note -->\nSame text.\n", "AGENTS.md": "Same text.\n" },
    excludes: ["<B>/repo/AGENTS.md"],
  },
  {
    name: "an_agents_md_with_the_text_of_claude_local_md_is_not_loaded",
    releases: ONLY_332,
    home: andMode,
    files: { "CLAUDE.local.md": "Local text.\n", "AGENTS.md": "Local text.\n", "CLAUDE.md": "c\n" },
    excludes: ["<B>/repo/AGENTS.md"],
  },
  {
    name: "an_agents_md_with_the_text_of_the_user_claude_md_still_loads",
    releases: ONLY_332,
    home: { ...andMode, "cfg/CLAUDE.md": "User text.\n" },
    files: { "AGENTS.md": "User text.\n", "CLAUDE.md": "c\n" },
    includes: ["<B>/repo/AGENTS.md"],
  },
  {
    name: "both_agents_files_with_the_text_of_dot_claude_claude_md_are_not_loaded",
    releases: ONLY_332,
    home: andMode,
    files: {
      ".claude/CLAUDE.md": "Dot text.\n",
      "AGENTS.md": "Dot text.\n",
      ".claude/AGENTS.md": "Dot text.\n",
    },
    excludes: ["AGENTS.md"],
  },
  {
    name: "in_the_default_mode_an_agents_md_with_the_text_of_an_unscoped_rule_is_not_loaded",
    files: { ".claude/rules/a.md": "Rule text.\n", "AGENTS.md": "Rule text.\n" },
    excludes: ["<B>/repo/AGENTS.md"],
  },
  {
    name: "an_agents_md_with_the_text_of_a_rule_without_its_frontmatter_is_not_loaded",
    files: { ".claude/rules/a.md": "---\ndescription: d\n---\nRule text.\n", "AGENTS.md": "Rule text.\n" },
    excludes: ["<B>/repo/AGENTS.md"],
  },
  {
    name: "unicode_white_space_and_a_bom_are_trimmed_before_comparing",
    files: { ".claude/rules/a.md": "Rule text.\n", "AGENTS.md": "\ufeff\u00a0Rule text.\u2003\n" },
    excludes: ["<B>/repo/AGENTS.md"],
  },
  {
    name: "an_agents_md_with_the_text_of_a_scoped_rule_still_loads",
    releases: ONLY_332,
    files: { ".claude/rules/s.md": "---\npaths: src/**\n---\nScoped.\n", "AGENTS.md": "Scoped.\n" },
    includes: ["<B>/repo/AGENTS.md"],
  },
  {
    name: "agents_files_with_the_same_text_as_each_other_all_load",
    releases: ONLY_332,
    cwd: "sub",
    files: { "AGENTS.md": "Twin.\n", "sub/AGENTS.md": "Twin.\n", "sub/.claude/AGENTS.md": "Twin.\n" },
    includes: ["<B>/repo/AGENTS.md", "<B>/repo/sub/AGENTS.md", "<B>/repo/sub/.claude/AGENTS.md"],
  },
  {
    name: "an_import_of_an_agents_md_with_the_text_of_a_rule_is_not_loaded_but_the_agents_md_is",
    files: {
      ".claude/rules/a.md": "Rule text.\n",
      "AGENTS.md": "Agents @imp.md\n",
      "imp.md": "Rule text.\n",
    },
    excludes: ["<B>/repo/imp.md"],
  },
  {
    name: "a_nested_agents_md_with_the_text_of_an_ancestor_rule_is_not_loaded",
    cwd: "sub",
    files: {
      ".claude/rules/a.md": "Root rule.\n",
      "sub/AGENTS.md": "Root rule.\n",
      "AGENTS.md": "root ag\n",
    },
    excludes: ["<B>/repo/sub/AGENTS.md"],
  },
];

/** Variables read by 2.1.332's binary that sound like they change loading, and (here) do not. */
export const CLAUDE_ENV_CASES: ClaudeEdgeCase[] = [
  {
    name: "claude_code_managed_settings_path_naming_a_folder_with_claude_md_adds_nothing",
    files: { "CLAUDE.md": "proj\n" },
    outside: {
      "managed/CLAUDE.md": "MANAGED-MEM\n",
      "managed/.claude/rules/m.md": "MANAGED-RULE\n",
      "managed/managed-settings.json": JSON.stringify({ claudeMdExcludes: ["**/excluded.md"] }),
    },
    env: { CLAUDE_CODE_MANAGED_SETTINGS_PATH: "<B>/managed" },
    excludes: ["MANAGED-"],
  },
  {
    name: "claude_code_restrict_personal_config_keeps_the_user_claude_md",
    files: { "CLAUDE.md": "proj\n" },
    home: { "cfg/CLAUDE.md": "USER\n" },
    env: { CLAUDE_CODE_RESTRICT_PERSONAL_CONFIG: "1" },
    includes: ["<B>/home/cfg/CLAUDE.md\nUSER"],
  },
];

/** One repository for every directory command: memory and rules at the root and in `pkg/`. */
const PKG = {
  "CLAUDE.md": "root mem\n",
  ".claude/rules/r1.md": "---\npaths: pkg/**\n---\nROOT-SCOPED-pkg-starstar\n",
  ".claude/rules/r2.md": "---\npaths: pkg\n---\nROOT-SCOPED-pkg\n",
  ".claude/rules/r3.md": '---\npaths: "**/*.ts"\n---\nROOT-SCOPED-ts\n',
  "pkg/CLAUDE.md": "PKG-MEM\n",
  "pkg/.claude/rules/u.md": "PKG-UNSCOPED-RULE\n",
  "pkg/.claude/rules/s.md": '---\npaths: "**/*.ts"\n---\nPKG-SCOPED-ts\n',
  "pkg/a.ts": "const needle = 1;\n",
  "pkg/sub/CLAUDE.md": "PKG-SUB-MEM\n",
  "pkg/sub/b.ts": "needle again\n",
};
const bash = (command: string) => [{ tool: "Bash", input: { command, description: "x" } }];

/** Bash commands naming a directory: nothing attaches, on either release. */
export const CLAUDE_BASH_DIRECTORY_COMMANDS = [
  "grep -r needle pkg",
  "grep -rn needle pkg/",
  "rg needle pkg",
  "find pkg",
  "find pkg -name '*.ts'",
  "ls pkg",
  "ls -la pkg/sub",
  "cat pkg",
  "du pkg",
  "grep -r needle .",
  "grep needle pkg",
];

const slug = (s: string) => s.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "");

export const CLAUDE_BASH_DIRECTORY_CASES: ClaudeEdgeCase[] = [
  ...CLAUDE_BASH_DIRECTORY_COMMANDS.map(
    (cmd): ClaudeEdgeCase => ({
      name: `bash_${slug(cmd)}_on_a_directory_attaches_nothing`,
      files: PKG,
      tools: bash(cmd),
      excludes: ["PKG-", "ROOT-SCOPED"],
    }),
  ),
  {
    name: "bash_grep_of_a_file_in_the_directory_attaches_its_memory_and_rules_on_2_1_332_only",
    files: PKG,
    tools: bash("grep needle pkg/a.ts"),
  },
  {
    name: "a_read_of_the_directory_attaches_the_rules_matching_it_as_a_path_on_2_1_332_only",
    files: PKG,
    tools: [{ tool: "Read", input: { file_path: "<R>/pkg" } }],
    excludes: ["PKG-MEM"],
  },
  {
    name: "a_read_of_a_file_in_the_directory_attaches_its_memory_and_rules",
    files: PKG,
    tools: [{ tool: "Read", input: { file_path: "<R>/pkg/a.ts" } }],
    includes: ["PKG-MEM", "PKG-UNSCOPED-RULE", "ROOT-SCOPED-pkg-starstar"],
  },
];

export interface ClaudeRecording {
  code: number | null;
  /** The launch files: path, label, text. */
  launch: { path: string; label: string; text: string }[];
  /** Per tool call, the files the CLI attached after its result, sorted by path. */
  turns: { path: string; text: string }[][];
}
