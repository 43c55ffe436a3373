/** src/globs/braces.ts: the one brace module (expansion for pointer globs, primitives for triggers). */
import { describe, expect, it } from "vitest";
import { closingBrace, expandBraces, splitBraceBody, splitPathsValue } from "../../src/globs/braces.js";
import { seededRandom } from "../support/random.js";

/** The expansion src/globs/rebase.ts carried before it moved here (not escape-aware), for a differential. */
function previousExpand(glob: string, limit: number): string[] | null {
  let depth = 0;
  let open = -1;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "{") {
      if (depth === 0) open = i;
      depth++;
    } else if (c === "}" && depth > 0) {
      depth--;
      if (depth === 0) {
        const inner = glob.slice(open + 1, i);
        const parts: string[] = [];
        let d = 0;
        let start = 0;
        for (let j = 0; j < inner.length; j++) {
          const cj = inner[j];
          if (cj === "{") d++;
          else if (cj === "}") d--;
          else if (cj === "," && d === 0) {
            parts.push(inner.slice(start, j));
            start = j + 1;
          }
        }
        parts.push(inner.slice(start));
        if (parts.length < 2) continue;
        const out: string[] = [];
        for (const p of parts) {
          const sub = previousExpand(glob.slice(0, open) + p + glob.slice(i + 1), limit);
          if (!sub) return null;
          out.push(...sub);
          if (out.length > limit) return null;
        }
        return [...new Set(out)];
      }
    }
  }
  return [glob];
}

describe("brace expansion (src/globs/braces.ts)", () => {
  it.each([
    ["src/*.{ts,js}", ["src/*.ts", "src/*.js"]],
    ["{a,b}/{c,d}", ["a/c", "a/d", "b/c", "b/d"]],
    ["{a,{b,c}}x", ["ax", "bx", "cx"]],
    ["{x}/{a,b}", ["{x}/a", "{x}/b"]],
    ["{a,b", ["{a,b"]],
    ["a}b,{c,d}", ["a}b,c", "a}b,d"]],
    ["{a,a}", ["a"]],
    ["{,x}y", ["y", "xy"]],
    ["plain/**", ["plain/**"]],
  ])("expand_braces_of_%j_gives_%j", (glob, want) => {
    expect(expandBraces(glob, 64)).toEqual(want);
  });

  it("an_expansion_over_the_limit_is_null", () => {
    expect(expandBraces("{a,b}{c,d}{e,f}", 7)).toBeNull();
    expect(expandBraces("{a,b}{c,d}{e,f}", 8)).toHaveLength(8);
  });

  it("an_escaped_brace_is_literal", () => {
    expect(expandBraces("\\{a,b}", 64)).toEqual(["\\{a,b}"]);
    expect(closingBrace("{a\\}b}", 0)).toBe(5);
    expect(splitBraceBody("a\\,b,c")).toEqual(["a\\,b", "c"]);
  });

  it("without_backslashes_it_expands_exactly_as_the_copy_rebase_carried_before", () => {
    const atoms = ["a", "b", "{", "}", ",", "/", "*"];
    for (let n = 0; n < 20000; n++) {
      let g = "";
      let x = n;
      for (let k = 0; k < 7; k++) {
        g += atoms[x % atoms.length];
        x = Math.floor(x / atoms.length);
        if (x === 0) break;
      }
      expect(expandBraces(g, 16), g).toEqual(previousExpand(g, 16));
    }
  });
});

describe("splitPathsValue", () => {
  /** Its definition: a walk over the code points, splitting on commas outside braces. */
  const byWalk = (s: string): string[] => {
    const parts: string[] = [];
    let depth = 0;
    let cur = "";
    for (const ch of s) {
      if (ch === "{") depth++;
      else if (ch === "}") depth--;
      if (ch === "," && depth === 0) {
        if (cur.trim()) parts.push(cur.trim());
        cur = "";
      } else cur += ch;
    }
    if (cur.trim()) parts.push(cur.trim());
    return parts;
  };

  it("splits_every_generated_value_as_the_walk_over_its_code_points_does", () => {
    const alphabet = ["a", "*", "/", "{", "}", ",", " ", "\t", "é", "\u{1F600}", "\u00a0", "\n"];
    const r = seededRandom(11);
    const bad: string[] = [];
    for (let k = 0; k < 20_000; k++) {
      const v = Array.from({ length: r(12) }, () => alphabet[r(alphabet.length)]).join("");
      if (JSON.stringify(splitPathsValue(v)) !== JSON.stringify(byWalk(v))) bad.push(v);
    }
    expect(bad).toEqual([]);
  });
});
