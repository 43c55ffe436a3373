/**
 * Cases the differential test found for Copilot CLI, shrunk and pinned (test/conformance/copilot-fuzz.test.ts runs
 * them): the CLI must still send exactly `expect` at launch and attach exactly `expectReads[i]` after
 * tool call i, and the model must agree byte for byte (or, while `open` is set, still disagree).
 * `npm run conformance:fuzz -- --agent copilot-cli --seed RUN --from INDEX --cases 1` regenerates
 * the unshrunk case. Findings: docs/findings-fuzz.md.
 */
import type { FuzzFoundCase } from "./found.js";

const base = { release: "1.0.102", home: "home", git: ["proj"] };

export const COPILOT_FOUND_CASES: FuzzFoundCase[] = [
  {
    // The model attached a nested CLAUDE.md's raw text; the CLI inlines its imports as at launch, then
    // escapes the whole, and names it relative to the git root (seeds t:0, t:2, hand-shrunk).
    name: "a_nested_memory_file_attached_on_read_has_its_imports_inlined_and_is_named_from_the_git_root",
    seed: "t:0",
    ...base,
    cwd: "proj/a",
    files: {
      "proj/a/b/CLAUDE.md": "Nested <rules>.\n@inc.md\n",
      "proj/a/b/inc.md": "included 'text'\n",
      "proj/a/b/x.ts": "x\n",
    },
    reads: ["proj/a/b/x.ts"],
    expect: [],
    expectReads: [["proj/a/b/CLAUDE.md"]],
  },
  {
    // The model showed the git root's instruction file relative to the cwd (`../.github/...`) in the table
    // and the reminder; the CLI shows it relative to the git root (seed t:2, hand-shrunk).
    name: "the_git_roots_instructions_are_shown_relative_to_the_git_root",
    seed: "t:2",
    ...base,
    cwd: "proj/a",
    files: {
      "proj/.github/instructions/ts.instructions.md": "---\napplyTo: '**/*.ts'\n---\nTS rules\n",
      "proj/a/x.ts": "x\n",
    },
    reads: ["proj/a/x.ts"],
    expect: ["proj/.github/instructions/ts.instructions.md"],
    expectReads: [["proj/.github/instructions/ts.instructions.md"]],
  },
  {
    // The model inlined `@../n.md`, a file above the git root; the CLI leaves the token as prose (seed t:0).
    name: "an_import_leaving_the_git_root_is_not_inlined",
    seed: "t:0",
    ...base,
    cwd: "proj",
    files: { "proj/AGENTS.md": "See @../n.md\n", "proj/GEMINI.md": "Self @GEMINI.md\n", "n.md": "outside\n" },
    reads: [],
    expect: ["proj/AGENTS.md", "proj/GEMINI.md"],
    expectReads: [],
  },
  {
    // The CLI attaches the instruction files of the directories below the cwd on the way to a viewed file
    // (nearest first); the model reads instruction folders of the git root and the cwd only (seed t:1).
    name: "instruction_files_of_directories_below_the_cwd_attach_on_read",
    seed: "t:1",
    ...base,
    cwd: "proj",
    files: {
      "proj/a/b/.github/instructions/t.instructions.md": "---\napplyTo: '**/docs/*.md'\n---\nnested scoped\n",
      "proj/a/.github/instructions/s.instructions.md": "nested, no frontmatter\n",
      "proj/a/b/docs/api.md": "x\n",
    },
    reads: ["proj/a/b/docs/api.md"],
    expect: [],
    expectReads: [
      ["proj/a/b/.github/instructions/t.instructions.md", "proj/a/.github/instructions/s.instructions.md"],
    ],
  },
  {
    // The CLI loads `a.instructions.MD` as an instruction file; the model wants the suffix in lower case (seed t:2).
    name: "an_instructions_file_with_an_upper_case_suffix_loads",
    seed: "t:2",
    ...base,
    cwd: "proj",
    files: { "proj/.github/instructions/a.instructions.MD": "---\napplyTo: '**'\n---\nupper\n" },
    reads: [],
    expect: ["proj/.github/instructions/a.instructions.MD"],
    expectReads: [],
  },
  {
    // The model took `---  ` (spaces after the opening fence) for no frontmatter and sent the file whole at
    // launch; the CLI reads the frontmatter and lists the file in the table (seeds c102:*, hand-shrunk).
    name: "spaces_after_the_opening_fence_still_make_frontmatter",
    seed: "c102:0",
    ...base,
    cwd: "proj",
    files: {
      "proj/.github/instructions/ts.instructions.md": "---  \napplyTo: '**/*.ts'\n---   \nTS rules\n",
      "proj/x.ts": "x\n",
    },
    reads: ["proj/x.ts"],
    expect: ["proj/.github/instructions/ts.instructions.md"],
    expectReads: [["proj/.github/instructions/ts.instructions.md"]],
  },
  {
    // The model read several custom folders one after the other; the CLI reads each folder's
    // `.github/instructions` and `.claude/rules`, then every folder's other files (seeds u31:11, u31:29).
    name: "several_custom_dirs_give_their_instruction_folders_first_then_their_other_files",
    seed: "u31:11",
    ...base,
    cwd: "proj",
    env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: "<R>/cd2,<R>/cd1" },
    files: {
      "cd2/.github/instructions/g2.instructions.md": "g2\n",
      "cd2/.claude/rules/r2.md": "r2\n",
      "cd2/t2.instructions.md": "t2\n",
      "cd1/.github/instructions/g1.instructions.md": "g1\n",
      "cd1/.claude/rules/r1.md": "r1\n",
      "cd1/t1.instructions.md": "t1\n",
    },
    reads: [],
    expect: [
      "cd2/.github/instructions/g2.instructions.md",
      "cd2/.claude/rules/r2.md",
      "cd1/.github/instructions/g1.instructions.md",
      "cd1/.claude/rules/r1.md",
      "cd2/t2.instructions.md",
      "cd1/t1.instructions.md",
    ],
    expectReads: [],
  },
  {
    // The model named a linked instruction file by the link and read two links to one file twice; the CLI
    // names it by its target (inside the git root or out) and reads it once (seed u31:27, hand-shrunk).
    name: "a_linked_instruction_file_is_named_by_its_target_and_read_once",
    seed: "u31:27",
    ...base,
    cwd: "proj",
    files: {
      "proj/docs/in.md": "---\napplyTo: 'src/**'\n---\nin\n",
      "ext/out.md": "---\napplyTo: 'src/**'\n---\nout\n",
      "ext/always.md": "always out\n",
      "proj/src/x.ts": "x\n",
    },
    links: {
      "proj/.github/instructions/in.instructions.md": "../../docs/in.md",
      "proj/.github/instructions/out.instructions.md": "<R>/ext/out.md",
      "proj/.claude/rules/out.md": "../../../ext/out.md",
      "proj/.github/instructions/always.instructions.md": "<R>/ext/always.md",
    },
    reads: ["proj/src/x.ts"],
    expect: ["ext/always.md", "proj/docs/in.md", "ext/out.md"],
    expectReads: [["proj/docs/in.md", "ext/out.md"]],
  },
  {
    // The model listed AGENTS.md and CLAUDE.md of every folder below the cwd; the CLI lists each child
    // folder's `.github/copilot-instructions.md`, AGENTS.md, CLAUDE.md, `.claude/CLAUDE.md` and GEMINI.md,
    // two levels deep (seeds long31:33, 146, 154, hand-shrunk).
    name: "the_child_table_lists_every_memory_file_two_levels_down",
    seed: "long31:33",
    ...base,
    git: ["proj", "proj/a/b/c"],
    cwd: "proj",
    env: { COPILOT_CLI_ENABLED_FEATURE_FLAGS: "CHILD_CUSTOM_INSTRUCTIONS" },
    files: {
      "proj/a/.github/copilot-instructions.md": "a ghci\n",
      "proj/a/b/c/AGENTS.md": "three levels down\n",
      "proj/a/b/AGENTS.md": "two levels down\n",
      "proj/d/CLAUDE.md": "d claude\n",
      "proj/d/GEMINI.md": "d gemini\n",
    },
    reads: [],
    expect: ["<always-on: unmatched>"],
    expectReads: [],
  },
  {
    // The model named a custom folder's own files by absolute path and left out its AGENTS.md row when
    // the folder is the cwd; the CLI names them relative to the folder and lists the row (seeds long31:37,
    // 59, 163, hand-shrunk).
    name: "a_custom_dir_that_is_the_cwd_names_its_files_relative_to_it_and_lists_its_agents_md",
    seed: "long31:59",
    ...base,
    cwd: "proj/a",
    env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: "." },
    files: {
      "proj/a/AGENTS.md": "cwd agents\n",
      "proj/a/deep/-x1.instructions.md": "---\napplyTo: 'a/**'\n---\nx1\n",
      "proj/a/x.ts": "x\n",
    },
    reads: ["proj/a/x.ts"],
    expect: ["proj/a/AGENTS.md", "<always-on: unmatched>", "proj/a/deep/-x1.instructions.md"],
    expectReads: [["proj/a/deep/-x1.instructions.md"]],
  },
  {
    // The model put the child folders' table before the custom folders' AGENTS.md table; the CLI puts it
    // after (seeds long31:51, 140, hand-shrunk).
    name: "the_custom_folders_agents_table_comes_before_the_child_table",
    seed: "long31:51",
    ...base,
    cwd: "proj",
    env: {
      COPILOT_CUSTOM_INSTRUCTIONS_DIRS: "<R>/cd2",
      COPILOT_CLI_ENABLED_FEATURE_FLAGS: "CHILD_CUSTOM_INSTRUCTIONS",
    },
    files: { "cd2/AGENTS.md": "cd2\n", "proj/k/AGENTS.md": "k\n" },
    reads: [],
    expect: ["<always-on: unmatched>"],
    expectReads: [],
  },
];
