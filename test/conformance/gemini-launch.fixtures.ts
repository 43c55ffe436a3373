/**
 * Fixture repositories for the Gemini CLI launch conformance suite. Each case states which context blocks
 * the pinned CLI (0.61.0) sends, in order (`expect`, paths relative to the fixture root); the suite checks
 * the CLI against `expect` and the model against the CLI, byte for byte.
 */
import type { FixtureSpec } from "../support/fixture.js";

export interface GeminiLaunchCase extends FixtureSpec {
  name: string;
  /** Launch directory relative to the root (default: the root). */
  cwd?: string;
  /** User view: HOME relative to the root; the CLI runs with it and the model reads it. */
  home?: string;
  /** User settings written to HOME/.gemini/settings.json (beside the offline auth selection). */
  userSettings?: Record<string, unknown>;
  /** Directories (relative to the root) given as `--include-directories` / `LaunchOptions.addDirs`. */
  addDirs?: string[];
  /** The files whose blocks the CLI sends, in order, relative to the root. */
  expect: string[];
}

const settings = (context: Record<string, unknown>) => JSON.stringify({ context });
const deep = (n: number) =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`d/${i}.md`, `level ${i}\n@./${i + 1}.md\n`]).concat([
      [`d/${n}.md`, `level ${n} @./nowhere.md\n`],
    ]),
  );

export const GEMINI_LAUNCH_CASES: GeminiLaunchCase[] = [
  { name: "no_context_files_send_no_block", git: ["."], files: { "README.md": "hi\n" }, expect: [] },
  {
    name: "a_root_gemini_md_loads",
    git: ["."],
    files: { "GEMINI.md": "# Rules\n\nBe brief.\n" },
    expect: ["GEMINI.md"],
  },
  { name: "agents_md_alone_is_not_read", git: ["."], files: { "AGENTS.md": "agents\n" }, expect: [] },
  { name: "claude_md_alone_is_not_read", git: ["."], files: { "CLAUDE.md": "claude\n" }, expect: [] },
  {
    name: "ancestors_up_to_the_git_root_load_sorted_by_absolute_path",
    git: ["."],
    cwd: "A/b",
    files: { "GEMINI.md": "root\n", "A/GEMINI.md": "A\n", "A/b/GEMINI.md": "b\n" },
    expect: ["A/GEMINI.md", "A/b/GEMINI.md", "GEMINI.md"],
  },
  {
    name: "a_lower_case_directory_sorts_after_the_root_file",
    git: ["."],
    cwd: "pkg",
    files: { "GEMINI.md": "root\n", "pkg/GEMINI.md": "pkg\n" },
    expect: ["GEMINI.md", "pkg/GEMINI.md"],
  },
  {
    name: "files_below_the_working_directory_do_not_load_at_launch",
    git: ["."],
    files: { "GEMINI.md": "root\n", "sub/GEMINI.md": "sub\n", "sub/deeper/GEMINI.md": "deeper\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "without_a_git_root_only_the_working_directory_loads",
    cwd: "sub",
    files: { "GEMINI.md": "root\n", "sub/GEMINI.md": "sub\n" },
    expect: ["sub/GEMINI.md"],
  },
  {
    name: "a_nested_git_root_stops_the_upward_search",
    git: ["pkg"],
    cwd: "pkg/app",
    files: { "GEMINI.md": "outer\n", "pkg/GEMINI.md": "pkg\n", "pkg/app/GEMINI.md": "app\n" },
    expect: ["pkg/GEMINI.md", "pkg/app/GEMINI.md"],
  },
  {
    name: "a_git_file_marks_the_project_root_too",
    cwd: "wt/sub",
    files: {
      "GEMINI.md": "outer\n",
      "wt/.git": "gitdir: /nowhere\n",
      "wt/GEMINI.md": "wt\n",
      "wt/sub/GEMINI.md": "sub\n",
    },
    expect: ["wt/GEMINI.md", "wt/sub/GEMINI.md"],
  },
  { name: "an_empty_file_sends_no_block", git: ["."], files: { "GEMINI.md": "" }, expect: [] },
  {
    name: "a_whitespace_only_file_sends_no_block",
    git: ["."],
    files: { "GEMINI.md": " \n\t\r\n\n" },
    expect: [],
  },
  {
    name: "bom_and_surrounding_whitespace_are_trimmed_crlf_inside_is_kept",
    git: ["."],
    files: { "GEMINI.md": "\ufeff\r\n\n  line1\r\nline2  \t\r\n\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "frontmatter_and_html_comments_are_sent_as_written",
    git: ["."],
    files: { "GEMINI.md": "---\ntitle: x\n---\n<!-- hidden? no -->\nbody\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "invalid_utf8_is_decoded_with_replacement_characters",
    git: ["."],
    files: { "GEMINI.md": Buffer.from([0x61, 0xff, 0xfe, 0x62, 0x0a, 0xc3, 0x28, 0x0a]) },
    expect: ["GEMINI.md"],
  },
  {
    name: "a_relative_import_is_inlined_with_markers",
    git: ["."],
    files: { "GEMINI.md": "See @docs/a.md for more.\n", "docs/a.md": "A content\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "nested_imports_resolve_from_the_importing_file",
    git: ["."],
    files: { "GEMINI.md": "@./docs/a.md\n", "docs/a.md": "A\n@../shared/b.md\n", "shared/b.md": "B\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "imports_expand_five_levels_and_then_stay_text",
    git: ["."],
    files: { "GEMINI.md": "@d/0.md\n", ...deep(7) },
    expect: ["GEMINI.md"],
  },
  {
    name: "a_self_import_is_inlined_once_more_then_marked_processed",
    git: ["."],
    files: { "GEMINI.md": "me @./GEMINI.md\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "a_mutual_import_cycle_stops_at_the_repeat",
    git: ["."],
    files: { "GEMINI.md": "@a.md\n", "a.md": "a @b.md\n", "b.md": "b @a.md\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "siblings_importing_one_file_both_inline_it",
    git: ["."],
    files: { "GEMINI.md": "@x.md and @y.md\n", "x.md": "x @c.md\n", "y.md": "y @c.md\n", "c.md": "common\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "a_missing_import_leaves_an_import_failed_comment",
    git: ["."],
    files: { "GEMINI.md": "Missing: @nope.md here\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "trailing_punctuation_is_part_of_the_import_path",
    git: ["."],
    files: { "GEMINI.md": "Read @docs/a.md. Then @docs/a.md, and (@docs/a.md)\n", "docs/a.md": "A\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "npm_scopes_mentions_and_emails_in_prose_become_failed_imports",
    git: ["."],
    files: {
      "GEMINI.md": "Use @types/node and @angular/core. Ask @alice. Mail me@example.com or @bob@example.com\n",
    },
    expect: ["GEMINI.md"],
  },
  {
    name: "tokens_not_starting_with_a_letter_dot_or_slash_are_text",
    git: ["."],
    files: { "GEMINI.md": "@1st @_private @-dash @~/home @@twice\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "code_spans_and_fences_protect_imports",
    git: ["."],
    files: { "GEMINI.md": "Inline `@a.md` and\n```\n@a.md\n```\n``x @a.md``\n", "a.md": "A\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "html_comments_and_indented_code_do_not_protect_imports",
    git: ["."],
    files: { "GEMINI.md": "<!-- @a.md -->\n\n    @a.md\n", "a.md": "A\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "an_import_outside_the_project_root_is_a_path_traversal_attempt",
    git: ["repo"],
    cwd: "repo",
    files: { "repo/GEMINI.md": "@../out.md\n", "out.md": "outside\n" },
    expect: ["repo/GEMINI.md"],
  },
  {
    name: "an_absolute_import_inside_the_project_loads",
    git: ["."],
    files: { "GEMINI.md": "@<R>/docs/a.md\n", "docs/a.md": "A\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "absolute_imports_outside_and_urls_fail_as_path_traversal",
    git: ["."],
    files: { "GEMINI.md": "@/etc/hostname and @https://example.com/x.md and @file:///etc/hosts\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "importing_a_directory_fails_with_eisdir",
    git: ["."],
    files: { "GEMINI.md": "@docs\n", "docs/a.md": "A\n" },
    expect: ["GEMINI.md"],
  },
  {
    name: "any_extension_imports_and_a_fragment_is_part_of_the_path",
    git: ["."],
    files: {
      "GEMINI.md": "@src/main.ts and @docs/a.md#part\n",
      "src/main.ts": "export {};\n",
      "docs/a.md": "A\n",
    },
    expect: ["GEMINI.md"],
  },
  {
    name: "an_import_through_a_link_leaving_the_project_fails",
    git: ["repo"],
    cwd: "repo",
    files: { "repo/GEMINI.md": "@docs/link.md\n", "outside.md": "outside\n" },
    links: { "repo/docs/link.md": "../../outside.md" },
    expect: ["repo/GEMINI.md"],
  },
  {
    name: "an_import_at_the_start_after_a_tab_and_after_a_cr",
    git: ["."],
    files: { "GEMINI.md": "@a.md\tx\t@a.md\r@a.md\n", "a.md": "A" },
    expect: ["GEMINI.md"],
  },
  {
    name: "a_linked_context_file_is_sent_once_per_file_identity",
    git: ["."],
    cwd: "sub",
    files: { "GEMINI.md": "root\n" },
    links: { "sub/GEMINI.md": "../GEMINI.md" },
    expect: ["GEMINI.md"],
  },
  {
    name: "a_dangling_link_and_a_directory_named_gemini_md_are_skipped",
    git: ["."],
    cwd: "sub",
    files: { "GEMINI.md": null, "sub/x.txt": "x\n" },
    links: { "sub/GEMINI.md": "./missing.md" },
    expect: [],
  },
  {
    name: "context_file_name_adds_agents_md_and_gemini_md_stays",
    git: ["."],
    files: {
      ".gemini/settings.json": settings({ fileName: "AGENTS.md" }),
      "AGENTS.md": "agents\n",
      "GEMINI.md": "gemini\n",
    },
    expect: ["AGENTS.md", "GEMINI.md"],
  },
  {
    name: "context_file_name_list_loads_each_name_in_every_directory",
    git: ["."],
    cwd: "sub",
    files: {
      "sub/.gemini/settings.json": settings({ fileName: ["AGENTS.md", "CLAUDE.md"] }),
      "AGENTS.md": "root agents\n",
      "CLAUDE.md": "root claude\n",
      "sub/CLAUDE.md": "sub claude\n",
      "sub/GEMINI.md": "sub gemini\n",
    },
    expect: ["AGENTS.md", "CLAUDE.md", "sub/CLAUDE.md", "sub/GEMINI.md"],
  },
  {
    name: "workspace_settings_are_read_in_the_working_directory_only",
    git: ["."],
    cwd: "sub",
    files: {
      ".gemini/settings.json": settings({ fileName: "AGENTS.md" }),
      "AGENTS.md": "a\n",
      "sub/AGENTS.md": "b\n",
      "GEMINI.md": "g\n",
    },
    expect: ["GEMINI.md"],
  },
  {
    name: "settings_files_may_hold_comments",
    git: ["."],
    files: {
      ".gemini/settings.json": '// team settings\n{ /* names */ "context": { "fileName": ["AGENTS.md"] } }\n',
      "AGENTS.md": "a\n",
    },
    expect: ["AGENTS.md"],
  },
  {
    name: "a_context_file_name_with_a_directory_is_joined_to_each_directory",
    git: ["."],
    files: {
      ".gemini/settings.json": settings({ fileName: "docs/AI.md" }),
      "docs/AI.md": "ai\n",
      "GEMINI.md": "g\n",
    },
    expect: ["GEMINI.md", "docs/AI.md"],
  },
  {
    name: "empty_boundary_markers_load_the_working_directory_alone",
    git: ["."],
    cwd: "sub",
    files: {
      "sub/.gemini/settings.json": settings({ memoryBoundaryMarkers: [] }),
      "GEMINI.md": "root\n",
      "sub/GEMINI.md": "sub\n",
    },
    expect: ["sub/GEMINI.md"],
  },
  {
    name: "a_custom_boundary_marker_sets_the_project_root_for_files_and_imports",
    git: ["."],
    cwd: "p/q",
    files: {
      "p/q/.gemini/settings.json": settings({ memoryBoundaryMarkers: ["package.json"] }),
      "p/package.json": "{}\n",
      "GEMINI.md": "root\n",
      "p/GEMINI.md": "p\n",
      "p/q/GEMINI.md": "q @../../GEMINI.md @../GEMINI.md\n",
    },
    expect: ["p/GEMINI.md", "p/q/GEMINI.md"],
  },
  {
    name: "flat_import_format_lists_each_file_once",
    git: ["."],
    files: {
      ".gemini/settings.json": settings({ importFormat: "flat" }),
      "GEMINI.md": "top @a.md @b.md @missing.md\n",
      "a.md": "  a @b.md\n",
      "b.md": "b\n",
    },
    expect: ["GEMINI.md"],
  },
  {
    name: "include_directories_load_their_own_context_up_to_their_project_root",
    git: ["repo"],
    cwd: "repo",
    addDirs: ["other/in"],
    files: {
      "repo/GEMINI.md": "repo\n",
      "other/GEMINI.md": "other\n",
      "other/in/GEMINI.md": "in @../x.md\n",
      "other/x.md": "x\n",
    },
    expect: ["other/in/GEMINI.md", "repo/GEMINI.md"],
  },
  {
    name: "settings_include_directories_add_workspace_directories",
    git: ["repo"],
    cwd: "repo",
    files: {
      "repo/.gemini/settings.json": settings({ includeDirectories: ["../lib"] }),
      "repo/GEMINI.md": "repo\n",
      "lib/GEMINI.md": "lib\n",
    },
    expect: ["lib/GEMINI.md", "repo/GEMINI.md"],
  },
  {
    name: "a_unicode_directory_sorts_by_code_unit",
    git: ["."],
    cwd: "Äpfel",
    files: { "GEMINI.md": "root\n", "Äpfel/GEMINI.md": "äpfel\n" },
    expect: ["GEMINI.md", "Äpfel/GEMINI.md"],
  },
  {
    name: "user_memory_goes_first_in_the_system_instruction_with_its_imports",
    git: ["repo"],
    cwd: "repo",
    home: "home",
    files: {
      "home/.gemini/GEMINI.md": "mine\n@./inc.md\n@../../repo/GEMINI.md\n",
      "home/.gemini/inc.md": "inc\n",
      "repo/GEMINI.md": "repo\n",
    },
    expect: ["home/.gemini/GEMINI.md", "repo/GEMINI.md"],
  },
  {
    name: "user_settings_file_name_applies_in_the_user_view",
    git: ["repo"],
    cwd: "repo",
    home: "home",
    userSettings: { context: { fileName: "AGENTS.md" } },
    files: {
      "home/.gemini/AGENTS.md": "user agents\n",
      "repo/AGENTS.md": "repo agents\n",
      "repo/GEMINI.md": "repo\n",
    },
    expect: ["home/.gemini/AGENTS.md", "repo/AGENTS.md", "repo/GEMINI.md"],
  },
  {
    name: "workspace_file_name_replaces_the_user_one",
    git: ["repo"],
    cwd: "repo",
    home: "home",
    userSettings: { context: { fileName: "AGENTS.md" } },
    files: {
      "repo/.gemini/settings.json": settings({ fileName: "CLAUDE.md" }),
      "repo/AGENTS.md": "a\n",
      "repo/CLAUDE.md": "c\n",
    },
    expect: ["repo/CLAUDE.md"],
  },
];
