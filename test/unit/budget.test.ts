import { describe, expect, it } from "vitest";
import { agentById } from "../../src/agents/index.js";
import { effectiveCap, parseCapOption } from "../../src/budget/cap-setting.js";
import { evaluateCap, whyCharged } from "../../src/budget/evaluate.js";
import { UsageError } from "../../src/errors.js";
import type { ContextItem } from "../../src/model/index.js";

function item(path: string, bytes: number, over: Partial<ContextItem> = {}): ContextItem {
  return {
    path,
    kind: "memory",
    loadedAt: "launch",
    bytes,
    fileBytes: bytes,
    charged: true,
    importedBy: null,
    reason: "project memory",
    ...over,
  };
}

describe("evaluateCap", () => {
  it("no_items_total_zero_and_passes", () => {
    const ev = evaluateCap([], 4096);
    expect(ev).toMatchObject({ total: 0, over: 0, ok: true, spare: 4096, contributors: [] });
  });

  it.each([
    [4095, true, 0, 1],
    [4096, true, 0, 0],
    [4097, false, 1, 0],
  ])(
    "a_total_of_%i_against_a_cap_of_4096_passes_%s_with_overage_%i_and_spare_%i",
    (total, ok, over, spare) => {
      const ev = evaluateCap(
        [item("CLAUDE.md", total - 100), item("docs/a.md", 100, { kind: "import" })],
        4096,
      );
      expect(ev.total).toBe(total);
      expect(ev.ok).toBe(ok);
      expect(ev.over).toBe(over);
      expect(ev.spare).toBe(spare);
    },
  );

  it("a_cap_of_zero_passes_only_an_empty_charge", () => {
    expect(evaluateCap([item("CLAUDE.md", 0)], 0).ok).toBe(true);
    expect(evaluateCap([item("CLAUDE.md", 1)], 0).ok).toBe(false);
  });

  it("total_is_the_sum_of_charged_bytes_only_not_file_bytes", () => {
    const ev = evaluateCap(
      [
        item("CLAUDE.md", 10, { fileBytes: 500 }),
        item("CLAUDE.local.md", 1000, { kind: "local", charged: false }),
        item(".claude/rules/a.md", 7, { kind: "rule" }),
      ],
      4096,
    );
    expect(ev.total).toBe(17);
    expect(ev.uncharged.map((i) => i.path)).toEqual(["CLAUDE.local.md"]);
    expect(ev.contributors.map((c) => c.item.path)).not.toContain("CLAUDE.local.md");
  });

  it("contributors_are_listed_largest_first", () => {
    const ev = evaluateCap(
      [item("CLAUDE.md", 52), item("docs/conventions.md", 3500, { kind: "import" }), item("r.md", 900)],
      4096,
    );
    expect(ev.contributors.map((c) => c.bytes)).toEqual([3500, 900, 52]);
  });

  it("contributors_with_equal_bytes_keep_load_order", () => {
    const names = [
      "z.md",
      "a.md",
      "m.md",
      "b.md",
      "y.md",
      "c.md",
      "x.md",
      "d.md",
      "w.md",
      "e.md",
      "v.md",
      "f.md",
    ];
    const ev = evaluateCap([item("big.md", 99), ...names.map((n) => item(n, 10))], 4096);
    expect(ev.contributors.map((c) => c.item.path)).toEqual(["big.md", ...names]);
  });

  it("zero_byte_charged_items_are_not_listed_as_contributors", () => {
    const ev = evaluateCap([item("CLAUDE.md", 0), item("x.md", 3)], 4096);
    expect(ev.contributors.map((c) => c.item.path)).toEqual(["x.md"]);
  });

  it("a_negative_cap_is_rejected", () => {
    expect(() => evaluateCap([], -1)).toThrow(RangeError);
  });
});

describe("whyCharged", () => {
  it.each([
    [{ kind: "import", importedBy: "CLAUDE.md", reason: "" }, "imported by CLAUDE.md"],
    [{ kind: "rule", reason: "" }, "unscoped rule — add `paths:` frontmatter so it loads only on demand"],
    [{ kind: "memory", reason: "" }, "memory file"],
    [
      { kind: "memory", reason: "memory file in an ancestor of the working directory" },
      "memory file in an ancestor",
    ],
    [{ kind: "rule", reason: "unscoped rule (globs: is not recognised)" }, "(globs: is not recognised)"],
  ] as const)("an_item_of_%o_is_explained_as_%s", (over, expected) => {
    expect(whyCharged(item("p.md", 1, over as Partial<ContextItem>))).toContain(expected);
  });
});

describe("un-lowerable rules", () => {
  it("are_charged_and_explained_as_declared_not_told_to_add_paths", () => {
    const rules = [
      item(".claude/rules/security.md", 10, { kind: "rule" }),
      item(".claude/rules/b.md", 5, { kind: "rule", reason: "" }),
    ];
    const ev = evaluateCap(rules, 4096, { unlowerable: ["./.claude/rules/security.md"] });
    expect(ev.total).toBe(15);
    expect(ev.contributors[0]?.why).toBe(
      "unscoped rule, declared un-lowerable in .agent-context.json (always on)",
    );
    expect(ev.contributors[1]?.why).toContain("add `paths:` frontmatter");
  });
});

describe("effectiveCap", () => {
  it("defaults_to_4096_without_config", () => {
    expect(effectiveCap({}, agentById("claude-code"), undefined, null)).toMatchObject({
      cap: 4096,
      lowered: false,
    });
  });

  it("takes_the_configured_cap", () => {
    expect(
      effectiveCap({ cap: 2000 }, agentById("claude-code"), undefined, "/r/.agent-context.json").cap,
    ).toBe(2000);
  });

  it("per_agent_caps_apply_to_their_agent", () => {
    const cfg = { cap: 1000, agents: { codex: { cap: 32768 } } };
    expect(effectiveCap(cfg, agentById("claude-code"), undefined, null).cap).toBe(1000);
    expect(effectiveCap(cfg, agentById("codex"), undefined, null).cap).toBe(32768);
  });

  it("cap_option_may_lower_the_cap_or_keep_it", () => {
    expect(effectiveCap({ cap: 2000 }, agentById("claude-code"), 1500, "f")).toMatchObject({
      cap: 1500,
      lowered: true,
    });
    expect(effectiveCap({ cap: 2000 }, agentById("claude-code"), 2000, "f")).toMatchObject({
      cap: 2000,
      lowered: false,
    });
  });

  it("cap_option_may_not_raise_the_cap_and_says_so", () => {
    expect(() => effectiveCap({ cap: 2000 }, agentById("claude-code"), 2001, "f")).toThrow(UsageError);
    expect(() => effectiveCap({}, agentById("claude-code"), 4097, null)).toThrow(/may only lower/);
  });

  it.each(["-1", "1.5", "abc", "", "12k"])("cap_option_%j_is_a_usage_error", (raw) => {
    expect(() => parseCapOption(raw)).toThrow(UsageError);
  });
});
