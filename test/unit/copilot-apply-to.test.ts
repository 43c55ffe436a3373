/** src/agents/copilot-cli/launch.ts `splitApplyTo`: Copilot CLI's split of an `applyTo` value on commas. */
import { describe, expect, it } from "vitest";
import { splitApplyTo } from "../../src/agents/copilot-cli/launch.js";

/** The split as first written (one character at a time), the reference for the sliced one. */
function reference(applyTo: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of applyTo) {
    if (ch === "{") depth++;
    else if (ch === "}" && depth > 0) depth--;
    if (ch === "," && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out.map((p) => p.trim()).filter((p) => p !== "");
}

describe("splitApplyTo", () => {
  it.each([
    ["src/**/*.ts", ["src/**/*.ts"]],
    ["a/**, b/**", ["a/**", "b/**"]],
    ["**/*.{ts,tsx}, docs/**", ["**/*.{ts,tsx}", "docs/**"]],
    ["}, a", ["}", "a"]],
    [" , ,a,", ["a"]],
    ["{a,{b,c}},d", ["{a,{b,c}}", "d"]],
  ])("splits_%j_on_commas_outside_braces", (value, want) => {
    expect(splitApplyTo(value)).toEqual(want);
  });

  it("agrees_with_the_character_by_character_split_on_generated_values", () => {
    const alphabet = ["a", "/", "*", ",", "{", "}", " ", "é", "\u{1F600}", "\t"];
    let seed = 5;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 16) % n;
    };
    for (let i = 0; i < 3000; i++) {
      const v = Array.from({ length: next(14) }, () => alphabet[next(alphabet.length)]).join("");
      expect([v, splitApplyTo(v)]).toEqual([v, reference(v)]);
    }
  });
});
