/**
 * Copilot's import-token reading (src/agents/copilot-cli/launch.ts) in one pass against the reading it
 * replaced (each token checked against every code range; each position counted from the top of the text):
 * the same tokens and positions on seeded random documents of fences, code spans, tokens and newlines.
 */
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { copilotImportTokens, copilotPatternMatches, lineCols } from "../../src/agents/copilot-cli/launch.js";

/** The former reading, kept here as the reference. */
function referenceTokens(text: string): { at: number; end: number; path: string }[] {
  const code: [number, number][] = [];
  const fence = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gm;
  for (let m = fence.exec(text); m; m = fence.exec(text)) code.push([m.index, m.index + m[0].length]);
  const span = /(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g;
  for (let m = span.exec(text); m; m = span.exec(text)) {
    const s = m.index;
    if (!code.some(([a, b]) => s >= a && s < b)) code.push([s, s + m[0].length]);
  }
  const token = /(^|[^\w@.\-/])@([^\s()<>[\]{}"'`,;|]+)/gm;
  const out: { at: number; end: number; path: string }[] = [];
  for (let m = token.exec(text); m; m = token.exec(text)) {
    const at = m.index + (m[1] as string).length;
    if (code.some(([a, b]) => at >= a && at < b)) continue;
    const path = (m[2] as string).replace(/[.:!?]+$/, "");
    if (path === "") continue;
    out.push({ at, end: at + 1 + path.length, path });
  }
  return out;
}

function referenceLineCol(text: string, i: number): { line: number; column: number } {
  const before = text.slice(0, i);
  const nl = before.lastIndexOf("\n");
  return { line: before.split("\n").length, column: i - nl };
}

describe("copilot import tokens in one pass", () => {
  it("copilot_import_tokens_and_positions_match_the_one_by_one_reading", () => {
    const alphabet = [
      "@a.md",
      "@b.md.",
      " ",
      "\n",
      "`",
      "``",
      "```\n",
      "~~~\n",
      "x",
      "(",
      "@",
      "`@c.md`",
      "   ```\n",
    ];
    let seed = 3;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return (seed >>> 8) % n;
    };
    for (let i = 0; i < 3000; i++) {
      let text = "";
      for (let k = rnd(50); k > 0; k--) text += alphabet[rnd(alphabet.length)];
      const got = copilotImportTokens(text);
      expect(got, JSON.stringify(text)).toEqual(referenceTokens(text));
      const pos = lineCols(text);
      for (const t of got)
        expect(pos(t.at), JSON.stringify([text, t.at])).toEqual(referenceLineCol(text, t.at));
      // An earlier offset after a later one starts again from the top.
      if (got.length > 1) expect(pos(got[0]?.at ?? 0)).toEqual(referenceLineCol(text, got[0]?.at ?? 0));
    }
  });
});

describe("copilot applyTo patterns compiled once", () => {
  it("a_compiled_pattern_answers_as_a_fresh_match_for_every_path_asked_twice", () => {
    const patterns = ["*.ts", "./src/**", "src/*.md", "", "./", "**/a.ts", "{a,b}.ts", ".github/x.md"];
    const paths = ["a.ts", "src/a.ts", "src/b.md", "x/y/a.ts", "b.ts", ".github/x.md", "src/deep/c.md"];
    for (let round = 0; round < 2; round++)
      for (const p of patterns)
        for (const rel of paths) {
          const q = p.startsWith("./") ? p.slice(2) : p;
          const want = q !== "" && picomatch.isMatch(rel, q, { dot: true, basename: !q.includes("/") });
          expect([p, rel, copilotPatternMatches(p, rel)]).toEqual([p, rel, want]);
        }
  });
});
