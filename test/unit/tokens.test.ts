/**
 * src/tokens: the o200k counts and the per-family estimates against known counts committed as fixtures
 * (test/fixtures/tokens/counts.json says where each number comes from), the bound on long runs, and the
 * Claude model families (docs/tokens.md).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import {
  claudeCharacterKindEstimate,
  claudeFamilyOf,
  count,
  estimateTokens,
  geminiEstimate,
  O200K_MAX_RUN,
  O200K_MAX_TEXT,
} from "../../src/tokens/index.js";

interface Known {
  text: string;
  o200k: number;
  claude: number;
  claudeLegacy: number;
  gemini: number;
}
const KNOWN = (
  JSON.parse(readFileSync(new URL("../fixtures/tokens/counts.json", import.meta.url), "utf8")) as {
    cases: Record<string, Known>;
  }
).cases;
const cases = Object.entries(KNOWN);

describe("o200k", () => {
  it("the_tokenizer_is_not_loaded_before_the_first_count_and_loaded_once_after", async () => {
    // A fresh evaluation of src/: the unit tier shares modules between the files of a worker.
    vi.resetModules();
    const fresh = await import("../../src/tokens/index.js");
    expect(fresh.o200kLoads()).toBe(0);
    expect(fresh.count("hello world", "o200k").tokens).toBe(2);
    fresh.count("again", "o200k");
    expect(fresh.o200kLoads()).toBe(1);
  });

  it.each(cases)("the_o200k_count_of_%s_is_the_known_count", (_name, k) => {
    expect(count(k.text, "o200k")).toEqual({ tokens: k.o200k, method: "o200k", exact: true, label: "o200k" });
  });

  it("an_empty_text_is_zero_tokens_without_loading_anything_new", () => {
    expect(count("", "o200k").tokens).toBe(0);
  });

  it("a_run_at_the_bound_is_counted_whole_and_exactly", () => {
    const r = count(`a ${"x".repeat(O200K_MAX_RUN)} b`, "o200k");
    expect(r.exact).toBe(true);
    expect(r.incomplete).toBeUndefined();
  });

  it("a_longer_run_is_counted_in_pieces_and_the_count_says_it_is_incomplete", () => {
    const run = "x".repeat(O200K_MAX_RUN * 2 + 10);
    const r = count(`start ${run} end`, "o200k");
    expect(r.exact).toBe(false);
    expect(r.label).toBe("o200k (incomplete)");
    expect(r.incomplete).toContain(`a run of ${run.length} characters`);
    const pieces = ["start ", "x".repeat(O200K_MAX_RUN), "x".repeat(O200K_MAX_RUN), "x".repeat(10), " end"];
    expect(r.tokens).toBe(pieces.reduce((n, p) => n + count(p, "o200k").tokens, 0));
  });

  it("a_long_run_of_emoji_is_never_cut_inside_a_surrogate_pair", () => {
    // "-" then 2,100 emoji: the run is 4,201 UTF-16 units; a cut at 2,048 would fall between a pair's halves.
    const run = `-${"😀".repeat(2100)}`;
    const r = count(run, "o200k");
    expect(r.exact).toBe(false);
    const safe = [run.slice(0, 2049), run.slice(2049, 4097), run.slice(4097)];
    expect(r.tokens).toBe(safe.reduce((n, p) => n + count(p, "o200k").tokens, 0));
    const naive = [run.slice(0, 2048), run.slice(2048, 4096), run.slice(4096)];
    expect(r.tokens).not.toBe(naive.reduce((n, p) => n + count(p, "o200k").tokens, 0));
  });
});

describe("estimates", () => {
  it.each(cases)("the_claude_estimates_of_%s_are_claude_codes_own", (_name, k) => {
    expect(count(k.text, { estimate: "claude" }).tokens).toBe(k.claude);
    expect(count(k.text, { estimate: "claude-legacy" }).tokens).toBe(k.claudeLegacy);
  });

  it.each(cases)("the_gemini_estimate_of_%s_is_gemini_clis_own", (_name, k) => {
    expect(count(k.text, { estimate: "gemini" }).tokens).toBe(k.gemini);
  });

  it("the_claude_estimate_prices_run_starts_run_heads_later_units_and_repeats_by_class", () => {
    // "abc": one run of lower-case letters (start 0.46 / 0.68 legacy), three head units (0.2 / 0.06 each).
    expect(claudeCharacterKindEstimate("abc", false)).toBe(Math.round(0.46 + 3 * 0.2));
    expect(claudeCharacterKindEstimate("abc", true)).toBe(Math.round(0.68 + 3 * 0.06));
    // 40 "a": 16 head units, then 24 repeats priced as later units (0.71, no repeat price of its own).
    expect(claudeCharacterKindEstimate("a".repeat(40), false)).toBe(Math.round(0.46 + 16 * 0.2 + 24 * 0.71));
    // Ten runs of exactly 16 "a", each then a space (0.05): 10 × (0.46 + 16 × 0.2) + 10 × 0.05; a 17th
    // unit would be a repeat at 0.71.
    expect(claudeCharacterKindEstimate(`${"a".repeat(16)} `.repeat(10), false)).toBe(37);
    expect(claudeCharacterKindEstimate(`${"a".repeat(17)} `.repeat(10), false)).toBe(
      Math.round(10 * (0.46 + 3.2 + 0.71 + 0.05)),
    );
    // 40 "é" (class 192-879: 1.6 a unit, no run price).
    expect(claudeCharacterKindEstimate("é".repeat(40), false)).toBe(64);
    // Other non-ASCII (class 128-65535): 0.92 a head unit, 0.6 a repeat after the head.
    expect(claudeCharacterKindEstimate("€".repeat(20), false)).toBe(Math.round(16 * 0.92 + 4 * 0.6));
  });

  it("the_gemini_estimate_counts_ascii_at_a_quarter_and_other_units_at_one_and_a_half", () => {
    expect(geminiEstimate("abcd")).toBe(1);
    expect(geminiEstimate("abc")).toBe(0);
    expect(geminiEstimate("é")).toBe(1);
    expect(geminiEstimate("éé")).toBe(3);
    // Over 100,000 units the CLI takes length / 4 whatever the characters.
    expect(geminiEstimate("é".repeat(100_001))).toBe(25_000);
    expect(geminiEstimate("é".repeat(100_000))).toBe(150_000);
  });

  it("an_estimate_is_labelled_with_its_family_and_source", () => {
    const r = count("hello", { estimate: "claude" });
    expect(r).toMatchObject({ method: "estimate", exact: false, family: "claude" });
    expect(r.label).toMatch(/^~ estimate \(Claude Opus 4\.7 and later: Claude Code 2\.1\.332/);
    expect(estimateTokens("hello", "gemini")).toBe(count("hello", { estimate: "gemini" }).tokens);
  });
});

describe("Claude model families", () => {
  it.each([
    ["claude-sonnet-4-6", "claude-legacy"],
    ["claude-sonnet-4-6[1m]", "claude-legacy"],
    ["claude-opus-4-20250514", "claude-legacy"],
    ["claude-opus-4-1-20250805", "claude-legacy"],
    ["claude-haiku-4-5-20251001", "claude-legacy"],
    ["us.anthropic.claude-3-5-sonnet-20241022-v2:0", "claude-legacy"],
    ["anthropic/claude-3.7-sonnet", "claude-legacy"],
    ["claude-opus-4-7", "claude"],
    ["claude-opus-4-8", "claude"],
    ["claude-opus-5-5", "claude"],
    ["claude-sonnet-5", "claude"],
  ] as const)("the_family_of_%s_is_%s", (model, family) => {
    expect(claudeFamilyOf(model)).toBe(family);
  });
});

describe("a text longer than the encoder's bound", () => {
  it("a_text_over_the_o200k_bound_is_counted_up_to_it_extrapolated_and_marked_incomplete", () => {
    const text = "word ".repeat(O200K_MAX_TEXT / 5 + 100_000);
    const whole = count(text.slice(0, O200K_MAX_TEXT), "o200k");
    const c = count(text, "o200k");
    expect(c.exact).toBe(false);
    expect(c.incomplete).toContain("the rest estimated at their rate");
    expect(c.tokens).toBe(Math.round((whole.tokens * text.length) / O200K_MAX_TEXT));
    expect(count(text.slice(0, O200K_MAX_TEXT), "o200k").exact).toBe(true);
  });
});
