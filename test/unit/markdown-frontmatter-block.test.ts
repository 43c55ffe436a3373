/**
 * locateFrontmatter: the one place that decides where a frontmatter block starts and ends (Claude Code
 * 2.1.332's fence rule), used by parseFrontmatter and by the `lint --fix` edits.
 */
import { describe, expect, it } from "vitest";
import { locateFrontmatter, parseFrontmatter } from "../../src/markdown/index.js";

describe("locateFrontmatter", () => {
  it.each([
    [
      "plain",
      "---\npaths: a\n---\nBody\n",
      { start: 0, yamlStart: 4, yamlEnd: 13, end: 17, closeLine: 3, bodyLine: 4 },
    ],
    [
      "bom_and_crlf",
      "\uFEFF---\r\na: 1\r\nb: 2\r\n---\r\nx",
      { start: 1, yamlStart: 6, yamlEnd: 18, end: 23, closeLine: 4, bodyLine: 5 },
    ],
    [
      "lazy_close_mid_line",
      "---\na: x---y\n---\n",
      { start: 0, yamlStart: 4, yamlEnd: 8, end: 11, closeLine: 2, bodyLine: 2 },
    ],
    [
      "blank_lines_swallowed_after_the_fences",
      "---\n\n\na: 1\n---\n\nBody",
      { start: 0, yamlStart: 6, yamlEnd: 11, end: 16, closeLine: 5, bodyLine: 7 },
    ],
  ])("%s", (_name, text, want) => {
    const b = locateFrontmatter(text);
    expect(b).toEqual(want);
    const fm = parseFrontmatter(text);
    expect(fm.raw).toBe(text.slice(want.yamlStart, want.yamlEnd));
    expect(fm.body).toBe(text.slice(want.end));
    expect(fm.bodyLine).toBe(want.bodyLine);
  });

  it.each([
    ["no_fence", "Body\n---\na: 1\n---\n"],
    ["unclosed", "---\na: 1\n"],
    ["blank_line_first", "\n---\na: 1\n---\n"],
    ["four_dashes", "----\na: 1\n---\n"],
  ])("none_when_%s", (_name, text) => {
    expect(locateFrontmatter(text)).toBeNull();
    expect(parseFrontmatter(text).present).toBe(false);
  });
});
