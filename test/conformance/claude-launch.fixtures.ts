/**
 * Fixture repositories for the Claude Code launch conformance suite. Each case states what the pinned CLI
 * (2.1.332) loads, in order (`expect`, paths relative to the fixture root); the suite checks the CLI
 * against `expect` and the model against the CLI, byte for byte.
 */
import type { FixtureSpec } from "../support/fixture.js";

export interface LaunchCase extends FixtureSpec {
  name: string;
  /** Launch directory relative to the root (default: the root). */
  cwd?: string;
  /** HOME relative to the root (default: a throwaway dir elsewhere). */
  home?: string;
  /** The files the CLI loads, in order, relative to the root. */
  expect: string[];
  /** `expect` is a set: the order is the OS directory order (checked against the model, not written down). */
  unordered?: boolean;
  /**
   * What another release loads where it differs from `expect` (the newest release's), by release. Every
   * entry is a difference listed in docs/findings-claude-releases.md and modelled in
   * src/agents/claude-code/release.ts.
   */
  expectOn?: Record<string, string[]>;
}

/** The files `c` expects `release` to load. */
export function expectedOn(c: LaunchCase, release: string): string[] {
  return c.expectOn?.[release] ?? c.expect;
}

const x = (n: number) => "x".repeat(n);

export const LAUNCH_CASES: LaunchCase[] = [
  // Premise of lint's local-memory-in-dot-claude: `.claude/CLAUDE.local.md` is not a memory file.
  {
    name: "a_dot_claude_claude_local_md_never_loads",
    files: { "CLAUDE.md": "root\n", ".claude/CLAUDE.local.md": "mine, misplaced\n", "a/.keep": "" },
    expect: ["CLAUDE.md"],
  },
  {
    name: "a_dot_claude_claude_local_md_does_not_hide_agents_md_and_never_loads_in_an_ancestor",
    files: { "AGENTS.md": "A root\n", ".claude/CLAUDE.local.md": "mine, misplaced\n", "a/.keep": "" },
    cwd: "a",
    expect: ["AGENTS.md"],
    expectOn: { "2.1.197": [] },
  },
  { name: "no_memory_files_load_nothing", files: { "README.md": "hi\n" }, expect: [] },
  { name: "a_root_claude_md_loads", files: { "CLAUDE.md": "# Rules\n\nBe brief.\n" }, expect: ["CLAUDE.md"] },
  {
    name: "claude_md_and_dot_claude_claude_md_both_load_in_that_order",
    files: { "CLAUDE.md": "root\n", ".claude/CLAUDE.md": "dot\n" },
    expect: ["CLAUDE.md", ".claude/CLAUDE.md"],
  },
  {
    name: "claude_local_md_loads_after_memory_and_rules",
    files: { "CLAUDE.local.md": "mine\n", "CLAUDE.md": "root\n", ".claude/rules/r.md": "rule\n" },
    expect: ["CLAUDE.md", ".claude/rules/r.md", "CLAUDE.local.md"],
  },
  {
    name: "ancestors_load_top_down_each_with_its_rules_and_local_file",
    git: ["."],
    cwd: "pkg/app",
    files: {
      "CLAUDE.md": "root\n",
      "CLAUDE.local.md": "root local\n",
      "pkg/CLAUDE.md": "pkg\n",
      "pkg/.claude/rules/p.md": "pkg rule\n",
      "pkg/app/CLAUDE.md": "app\n",
      "pkg/app/.claude/CLAUDE.md": "app dot\n",
    },
    expect: [
      "CLAUDE.md",
      "CLAUDE.local.md",
      "pkg/CLAUDE.md",
      "pkg/.claude/rules/p.md",
      "pkg/app/CLAUDE.md",
      "pkg/app/.claude/CLAUDE.md",
    ],
  },
  {
    name: "ancestors_above_the_git_root_load_too",
    git: ["repo"],
    cwd: "repo/sub",
    files: { "CLAUDE.md": "above git\n", "repo/CLAUDE.md": "repo\n", "repo/sub/CLAUDE.md": "sub\n" },
    expect: ["CLAUDE.md", "repo/CLAUDE.md", "repo/sub/CLAUDE.md"],
  },
  {
    name: "a_worktree_nested_in_its_repository_skips_the_main_checkouts_project_files_but_not_its_local_file",
    git: ["main"],
    cwd: "main/.claude/worktrees/wt",
    files: {
      "main/CLAUDE.md": "main memory\n",
      "main/.claude/CLAUDE.md": "main dot memory\n",
      "main/.claude/rules/m.md": "main rule\n",
      "main/CLAUDE.local.md": "main local\n",
      "main/.gitignore": "CLAUDE.local.md\n.claude/worktrees/\n",
    },
    run: [
      ["main", "git", "add", "."],
      ["main", "git", "commit", "-qm", "init"],
      ["main", "git", "worktree", "add", "-q", ".claude/worktrees/wt"],
    ],
    expect: [
      "main/CLAUDE.local.md",
      "main/.claude/worktrees/wt/CLAUDE.md",
      "main/.claude/worktrees/wt/.claude/CLAUDE.md",
      "main/.claude/worktrees/wt/.claude/rules/m.md",
    ],
  },
  {
    name: "claude_md_below_the_working_directory_does_not_load_at_launch",
    files: { "CLAUDE.md": "root\n", "pkg/CLAUDE.md": "nested\n", "pkg/.claude/rules/n.md": "nested rule\n" },
    expect: ["CLAUDE.md"],
  },
  {
    name: "imports_are_transitive_and_resolve_against_the_importing_file",
    files: {
      "CLAUDE.md": "See @docs/a.md\n",
      "docs/a.md": "A imports @b.md\n",
      "docs/b.md": "docs b\n",
      "b.md": "decoy at the root\n",
    },
    expect: ["CLAUDE.md", "docs/a.md", "docs/b.md"],
  },
  {
    name: "dot_claude_claude_md_imports_resolve_inside_dot_claude",
    files: {
      ".claude/CLAUDE.md": "@notes.md\n",
      ".claude/notes.md": "inside .claude\n",
      "notes.md": "decoy\n",
    },
    expect: [".claude/CLAUDE.md", ".claude/notes.md"],
  },
  {
    name: "imports_stop_after_four_hops",
    files: {
      "CLAUDE.md": "@h1.md\n",
      "h1.md": "one @h2.md\n",
      "h2.md": "two @h3.md\n",
      "h3.md": "three @h4.md\n",
      "h4.md": "four @h5.md\n",
      "h5.md": "five @h6.md\n",
      "h6.md": "six\n",
    },
    expect: ["CLAUDE.md", "h1.md", "h2.md", "h3.md", "h4.md"],
  },
  {
    name: "an_import_cycle_loads_each_file_once",
    files: { "CLAUDE.md": "@a.md\n", "a.md": "a @b.md\n", "b.md": "b @a.md @CLAUDE.md\n" },
    expect: ["CLAUDE.md", "a.md", "b.md"],
  },
  {
    name: "a_file_reached_twice_loads_once_where_first_reached",
    files: {
      "CLAUDE.md": "@shared.md\n",
      ".claude/CLAUDE.md": "dot @../shared.md @../only.md @only.md\n",
      "shared.md": "shared\n",
      "only.md": "only\n",
    },
    expect: ["CLAUDE.md", "shared.md", ".claude/CLAUDE.md", "only.md"],
  },
  {
    name: "a_missing_import_costs_nothing",
    files: { "CLAUDE.md": "@missing.md and @there.md\n", "there.md": "here\n" },
    expect: ["CLAUDE.md", "there.md"],
  },
  {
    name: "at_signs_in_code_spans_fences_and_indented_code_are_not_imports",
    files: {
      "CLAUDE.md":
        "Run `@s.md` now.\n\n```\n@f.md\n```\n\n~~~\n@t.md\n~~~\n\n    @i.md\n\nBut @real.md is.\n",
      "s.md": "S\n",
      "f.md": "F\n",
      "t.md": "T\n",
      "i.md": "I\n",
      "real.md": "REAL\n",
    },
    expect: ["CLAUDE.md", "real.md"],
  },
  {
    name: "emails_parentheses_and_escapes_are_not_imports",
    files: {
      "CLAUDE.md": "Mail me@e.md or (@p.md) or \\@esc.md or x!@bang.md.\n",
      "e.md": "E\n",
      "p.md": "P\n",
      "esc.md": "ESC\n",
      "bang.md": "BANG\n",
    },
    expect: ["CLAUDE.md"],
  },
  {
    name: "link_text_emphasis_headings_lists_and_quotes_are_scanned",
    files: {
      "CLAUDE.md":
        "# Head @h.md\n\n[@l.md](x)\n\n*@em.md*\n\n> quote @q.md\n\n- item @li.md\n- `@code.md rest`\n",
      "h.md": "H\n",
      "l.md": "L\n",
      "em.md": "EM\n",
      "q.md": "Q\n",
      "li.md": "LI\n",
      "code.md": "CODE\n",
    },
    expect: ["CLAUDE.md", "h.md", "l.md", "em.md", "q.md", "li.md"],
  },
  {
    name: "html_blocks_and_comments_hide_imports",
    files: {
      "CLAUDE.md": "<div>@div.md</div>\n\n<!-- @c.md -->\n\n<!-- x --> @after.md\n\ntext\n",
      "div.md": "DIV\n",
      "c.md": "C\n",
      "after.md": "AFTER\n",
    },
    expect: ["CLAUDE.md", "after.md"],
  },
  {
    name: "trailing_punctuation_is_part_of_the_path_but_a_fragment_is_cut",
    files: {
      "CLAUDE.md": "See @p1.md. Also @p2.md, and @p3.md: and @p4.md#section\n",
      "p1.md": "P1\n",
      "p2.md": "P2\n",
      "p3.md": "P3\n",
      "p4.md": "P4\n",
    },
    expect: ["CLAUDE.md", "p4.md"],
  },
  {
    name: "non_text_imports_and_directories_are_skipped_but_extensionless_files_load",
    files: {
      "CLAUDE.md": "@notes.txt @logo.png @data.json @docs @Makefile\n",
      "notes.txt": "TXT\n",
      "logo.png": "PNG\n",
      "data.json": '{"a":1}\n',
      "docs/CLAUDE.md": "in docs\n",
      Makefile: "all:\n",
    },
    expect: ["CLAUDE.md", "notes.txt", "data.json", "Makefile"],
  },
  {
    name: "dot_relative_parent_relative_and_absolute_imports_inside_the_cwd_load",
    files: {
      "CLAUDE.md": "@./docs/a.md @<R>/abs.md\n",
      "docs/a.md": "A @../up.md\n",
      "up.md": "UP\n",
      "abs.md": "ABS\n",
    },
    expect: ["CLAUDE.md", "docs/a.md", "up.md", "abs.md"],
  },
  {
    name: "tilde_imports_resolve_against_home_and_load_only_inside_the_cwd",
    home: "home",
    cwd: "home/proj",
    files: {
      "home/proj/CLAUDE.md": "@~/outside.md @~/proj/inside.md\n",
      "home/outside.md": "OUT\n",
      "home/proj/inside.md": "IN\n",
    },
    expect: ["home/proj/CLAUDE.md", "home/proj/inside.md"],
  },
  {
    name: "imports_outside_the_working_directory_do_not_load",
    cwd: "repo",
    files: {
      "repo/CLAUDE.md": "@../outside.md @<R>/abs-outside.md\n",
      "outside.md": "O\n",
      "abs-outside.md": "A\n",
    },
    expect: ["repo/CLAUDE.md"],
  },
  {
    name: "a_subdirectory_launch_drops_ancestor_imports_outside_the_cwd",
    git: ["."],
    cwd: "sub",
    files: {
      "CLAUDE.md": "root @docs/r.md\n",
      "docs/r.md": "R\n",
      "sub/CLAUDE.md": "sub @../docs/s.md @here.md\n",
      "docs/s.md": "S\n",
      "sub/here.md": "HERE\n",
    },
    expect: ["CLAUDE.md", "sub/CLAUDE.md", "sub/here.md"],
  },
  {
    name: "unscoped_rules_load_at_any_depth",
    files: {
      ".claude/rules/top.md": "top\n",
      ".claude/rules/a/b/c/deep.md": "deep\n",
      ".claude/rules/a/mid.md": "mid\n",
    },
    unordered: true,
    expect: [".claude/rules/top.md", ".claude/rules/a/mid.md", ".claude/rules/a/b/c/deep.md"],
  },
  {
    // CLI 2.1.332 has no rules depth limit (also probed: 100, 200 and 500 deep load); the safe walker's
    // default of 64 must not apply to rules.
    name: "unscoped_rules_load_beyond_sixty_four_directories_deep",
    files: {
      [`.claude/rules/${"a/".repeat(64)}at64.md`]: "at 64\n",
      [`.claude/rules/${"a/".repeat(70)}at70.md`]: "at 70\n",
    },
    unordered: true,
    expect: [`.claude/rules/${"a/".repeat(64)}at64.md`, `.claude/rules/${"a/".repeat(70)}at70.md`],
  },
  {
    name: "rules_load_in_directory_order_not_sorted",
    files: Object.fromEntries(
      ["zeta", "alpha", "mid", "beta", "omega", "gamma", "delta"].map((n) => [
        `.claude/rules/${n}.md`,
        `${n}\n`,
      ]),
    ),
    unordered: true,
    expect: ["zeta", "alpha", "mid", "beta", "omega", "gamma", "delta"].map((n) => `.claude/rules/${n}.md`),
  },
  {
    name: "scoped_rules_do_not_load_in_any_paths_spelling",
    files: {
      ".claude/rules/list.md": '---\npaths:\n  - "src/**"\n---\nlist\n',
      ".claude/rules/string.md": "---\npaths: src/**/*.ts\n---\nstring\n",
      ".claude/rules/quoted.md": "---\npaths: 'src/**'\n---\nquoted\n",
      ".claude/rules/comma.md": "---\npaths: src/**, lib/**\n---\ncomma\n",
      ".claude/rules/flow.md": "---\npaths: [src/**, lib/**]\n---\nflow\n",
      ".claude/rules/brace.md": '---\npaths: "src/{a,b}/**"\n---\nbrace\n',
      ".claude/rules/star.md": '---\npaths: "*"\n---\nstar\n',
      ".claude/rules/mixed.md": '---\npaths:\n  - "**"\n  - src/**\n---\nmixed\n',
      ".claude/rules/plain.md": "plain\n",
    },
    expect: [".claude/rules/plain.md"],
  },
  {
    name: "frontmatter_without_a_recognised_paths_leaves_a_rule_unscoped",
    files: {
      ".claude/rules/globs.md": "---\nglobs: src/**\n---\nglobs\n",
      ".claude/rules/empty.md": "---\npaths:\n---\nempty\n",
      ".claude/rules/emptylist.md": "---\npaths: []\n---\nemptylist\n",
      ".claude/rules/emptystr.md": '---\npaths: ""\n---\nemptystr\n',
      ".claude/rules/null.md": "---\npaths: null\n---\nnull\n",
      ".claude/rules/all.md": '---\npaths: "**"\n---\nall\n',
      ".claude/rules/allall.md": '---\npaths: "**/**"\n---\nallall\n',
      ".claude/rules/nested.md": "---\nmeta:\n  paths: src/**\n---\nnested\n",
      ".claude/rules/upper.md": "---\nPaths: src/**\n---\nupper\n",
      ".claude/rules/number.md": "---\npaths: 5\n---\nnumber\n",
      ".claude/rules/object.md": "---\npaths:\n  a: b\n---\nobject\n",
      ".claude/rules/desc.md": "---\ndescription: hi\n---\ndesc\n",
    },
    unordered: true,
    expect: [
      "globs",
      "empty",
      "emptylist",
      "emptystr",
      "null",
      "all",
      "allall",
      "nested",
      "upper",
      "number",
      "object",
      "desc",
    ].map((n) => `.claude/rules/${n}.md`),
  },
  {
    name: "malformed_yaml_leaves_a_rule_unscoped_but_its_frontmatter_is_still_cut",
    files: { ".claude/rules/bad.md": "---\npaths: [src/**\n  bad: : :\n---\nmalformed body\n" },
    expect: [".claude/rules/bad.md"],
  },
  {
    name: "yaml_that_only_parses_leniently_still_scopes_a_rule",
    files: {
      ".claude/rules/alias.md": "---\npaths: **/*.ts\n---\nunquoted star\n",
      ".claude/rules/brace.md": "---\npaths: {src,lib}/**\n---\nunquoted brace\n",
      ".claude/rules/tab.md": "---\npaths:\n\t- src/**\n---\ntab indent\n",
      ".claude/rules/comment.md": "---\npaths: src/** # why\n---\ncomment\n",
      ".claude/rules/dup.md": "---\npaths: src/**\npaths: lib/**\n---\nduplicate key\n",
      ".claude/rules/keep.md": "kept\n",
    },
    expect: [".claude/rules/keep.md"],
  },
  {
    name: "crlf_frontmatter_scopes_and_crlf_bodies_keep_their_line_endings",
    files: {
      ".claude/rules/scoped.md": "---\r\npaths: src/**\r\n---\r\nscoped\r\n",
      ".claude/rules/desc.md": "---\r\ndescription: x\r\n---\r\nline one\r\nline two\r\n",
      "CLAUDE.md": "first\r\nsecond\r\n",
    },
    expect: ["CLAUDE.md", ".claude/rules/desc.md"],
  },
  {
    name: "a_bom_does_not_hide_frontmatter_and_is_not_injected",
    files: {
      ".claude/rules/bom-scoped.md": "\ufeff---\npaths: src/**\n---\nbom scoped\n",
      ".claude/rules/bom-plain.md": "\ufeffbom plain\n",
      "CLAUDE.md": "\ufeff# Title\n",
    },
    unordered: true,
    expectOn: { "2.1.197": ["CLAUDE.md", ".claude/rules/bom-scoped.md", ".claude/rules/bom-plain.md"] },
    expect: ["CLAUDE.md", ".claude/rules/bom-plain.md"],
  },
  {
    name: "frontmatter_must_open_on_line_one_and_close_with_dashes",
    files: {
      ".claude/rules/line2.md": "\n---\npaths: src/**\n---\nnot line one\n",
      ".claude/rules/dots.md": "---\npaths: src/**\n...\ndots\n",
      ".claude/rules/open.md": "---\npaths: src/**\nnever closed\n",
      ".claude/rules/spaces.md": "---  \npaths: src/**\n---   \nspaces after fences\n",
    },
    unordered: true,
    expect: [".claude/rules/line2.md", ".claude/rules/dots.md", ".claude/rules/open.md"],
  },
  {
    name: "files_under_rules_load_only_with_a_lower_case_md_suffix",
    files: {
      ".claude/rules/a.md": "md\n",
      ".claude/rules/b.txt": "txt\n",
      ".claude/rules/c.MD": "upper\n",
      ".claude/rules/d.markdown": "markdown\n",
    },
    expect: [".claude/rules/a.md"],
  },
  {
    name: "symlinked_rules_load_once_by_their_target_path_and_cycles_end",
    files: {
      ".claude/rules/plain.md": "plain\n",
      "shared/rule.md": "linked rule\n",
      "shared/dir/inner.md": "inner\n",
    },
    links: {
      ".claude/rules/link.md": "../../shared/rule.md",
      ".claude/rules/linkdir": "../../shared/dir",
      ".claude/rules/loop": ".",
      ".claude/rules/again.md": "plain.md",
    },
    unordered: true,
    expect: [".claude/rules/plain.md", "shared/rule.md", "shared/dir/inner.md"],
  },
  {
    name: "a_rule_symlinked_outside_the_repository_does_not_load",
    git: ["repo"],
    cwd: "repo",
    files: { "repo/CLAUDE.md": "m\n", "ext/r.md": "EXT RULE\n" },
    links: { "repo/.claude/rules/l.md": "<R>/ext/r.md" },
    expectOn: { "2.1.197": ["repo/CLAUDE.md", "ext/r.md"] },
    expect: ["repo/CLAUDE.md"],
  },
  {
    name: "a_rule_symlinked_above_the_repository_does_not_load",
    git: ["repo"],
    cwd: "repo",
    files: { "repo/CLAUDE.md": "m\n", "up.md": "UP\n" },
    links: { "repo/.claude/rules/l.md": "../../../up.md" },
    expectOn: { "2.1.197": ["repo/CLAUDE.md", "up.md"] },
    expect: ["repo/CLAUDE.md"],
  },
  {
    name: "an_ancestor_rule_symlinked_outside_the_working_directory_does_not_load_but_its_plain_rules_do",
    git: ["repo"],
    cwd: "repo/sub",
    files: {
      "repo/sub/CLAUDE.md": "sub\n",
      "repo/shared/x.md": "SHARED X\n",
      "repo/.claude/rules/plain.md": "PLAIN\n",
    },
    links: { "repo/.claude/rules/l.md": "../../shared/x.md" },
    unordered: true,
    expectOn: { "2.1.197": ["repo/.claude/rules/plain.md", "repo/shared/x.md", "repo/sub/CLAUDE.md"] },
    expect: ["repo/.claude/rules/plain.md", "repo/sub/CLAUDE.md"],
  },
  {
    name: "a_rule_of_the_working_directory_symlinked_to_a_file_above_it_does_not_load",
    git: ["repo"],
    cwd: "repo/sub",
    files: { "repo/sub/CLAUDE.md": "sub\n", "repo/shared/y.md": "SHARED Y\n" },
    links: { "repo/sub/.claude/rules/l.md": "../../../shared/y.md" },
    expectOn: { "2.1.197": ["repo/sub/CLAUDE.md", "repo/shared/y.md"] },
    expect: ["repo/sub/CLAUDE.md"],
  },
  {
    name: "a_symlinked_claude_md_resolves_imports_from_its_target",
    files: { "real/CLAUDE.md": "real @near.md\n", "real/near.md": "near target\n", "near.md": "decoy\n" },
    links: { "CLAUDE.md": "real/CLAUDE.md" },
    expect: ["CLAUDE.md", "real/near.md"],
  },
  // Links and absolute imports that leave the working directory (docs/findings-claude-releases.md).
  {
    name: "memory_files_symlinked_outside_the_working_directory_load_but_their_imports_there_do_not",
    git: ["repo"],
    cwd: "repo",
    files: {
      "ext/CLAUDE.md": "EXT MEMORY @near.md @<R>/repo/in.md\n",
      "ext/near.md": "EXT NEAR\n",
      "ext/dot.md": "EXT DOT\n",
      "ext/local.md": "EXT LOCAL\n",
      "repo/in.md": "IN\n",
    },
    links: {
      "repo/CLAUDE.md": "<R>/ext/CLAUDE.md",
      "repo/.claude/CLAUDE.md": "../../ext/dot.md",
      "repo/CLAUDE.local.md": "<R>/ext/local.md",
    },
    expect: ["repo/CLAUDE.md", "repo/in.md", "repo/.claude/CLAUDE.md", "repo/CLAUDE.local.md"],
  },
  {
    name: "a_rules_directory_symlinked_outside_the_working_directory",
    git: ["repo"],
    cwd: "repo",
    files: {
      "repo/CLAUDE.md": "m\n",
      "ext/rules/a.md": "EXT A\n",
      "ext/rules/s.md": "---\npaths: x/**\n---\nS\n",
    },
    links: { "repo/.claude/rules": "<R>/ext/rules" },
    expectOn: { "2.1.197": ["repo/CLAUDE.md", "ext/rules/a.md"] },
    expect: ["repo/CLAUDE.md"],
  },
  {
    name: "an_import_symlinked_to_a_file_outside_the_working_directory_does_not_load_and_one_inside_loads_by_its_link_path",
    git: ["repo"],
    cwd: "repo",
    files: { "repo/CLAUDE.md": "@link.md @inlink.md\n", "ext/x.md": "EXT X\n", "repo/docs/y.md": "Y\n" },
    links: { "repo/link.md": "<R>/ext/x.md", "repo/inlink.md": "docs/y.md" },
    expectOn: { "2.1.197": ["repo/CLAUDE.md", "repo/link.md", "repo/inlink.md"] },
    expect: ["repo/CLAUDE.md", "repo/inlink.md"],
  },
  {
    name: "a_rule_symlinked_outside_the_working_directory_follows_only_imports_inside_it",
    git: ["repo"],
    cwd: "repo",
    files: {
      "repo/CLAUDE.md": "m\n",
      "ext/r.md": "EXT RULE @x.md @<R>/repo/in.md\n",
      "ext/x.md": "EXT X\n",
      "repo/in.md": "IN\n",
    },
    links: { "repo/.claude/rules/l.md": "<R>/ext/r.md" },
    expectOn: { "2.1.197": ["repo/CLAUDE.md", "ext/r.md", "repo/in.md"] },
    expect: ["repo/CLAUDE.md"],
  },
  {
    name: "absolute_and_home_imports_load_only_inside_the_working_directory",
    git: ["home/repo"],
    cwd: "home/repo",
    home: "home",
    files: {
      "home/repo/CLAUDE.md":
        "@<R>/home/repo/a.md @<R>/home/b.md @~/repo/c.md @~/d.md @<R>/home/repo/../repo/e.md @~/../home/repo/f.md\n",
      "home/repo/a.md": "A\n",
      "home/b.md": "B\n",
      "home/repo/c.md": "C\n",
      "home/d.md": "D\n",
      "home/repo/e.md": "E\n",
      "home/repo/f.md": "F\n",
    },
    expect: ["home/repo/CLAUDE.md", "home/repo/a.md", "home/repo/c.md", "home/repo/e.md", "home/repo/f.md"],
  },
  {
    name: "rules_expand_their_imports",
    files: {
      ".claude/rules/r.md": "rule @../../docs/a.md\n",
      "docs/a.md": "A @b.md\n",
      "docs/b.md": "B\n",
    },
    expect: [".claude/rules/r.md", "docs/a.md", "docs/b.md"],
  },
  {
    name: "a_scoped_rule_is_not_loaded_but_its_imports_are",
    files: {
      ".claude/rules/s.md": "---\npaths: src/**\n---\nscoped @../../docs/s1.md\n",
      "docs/s1.md": "S1\n",
    },
    expect: ["docs/s1.md"],
  },
  {
    name: "paths_frontmatter_is_ignored_on_memory_files_but_drops_imports_under_rules",
    files: {
      "CLAUDE.md": "---\npaths: src/**\n---\nscoped memory @a.md\n",
      "a.md": "---\npaths: lib/**\n---\nA\n",
      ".claude/rules/r.md": "rule @../../c.md\n",
      "c.md": "---\npaths: x/**\n---\nC @d.md\n",
      "d.md": "D\n",
    },
    expect: ["CLAUDE.md", "a.md", ".claude/rules/r.md", "d.md"],
  },
  {
    name: "block_html_comments_are_stripped_and_inline_ones_kept",
    files: {
      "CLAUDE.md":
        "intro\r\n\r\n<!-- block @c.md -->\r\n\r\nkeep <!-- inline --> this\r\n\r\n```\r\n<!-- fenced -->\r\n```\r\n\r\n<!-- multi\r\nline -->\r\ntail\r\n\r\n- item\r\n  <!-- in list -->\r\n",
      "c.md": "C\n",
    },
    expect: ["CLAUDE.md"],
  },
  {
    name: "a_file_empty_after_stripping_is_not_injected_and_its_imports_not_followed",
    files: {
      "CLAUDE.md": "<!-- only a comment -->\n",
      ".claude/CLAUDE.md": "   \n\n",
      ".claude/rules/fm-only.md": "---\ndescription: nothing else\n---\n",
      "CLAUDE.local.md": "<!-- c -->\n@x.md\n",
      "x.md": "X\n",
    },
    expect: ["CLAUDE.local.md", "x.md"],
  },
  {
    name: "frontmatter_swallows_blank_lines_and_indentation_after_it",
    files: {
      ".claude/rules/r.md": "---\ndescription: y\n---\n\n\n    indented @../../i.md\n",
      "i.md": "I\n",
    },
    expect: [".claude/rules/r.md", "i.md"],
  },
  {
    name: "files_over_four_mib_are_skipped_and_four_mib_loads",
    files: {
      "CLAUDE.md": "@big.md @bigger.md\n",
      "big.md": x(4 * 1024 * 1024),
      "bigger.md": x(4 * 1024 * 1024 + 1),
    },
    expect: ["CLAUDE.md", "big.md"],
  },
  {
    name: "invalid_utf8_loads_with_replacement_characters",
    files: {
      "CLAUDE.md": "@bad.md\n",
      "bad.md": Buffer.from([0x48, 0x69, 0xff, 0x0a, 0xc3]),
      "cut.md": Buffer.from([0xe2, 0x82]),
    },
    expect: ["CLAUDE.md", "bad.md"],
  },
  {
    name: "paths_with_spaces_and_unicode_load_and_non_ascii_import_starts_do_not",
    files: {
      "CLAUDE.md": "@docs/my\\ notes.md @ü/ñ.md @docs/ünï.md\n",
      "docs/my notes.md": "NOTES ✓\n",
      "ü/ñ.md": "UNI\n",
      "docs/ünï.md": "Ünïcödé\n",
    },
    expect: ["CLAUDE.md", "docs/my notes.md", "docs/ünï.md"],
  },
  {
    name: "imports_from_claude_local_md_are_private",
    files: { "CLAUDE.local.md": "mine @p.md\n", "p.md": "personal\n", "CLAUDE.md": "team\n" },
    expect: ["CLAUDE.md", "CLAUDE.local.md", "p.md"],
  },
  {
    name: "a_rule_imported_by_claude_md_is_not_loaded_again_as_a_rule",
    files: {
      "CLAUDE.md": "@.claude/rules/a.md\n",
      ".claude/rules/a.md": "rule a\n",
      ".claude/rules/b.md": "rule b @../../CLAUDE.md\n",
    },
    expect: ["CLAUDE.md", ".claude/rules/a.md", ".claude/rules/b.md"],
  },
  {
    name: "surrounding_whitespace_is_trimmed_and_inner_whitespace_kept",
    files: { "CLAUDE.md": "\n\n   indented first\n\n\n\nlast   \n\n\n", "CLAUDE.local.md": "\t\tlocal\t\n" },
    expect: ["CLAUDE.md", "CLAUDE.local.md"],
  },
  // AGENTS.md (settled on 2.1.332; docs/findings-claude-agents-md.md). 2.1.197 loads no AGENTS file by
  // itself, only as an import (docs/findings-claude-releases.md).
  {
    name: "an_agents_md_only_repository_loads_agents_md",
    files: { "AGENTS.md": "A root\n" },
    expectOn: { "2.1.197": [] },
    expect: ["AGENTS.md"],
  },
  {
    name: "a_claude_md_hides_agents_md",
    files: { "AGENTS.md": "A root\n", "CLAUDE.md": "C root\n" },
    expect: ["CLAUDE.md"],
  },
  {
    name: "a_dot_claude_claude_md_hides_agents_md",
    files: { "AGENTS.md": "A root\n", ".claude/CLAUDE.md": "C dot\n" },
    expect: [".claude/CLAUDE.md"],
  },
  {
    name: "a_claude_local_md_hides_agents_md",
    files: { "AGENTS.md": "A root\n", "CLAUDE.local.md": "L\n" },
    expect: ["CLAUDE.local.md"],
  },
  {
    name: "rules_do_not_hide_agents_md_which_loads_after_them_then_dot_claude_agents_md",
    files: { "AGENTS.md": "A root\n", ".claude/AGENTS.md": "A dot\n", ".claude/rules/r.md": "R\n" },
    expectOn: { "2.1.197": [".claude/rules/r.md"] },
    expect: [".claude/rules/r.md", "AGENTS.md", ".claude/AGENTS.md"],
  },
  { name: "a_lower_case_agents_md_does_not_load", files: { "agents.md": "a lower\n" }, expect: [] },
  {
    name: "agents_override_md_does_not_load",
    files: { "AGENTS.md": "A root\n", "AGENTS.override.md": "O\n" },
    expectOn: { "2.1.197": [] },
    expect: ["AGENTS.md"],
  },
  {
    name: "agents_md_imports_load",
    files: { "AGENTS.md": "A @docs/x.md\n", "docs/x.md": "X\n" },
    expectOn: { "2.1.197": [] },
    expect: ["AGENTS.md", "docs/x.md"],
  },
  {
    name: "a_claude_md_in_an_ancestor_hides_the_working_directory_agents_md",
    git: ["."],
    cwd: "sub",
    files: { "CLAUDE.md": "C root\n", "sub/AGENTS.md": "A sub\n" },
    expect: ["CLAUDE.md"],
  },
  {
    name: "a_claude_md_in_the_working_directory_hides_an_ancestor_agents_md",
    git: ["."],
    cwd: "sub",
    files: { "AGENTS.md": "A root\n", "sub/CLAUDE.md": "C sub\n" },
    expect: ["sub/CLAUDE.md"],
  },
  {
    name: "agents_md_loads_at_every_level_top_down_after_that_levels_rules",
    git: ["."],
    cwd: "sub",
    files: {
      "AGENTS.md": "A root\n",
      ".claude/rules/r.md": "R root\n",
      "sub/AGENTS.md": "A sub\n",
      "sub/.claude/rules/s.md": "R sub\n",
    },
    expectOn: { "2.1.197": [".claude/rules/r.md", "sub/.claude/rules/s.md"] },
    expect: [".claude/rules/r.md", "AGENTS.md", "sub/.claude/rules/s.md", "sub/AGENTS.md"],
  },
  {
    name: "agents_md_above_the_git_root_loads",
    git: ["repo"],
    cwd: "repo",
    files: { "AGENTS.md": "A above\n", "repo/AGENTS.md": "A repo\n" },
    expectOn: { "2.1.197": [] },
    expect: ["AGENTS.md", "repo/AGENTS.md"],
  },
  {
    name: "a_claude_md_above_the_git_root_hides_agents_md",
    git: ["repo"],
    cwd: "repo",
    files: { "CLAUDE.md": "C above\n", "repo/AGENTS.md": "A repo\n" },
    expect: ["CLAUDE.md"],
  },
  {
    name: "a_comment_only_claude_md_does_not_hide_agents_md",
    files: { "CLAUDE.md": "<!-- nothing -->\n", "AGENTS.md": "A\n" },
    expectOn: { "2.1.197": [] },
    expect: ["AGENTS.md"],
  },
  {
    name: "an_empty_claude_md_does_not_hide_agents_md",
    files: { "CLAUDE.md": "", "AGENTS.md": "A\n" },
    expectOn: { "2.1.197": [] },
    expect: ["AGENTS.md"],
  },
  {
    name: "a_claude_md_below_the_working_directory_does_not_hide_agents_md",
    git: ["."],
    files: { "AGENTS.md": "A root\n", "sub/CLAUDE.md": "C sub\n" },
    expectOn: { "2.1.197": [] },
    expect: ["AGENTS.md"],
  },
  {
    name: "an_agents_md_imported_by_claude_md_loads_once_as_an_import",
    files: { "CLAUDE.md": "C @AGENTS.md\n", "AGENTS.md": "A\n" },
    expect: ["CLAUDE.md", "AGENTS.md"],
  },
  {
    name: "agents_md_frontmatter_is_stripped_as_in_claude_md",
    files: { "AGENTS.md": "---\npaths: src/**\n---\nA fm <!-- c -->\n" },
    expectOn: { "2.1.197": [] },
    expect: ["AGENTS.md"],
  },
  {
    name: "an_ancestor_agents_md_does_not_follow_imports_outside_the_working_directory",
    git: ["."],
    cwd: "sub",
    files: { "AGENTS.md": "A root @docs/x.md\n", "docs/x.md": "X\n", "sub/AGENTS.md": "A sub\n" },
    expectOn: { "2.1.197": [] },
    expect: ["AGENTS.md", "sub/AGENTS.md"],
  },
  {
    name: "an_empty_agents_md_is_skipped_and_dot_claude_agents_md_still_loads",
    files: { "AGENTS.md": "", ".claude/AGENTS.md": "A dot\n" },
    expectOn: { "2.1.197": [] },
    expect: [".claude/AGENTS.md"],
  },
  {
    name: "agents_md_importing_a_rule_already_loaded_does_not_load_it_twice",
    files: { "AGENTS.md": "A @.claude/rules/r.md\n", ".claude/rules/r.md": "R\n" },
    expectOn: { "2.1.197": [".claude/rules/r.md"] },
    expect: [".claude/rules/r.md", "AGENTS.md"],
  },
  {
    name: "a_dot_claude_agents_md_in_the_working_directory_loads_below_an_ancestor_agents_md",
    git: ["."],
    cwd: "sub",
    files: { "AGENTS.md": "A root\n", "sub/.claude/AGENTS.md": "A subdot\n" },
    expectOn: { "2.1.197": [] },
    expect: ["AGENTS.md", "sub/.claude/AGENTS.md"],
  },
];
