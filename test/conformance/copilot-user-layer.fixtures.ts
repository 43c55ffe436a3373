/**
 * Issue 31: what GitHub Copilot CLI 1.0.102 reads beyond the repository's own files — the user layer
 * (`~/.copilot`, `COPILOT_HOME`), `COPILOT_CUSTOM_INSTRUCTIONS_DIRS`, the flags and feature flag that change
 * loading, the order of names that differ in punctuation, odd files, and sizes. Each case is one settled
 * behaviour (docs/findings-copilot-cli.md, "User layer, environment and flags"); what the CLI sent is
 * recorded in test/conformance/recorded/copilot-user-layer.json (`<B>` = the case directory) and checked by
 * copilot-user-layer.test.ts. Layout and placeholders: test/support/recorded.ts. The harness's environment
 * is the conformance harness's (`COPILOT_HOME=<B>/home/.copilot`, `COPILOT_MODEL=gpt-4.1`, offline).
 */
import type { RecordedCase } from "../support/recorded.js";

/** One recorded Copilot case: `views` are paths the scripted model asks the `view` tool for, in order. */
export interface CopilotRecordedCase extends RecordedCase {
  views?: string[];
}

const fm = (applyTo: string, body: string) => `---\napplyTo: ${applyTo}\n---\n${body}\n`;
const bytes = (...b: number[]) => Buffer.from(b);
/** `n` bytes: `tag`, then lines of spaces (each under 200,000 bytes: the CLI's tokenizer overflows its stack on a longer run), then `x\n`. Cheap in tokens. */
export function spaced(tag: string, n: number): string {
  let s = tag;
  while (s.length < n - 2) s += `${" ".repeat(Math.min(199_999, n - 2 - s.length - 1))}\n`;
  return `${s.slice(0, n - 2)}x\n`;
}
const ag = { "AGENTS.md": "ag\n" };
/** A folder holding every kind of file a custom instructions folder could offer. */
function fullDir(p: string): Record<string, string> {
  return {
    [`${p}/AGENTS.md`]: `${p}-AGENTS\n`,
    [`${p}/CLAUDE.md`]: `${p}-CLAUDE\n`,
    [`${p}/GEMINI.md`]: `${p}-GEMINI\n`,
    [`${p}/.github/copilot-instructions.md`]: `${p}-GHCI\n`,
    [`${p}/.github/instructions/a.instructions.md`]: `${p}-gh-a\n`,
    [`${p}/instructions/b.instructions.md`]: `${p}-instr-b\n`,
    [`${p}/c.instructions.md`]: `${p}-top-c\n`,
    [`${p}/deep/x/d.instructions.md`]: `${p}-deep-d\n`,
    [`${p}/.claude/rules/r.md`]: `${p}-claude-rule\n`,
    [`${p}/.hidden/e.instructions.md`]: `${p}-hidden-e\n`,
    [`${p}/.github/instructions/.h/f.instructions.md`]: `${p}-gh-dot-f\n`,
    [`${p}/instructions/g.md`]: `${p}-plain-g\n`,
    [`${p}/.github/other/h.instructions.md`]: `${p}-gh-other-h\n`,
    [`${p}/instructions/s.instructions.md`]: fm("'src/**'", `${p}-scoped`),
    [`${p}/src/AGENTS.md`]: `${p}-src-AGENTS\n`,
    [`${p}/src/q.ts`]: "q\n",
  };
}
/** Names that differ in `/`, `-`, `.`, `_`, case, space and non-ASCII. */
const NAMES = [
  "a-b",
  "a/b",
  "a",
  "a_b",
  "A",
  "a b",
  "a0",
  "ab",
  "a~",
  "é",
  "z",
  "a.b",
  "a+b",
  "B",
  "a/-",
  "a-/b",
  "a/B",
  "a.b/c",
  "a#",
  "a!/x",
  "Z/a",
];
const named = (dir: string, suffix: string, scoped: boolean) =>
  Object.fromEntries(
    NAMES.map((n) => [`${dir}/${n}${suffix}`, scoped ? fm("'src/**'", `N[${n}]`) : `N[${n}]\n`]),
  );
/** The order the CLI gives these names: by path component, each compared by bytes. */
export const NAMES_IN_CLI_ORDER = [
  "A",
  "B",
  "Z/a",
  "a/-",
  "a/B",
  "a/b",
  "a b",
  "a!/x",
  "a#",
  "a+b",
  "a-/b",
  "a-b",
  "a.b/c",
  "a.b",
  "a",
  "a0",
  "a_b",
  "ab",
  "a~",
  "z",
  "é",
];
const inOrder = NAMES_IN_CLI_ORDER.map((n) => `N[${n}]`).join("\n\n\n");
const ext = { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: "<B>/ext" };
const bigBudget = { COPILOT_PROVIDER_MAX_PROMPT_TOKENS: "2000000" };
const REFUSAL =
  "! Static system messages and tool definitions exceed the model's usable context budget. Reduce\n  static context or switch to a larger-context model.\n\n\nNo response was returned. Send your message again to retry.";
const excludeAgent = (v: string, body: string, applyTo?: string) =>
  `---\n${applyTo ? `applyTo: '${applyTo}'\n` : ""}excludeAgent: ${v}\n---\n${body}\n`;

/** Tags each case with its area (for the agreement counts of `npm run conformance:recorded`). */
const inArea = (area: string, cases: CopilotRecordedCase[]) => cases.map((c) => ({ ...c, area }));

export const COPILOT_USER_CASES: CopilotRecordedCase[] = [
  ...inArea("user layer", [
    {
      name: "copilot_home_moves_the_user_instructions_file_and_folder",
      files: ag,
      home: {
        ".copilot/copilot-instructions.md": "DEFAULT-HOME\n",
        ".copilot/instructions/d.instructions.md": "DEFAULT-INSTR\n",
      },
      outside: {
        "ch/copilot-instructions.md": "MOVED-HOME\n",
        "ch/instructions/m.instructions.md": "MOVED-INSTR\n",
      },
      env: { COPILOT_HOME: "<B>/ch" },
      includes: ["MOVED-HOME", "MOVED-INSTR"],
      excludes: ["DEFAULT-HOME", "DEFAULT-INSTR"],
    },
    {
      name: "an_empty_copilot_home_means_home_dot_copilot",
      files: ag,
      home: { ".copilot/copilot-instructions.md": "DEFAULT-HOME\n" },
      env: { COPILOT_HOME: "" },
      includes: ["DEFAULT-HOME"],
    },
    {
      name: "without_copilot_home_the_user_layer_is_home_dot_copilot",
      files: ag,
      home: { ".copilot/copilot-instructions.md": "DEFAULT-HOME\n" },
      env: { COPILOT_HOME: null },
      includes: ["DEFAULT-HOME"],
    },
    {
      name: "a_relative_copilot_home_is_taken_from_the_working_directory",
      cwd: "sub",
      files: {
        ...ag,
        "rel/copilot-instructions.md": "ROOT-REL-HOME\n",
        "sub/rel/copilot-instructions.md": "CWD-REL-HOME\n",
      },
      home: { ".copilot/copilot-instructions.md": "DEFAULT-HOME\n" },
      env: { COPILOT_HOME: "rel" },
      includes: ["CWD-REL-HOME"],
      excludes: ["ROOT-REL-HOME", "DEFAULT-HOME"],
    },
    {
      name: "xdg_config_home_does_not_move_the_user_layer",
      files: ag,
      home: { ".copilot/copilot-instructions.md": "DEFAULT-HOME\n" },
      outside: {
        "xdg/copilot/copilot-instructions.md": "XDG-COPILOT\n",
        "xdg/.copilot/copilot-instructions.md": "XDG-DOT\n",
        "xdg/github-copilot/copilot-instructions.md": "XDG-GH\n",
      },
      env: {
        COPILOT_HOME: null,
        XDG_CONFIG_HOME: "<B>/xdg",
        XDG_STATE_HOME: "<B>/xdgs",
        XDG_DATA_HOME: "<B>/xdgd",
      },
      includes: ["DEFAULT-HOME"],
      excludes: ["XDG-"],
    },
  ]),
  ...inArea("user layer", [
    {
      name: "the_user_instructions_folder_reads_instructions_md_files_of_any_case_at_any_depth_skipping_dot_folders",
      files: ag,
      home: {
        ".copilot/instructions/a.instructions.md": "UA\n",
        ".copilot/instructions/b.md": "UB-plain-md\n",
        ".copilot/instructions/.hidden/c.instructions.md": "UC-hidden\n",
        ".copilot/instructions/sub/d.instructions.md": "UD-sub\n",
        ".copilot/instructions/e.Instructions.MD": "UE-case\n",
        ".copilot/instructions/AGENTS.md": "U-AGENTS-in-instr\n",
        ".copilot/instructions/x/y/z.instructions.md": "UZ-deep\n",
        ".copilot/instructions/f.instructions.md/g.instructions.md": "UG-in-dir-named-like-file\n",
      },
      includes: ["UA\n\n\nUE-case\n\n\nUG-in-dir-named-like-file\n\n\nUD-sub\n\n\nUZ-deep"],
      excludes: ["UB-plain-md", "UC-hidden", "U-AGENTS-in-instr"],
    },
    {
      name: "no_other_file_of_the_home_directory_is_read",
      files: ag,
      home: {
        ".copilot/AGENTS.md": "H-COPILOT-AGENTS\n",
        ".copilot/CLAUDE.md": "H-COPILOT-CLAUDE\n",
        ".claude/CLAUDE.md": "H-CLAUDE-CLAUDE\n",
        ".claude/rules/r.md": "H-CLAUDE-RULE\n",
        "AGENTS.md": "H-AGENTS\n",
        ".github/copilot-instructions.md": "H-GH-CI\n",
        ".github/instructions/x.instructions.md": "H-GH-INSTR\n",
        ".gemini/GEMINI.md": "H-GEMINI\n",
        ".codex/AGENTS.md": "H-CODEX\n",
        ".copilot/.github/instructions/y.instructions.md": "H-COP-GH-INSTR\n",
        ".copilot/rules/r.md": "H-COP-RULES\n",
        ".agents/AGENTS.md": "H-AGENTS-DIR\n",
        ".config/copilot/copilot-instructions.md": "H-CONFIG\n",
      },
      excludes: ["H-"],
    },
    {
      name: "a_scoped_user_instruction_is_a_table_row_by_absolute_path_and_attaches_on_view",
      files: { ...ag, "src/a.ts": "x\n", "src/b.md": "x\n" },
      home: {
        ".copilot/instructions/s.instructions.md": fm("'src/**/*.ts'", "USER-SCOPED"),
        ".copilot/instructions/t.instructions.md": fm("'*.md'", "USER-MD"),
        ".copilot/copilot-instructions.md": "UH @x.md\n",
        ".copilot/x.md": "IMPORTED-BY-USER\n",
      },
      views: ["src/a.ts", "src/b.md"],
      includes: [
        "| src/**/*.ts | '<B>/home/.copilot/instructions/s.instructions.md' |  |",
        "Custom instructions from <B>/home/.copilot/instructions/s.instructions.md.",
        '<imported_custom_instruction source="<B>/home/.copilot/x.md">\nIMPORTED-BY-USER',
      ],
    },
    {
      name: "the_user_instructions_file_imports_only_inside_copilot_home",
      files: { ...ag, "r.md": "REPO-FILE\n" },
      home: {
        ".copilot/copilot-instructions.md": "UH @../up.md @<R>/r.md @sub/s.md @/etc/hostname\n",
        "up.md": "HOME-UP\n",
        ".copilot/sub/s.md": "HOME-SUB\n",
      },
      includes: ["HOME-SUB"],
      excludes: ["HOME-UP\n", "REPO-FILE"],
    },
    {
      name: "empty_and_whitespace_user_files_are_sent_as_written",
      files: ag,
      home: {
        ".copilot/copilot-instructions.md": "",
        ".copilot/instructions/a.instructions.md": "",
        ".copilot/instructions/b.instructions.md": " \n\t\n",
        ".copilot/instructions/c.instructions.md": "C\n",
      },
      includes: ["<custom_instruction>\n\n</custom_instruction>", "\n\n\n \n\t\n\n\nC\n"],
    },
    {
      name: "a_whitespace_only_user_instructions_file_is_a_block",
      files: ag,
      home: { ".copilot/copilot-instructions.md": "  \n\n" },
      includes: ["<custom_instruction>\n  \n\n\n</custom_instruction>"],
    },
  ]),
  ...inArea("odd files", [
    {
      name: "invalid_utf8_user_files_are_skipped_and_repository_files_get_replacement_characters",
      files: {
        "AGENTS.md": bytes(0x61, 0xff, 0x62, 0x0a),
        "CLAUDE.md": "cl\n",
        ".github/instructions/bad.instructions.md": bytes(0x62, 0x61, 0x64, 0xc3, 0x28, 0x0a),
        ".github/instructions/good.instructions.md": "good\n",
      },
      home: {
        ".copilot/copilot-instructions.md": bytes(0x68, 0xfe, 0x0a),
        ".copilot/instructions/u.instructions.md": bytes(0x75, 0x80, 0x0a),
        ".copilot/instructions/v.instructions.md": "v ok\n",
      },
      includes: ["a\uFFFDb", "bad\uFFFD(", "v ok"],
      excludes: ["h\uFFFD", "u\uFFFD"],
    },
    {
      name: "invalid_utf8_is_replaced_per_maximal_subpart_and_nul_bytes_are_kept",
      files: {
        "AGENTS.md": bytes(
          0x41,
          0xe2,
          0x82,
          0x42,
          0xf0,
          0x9f,
          0x98,
          0x43,
          0xf8,
          0x88,
          0x80,
          0x80,
          0x80,
          0x44,
          0xed,
          0xa0,
          0x80,
          0x45,
          0x0a,
        ),
        "CLAUDE.md": bytes(0x00, 0x41, 0x00, 0x0a),
      },
      includes: ["A\uFFFDB\uFFFDC\uFFFD\uFFFD\uFFFD\uFFFD\uFFFDD\uFFFD\uFFFD\uFFFDE", "\u0000A\u0000"],
    },
    {
      name: "an_import_of_an_invalid_utf8_file_stays_prose",
      files: { "AGENTS.md": "ag @b.md\n", "b.md": bytes(0x62, 0xff, 0x0a) },
      home: {
        ".copilot/copilot-instructions.md": "UH @bad.md\n",
        ".copilot/bad.md": bytes(0x62, 0xff, 0x0a),
      },
      excludes: ["<imported_custom_instruction"],
    },
    {
      name: "invalid_utf8_nested_files_attach_with_replacement_characters_on_view",
      files: {
        ...ag,
        "src/x.ts": "x\n",
        "src/AGENTS.md": bytes(0x6e, 0xff, 0x0a),
        ".github/instructions/s.instructions.md": Buffer.concat([
          Buffer.from("---\napplyTo: 'src/**'\n---\nS"),
          bytes(0xc0, 0x0a),
        ]),
        "src/CLAUDE.md": bytes(0xef, 0xbb, 0xbf, 0x41, 0xed, 0xa0, 0x80, 0x42, 0x0a),
      },
      views: ["src/x.ts"],
      includes: ["S\uFFFD\n", "n\uFFFD\n", "A\uFFFD\uFFFD\uFFFDB"],
    },
    {
      name: "a_bom_is_dropped_before_frontmatter_and_crlf_frontmatter_scopes_a_file",
      files: {
        ...ag,
        "src/a.ts": "x\n",
        ".github/instructions/crlf.instructions.md": "---\r\napplyTo: 'src/**'\r\n---\r\nCRLF body\r\n",
        ".github/instructions/bom.instructions.md": "\ufeff---\napplyTo: 'src/**'\n---\nBOM body\n",
        ".github/instructions/bomall.instructions.md": "\ufeffBOM always\n",
      },
      home: { ".copilot/copilot-instructions.md": "\ufeffUSER BOM\r\nline2\r\n" },
      views: ["src/a.ts"],
      includes: [
        "<custom_instruction>\nUSER BOM\r\nline2\r\n\n",
        "| src/** | '.github/instructions/crlf.instructions.md' |",
      ],
      excludes: ["\ufeff"],
    },
    {
      name: "a_scoped_file_with_an_empty_body_is_a_row_and_attaches_its_frontmatter",
      files: {
        ...ag,
        "src/x.ts": "x\n",
        ".github/instructions/a.instructions.md": fm("'src/**'", ""),
        ".github/instructions/b.instructions.md": "---\napplyTo: 'src/**'\n---\n",
        ".github/instructions/c.instructions.md": fm("'src/**'", "  "),
        ".github/instructions/d.instructions.md": "---\napplyTo: '**'\n---\n",
        ".github/instructions/e.instructions.md": "\n",
      },
      views: ["src/x.ts"],
      includes: ["| src/** | '.github/instructions/b.instructions.md' |", "---\napplyTo: '**'\n---\n"],
    },
    {
      name: "memory_names_that_are_folders_are_skipped_or_walked",
      files: {
        "AGENTS.md/x.md": "in-dir\n",
        "agents.md": "lower-agents\n",
        ".github/copilot-instructions.md/y.md": "dir\n",
        "CLAUDE.md/z": "z\n",
        "GEMINI.md": "ge\n",
        ".github/instructions/k.instructions.md/inner.instructions.md": "INNER\n",
        ".claude/rules/q.md/r.md": "RULE-IN-DIR\n",
      },
      includes: ["lower-agents", "INNER", "RULE-IN-DIR"],
      excludes: ["in-dir", "\ndir\n", "\nz\n"],
    },
    {
      name: "links_leaving_the_repository_are_followed_but_an_import_through_one_is_not",
      files: {
        "AGENTS.md": { link: "../outside/ag.md" },
        ".github/copilot-instructions.md": { link: "<B>/outside/ci.md" },
        ".github/instructions/l.instructions.md": { link: "../../../outside/i.md" },
        ".claude/rules/r.md": { link: "../../../outside/r.md" },
        "CLAUDE.md": "cl @ag-link.md\n",
        "ag-link.md": { link: "../outside/imp.md" },
      },
      outside: {
        "outside/ag.md": "OUT-AGENTS\n",
        "outside/ci.md": "OUT-CI\n",
        "outside/i.md": "OUT-INSTR\n",
        "outside/r.md": "OUT-RULE\n",
        "outside/imp.md": "OUT-IMPORTED\n",
      },
      includes: ["OUT-AGENTS", "OUT-CI", "OUT-INSTR", "OUT-RULE"],
      excludes: ["OUT-IMPORTED"],
    },
    {
      name: "dangling_and_looping_links_are_skipped",
      files: {
        "AGENTS.md": { link: "nope.md" },
        "CLAUDE.md": { link: "CLAUDE.md" },
        "GEMINI.md": "ge\n",
        ".github/instructions/d.instructions.md": { link: "nope" },
        ".github/instructions/e.instructions.md": "E\n",
        ".github/copilot-instructions.md": { link: "../loop1" },
        loop1: { link: "loop2" },
        loop2: { link: "loop1" },
      },
      includes: ["ge", "E"],
    },
    {
      name: "user_links_to_files_are_followed_and_linked_folders_are_not_entered",
      files: ag,
      home: {
        ".copilot/copilot-instructions.md": { link: "../elsewhere/h.md" },
        "elsewhere/h.md": "LINKED-HOME\n",
        ".copilot/instructions/l.instructions.md": { link: "../../elsewhere/u.md" },
        "elsewhere/u.md": "LINKED-USER-INSTR\n",
        ".copilot/instructions/ld": { link: "../../elsewhere/d" },
        "elsewhere/d/in.instructions.md": "IN-LINKED-DIR\n",
        ".copilot/instructions/dang.instructions.md": { link: "nope" },
      },
      includes: ["LINKED-HOME", "LINKED-USER-INSTR"],
      excludes: ["IN-LINKED-DIR"],
    },
    {
      name: "a_user_instructions_file_that_is_a_folder_is_skipped",
      files: ag,
      home: {
        ".copilot/copilot-instructions.md/a.md": "x\n",
        ".copilot/instructions/u.instructions.md": "U\n",
      },
      includes: ["U"],
    },
  ]),
  ...inArea("ordering", [
    {
      name: "instruction_files_come_in_path_component_order",
      files: { ...ag, ...named(".github/instructions", ".instructions.md", false) },
      includes: [inOrder],
    },
    {
      name: "scoped_rows_and_their_reminders_come_in_path_component_order",
      files: { ...ag, "src/x.ts": "x\n", ...named(".github/instructions", ".instructions.md", true) },
      views: ["src/x.ts"],
      includes: [
        NAMES_IN_CLI_ORDER.map((n) => `| src/** | '.github/instructions/${n}.instructions.md' |  |`).join(
          "\n",
        ),
      ],
    },
    {
      name: "claude_rules_come_in_path_component_order",
      files: { ...ag, ...named(".claude/rules", ".md", false) },
      includes: [inOrder],
    },
    {
      name: "user_instruction_files_come_in_path_component_order",
      files: ag,
      home: named(".copilot/instructions", ".instructions.md", false),
      includes: [inOrder],
    },
    {
      name: "custom_dir_instruction_files_come_in_path_component_order",
      files: ag,
      outside: named("ext/instructions", ".instructions.md", false),
      env: ext,
      includes: [inOrder],
    },
  ]),
  ...inArea("custom instruction dirs", [
    {
      name: "a_custom_dir_gives_github_instructions_then_claude_rules_then_every_instructions_md_below_it",
      files: ag,
      outside: fullDir("ext"),
      env: ext,
      includes: [
        "ext-gh-a\n\n\next-claude-rule\n\n\next-top-c\n\n\next-deep-d\n\n\next-instr-b\n",
        "| ../ext/ | '../ext/AGENTS.md' | Agent instructions for ../ext/**/* |",
        "| src/** | '<B>/ext/instructions/s.instructions.md' |  |",
      ],
      excludes: [
        "ext-CLAUDE",
        "ext-GEMINI",
        "ext-GHCI",
        "ext-hidden-e",
        "ext-gh-dot-f",
        "ext-plain-g",
        "ext-gh-other-h",
        "ext-src-AGENTS",
        "ext-AGENTS",
      ],
    },
    {
      name: "custom_dir_files_come_after_every_instruction_file_of_the_user_the_git_root_and_the_cwd",
      cwd: "sub",
      files: {
        ...ag,
        ".github/instructions/a.instructions.md": "ROOT-GH\n",
        ".claude/rules/r.md": "ROOT-RULE\n",
        "sub/.github/instructions/c.instructions.md": "CWD-GH\n",
        "sub/.claude/rules/c.md": "CWD-RULE\n",
      },
      home: { ".copilot/instructions/u.instructions.md": "USER\n" },
      outside: { "ext/instructions/e.instructions.md": "EXT\n" },
      env: ext,
      includes: ["USER\n\n\nROOT-GH\n\n\nROOT-RULE\n\n\nCWD-GH\n\n\nCWD-RULE\n\n\nEXT\n"],
    },
    {
      name: "a_custom_dir_reads_three_passes_not_one_sorted_walk",
      files: ag,
      outside: {
        "ext/-x.instructions.md": "TOP-DASH\n",
        "ext/!y.instructions.md": "TOP-BANG\n",
        "ext/.github/instructions/a.instructions.md": "GH-A\n",
        "ext/.claude/rules/r.md": "RULE\n",
        "ext/.claude/rules/s.instructions.md": "RULE-INSTR\n",
        "ext/.github/instructions/z.md": "GH-PLAIN\n",
        "ext/.claude/x.instructions.md": "CLAUDE-DIR-INSTR\n",
        "ext/z.instructions.md": "TOP-Z\n",
      },
      env: ext,
      includes: ["GH-A\n\n\nRULE\n\n\nRULE-INSTR\n\n\nTOP-BANG\n\n\nTOP-DASH\n\n\nTOP-Z\n"],
      excludes: ["GH-PLAIN", "CLAUDE-DIR-INSTR"],
    },
    {
      name: "a_relative_custom_dir_is_taken_from_the_working_directory_and_listed_from_the_git_root",
      cwd: "sub",
      files: { ...ag, ...fullDir("ext"), ...fullDir("sub/ext") },
      env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: "ext" },
      includes: ["sub/ext-gh-a", "| sub/ext/ | 'sub/ext/AGENTS.md' | Agent instructions for sub/ext/**/* |"],
      excludes: ["\next-gh-a"],
    },
    {
      name: "custom_dirs_are_comma_separated_trimmed_deduplicated_and_kept_in_order",
      files: ag,
      outside: {
        "d1/instructions/x.instructions.md": "D1\n",
        "d2/instructions/x.instructions.md": "D2\n",
        "d1/AGENTS.md": "D1-AG\n",
        "d2/AGENTS.md": "D2-AG\n",
      },
      env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: " <B>/d2 , ,<B>/nope,<B>/d1,<B>/d2" },
      includes: [
        "D2\n\n\nD1\n",
        "| ../d2/ | '../d2/AGENTS.md' | Agent instructions for ../d2/**/* |\n| ../d1/ |",
      ],
    },
    {
      name: "a_custom_dir_inside_the_repository_lists_its_agents_md_by_its_repository_path",
      files: { ...ag, ...fullDir("docs") },
      env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: "<R>/docs" },
      includes: [
        "| docs/ | 'docs/AGENTS.md' | Agent instructions for docs/**/* |",
        "'<B>/repo/docs/instructions/s.instructions.md'",
      ],
    },
    {
      name: "the_repository_root_as_a_custom_dir_adds_its_other_instruction_files_once",
      files: {
        ...ag,
        ".github/instructions/a.instructions.md": "ROOT-A\n",
        "instructions/b.instructions.md": "ROOT-INSTR-B\n",
        "x/c.instructions.md": "ROOT-X-C\n",
      },
      env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: "<R>" },
      includes: ["ROOT-A\n\n\nROOT-INSTR-B\n\n\nROOT-X-C\n"],
    },
    {
      name: "a_tilde_is_not_expanded_and_a_colon_does_not_separate_custom_dirs",
      files: ag,
      home: { "t/instructions/x.instructions.md": "TILDE\n" },
      outside: { "c1/instructions/x.instructions.md": "C1\n", "c2/instructions/x.instructions.md": "C2\n" },
      env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: "~/t,<B>/c1:<B>/c2" },
      excludes: ["TILDE", "C1", "C2"],
    },
    {
      name: "a_custom_dirs_scoped_file_matches_git_root_paths_and_a_view_inside_the_dir_attaches_nothing",
      files: { ...ag, "src/q.ts": "q\n" },
      outside: fullDir("ext"),
      env: ext,
      views: ["<B>/ext/src/q.ts", "src/q.ts", "<B>/ext/deep/x/d.instructions.md"],
      includes: ["Custom instructions from <B>/ext/instructions/s.instructions.md."],
      excludes: ["Custom instructions from <B>/ext/src/AGENTS.md", "Custom instructions from ../ext"],
    },
    {
      name: "copilot_home_as_a_custom_dir_sends_its_instruction_files_twice",
      files: ag,
      home: { ".copilot/copilot-instructions.md": "UH\n", ".copilot/instructions/u.instructions.md": "U\n" },
      env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: "<H>/.copilot" },
      includes: ["U\n\n\nU\n"],
    },
    {
      name: "the_custom_dirs_agents_table_is_relative_to_the_git_root_not_the_working_directory",
      cwd: "p/q",
      files: { ...ag, "p/q/.keep": "" },
      outside: { "ext/AGENTS.md": "EXT-AG\n", "ext/instructions/s.instructions.md": fm("'src/**'", "EXT-S") },
      env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: "<B>/ext,./local,../up" },
      includes: ["| ../ext/ | '../ext/AGENTS.md' | Agent instructions for ../ext/**/* |"],
    },
    {
      name: "a_custom_dir_that_is_a_file_is_ignored",
      files: ag,
      outside: { "f.instructions.md": "FILE-AS-DIR\n" },
      env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: "<B>/f.instructions.md" },
      excludes: ["FILE-AS-DIR"],
    },
    {
      name: "only_a_custom_dirs_own_agents_md_is_listed_and_nothing_attaches_on_views_inside_it",
      files: ag,
      outside: {
        "ext/AGENTS.md": "EXT-AG\n",
        "ext/sub/AGENTS.md": "EXT-SUB-AG\n",
        "ext/sub/x.ts": "x\n",
        "ext/x.ts": "x\n",
      },
      env: ext,
      views: ["<B>/ext/sub/x.ts", "<B>/ext/AGENTS.md"],
      excludes: ["ext/sub/AGENTS.md", "EXT-SUB-AG", "EXT-AG"],
    },
    {
      name: "thirty_thousand_entries_in_a_custom_dir_do_not_stop_discovery",
      files: ag,
      outside: {
        ...Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`ext/a/f${i}.txt`, ""])),
        "ext/z.instructions.md": "Z-LAST\n",
        "ext/0.instructions.md": "ZERO-FIRST\n",
      },
      env: ext,
      includes: ["ZERO-FIRST\n\n\nZ-LAST\n"],
    },
  ]),
  ...inArea("flags", [
    {
      name: "no_custom_instructions_sends_no_instruction_part_and_attaches_nothing",
      files: {
        ...ag,
        ".github/copilot-instructions.md": "ghci\n",
        ".github/instructions/a.instructions.md": "repo-a\n",
        ".github/instructions/s.instructions.md": fm("'src/**'", "repo-scoped"),
        ".claude/rules/r.md": "rule\n",
        "src/AGENTS.md": "src-ag\n",
        "src/x.ts": "x\n",
      },
      home: { ".copilot/copilot-instructions.md": "UH\n", ".copilot/instructions/u.instructions.md": "U\n" },
      outside: { "ext/instructions/e.instructions.md": "EXT\n", "ext/AGENTS.md": "EXT-AG\n" },
      env: ext,
      args: ["--no-custom-instructions"],
      views: ["src/x.ts"],
    },
    {
      name: "the_child_instructions_feature_flag_lists_child_agents_and_claude_files",
      files: {
        ...ag,
        ".github/instructions/s.instructions.md": fm("'src/**'", "repo-scoped"),
        "src/AGENTS.md": "src-ag\n",
        "src/CLAUDE.md": "src-cl\n",
        "src/.github/instructions/c.instructions.md": "child-instr\n",
        "src/x.ts": "x\n",
        "lib/AGENTS.md": "lib-ag\n",
        "lib/deep/AGENTS.md": "libdeep-ag\n",
      },
      env: { COPILOT_CLI_ENABLED_FEATURE_FLAGS: "CHILD_CUSTOM_INSTRUCTIONS" },
      views: ["src/x.ts"],
      includes: [
        "Use these instruction files from child directories (subprojects) for context-specific rules.\nRead a file with the `view` tool before modifying code in that area.\n| File Path |\n| --------- |\n| 'lib/AGENTS.md' |\n| 'src/AGENTS.md' |\n| 'src/CLAUDE.md' |\n| 'lib/deep/AGENTS.md' |\n",
      ],
    },
    {
      name: "experimental_does_not_turn_on_child_instructions",
      files: { ...ag, "lib/AGENTS.md": "lib-ag\n" },
      args: ["--experimental"],
      excludes: ["child directories", "lib/AGENTS.md"],
    },
    {
      name: "exclude_agent_coding_agent_leaves_a_file_out_of_the_cli",
      files: {
        ...ag,
        "src/x.ts": "x\n",
        ".github/instructions/1.instructions.md": excludeAgent('"coding-agent"', "EX-CODING"),
        ".github/instructions/2.instructions.md": excludeAgent('"code-review"', "EX-REVIEW"),
        ".github/instructions/3.instructions.md": excludeAgent('"cli"', "EX-CLI"),
        ".github/instructions/4.instructions.md": excludeAgent("[coding-agent]", "EX-LIST"),
        ".github/instructions/5.instructions.md": excludeAgent(
          '"coding-agent"',
          "EX-CODING-SCOPED",
          "src/**",
        ),
        ".github/instructions/6.instructions.md": excludeAgent('"copilot-cli"', "EX-COPILOT-CLI"),
        ".github/instructions/7.instructions.md": excludeAgent('"Coding-Agent"', "EX-CASE"),
        ".github/instructions/8.instructions.md": excludeAgent('""', "EX-EMPTY"),
        ".claude/rules/9.md": excludeAgent('"coding-agent"', "EX-RULE"),
      },
      views: ["src/x.ts"],
      includes: ["EX-REVIEW", "EX-CLI", "EX-COPILOT-CLI", "EX-CASE", "EX-EMPTY"],
      excludes: ["EX-CODING", "EX-LIST", "EX-RULE"],
    },
    {
      name: "dash_c_is_the_working_directory",
      files: { ...ag, "sub/AGENTS.md": "sub-ag\n", "sub/.github/instructions/a.instructions.md": "sub-a\n" },
      args: ["-C", "sub"],
      includes: ["sub-ag", "sub-a"],
    },
    {
      name: "add_dir_adds_no_instruction_files",
      files: ag,
      outside: {
        "ext/AGENTS.md": "EXT-AG\n",
        "ext/.github/copilot-instructions.md": "EXT-GHCI\n",
        "ext/.github/instructions/a.instructions.md": "EXT-A\n",
        "ext/instructions/b.instructions.md": "EXT-B\n",
        "ext/CLAUDE.md": "EXT-CL\n",
      },
      args: ["--add-dir", "<B>/ext"],
      excludes: ["EXT-"],
    },
  ]),
  ...inArea("size", [
    {
      name: "a_user_instruction_file_over_one_mib_is_skipped",
      files: ag,
      home: {
        ".copilot/instructions/a.instructions.md": spaced("AT-LIMIT", 1_048_576),
        ".copilot/instructions/b.instructions.md": spaced("OVER-LIMIT", 1_048_577),
        ".copilot/instructions/c.instructions.md": "AFTER\n",
      },
      includes: ["AT-LIMIT", "AFTER"],
      excludes: ["OVER-LIMIT"],
    },
    {
      name: "user_instruction_files_stop_at_ten_mib_in_total_and_later_files_that_fit_still_load",
      files: ag,
      home: {
        ...Object.fromEntries(
          Array.from({ length: 10 }, (_, i) => [
            `.copilot/instructions/f0${i}.instructions.md`,
            spaced(`F0${i}`, 1_048_576),
          ]),
        ),
        ".copilot/instructions/f10.instructions.md": "F10\n",
        ".copilot/instructions/f11.instructions.md": "",
        ".copilot/instructions/f12.instructions.md": "F12\n",
        ".copilot/copilot-instructions.md": "HOMEFILE\n",
      },
      env: bigBudget,
      includes: ["HOMEFILE", "F00", "F09"],
      excludes: ["F10", "F12"],
      timeoutMs: 600_000,
    },
    {
      name: "repository_files_over_one_mib_are_sent_whole",
      files: {
        "AGENTS.md": spaced("AG-1.5M", 1_500_000),
        ".github/instructions/r.instructions.md": spaced("R-1.5M", 1_500_000),
        ".github/copilot-instructions.md": spaced("CI-1.5M", 1_500_000),
      },
      home: { ".copilot/copilot-instructions.md": spaced("HOME-1.5M", 1_500_000) },
      env: bigBudget,
      includes: ["AG-1.5M", "R-1.5M", "CI-1.5M", "HOME-1.5M"],
      timeoutMs: 300_000,
    },
    {
      name: "a_launch_over_the_models_usable_budget_is_refused_before_any_request",
      files: ag,
      home: { ".copilot/instructions/u.instructions.md": { repeat: ["u", 100_000] } },
      includes: [REFUSAL],
    },
    {
      name: "the_provider_prompt_token_limit_moves_the_budget",
      files: ag,
      home: { ".copilot/instructions/u.instructions.md": { repeat: ["u", 100_000] } },
      env: bigBudget,
      excludes: [REFUSAL],
    },
    {
      name: "without_a_model_the_offline_cli_refuses_before_any_request",
      files: ag,
      env: { COPILOT_MODEL: null },
      includes: ["BYOK providers require an explicit model."],
    },
  ]),
];

/** What the CLI did for one case, machine-independent. */
export interface CopilotRecording {
  code: number | null;
  /** Chat requests the upstream received. */
  requests: number;
  /** The instruction part of the first request's system message (when under 64 KiB). */
  region?: string;
  /** Its UTF-8 size and SHA-256 (when over 64 KiB). */
  regionBytes?: number;
  regionSha256?: string;
  /** The reminder message after each `view` ("" when none). */
  attachments: string[];
  /** What a run that exits non-zero printed before its statistics. */
  message?: string;
}
