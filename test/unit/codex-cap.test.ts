/**
 * The multi-agent / multi-cwd `cap` pipeline and the Codex renderers, on real temp repositories. The
 * Claude Code model is replaced by a test double of the model where the matrix needs a second agent.
 */
import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { crossAgentGaps, proseImports } from "../../src/agents/codex/gaps.js";
import { selectAgents } from "../../src/agents/index.js";
import { agentMemoryDirs } from "../../src/agents/memory-dirs.js";
import { isMatrix, runCapMatrix } from "../../src/app/cap.js";
import { renderCapJsonArray } from "../../src/report/cap-json.js";
import { renderCapMatrixText, renderVerdict } from "../../src/report/codex.js";
import { type Entry, tempDir, writeLayout } from "../support/codex-layout.js";
import { stubAgent } from "../support/stub-agent.js";

function repo(files: Record<string, Entry>): string {
  const d = tempDir("ac-cx-cap-");
  writeLayout(d, { ".git": { dir: true }, ...files });
  return d;
}

const fakeClaude = stubAgent({
  items: [
    {
      path: "CLAUDE.md",
      kind: "memory",
      loadedAt: "launch",
      bytes: 10,
      fileBytes: 10,
      charged: true,
      importedBy: null,
      reason: "stub",
    },
  ],
});

describe("cap matrix", () => {
  it("agent_all_with_all_cwds_runs_each_agent_in_each_memory_directory_agent_major", () => {
    const d = repo({ "AGENTS.md": "r\n", "a/AGENTS.md": "a\n", "b/CLAUDE.md": "b\n" });
    const runs = runCapMatrix({
      dir: d,
      agent: "all",
      allCwds: true,
      models: { "claude-code": fakeClaude },
    });
    expect(runs.map((r) => [r.agent, r.cwd.slice(d.length), r.evaluation.cap])).toEqual([
      ["claude-code", "", 4096],
      ["claude-code", "/a", 4096],
      ["claude-code", "/b", 4096],
      ["codex", "", 32768],
      ["codex", "/a", 32768],
      ["codex", "/b", 32768],
      ["gemini-cli", "", 8192],
      ["gemini-cli", "/a", 8192],
      ["gemini-cli", "/b", 8192],
      ["copilot-cli", "", 8192],
      ["copilot-cli", "/a", 8192],
      ["copilot-cli", "/b", 8192],
    ]);
    expect(runs.filter((r) => r.agent === "codex").map((r) => r.evaluation.total)).toEqual([2, 4, 2]);
    // No GEMINI.md anywhere: Gemini CLI loads nothing (AGENTS.md and CLAUDE.md are not its names).
    expect(runs.filter((r) => r.agent === "gemini-cli").map((r) => r.evaluation.total)).toEqual([0, 0, 0]);
  });

  it("the_ratchet_is_checked_once_per_agent_and_shared_by_its_cwds", () => {
    const d = tempDir("ac-cx-cap-");
    writeLayout(d, {
      ".git": { git: true },
      "AGENTS.md": "r\n",
      "a/AGENTS.md": "a\n",
      ".agent-context.json": JSON.stringify({ agents: { codex: { cap: 100 } } }),
    });
    execFileSync("git", ["-C", d, "add", "-A"]);
    execFileSync("git", ["-C", d, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base"]);
    writeLayout(d, { ".agent-context.json": JSON.stringify({ agents: { codex: { cap: 200 } } }) });
    const runs = runCapMatrix({ dir: d, agent: "codex", allCwds: true, base: "HEAD" });
    expect(runs).toHaveLength(2);
    expect(runs[0]?.ratchet).toMatchObject({ baseCap: 100, currentCap: 200, ok: false });
    expect(runs[1]?.ratchet).toBe(runs[0]?.ratchet);
    expect(runs.every((r) => !r.ok)).toBe(true);
  });

  it("a_truncated_codex_run_fails_while_its_cap_holds", () => {
    const d = repo({ "AGENTS.md": `${"x".repeat(32768)}\n` });
    writeLayout(d, { ".agent-context.json": JSON.stringify({ agents: { codex: { cap: 50000 } } }) });
    const [run] = runCapMatrix({ dir: d, agent: "codex" });
    expect(run?.evaluation.ok).toBe(true);
    expect(run?.ok).toBe(false);
    expect(run?.snapshot.verdict?.json?.truncated).toMatchObject({
      file: "AGENTS.md",
      line: 1,
      column: 32769,
      totalLostBytes: 1,
    });
    const text = renderVerdict(run as NonNullable<typeof run>);
    expect(text).toContain(
      "Codex truncates its AGENTS.md chain for a launch at the root — 1 bytes never arrive",
    );
    expect(text).toContain("cut at AGENTS.md:1 (byte 32769 of the line)");
    const json = JSON.parse(renderCapJsonArray(runCapMatrix({ dir: d, agent: "codex", allCwds: true })));
    expect(json[0].items[0]).toMatchObject({ bytes: 32768, fileBytes: 32769, truncatedBytes: 1 });
  });

  it("gap_warnings_are_attached_once_and_only_with_codex_in_the_run", () => {
    const d = repo({ "AGENTS.md": "r\n", "a/AGENTS.md": "a\n", ".claude/rules/x.md": "x\n" });
    const runs = runCapMatrix({ dir: d, agent: "codex", allCwds: true });
    expect(runs.flatMap((r) => r.findings).map((p) => p.file)).toEqual([".claude/rules/x.md"]);
    const claudeOnly = runCapMatrix({ dir: d, models: { "claude-code": fakeClaude } });
    expect(claudeOnly.flatMap((r) => r.findings)).toEqual([]);
  });

  it("the_matrix_text_has_one_line_per_passing_launch_and_a_summary", () => {
    const d = repo({ "AGENTS.md": "r\n", "a/AGENTS.md": "a\n" });
    const text = renderCapMatrixText(runCapMatrix({ dir: d, agent: "codex", allCwds: true }));
    expect(text.split("\n").filter((l) => l.startsWith("ok "))).toHaveLength(2);
    expect(text).toContain("2 launches checked, all within their caps.");
  });

  it("agent_option_parsing_and_matrix_detection", () => {
    expect(selectAgents("all").map((a) => a.id)).toEqual([
      "claude-code",
      "codex",
      "gemini-cli",
      "copilot-cli",
    ]);
    expect(() => selectAgents("cursor")).toThrow(
      /must be one of claude-code, codex, gemini-cli, copilot-cli, all/,
    );
    expect(isMatrix({ agent: "codex" })).toBe(false);
    expect(isMatrix({ agent: "all" })).toBe(true);
    expect(isMatrix({ allCwds: true })).toBe(true);
  });
});

describe("cross-agent gaps", () => {
  it("no_agents_file_means_no_gaps", () => {
    expect(crossAgentGaps(repo({ ".claude/rules/x.md": "x\n", "CLAUDE.md": "@docs/a.md\n" }))).toEqual([]);
  });

  const table: [string, Record<string, Entry>, string[]][] = [
    [
      "an_unnamed_rule_is_a_gap",
      { "AGENTS.md": "hi\n", ".claude/rules/r.md": "r\n" },
      [".claude/rules/r.md"],
    ],
    [
      "a_rule_named_by_path_is_not",
      { "AGENTS.md": "read .claude/rules/r.md\n", ".claude/rules/r.md": "r\n" },
      [],
    ],
    [
      "naming_the_rules_directory_covers_its_files",
      { "AGENTS.md": "see `.claude/rules/`\n", ".claude/rules/r.md": "r\n", ".claude/rules/s.md": "s\n" },
      [],
    ],
    [
      "naming_one_rule_does_not_cover_its_siblings",
      { "AGENTS.md": "see .claude/rules/r.md\n", ".claude/rules/r.md": "r\n", ".claude/rules/s.md": "s\n" },
      [".claude/rules/s.md"],
    ],
    [
      "a_nested_agents_md_points_relative_to_its_directory",
      {
        "AGENTS.md": "x\n",
        "pkg/AGENTS.md": "see docs/a.md\n",
        "pkg/CLAUDE.md": "@docs/a.md\n",
        "pkg/docs/a.md": "a\n",
      },
      [],
    ],
    ["an_import_of_agents_md_itself_is_not_a_gap", { "AGENTS.md": "x\n", "CLAUDE.md": "@AGENTS.md\n" }, []],
    [
      "imports_inside_code_are_not_imports",
      {
        "AGENTS.md": "x\n",
        "CLAUDE.md": "```\n@docs/a.md\n```\n`@docs/b.md`\n",
        "docs/a.md": "",
        "docs/b.md": "",
      },
      [],
    ],
    [
      "an_unpointed_import_is_a_gap",
      { "AGENTS.md": "x\n", "CLAUDE.md": "Style: @docs/style.md.\n", "docs/style.md": "s\n" },
      ["docs/style.md"],
    ],
  ];
  it.each(table)("%s", (_name, files, expected) => {
    expect(crossAgentGaps(repo(files)).map((g) => g.file)).toEqual(expected);
  });

  // Before: the gaps walk followed a rules directory's link to `/` through 100,000 entries and took every
  // AGENTS.md and rule it found there as the repository's (10 s of CPU for `cap --agent codex`).
  it("a_rules_directory_linking_out_of_the_repository_is_not_walked_for_gaps", () => {
    const outside = repo({ "AGENTS.md": "outside\n", ".claude/rules/far.md": "far\n", "sub/r.md": "r\n" });
    const root = repo({ "CLAUDE.md": "m\n", ".claude/rules/in.md": "in\n" });
    symlinkSync(outside, join(root, ".claude/rules/ext"));
    expect(crossAgentGaps(root)).toEqual([]);
  });

  // Before: `report` and `cap --all-cwds` took a CLAUDE.md found through a link to / as a launch
  // directory and stopped with "--cwd …: lies outside the repository root" (exit 2).
  it("launch_directories_reached_through_a_link_out_of_the_repository_are_not_listed", () => {
    const outside = repo({ "pkg/CLAUDE.md": "far\n" });
    const root = repo({ "CLAUDE.md": "m\n", "in/AGENTS.md": "a\n" });
    symlinkSync(outside, join(root, "ext"));
    expect(agentMemoryDirs(root)).toEqual([".", "in"]);
  });

  it("prose_imports_strip_trailing_punctuation", () => {
    expect(proseImports("See @a.md, and (@b/c.md).\n")).toEqual(["a.md"]);
  });
});
