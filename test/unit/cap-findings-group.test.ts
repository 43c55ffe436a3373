/**
 * groupFindings (src/report/cap-text.ts) keys findings by file, line, column and text without
 * JSON.stringify; held equal to the JSON-keyed definition on generated findings, NULs and all.
 */
import { describe, expect, it } from "vitest";
import type { Finding } from "../../src/model/index.js";
import { groupFindings } from "../../src/report/cap-text.js";

/** groupFindings' definition, keyed by JSON.stringify as it was. */
function byJson(problems: readonly Finding[]): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  const groups = new Map<string, { at: number; cwds: string[]; first: Finding }>();
  for (const p of problems) {
    const g0 = p.group;
    if (g0) {
      const key = JSON.stringify([p.file, p.line, p.column, g0.key]);
      const g = groups.get(key);
      if (g) {
        if (!g.cwds.includes(g0.cwd)) g.cwds.push(g0.cwd);
        continue;
      }
      groups.set(key, { at: out.length, cwds: [g0.cwd], first: p });
      out.push(p);
      continue;
    }
    const key = JSON.stringify([p.file, p.line, p.column, p.message]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  for (const g of groups.values()) {
    const o = g.first.group;
    if (!o || g.cwds.length < 2) continue;
    const shown = g.cwds.slice(0, 5).join(", ");
    const more = g.cwds.length > 5 ? ` and ${g.cwds.length - 5} more` : "";
    const fill = (t: string) =>
      t.replaceAll("{count}", String(g.cwds.length)).replaceAll("{dirs}", `${shown}${more}`);
    const help = o.help ?? g.first.help;
    out[g.at] = { ...g.first, message: fill(o.message), ...(help !== undefined ? { help: fill(help) } : {}) };
  }
  return out;
}

describe("groupFindings", () => {
  it("merges_generated_findings_exactly_as_the_json_keyed_definition_does", () => {
    const texts = [
      "a",
      "a\u0000",
      "\u0000a",
      "a\u00001",
      "1",
      "",
      "undefined",
      "undefined\u0000a",
      "a\u00001\u0000a",
    ];
    const files = ["f", "f\u0000", "f\u00001", "", "undefined"];
    const nums = [undefined, 1, 2];
    let s = 3;
    const r = (n: number) => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return (s >>> 8) % n;
    };
    let merged = 0;
    for (let round = 0; round < 300; round++) {
      const list: Finding[] = Array.from({ length: 30 }, () => {
        const f: Finding = {
          ruleId: "x",
          severity: "warning",
          file: files[r(files.length)] as string,
          message: texts[r(texts.length)] as string,
        };
        const line = nums[r(nums.length)];
        const column = nums[r(nums.length)];
        if (line !== undefined) f.line = line;
        if (column !== undefined) f.column = column;
        if (r(2) === 0)
          f.group = { key: texts[r(texts.length)] as string, cwd: `d${r(7)}`, message: "m {count} {dirs}" };
        return f;
      });
      const want = byJson(list);
      expect(groupFindings(list)).toEqual(want);
      merged += list.length - want.length;
    }
    expect(merged).toBeGreaterThan(100); // the generated findings do collide, so merging is exercised
  });
});
