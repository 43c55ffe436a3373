/**
 * The release ranges table's reading (src/agents/claude-code/release-ranges.ts): which release has a
 * behaviour, from its `since` and `until`. The ranges themselves are checked against the real CLIs by
 * test/conformance/claude-release-ranges.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  CLAUDE_RANGES_FROM,
  CLAUDE_RELEASE_RANGES,
  compareReleases,
  inReleaseRange,
} from "../../src/agents/claude-code/release-ranges.js";

const range = (id: string) => {
  const r = CLAUDE_RELEASE_RANGES.find((x) => x.id === id);
  if (!r) throw new Error(`no range ${id}`);
  return r;
};

describe("claude release ranges", () => {
  it("releases_compare_by_number_not_by_text", () => {
    expect(compareReleases("2.1.99", "2.1.100")).toBeLessThan(0);
    expect(compareReleases("2.1.300", "2.1.300")).toBe(0);
    expect(compareReleases("2.2.0", "2.1.332")).toBeGreaterThan(0);
  });

  it("a_behaviour_starts_at_its_since_release_and_not_one_release_before", () => {
    const r = { since: "2.1.281" };
    expect(inReleaseRange(r, "2.1.280")).toBe(false);
    expect(inReleaseRange(r, "2.1.281")).toBe(true);
    expect(inReleaseRange(r, "2.1.332")).toBe(true);
  });

  it("a_reverted_behaviour_ends_after_its_until_release", () => {
    const r = { since: "2.1.233", until: "2.1.312" };
    expect(inReleaseRange(r, "2.1.232")).toBe(false);
    expect(inReleaseRange(r, "2.1.233")).toBe(true);
    expect(inReleaseRange(r, "2.1.312")).toBe(true);
    expect(inReleaseRange(r, "2.1.314")).toBe(false);
  });

  it("a_behaviour_since_the_oldest_bisected_release_is_not_dated_before_it", () => {
    expect(inReleaseRange({ since: CLAUDE_RANGES_FROM }, "2.1.150")).toBe(true);
    expect(inReleaseRange({ since: "2.1.199" }, "2.1.150")).toBe(false);
  });

  it("the_table_says_2_1_300_differs_from_2_1_332_only_in_framing_and_line_endings", () => {
    const differs = CLAUDE_RELEASE_RANGES.filter(
      (r) => inReleaseRange(r, "2.1.300") !== inReleaseRange(r, "2.1.332"),
    ).map((r) => r.id);
    expect(differs).toEqual([
      "total-tokens-after-attachments",
      "attachments-in-tool-result",
      "lf-where-comment-marker",
    ]);
  });

  it("the_nested_memory_of_a_bash_read_or_a_write_is_not_attached_before_its_release", () => {
    expect(inReleaseRange(range("attach-on-bash-read"), "2.1.292")).toBe(false);
    expect(inReleaseRange(range("attach-on-write"), "2.1.287")).toBe(false);
    expect(inReleaseRange(range("attach-on-read-missing"), "2.1.198")).toBe(false);
  });
});
