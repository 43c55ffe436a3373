/**
 * Unit cases of the copilot-cli model's on-read walk and file lookup (settled against Copilot CLI 1.0.102
 * by the conformance cases named in docs/findings-copilot-cli.md, "On demand"): fast, no CLI.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { copilotCli } from "../../src/agents/copilot-cli/index.js";
import {
  COPILOT_TABLE_HEAD,
  copilotLaunch,
  copilotMemoryFile,
  parseInstructionFrontmatter,
  renderRegion,
} from "../../src/agents/copilot-cli/launch.js";

/** A fresh temp directory holding `files`, with `.git` in `gitDir` (default: the directory itself). */
function repo(files: Record<string, string>, gitDir = "."): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-cp-onread-")));
  mkdirSync(join(root, gitDir, ".git"), { recursive: true });
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

/** The paths the model attaches for each view, in order. */
function views(root: string, cwd: string, targets: string[]): string[][] {
  const snap = copilotCli.launch({ root, cwd });
  const session = copilotCli.onDemand?.(snap);
  return targets.map((t) => (session?.read(join(root, t)).items ?? []).map((i) => i.path));
}

describe("the copilot-cli on-read walk", () => {
  it("a_view_walks_from_the_parent_up_to_the_cwds_ancestors_nearest_first_memory_before_instruction_files", () => {
    const root = repo({
      "a/AGENTS.md": "a\n",
      "a/.github/instructions/s.instructions.md": "a instr\n",
      "a/b/AGENTS.md": "ab\n",
      "a/b/.github/instructions/t.instructions.md": "ab instr\n",
      "a/b/.claude/CLAUDE.md": "ab dot claude\n",
      "a/b/f.md": "f\n",
      "a/x/k": "k\n",
      "c/AGENTS.md": "c\n",
      "c/g.md": "g\n",
    });
    expect(views(root, ".", ["a/b/f.md"])).toEqual([
      [
        "a/b/AGENTS.md",
        "a/b/.claude/CLAUDE.md",
        "a/b/.github/instructions/t.instructions.md",
        "a/AGENTS.md",
        "a/.github/instructions/s.instructions.md",
      ],
    ]);
    // From a/x, a is an ancestor of the cwd: the walk stops there; c beside the cwd is walked.
    expect(views(root, "a/x", ["a/b/f.md", "c/g.md"])).toEqual([
      ["a/b/AGENTS.md", "a/b/.claude/CLAUDE.md", "a/b/.github/instructions/t.instructions.md"],
      ["c/AGENTS.md"],
    ]);
  });

  it("a_trailing_double_star_does_not_match_the_directory_itself", () => {
    const root = repo({
      ".github/instructions/a.instructions.md": "---\napplyTo: 'a/**'\n---\nA\n",
      "a/b/x.ts": "x\n",
    });
    expect(views(root, ".", ["a", "a/b/x.ts"])).toEqual([[], [".github/instructions/a.instructions.md"]]);
  });

  it("a_missing_target_attaches_nothing_and_a_directory_counts_as_a_path_in_its_parent", () => {
    const root = repo({ "a/AGENTS.md": "a\n", "a/b/AGENTS.md": "ab\n", "a/b/f": "f\n" });
    expect(views(root, ".", ["a/missing.md", "a/b"])).toEqual([[], ["a/AGENTS.md"]]);
  });

  it("nested_scoped_files_match_from_the_git_root_and_may_attach_on_a_later_view", () => {
    const root = repo({
      "a/b/.github/instructions/r.instructions.md": "---\napplyTo: 'b/*.md'\n---\nrel to a\n",
      "a/b/.github/instructions/s.instructions.md": "---\napplyTo: 'a/b/*.md'\n---\nrel to the git root\n",
      "a/b/.github/instructions/t.instructions.md": "---\napplyTo: '**/*.ts'\n---\nts\n",
      "a/b/f.md": "f\n",
      "a/b/g.ts": "g\n",
    });
    expect(views(root, "a", ["a/b/f.md", "a/b/g.ts"])).toEqual([
      ["a/b/.github/instructions/s.instructions.md"],
      ["a/b/.github/instructions/t.instructions.md"],
    ]);
  });

  it("a_nested_scoped_file_found_by_one_view_attaches_on_a_later_view_elsewhere", () => {
    const root = repo({
      "a/b/.github/instructions/s.instructions.md": "---\napplyTo: '**/*.ts'\n---\nts\n",
      "a/b/x.md": "x\n",
      "d/y.ts": "y\n",
      "d/z.ts": "z\n",
    });
    expect(views(root, ".", ["d/z.ts", "a/b/x.md", "d/y.ts"])).toEqual([
      [],
      [],
      ["a/b/.github/instructions/s.instructions.md"],
    ]);
  });

  it("a_file_inlined_by_an_import_at_launch_still_attaches_on_read", () => {
    const root = repo({ "CLAUDE.md": "See @a/AGENTS.md\n", "a/AGENTS.md": "A\n", "a/x.md": "x\n" });
    expect(views(root, ".", ["a/x.md"])).toEqual([["a/AGENTS.md"]]);
  });

  it("an_empty_or_blank_nested_memory_file_is_skipped_but_an_empty_instruction_file_is_not", () => {
    const root = repo({
      "a/AGENTS.md": "",
      "a/CLAUDE.md": " \n\n",
      "a/.github/instructions/e.instructions.md": "",
      "a/f.md": "f\n",
    });
    expect(views(root, ".", ["a/f.md"])).toEqual([["a/.github/instructions/e.instructions.md"]]);
  });
});

describe("copilot-cli file names and imports", () => {
  it("memory_names_match_without_regard_to_case_the_exact_spelling_first", () => {
    const root = repo({ "AGENTS.md": "A\n", "agents.md": "a\n", "Claude.md": "c\n" });
    expect(copilotMemoryFile(root, "AGENTS.md")).toBe(join(root, "AGENTS.md"));
    expect(copilotMemoryFile(root, "CLAUDE.md")).toBe(join(root, "Claude.md"));
    expect(copilotMemoryFile(root, "GEMINI.md")).toBe(join(root, "GEMINI.md"));
    const instr = repo({ ".github/instructions/a.instructions.MD": "x\n", ".claude/rules/b.Md": "y\n" });
    expect(copilotLaunch({ root: instr }).always).toEqual(["x\n", "y\n"]);
  });

  it("imports_leaving_the_git_root_or_through_a_missing_directory_and_imports_in_gemini_md_stay_prose", () => {
    const top = repo(
      {
        "g/p/AGENTS.md": "up @../b.md out @../../n.md via @nodir/../c.md\n",
        "g/p/GEMINI.md": "see @c.md\n",
        "g/p/c.md": "c\n",
        "g/b.md": "b\n",
        "n.md": "outside\n",
      },
      "g",
    );
    const root = join(top, "g");
    const l = copilotLaunch({ root, cwd: "p" });
    expect(l.blocks[0]).toContain(`source="${join(root, "b.md")}"`);
    expect(l.blocks[0]).not.toContain("outside");
    // Stat'ed as written: `nodir` is no directory, so the token stays prose.
    expect(l.blocks[0]).not.toContain(`source="${join(root, "p", "c.md")}"`);
    expect(l.imports.find((e) => e.token === "../../n.md")?.status).toBe("outside-cwd");
    expect(l.blocks[1]).toBe("see @c.md\n");
  });
});

describe("copilot-cli launch details found by the differential test", () => {
  it("an_absolute_import_stays_prose_and_a_between_dot_claude_claude_md_is_a_block", () => {
    const root = repo({
      "p/AGENTS.md": "x\n",
      "p/.claude/CLAUDE.md": "between\n",
      "p/a/.claude/CLAUDE.md": "cwd (not read)\n",
      ".claude/CLAUDE.md": "root (not read)\n",
      "c.md": "c\n",
    });
    writeFileSync(join(root, "AGENTS.md"), `See @${join(root, "c.md")}\n`);
    const l = copilotLaunch({ root, cwd: "p/a" });
    expect(l.blocks).toEqual([`See @${join(root, "c.md")}\n`, "x\n", "between\n"]);
  });

  it("empty_always_on_files_frame_their_part_before_a_table_only", () => {
    const row = "| src/** | 'x' |  |\n";
    expect(renderRegion([], [""], [row])).toBe(`\n\n\n${COPILOT_TABLE_HEAD}${row}`);
    expect(renderRegion(["b"], [""], [])).toBe("\n<custom_instruction>\nb\n</custom_instruction>\n");
  });

  it("a_closing_fence_with_text_after_it_closes_frontmatter_read_line_by_line", () => {
    expect(parseInstructionFrontmatter("---\napplyTo: 'src/**'\n--- trailing\nbody\n").applyTo).toBe(
      "src/**",
    );
    expect(parseInstructionFrontmatter("---\napplyTo: 'src/**'\ndescription: d\n---x\nbody\n")).toEqual({
      applyTo: "src/**",
      description: "",
    });
    expect(parseInstructionFrontmatter("---\napplyTo:\n  - 'src/**'\n--- x\nbody\n").applyTo).toBe("");
  });

  it("a_block_with_the_same_text_as_an_earlier_one_is_sent_once", () => {
    const root = repo({ "AGENTS.md": "", ".github/copilot-instructions.md": "", "CLAUDE.md": "c\n" });
    expect(copilotLaunch({ root }).blocks).toEqual(["", "c\n"]);
  });
});
