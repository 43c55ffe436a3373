/**
 * The fixture repositories of the Copilot CLI conformance suite: each a settled behaviour (see
 * docs/findings-copilot-cli.md). `files` go under `repo/` (a git repository unless `git: false`; `<R>` in
 * a text stands for the repository's absolute path),
 * `home` under the throwaway HOME (then the model runs in the user view), `views` are paths (relative to
 * the repository) the scripted model asks the CLI's `view` tool to read, in order.
 */
import type { Entry } from "../support/codex-layout.js";

export interface CopilotCase {
  name: string;
  files: Record<string, Entry>;
  cwd?: string;
  git?: boolean;
  home?: Record<string, Entry>;
  views?: string[];
}

const fm = (applyTo: string, body: string) => `---\napplyTo: ${applyTo}\n---\n${body}\n`;

export const COPILOT_CASES: CopilotCase[] = [
  // Which files, where from, in which order.
  {
    name: "a_copilot_instructions_file_alone_is_one_block",
    files: { ".github/copilot-instructions.md": "Use tabs.\n" },
  },
  {
    name: "copilot_instructions_then_agents_claude_gemini_in_that_order",
    files: {
      "GEMINI.md": "ge\n",
      "CLAUDE.md": "cl\n",
      "AGENTS.md": "ag\n",
      ".github/copilot-instructions.md": "ci\n",
    },
  },
  {
    name: "an_agents_md_only_repository_sends_one_block",
    files: { "AGENTS.md": "# Agents\n\nRun npm test.\n" },
  },
  { name: "a_claude_md_only_repository_is_read_by_copilot", files: { "CLAUDE.md": "claude only\n" } },
  { name: "a_gemini_md_only_repository_is_read_by_copilot", files: { "GEMINI.md": "gemini only\n" } },
  {
    name: "other_agents_files_are_not_read",
    files: {
      "AGENTS.md": "ag\n",
      ".claude/CLAUDE.md": "dotclaude\n",
      "CLAUDE.local.md": "local\n",
      "AGENTS.override.md": "override\n",
      ".cursor/rules/x.mdc": "cursor\n",
      ".github/instructions/plain.md": "not an instructions file\n",
    },
  },
  {
    name: "the_git_root_then_the_cwd_then_the_directories_between",
    cwd: "p/q",
    files: {
      ".github/copilot-instructions.md": "root-ci\n",
      "AGENTS.md": "root-ag\n",
      "CLAUDE.md": "root-cl\n",
      "p/.github/copilot-instructions.md": "p-ci\n",
      "p/AGENTS.md": "p-ag\n",
      "p/q/.github/copilot-instructions.md": "q-ci\n",
      "p/q/AGENTS.md": "q-ag\n",
      "p/q/GEMINI.md": "q-ge\n",
    },
  },
  {
    name: "directories_between_the_git_root_and_the_cwd_come_nearest_the_cwd_first",
    cwd: "a/b/c/d",
    files: {
      "AGENTS.md": "root\n",
      "a/AGENTS.md": "A\n",
      "a/b/AGENTS.md": "B\n",
      "a/b/c/AGENTS.md": "C\n",
      "a/b/c/d/AGENTS.md": "D\n",
    },
  },
  {
    name: "files_below_the_cwd_are_not_sent_at_launch",
    files: {
      "AGENTS.md": "root\n",
      "a/AGENTS.md": "a\n",
      "a/CLAUDE.md": "acl\n",
      "a/.github/copilot-instructions.md": "a-ci\n",
    },
  },
  {
    name: "a_launch_in_a_subdirectory_without_its_own_files_sends_the_git_roots",
    cwd: "src/lib",
    files: { "AGENTS.md": "root\n", ".github/copilot-instructions.md": "ci\n", "src/lib/x.ts": "x\n" },
  },
  {
    name: "a_nested_git_repository_is_its_own_root",
    cwd: "inner/sub",
    files: {
      "AGENTS.md": "outer\n",
      "inner/.git": { git: true },
      "inner/AGENTS.md": "inner\n",
      "inner/sub/AGENTS.md": "sub\n",
    },
  },
  // Text transforms.
  {
    name: "trailing_newlines_and_spaces_are_kept_as_written",
    files: { ".github/copilot-instructions.md": "A1\n\n\n", "AGENTS.md": "  B1  \n", "CLAUDE.md": "C1" },
  },
  {
    name: "a_bom_is_dropped_and_crlf_kept",
    files: { ".github/copilot-instructions.md": "\uFEFFA2\r\nline2\r\n" },
  },
  {
    name: "frontmatter_and_comments_are_sent_in_the_block",
    files: {
      "AGENTS.md": "---\nfoo: bar\n---\nbody\n<!-- comment -->\nafter\n",
      ".github/copilot-instructions.md": "---\napplyTo: '**'\n---\nCI <b>&amp;\"q\"</b>\n",
    },
  },
  {
    name: "empty_and_whitespace_files_are_sent_as_empty_blocks",
    files: { ".github/copilot-instructions.md": "", "AGENTS.md": "  \n\n", "CLAUDE.md": "real\n" },
  },
  {
    name: "a_large_agents_md_is_sent_whole",
    files: { "AGENTS.md": `${"y".repeat(199)}\n`.repeat(300), "CLAUDE.md": "after\n" },
  },
  { name: "non_ascii_text_is_sent_as_is", files: { "AGENTS.md": "Ünïcödé — 日本語 🚀\n" } },
  {
    name: "a_symlinked_agents_md_is_followed_and_dangling_or_directory_links_are_skipped",
    files: {
      "real/x.md": "LINKED\n",
      "AGENTS.md": { link: "real/x.md" },
      "CLAUDE.md": { link: "nowhere.md" },
      "GEMINI.md": { link: "real" },
    },
  },
  // Imports.
  {
    name: "an_at_import_is_inlined_after_its_token",
    files: {
      "AGENTS.md": "see @docs/x.md and [link](docs/y.md)\n",
      "docs/x.md": "XDOC\n",
      "docs/y.md": "YDOC\n",
    },
  },
  {
    name: "imports_nest_and_resolve_from_the_importing_files_directory",
    files: {
      "CLAUDE.md": "@AGENTS.md\n",
      "AGENTS.md": "see @docs/x.md\n",
      "docs/x.md": "x then @y.md and @docs/y.md\n",
      "docs/y.md": "Y\n",
    },
  },
  {
    name: "imports_in_code_spans_and_fences_and_missing_targets_stay_prose",
    files: {
      "AGENTS.md":
        "a `@docs/c.md` code\n```\n@docs/c.md\n```\nmail me@docs.x npm @scope/pkg @missing.md @./docs/c.md end\n",
      "docs/c.md": "C\n",
    },
  },
  {
    name: "a_second_import_of_a_file_in_one_block_is_marked_already_loaded",
    files: {
      "AGENTS.md": "t1 @docs/a.md. t2 (@docs/a.md) t3 @docs/b.md\n",
      "docs/a.md": "A no newline",
      "docs/b.md": "B\n\n\n",
    },
  },
  {
    name: "a_file_imported_by_two_blocks_is_inlined_in_each",
    files: { "AGENTS.md": "ag @shared.md\n", "CLAUDE.md": "cl @shared.md\n", "shared.md": "SHARED\n" },
  },
  {
    name: "an_import_cycle_stops_at_the_file_already_in_the_block",
    files: { "AGENTS.md": "top @a.md\n", "a.md": "a @b.md\n", "b.md": "b @a.md and @AGENTS.md\n" },
  },
  {
    name: "directories_and_home_paths_are_not_imported",
    files: { "AGENTS.md": "@docs @~/h.md @/nonexistent/abs.md\n", "docs/z.md": "z\n" },
    home: { "h.md": "HOMEFILE\n" },
  },
  {
    name: "an_import_in_github_copilot_instructions_resolves_from_dot_github",
    files: {
      ".github/copilot-instructions.md": "ci @x.md @../AGENTS.md\n",
      ".github/x.md": "GX",
      "AGENTS.md": "AG\n",
    },
  },
  {
    name: "any_file_extension_is_imported",
    files: { "AGENTS.md": "@img.png @data.json\n", "img.png": "PNG\n", "data.json": '{"a":1}\n' },
  },
  // Path-scoped instruction files.
  {
    name: "an_instructions_file_for_every_path_is_sent_whole_after_the_blocks",
    files: {
      ".github/copilot-instructions.md": "CI\n",
      ".github/instructions/all.instructions.md": fm('"**"', "ALL"),
    },
  },
  {
    name: "instructions_files_come_in_path_order_with_a_table_for_scoped_ones",
    files: {
      ".github/copilot-instructions.md": "CI\n",
      "AGENTS.md": "AG\n",
      ".github/instructions/b.instructions.md": fm('"**"', "B"),
      ".github/instructions/a.instructions.md": fm("'**/*'", "A"),
      ".github/instructions/s/c.instructions.md": fm("src/**", "C"),
      ".github/instructions/n.instructions.md": "no frontmatter\n",
      ".github/instructions/d.instructions.md": '---\ndescription: Dd\napplyTo: "*.ts, src/**"\n---\nD\n',
    },
  },
  {
    name: "applyto_forms_that_mean_every_file",
    files: {
      ".github/instructions/1.instructions.md": fm("'*'", "ONE"),
      ".github/instructions/3.instructions.md": fm("\n  - '**'", "THREE"),
      ".github/instructions/4.instructions.md": fm("''", "FOUR"),
      ".github/instructions/6.instructions.md": fm("' ** '", "SIX"),
      ".github/instructions/7.instructions.md": "---\napplyto: '**'\n---\nSEVEN\n",
      ".github/instructions/8.instructions.md": "---\napplyTo: '**'\nfoo: [\n---\nBAD8\n",
    },
  },
  {
    name: "applyto_forms_that_are_scoped",
    files: {
      ".github/instructions/2.instructions.md": fm("'**/*.md'", "TWO"),
      ".github/instructions/5.instructions.md": fm("'/**'", "FIVE"),
      ".github/instructions/6.instructions.md": fm("'./src/**'", "SIX"),
      ".github/instructions/8.instructions.md": fm("'**, src/**'", "EIGHT"),
      ".github/instructions/9.instructions.md": fm("\n  - 'src/**'", "NINE"),
      ".github/instructions/a.instructions.md": fm("[src/**, lib/**]", "LIST"),
      ".github/instructions/b.instructions.md": fm("'**/**'", "STARS"),
    },
  },
  {
    name: "only_scoped_instructions_give_a_table_alone",
    files: { ".github/instructions/s.instructions.md": fm("'src/**'", "S") },
  },
  {
    name: "a_table_after_blocks_without_always_on_files",
    files: {
      "AGENTS.md": "root\n",
      ".github/instructions/s.instructions.md": "---\ndescription: 'what it is'\napplyTo: 'src/**'\n---\nS\n",
    },
  },
  {
    name: "a_bom_and_crlf_instructions_file_is_scoped_by_its_frontmatter",
    files: {
      ".github/instructions/4.instructions.md": "\uFEFF---\r\napplyTo: 'src/**'\r\n---\r\nCRLF4\r\n",
      ".github/instructions/5.instructions.md": "\uFEFF---\r\napplyTo: '**'\r\n---\r\nCRLF5\r\n",
    },
  },
  {
    name: "an_empty_instructions_file_is_dropped",
    files: {
      ".github/instructions/e.instructions.md": "",
      ".github/instructions/f.instructions.md": "F\n",
      "AGENTS.md": "AG\n",
    },
  },
  {
    name: "imports_in_instructions_files_are_not_inlined",
    files: { ".github/instructions/i.instructions.md": "inst @docs/a.md\n", "docs/a.md": "A\n" },
  },
  {
    name: "instructions_of_the_git_root_and_the_cwd_load_but_not_of_directories_between",
    cwd: "p/q",
    files: {
      ".github/instructions/x.instructions.md": fm("'**'", "root-instr"),
      "p/.github/instructions/x.instructions.md": fm("'**'", "p-instr"),
      "p/q/.github/instructions/x.instructions.md": fm("'**'", "q-instr"),
      "p/q/.github/instructions/s.instructions.md": fm("'src/**'", "q-scoped"),
    },
  },
  {
    name: "instructions_in_dot_directories_below_the_instructions_dir_are_skipped",
    files: {
      ".github/instructions/.hidden/h.instructions.md": fm("'**'", "HIDDEN"),
      ".github/instructions/deep/er/d.instructions.md": fm("'**'", "DEEP"),
    },
  },
  {
    name: "no_git_repository_means_only_the_cwd",
    git: false,
    cwd: "x",
    files: { "AGENTS.md": "root\n", "x/AGENTS.md": "x\n", ".github/copilot-instructions.md": "ci\n" },
  },
  {
    name: "claude_rules_are_instruction_files_after_github_instructions",
    files: {
      ".claude/rules/a.md": "RULE-A\n",
      ".claude/rules/sub/b.md": "RULE-B\n",
      ".claude/rules/p.md": "---\npaths:\n  - src/**\n  - lib/*.ts\n---\nRULE-PATHS\n",
      ".claude/rules/q.md": fm("'src/**'", "RULE-APPLYTO"),
      ".claude/rules/x.txt": "TXT\n",
      ".github/instructions/g.instructions.md": "GH-INSTR\n",
      ".github/instructions/s.instructions.md": fm("'lib/**'", "GH-S"),
      "AGENTS.md": "AG\n",
    },
  },
  {
    name: "claude_rules_of_the_git_root_come_before_the_cwds_instructions",
    cwd: "p",
    files: {
      ".claude/rules/a.md": "ROOT-RULE\n",
      "p/.claude/rules/a.md": "P-RULE\n",
      "p/.github/instructions/g.instructions.md": "P-GH\n",
    },
  },
  // The user view.
  {
    name: "the_users_copilot_instructions_come_first",
    files: { "AGENTS.md": "AG\n" },
    home: {
      ".copilot/copilot-instructions.md": "HOME-CI\n",
      ".copilot/instructions/h.instructions.md": fm("'**'", "HOME-INSTR"),
      ".copilot/instructions/g.instructions.md": fm("'src/**'", "HOME-SCOPED"),
      ".copilot/AGENTS.md": "not read\n",
      "AGENTS.md": "not read either\n",
    },
  },
  {
    name: "user_and_repository_always_on_instructions_user_first",
    files: { ".github/instructions/r.instructions.md": "REPO\n" },
    home: { ".copilot/instructions/u.instructions.md": "USER\n" },
  },
  // On demand.
  {
    name: "a_view_attaches_matching_instructions_and_nested_memory_once",
    files: {
      "AGENTS.md": "root\n",
      "a/AGENTS.md": "nested-a\n",
      "a/CLAUDE.md": "nested-a-cl\n",
      "a/GEMINI.md": "nested-a-ge\n",
      ".github/instructions/t.instructions.md": fm("'**/*.ts'", "TS <x> & \"q\" 'a'"),
      ".github/instructions/u.instructions.md": fm("'a/**'", "UNDER-A"),
      "a/f.ts": "code\n",
      "a/g.ts": "code2\n",
      "b/h.md": "md\n",
    },
    views: ["a/f.ts", "a/g.ts", "b/h.md"],
  },
  {
    name: "a_view_attaches_the_nested_memory_of_the_files_own_directory",
    files: {
      "x/y/AGENTS.md": "XY\n",
      "x/y/CLAUDE.md": "XY-CL\n",
      "x/y/f.txt": "f\n",
      ".github/instructions/m.instructions.md": fm("'*.md'", "ROOT-MD"),
    },
    views: ["x/y/f.txt"],
  },
  {
    name: "the_applyto_matcher_strips_dot_slash_matches_base_names_and_splits_on_commas",
    files: {
      ".github/instructions/01.instructions.md": fm("'./src/**'", "DOTSLASH"),
      ".github/instructions/02.instructions.md": fm("'/src/**'", "SLASH"),
      ".github/instructions/03.instructions.md": fm("'lib/**, src/**'", "COMMA"),
      ".github/instructions/04.instructions.md": fm("'src'", "DIR"),
      ".github/instructions/05.instructions.md": fm("'*.ts'", "STARTS"),
      ".github/instructions/06.instructions.md": fm("'SRC/**'", "UPPER"),
      ".github/instructions/07.instructions.md": fm("'src/*.{ts,js}'", "BRACE"),
      ".github/instructions/08.instructions.md": fm("'**/a.ts'", "BASENAME"),
      ".github/instructions/09.instructions.md": fm("'src/'", "TRAILSLASH"),
      ".github/instructions/10.instructions.md": fm("'a.ts'", "BARE"),
      ".github/instructions/12.instructions.md": fm("'**/.hidden/**'", "DOT"),
      ".github/instructions/13.instructions.md": fm("'src/**;lib/**'", "SEMI"),
      "src/a.ts": "a\n",
      "x/.hidden/c.md": "c\n",
    },
    views: ["src/a.ts", "x/.hidden/c.md"],
  },
  {
    name: "a_view_of_a_path_no_pattern_matches_attaches_nothing",
    files: { "src/a.py": "p\n", ".github/instructions/t.instructions.md": fm("'**/*.ts'", "TS") },
    views: ["src/a.py"],
  },
  {
    name: "a_view_attaches_a_scoped_claude_rule",
    files: { ".claude/rules/p.md": "---\npaths:\n  - src/**\n---\nRULE-PATHS\n", "src/a.ts": "a\n" },
    views: ["src/a.ts"],
  },
  // Settled after the differential test (docs/findings-fuzz.md, Copilot kinds 3-7).
  {
    name: "a_view_attaches_each_directory_on_the_way_nearest_first_memory_then_instruction_files_empty_memory_skipped",
    files: {
      "a/.github/instructions/s.instructions.md": "A-INSTR\n",
      "a/AGENTS.md": "A-AGENTS\n",
      "a/b/.github/instructions/t.instructions.md": "AB-INSTR\n",
      "a/b/.claude/rules/u.md": "AB-RULE\n",
      "a/b/CLAUDE.md": "AB-CLAUDE\n",
      "a/b/GEMINI.md": "AB-GEMINI\n",
      "a/b/AGENTS.md": "AB-AGENTS\n",
      "a/b/.claude/CLAUDE.md": "AB-DOT-CLAUDE\n",
      "a/b/CLAUDE.local.md": "AB-LOCAL (not read)\n",
      "a/b/.github/copilot-instructions.md": "AB-COPILOT\n",
      "a/b/c.md": "c\n",
      "a/b/d/AGENTS.md": "",
      "a/b/d/CLAUDE.md": " \n\n",
      "a/b/d/.github/instructions/e.instructions.md": "",
      "a/b/d/f.md": "f\n",
    },
    views: ["a/b/c.md", "a/b/d/f.md"],
  },
  {
    name: "nested_instruction_patterns_match_paths_relative_to_the_git_root_after_the_launch_table",
    cwd: "a",
    files: {
      "a/b/.github/instructions/p1.instructions.md": fm("'c/*.md'", "REL-TO-B"),
      "a/b/.github/instructions/p2.instructions.md": fm("'b/c/*.md'", "REL-TO-CWD"),
      "a/b/.github/instructions/p3.instructions.md": fm("'a/b/c/*.md'", "REL-TO-ROOT"),
      "a/b/.github/instructions/p4.instructions.md": fm("'**/*.ts'", "TS-LATER"),
      ".github/instructions/root.instructions.md": fm("'**/*.md'", "ROOT-SCOPED"),
      "a/.github/instructions/cwd.instructions.md": fm("'**/*.md'", "CWD-SCOPED"),
      "a/b/AGENTS.md": "AB-AGENTS\n",
      "a/b/c/x.md": "x\n",
      "a/b/c/y.ts": "y\n",
    },
    views: ["a/b/c/x.md", "a/b/c/y.ts"],
  },
  {
    name: "a_view_beside_the_cwd_attaches_up_to_the_cwds_ancestors_only",
    cwd: "a/x",
    files: {
      "a/.github/instructions/s.instructions.md": "A-INSTR (not attached)\n",
      "a/AGENTS.md": "A-AGENTS\n",
      "a/b/AGENTS.md": "AB-AGENTS\n",
      "a/b/f.md": "f\n",
      "a/x/k": "k\n",
      "b/AGENTS.md": "B-AGENTS\n",
      "b/.github/instructions/s.instructions.md": "B-INSTR\n",
      "b/x.md": "x\n",
    },
    views: ["a/b/f.md", "b/x.md"],
  },
  {
    name: "a_view_of_a_missing_file_attaches_nothing_and_of_a_directory_starts_at_its_parent",
    files: {
      ".github/instructions/root.instructions.md": fm("'a/**'", "UNDER-A"),
      "a/AGENTS.md": "A-AGENTS\n",
      "a/b/AGENTS.md": "AB-AGENTS (not attached)\n",
      "a/.github/instructions/s.instructions.md": "A-INSTR\n",
      "a/b/f.txt": "f\n",
    },
    views: ["a/nothere.md", "a/b"],
  },
  {
    name: "nested_files_inline_imports_on_read_except_gemini_md_and_instruction_files",
    files: {
      "a/.github/copilot-instructions.md": "copilot @inc.md\n",
      "a/.github/inc.md": "INC-IN-GITHUB\n",
      "a/inc.md": "INC-IN-A\n",
      "a/.claude/CLAUDE.md": "dot claude @inc.md\n",
      "a/.claude/inc.md": "INC-IN-CLAUDE\n",
      "a/GEMINI.md": "gemini @inc.md\n",
      "a/.github/instructions/s.instructions.md": "instr @../inc.md\n",
      "a/c.md": "c\n",
    },
    views: ["a/c.md"],
  },
  {
    name: "imports_leaving_the_git_root_stay_prose_and_gemini_md_is_not_expanded",
    cwd: "p",
    files: {
      "p/AGENTS.md": "Up @../b.md, out @../../home/n.md, abs @/etc/hostname\nC <!-- @c.md -->\n",
      "p/GEMINI.md": "Self @GEMINI.md and @c.md\n",
      "p/CLAUDE.md": "Self @CLAUDE.md\n",
      "p/c.md": "CEE\n",
      "b.md": "BEE\n",
    },
    home: { "n.md": "OUTSIDE-THE-GIT-ROOT\n" },
  },
  {
    name: "without_git_imports_stay_inside_the_cwd",
    git: false,
    cwd: "p",
    files: { "p/AGENTS.md": "up @../n.md and @sub/k.md\n", "p/sub/k.md": "KAY\n", "n.md": "ABOVE\n" },
  },
  {
    name: "memory_and_instruction_file_names_are_matched_without_regard_to_case",
    files: {
      ".github/instructions/a.instructions.MD": fm("'**'", "UPPER-SUFFIX"),
      ".github/instructions/b.Instructions.md": "MIXED-SUFFIX\n",
      ".claude/rules/c.MD": "RULE-UPPER\n",
      ".claude/rules/d.txt": "RULE-TXT (not read)\n",
      "AGENTS.md": "UPPER-AGENTS\n",
      "agents.md": "LOWER-AGENTS (not read)\n",
      "Claude.md": "MIXED-CLAUDE @c.md\n",
      "gemini.md": "LOWER-GEMINI @c.md\n",
      "c.md": "CEE\n",
      "a/Agents.md": "A-MIXED @../c.md\n",
      "a/f.md": "f\n",
    },
    views: ["a/f.md"],
  },
  {
    name: "a_linked_folder_inside_an_instructions_folder_is_not_entered_but_a_linked_file_is_read",
    files: {
      "shared/instr/in.instructions.md": "IN-LINKED-DIR (not read)\n",
      "shared/inf.md": "IN-LINKED-FILE\n",
      "shared/rules/r.md": "IN-LINKED-RULES-DIR (not read)\n",
      ".github/instructions/l1": { link: "../../../home/ext" },
      ".github/instructions/l2": { link: "../../shared/instr" },
      ".github/instructions/f1.instructions.md": { link: "../../../home/outf.md" },
      ".github/instructions/f2.instructions.md": { link: "../../shared/inf.md" },
      ".claude": { link: "shared2" },
      "shared2/rules/t.md": "RULES-OF-A-LINKED-DOT-CLAUDE\n",
      "shared2/rules/l3": { link: "../../shared/rules" },
    },
    home: { "ext/o.instructions.md": "OUT-LINKED-DIR (not read)\n", "outf.md": "OUT-LINKED-FILE\n" },
  },
  {
    name: "a_file_inlined_by_an_import_at_launch_still_attaches_on_read",
    files: {
      "CLAUDE.md": "See @./a/.github/copilot-instructions.md and @a/AGENTS.md\n",
      "a/.github/copilot-instructions.md": "A-COPILOT\n",
      "a/AGENTS.md": "A-AGENTS\n",
      "a/x.md": "x\n",
    },
    views: ["a/x.md"],
  },
  {
    name: "an_import_through_a_missing_directory_stays_prose",
    files: {
      "AGENTS.md": "See @~/../AGENTS.md and @x/../c.md and @nodir/../c.md\n",
      "x/k": "k\n",
      "c.md": "CEE\n",
    },
  },
  {
    name: "a_nested_scoped_file_found_by_one_view_attaches_on_a_later_view_elsewhere",
    files: {
      "a/b/.github/instructions/s.instructions.md": fm("'**/*.ts'", "AB-TS"),
      "a/b/x.md": "x\n",
      "d/y.ts": "y\n",
      "d/z.ts": "z\n",
    },
    views: ["d/z.ts", "a/b/x.md", "d/y.ts"],
  },
  {
    name: "dot_claude_claude_md_of_a_directory_between_is_a_block",
    cwd: "p/a",
    files: {
      ".claude/CLAUDE.md": "ROOT-DOT-CLAUDE (not read)\n",
      "p/.claude/CLAUDE.md": "P-DOT-CLAUDE\n",
      "p/CLAUDE.md": "P-CLAUDE\n",
      "p/GEMINI.md": "P-GEMINI\n",
      "p/AGENTS.md": "P-AGENTS\n",
      "p/a/.claude/CLAUDE.md": "CWD-DOT-CLAUDE (not read)\n",
    },
  },
  {
    name: "empty_always_on_files_still_frame_their_part_before_a_table",
    files: {
      "AGENTS.md": "AG\n",
      ".github/instructions/e.instructions.md": "",
      ".github/instructions/s.instructions.md": fm("'src/**'", "S"),
    },
  },
  {
    name: "empty_always_on_files_still_frame_their_part_before_a_table_without_blocks",
    files: {
      ".github/instructions/e.instructions.md": "",
      ".github/instructions/s.instructions.md": fm("'src/**'", "S"),
    },
  },
  {
    name: "a_closing_fence_with_text_after_it_closes_frontmatter_read_line_by_line",
    files: {
      ".github/instructions/d.instructions.md":
        "---\napplyTo: 'src/**'\ndescription: dropped\n--- x\nD-DESC\n",
      ".github/instructions/e.instructions.md": "---\napplyTo:\n  - 'src/**'\n--- x\nE-LIST-EVERY-FILE\n",
      ".github/instructions/a.instructions.md": "---\napplyTo: 'src/**'\n--- trailing\nA-TRAIL\n",
      ".github/instructions/b.instructions.md": "---\napplyTo: 'src/**'\n---x\nB-X\n",
      ".github/instructions/c.instructions.md": '---\napplyTo: "/src/**\n--- @./c.md\nC-UNCLOSED\n',
      "src/a.ts": "a\n",
    },
    views: ["src/a.ts"],
  },
  {
    name: "an_absolute_import_stays_prose",
    files: { "AGENTS.md": "See @<R>/c.md and (@<R>/d.md)\n", "c.md": "CEE\n", "d.md": "DEE\n" },
  },
  {
    name: "a_block_with_the_same_text_as_an_earlier_one_is_sent_once",
    files: {
      "AGENTS.md": "same\n",
      "CLAUDE.md": "same\n",
      "GEMINI.md": "other\n",
      ".github/copilot-instructions.md": "other\n",
      ".github/instructions/x.instructions.md": "same\n",
      "a/AGENTS.md": "same\n",
      "a/f.md": "f\n",
    },
    views: ["a/f.md"],
  },
  {
    name: "a_trailing_double_star_does_not_match_the_directory_itself",
    files: { ".github/instructions/a.instructions.md": fm("'a/**'", "UNDER-A"), "a/b/x.ts": "x\n" },
    views: ["a", "a/b/x.ts"],
  },
  // Found by the differential runs of `verify --agent copilot` (docs/findings-copilot-cli.md, "Found later").
  {
    name: "an_import_followed_by_words_on_its_line_is_inlined_after_its_token",
    files: {
      "AGENTS.md": "Read @docs/a.md before you start, and @docs/b.md too.\nEnd.\n",
      "docs/a.md": "A-DOC\n",
      "docs/b.md": "B-DOC\n",
    },
  },
  // Found by the import-inlined probe of `verify --agent copilot-cli --probes`.
  {
    name: "an_imported_file_keeps_its_leading_whitespace",
    files: {
      "AGENTS.md": "a @one.md b @two.md c @three.md\n",
      "one.md": "  lead\n",
      "two.md": "\n\nx\n\n",
      "three.md": "\ufeff \t y \t\n",
    },
  },
  {
    name: "a_file_that_imports_itself_is_marked_already_loaded",
    files: { "AGENTS.md": "Self: @AGENTS.md here.\n", "CLAUDE.md": "Also @./CLAUDE.md\n" },
  },
  {
    name: "an_unquoted_double_star_apply_to_is_a_pattern_not_every_file",
    files: {
      ".github/instructions/t.instructions.md": fm("**/*.ts", "UNQUOTED-TS"),
      ".github/instructions/u.instructions.md": fm("**", "UNQUOTED-ALL"),
      ".github/instructions/v.instructions.md": fm("src/**/*.ts, **/*.md", "UNQUOTED-LIST"),
      "src/a.ts": "a\n",
      "b.md": "b\n",
    },
    views: ["src/a.ts", "b.md"],
  },
  {
    name: "frontmatter_that_is_not_yaml_is_read_line_by_line",
    files: {
      ".github/instructions/a.instructions.md": "---\napplyTo: '**/*.md'\nfoo: [\n---\nBAD-SCOPED\n",
      ".github/instructions/b.instructions.md": fm("*.ts", "ALIAS-TS"),
      ".github/instructions/c.instructions.md": fm("src/** # note", "COMMENT"),
      ".github/instructions/d.instructions.md": "---\nfoo: [\napplyTo: src/**\n---\nBAD-BEFORE\n",
      ".github/instructions/e.instructions.md": "---\napplyTo: **/*.ts\ndescription: d\n---\nWITH-DESC\n",
      ".github/instructions/f.instructions.md": '---\napplyTo:   "**/*.ts\n---\nOPEN-QUOTE\n',
      "src/a.ts": "a\n",
      "d/b.md": "b\n",
    },
    views: ["src/a.ts", "d/b.md"],
  },
];
