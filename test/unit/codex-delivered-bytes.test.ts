/**
 * Codex's budget counts raw file bytes, but a cut inside a multi-byte character is sent as U+FFFD (3 bytes),
 * so the bytes that arrive differ from the bytes charged (issue 31, docs/findings-codex.md "Budget"). The
 * model's `bytes` per file must be the bytes the pinned CLI sent, read from its recordings
 * (test/conformance/recorded/codex-edges.json, re-run by test/conformance/codex-edges.test.ts), and its
 * `usedBytes` the raw bytes charged. A budget of 0 reads no project file: each is lost whole.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codexChain } from "../../src/agents/codex/chain.js";
import { CODEX_EDGE_CASES, type CodexRecording } from "../conformance/codex-edges.fixtures.js";
import { readRecordings, removeCases, writeCase } from "../support/recorded.js";

const recorded = readRecordings<CodexRecording>("codex-edges");
afterAll(() => removeCases());

/** The instruction text between Codex's tags in a recorded message ("" without one). */
const instructions = (message: string): string => {
  const m = /<INSTRUCTIONS>\n([\s\S]*)\n<\/INSTRUCTIONS>/.exec(message);
  return m?.[1] ?? "";
};

const budgetOf = (args: readonly string[]): number | undefined => {
  const a = args.find((x) => x.startsWith("project_doc_max_bytes="));
  return a === undefined ? undefined : Number(a.slice("project_doc_max_bytes=".length));
};

function modelOf(name: string) {
  const c = CODEX_EDGE_CASES.find((x) => x.name === name);
  if (!c) throw new Error(`no case ${name}`);
  const d = writeCase(c, "ac-cxbytes-");
  const maxBytes = budgetOf(c.args ?? []);
  return {
    r: codexChain({
      root: d.repo,
      cwd: d.cwd,
      codexHome: join(d.home, ".codex"),
      ...(maxBytes !== undefined ? { maxBytes } : {}),
    }),
    cli: recorded[name] as CodexRecording,
    maxBytes,
  };
}

describe("codex: the bytes delivered after a cut, as the pinned CLI sent them", () => {
  const cuts = CODEX_EDGE_CASES.filter((c) => c.area === "cuts inside a character" && recorded[c.name]);

  it("the_recordings_hold_the_cuts_inside_a_character", () => {
    expect(cuts.length).toBeGreaterThanOrEqual(10);
  });

  for (const c of cuts)
    it(`${c.name}_delivers_the_bytes_the_cli_sent`, () => {
      const { r, cli } = modelOf(c.name);
      const delivered = r.items.filter((i) => i.charged).reduce((n, i) => n + i.bytes, 0);
      expect(delivered).toBe(Buffer.byteLength(instructions(cli.agents)));
    });

  it("a_cut_one_byte_into_a_four_byte_character_delivers_two_bytes_more_than_it_charges", () => {
    const { r, cli } = modelOf("a_budget_of_3_bytes_on_a_four_byte_character_after_two_bytes");
    expect(instructions(cli.agents)).toBe("ab\uFFFD");
    expect(r.budget.usedBytes).toBe(3);
    expect(r.items[0]?.bytes).toBe(5);
    expect(r.texts.get("AGENTS.md")).toBe("ab\uFFFD");
  });

  it("a_cut_after_two_bytes_of_a_three_byte_character_delivers_one_byte_more_than_it_charges", () => {
    const { r, cli } = modelOf("a_budget_of_2_bytes_on_a_three_byte_character");
    expect(instructions(cli.agents)).toBe("\uFFFD");
    expect(r.budget.usedBytes).toBe(2);
    expect(r.items[0]?.bytes).toBe(3);
  });
});

describe("codex: a budget of 0, as the pinned CLI sent it", () => {
  it("a_budget_of_zero_sends_nothing_and_the_model_loses_every_file_whole", () => {
    const { r, cli } = modelOf("a_budget_of_zero_sends_no_agents_message_at_all");
    expect(cli.agents).toBe("");
    expect(r.message).toBe("");
    expect(r.items.every((i) => i.bytes === 0)).toBe(true);
    expect(r.truncated?.totalLostBytes).toBe(r.items.reduce((n, i) => n + i.fileBytes, 0));
    expect(r.truncated?.totalLostBytes).toBeGreaterThan(0);
  });

  it("a_budget_of_zero_drops_an_override_file_whole_too", () => {
    const { r, cli } = modelOf("a_budget_of_zero_drops_an_override_file_too");
    expect(cli.agents).not.toContain("OV");
    expect(r.truncated?.lostBytes.map((l) => l.file)).toContain("AGENTS.override.md");
  });
});
