/**
 * Unit tests of the codex model on real temp trees (no CLI): truncation reporting, the per-directory
 * matrix, configuration errors, and the helpers. Behaviour against the real CLI is pinned in
 * test/conformance/codex.test.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  codexCandidateNames,
  codexChain,
  findCodexProjectRoot,
  rustTrim,
  truncatedBytes,
} from "../../src/agents/codex/chain.js";
import { CODEX_VERIFIED_VERSION } from "../../src/agents/codex/release.js";
import { agentMemoryDirs } from "../../src/agents/memory-dirs.js";
import { UsageError } from "../../src/errors.js";
import { type Entry, tempDir, writeLayout } from "../support/codex-layout.js";

function repo(files: Record<string, Entry>): string {
  const d = tempDir("ac-cx-unit-");
  writeLayout(d, { ".git": { dir: true }, ...files });
  return d;
}

describe("codex chain: budget and truncation", () => {
  const cases: {
    name: string;
    files: Record<string, Entry>;
    cwd: string;
    maxBytes: number;
    delivered: number[];
    truncated: null | { file: string; line: number; column: number; lost: number[]; words: string };
  }[] = [
    {
      name: "exactly_at_budget_is_whole",
      files: { "AGENTS.md": "abc\n", "a/AGENTS.md": "de\n" },
      cwd: "a",
      maxBytes: 7,
      delivered: [4, 3],
      truncated: null,
    },
    {
      name: "one_byte_over_loses_the_last_byte_of_the_deepest_file",
      files: { "AGENTS.md": "abc\n", "a/AGENTS.md": "de\n" },
      cwd: "a",
      maxBytes: 6,
      delivered: [4, 2],
      truncated: { file: "a/AGENTS.md", line: 1, column: 3, lost: [1], words: "" },
    },
    {
      name: "the_cut_line_counts_lines_of_the_cut_file",
      files: { "AGENTS.md": "r\n", "a/AGENTS.md": "one\ntwo\nthree four five\n" },
      cwd: "a",
      maxBytes: 12,
      delivered: [2, 10],
      truncated: { file: "a/AGENTS.md", line: 3, column: 3, lost: [14], words: "ree four five" },
    },
    {
      name: "a_root_over_budget_drops_every_nested_file",
      files: { "AGENTS.md": "0123456789\n", "a/AGENTS.md": "A a\n", "a/b/AGENTS.md": "B\n" },
      cwd: "a/b",
      maxBytes: 5,
      delivered: [5, 0, 0],
      truncated: { file: "AGENTS.md", line: 1, column: 6, lost: [6, 4, 2], words: "56789" },
    },
    {
      name: "a_cut_inside_a_character_counts_raw_bytes_and_delivers_a_replacement",
      files: { "AGENTS.md": "€uro\n" },
      cwd: ".",
      maxBytes: 2,
      delivered: [3],
      truncated: { file: "AGENTS.md", line: 1, column: 3, lost: [5], words: "€uro" },
    },
    {
      // Codex 0.171.0 reads no project file with a budget of 0 (recorded: codex-edges.json): all is lost.
      name: "budget_zero_loads_nothing_and_loses_every_file_whole",
      files: { "AGENTS.md": "abc\n" },
      cwd: ".",
      maxBytes: 0,
      delivered: [0],
      truncated: { file: "AGENTS.md", line: 1, column: 1, lost: [4], words: "abc" },
    },
  ];
  it.each(cases.map((c) => [c.name, c]))("%s", (_n, c) => {
    const root = repo(c.files);
    const r = codexChain({ root, cwd: c.cwd, maxBytes: c.maxBytes });
    expect(r.items.map((i) => i.bytes)).toEqual(c.delivered);
    if (c.truncated === null) expect(r.truncated).toBeNull();
    else {
      expect(r.truncated).toMatchObject({
        file: c.truncated.file,
        line: c.truncated.line,
        column: c.truncated.column,
        firstLostWords: c.truncated.words,
      });
      expect(r.truncated?.lostBytes.map((l) => l.bytes)).toEqual(c.truncated.lost);
      expect(r.items.reduce((s, i) => s + truncatedBytes(i), 0)).toBe(r.truncated?.totalLostBytes);
    }
    for (const i of r.items) expect(i.fileBytes).toBeGreaterThanOrEqual(0);
    expect(r.budget.usedBytes).toBeLessThanOrEqual(c.maxBytes);
  });

  it("items_carry_the_context_item_shape_and_the_verified_version", () => {
    const root = repo({ "AGENTS.md": "hello\n" });
    const r = codexChain({ root });
    expect(r.agentVersion).toBe(CODEX_VERIFIED_VERSION);
    expect(r.items).toEqual([
      {
        path: "AGENTS.md",
        kind: "memory",
        loadedAt: "launch",
        bytes: 6,
        fileBytes: 6,
        charged: true,
        importedBy: null,
        reason: "AGENTS.md",
        extra: { truncatedBytes: 0 },
      },
    ]);
    expect(r.texts.get("AGENTS.md")).toBe("hello\n");
  });
});

describe("codex chain: project root and configuration", () => {
  it("assume_root_applies_only_when_no_marker_exists_anywhere", () => {
    const d = tempDir("ac-cx-unit-");
    writeLayout(d, { "AGENTS.md": "R\n", "a/AGENTS.md": "A\n" });
    expect(codexChain({ root: d, cwd: "a" }).items.map((i) => i.path)).toEqual(["a/AGENTS.md"]);
    expect(codexChain({ root: d, cwd: "a", assumeRootIsProject: true }).items.map((i) => i.path)).toEqual([
      "AGENTS.md",
      "a/AGENTS.md",
    ]);
    mkdirSync(join(d, "a", ".git"));
    expect(findCodexProjectRoot(join(d, "a"), [".git"], d)).toBe(join(d, "a"));
  });

  it("a_malformed_codex_config_is_a_problem_naming_the_file_not_a_crash", () => {
    const d = repo({ "AGENTS.md": "R\n" });
    const home = tempDir("ac-cx-home-");
    writeFileSync(join(home, "config.toml"), "project_doc_max_bytes = [oops\n");
    const r = codexChain({ root: d, codexHome: home });
    expect(r.findings[0]?.file).toBe(join(home, "config.toml"));
    expect(r.findings[0]?.message).toMatch(/not valid TOML/);
    expect(r.budget.maxBytes).toBe(32768);
  });

  it("a_wrongly_typed_budget_is_reported_and_ignored", () => {
    const d = repo({ "AGENTS.md": "R\n" });
    const home = tempDir("ac-cx-home-");
    writeFileSync(join(home, "config.toml"), 'project_doc_max_bytes = "big"\n');
    const r = codexChain({ root: d, codexHome: home });
    expect(r.findings.map((p) => p.message)).toEqual([
      "project_doc_max_bytes must be a non-negative integer",
    ]);
  });

  it("a_cwd_outside_the_root_or_missing_is_a_usage_error", () => {
    const d = repo({ "a/x": "" });
    expect(() => codexChain({ root: join(d, "a"), cwd: d })).toThrow(UsageError);
    expect(() => codexChain({ root: d, cwd: "missing" })).toThrow(/not a directory/);
  });

  it("invalid_utf8_is_reported_as_a_problem", () => {
    const d = repo({ "AGENTS.md": Buffer.from([0x41, 0xff, 0x0a]) });
    const r = codexChain({ root: d });
    expect(r.findings[0]?.message).toMatch(/invalid UTF-8/);
    expect(r.texts.get("AGENTS.md")).toBe("A\uFFFD\n");
  });

  it("candidate_names_put_override_first_and_drop_empty_and_duplicate_fallbacks", () => {
    expect(codexCandidateNames(["", "AGENTS.md", "CLAUDE.md", "CLAUDE.md"])).toEqual([
      "AGENTS.override.md",
      "AGENTS.md",
      "CLAUDE.md",
    ]);
  });

  it("rust_trim_keeps_a_bom_and_strips_next_line", () => {
    expect(rustTrim("\uFEFF")).toBe("\uFEFF");
    expect(rustTrim("\u0085 x \u3000")).toBe("x");
  });
});

describe("agent memory directories", () => {
  it("lists_the_root_and_every_directory_holding_a_memory_file", () => {
    const d = tempDir("ac-cx-dirs-");
    writeLayout(d, {
      "a/AGENTS.md": "",
      "b/c/CLAUDE.md": "",
      "d/.claude/CLAUDE.md": "",
      "e/GEMINI.md": "",
      "f/README.md": "",
      "node_modules/x/AGENTS.md": "",
      "g/AGENTS.override.md": "",
      "h/TEAM.md": "",
    });
    expect(agentMemoryDirs(d)).toEqual([".", "a", "b/c", "d", "e", "g"]);
    expect(agentMemoryDirs(d, ["TEAM.md"])).toContain("h");
  });
});
