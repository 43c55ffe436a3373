import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { scanNormalized } from "../../src/markdown/imports.js";
import {
  analyzeBody,
  mayImport,
  needsParse,
  normalizeNewlines,
  parseFrontmatter,
  parseMarkdown,
  scanImports,
  simpleYaml,
  stripBlockComments,
} from "../../src/markdown/index.js";
import { corpusDocs } from "../support/corpus-docs.js";
import { propertySample } from "../support/properties.js";

describe("parseFrontmatter (Claude Code 2.1.332 fences)", () => {
  const cases: [
    string,
    string,
    { present: boolean; data?: Record<string, unknown>; body?: string; line?: number },
  ][] = [
    ["no_frontmatter", "# Title\n", { present: false, body: "# Title\n", line: 1 }],
    [
      "a_list",
      "---\npaths:\n  - src/**\n---\nbody\n",
      { present: true, data: { paths: ["src/**"] }, body: "body\n", line: 5 },
    ],
    [
      "a_string",
      "---\npaths: src/**\n---\nbody",
      { present: true, data: { paths: "src/**" }, body: "body", line: 4 },
    ],
    ["crlf", "---\r\npaths: a\r\n---\r\nbody\r\n", { present: true, data: { paths: "a" }, body: "body\r\n" }],
    ["a_bom", "\ufeff---\npaths: a\n---\nb\n", { present: true, data: { paths: "a" }, body: "b\n" }],
    ["not_on_line_one", "\n---\npaths: a\n---\nb\n", { present: false, body: "\n---\npaths: a\n---\nb\n" }],
    ["dots_do_not_close", "---\npaths: a\n...\nb\n", { present: false }],
    ["never_closed", "---\npaths: a\nb\n", { present: false }],
    ["empty_block", "---\n---\nbody\n", { present: true, data: {}, body: "body\n" }],
    [
      "blank_lines_and_indent_after_the_fence_are_swallowed",
      "---\nx: 1\n---\n\n\n    code?\n",
      { present: true, body: "code?\n", line: 6 },
    ],
    [
      "dashes_inside_a_value_close_the_block",
      "---\npaths: a---b\n---\n",
      { present: true, data: { paths: "a" }, body: "b\n---\n" },
    ],
    [
      "unquoted_star_parses_leniently",
      "---\npaths: **/*.ts\n---\n",
      { present: true, data: { paths: "**/*.ts" } },
    ],
    [
      "unquoted_brace_parses_leniently",
      "---\npaths: {a,b}/**\n---\n",
      { present: true, data: { paths: "{a,b}/**" } },
    ],
    ["tab_indent_parses_leniently", "---\npaths:\n\t- a\n---\n", { present: true, data: { paths: ["a"] } }],
    ["duplicate_keys_do_not_fail", "---\npaths: a\npaths: b\n---\n", { present: true, data: { paths: "b" } }],
    ["a_scalar_document_has_no_keys", "---\njust text\n---\n", { present: true, data: {} }],
  ];
  for (const [name, text, want] of cases) {
    it(name, () => {
      const fm = parseFrontmatter(text);
      expect(fm.present).toBe(want.present);
      if (want.data) expect(fm.data).toEqual(want.data);
      if (want.body !== undefined) expect(fm.body).toBe(want.body);
      if (want.line !== undefined) expect(fm.bodyLine).toBe(want.line);
    });
  }

  it("malformed_yaml_reports_an_error_with_a_file_line_and_still_cuts_the_block", () => {
    const fm = parseFrontmatter("---\npaths: [src/**\n  bad: : :\n---\nbody\n");
    expect(fm.present).toBe(true);
    expect(fm.data).toEqual({});
    expect(fm.error?.message).toBeTruthy();
    expect(fm.error?.line).toBeGreaterThanOrEqual(2);
    expect(fm.body).toBe("body\n");
  });
});

describe("stripBlockComments", () => {
  const cases: [string, string, string][] = [
    ["no_comment_returns_the_text_unchanged", "a\r\nb\r\n", "a\r\nb\r\n"],
    ["a_block_comment_goes_with_the_blank_lines_after_it", "a\n\n<!-- c -->\n\nb\n", "a\n\nb\n"],
    ["an_inline_comment_stays", "a <!-- c --> b\n", "a <!-- c --> b\n"],
    ["a_comment_in_a_fence_stays", "```\n<!-- c -->\n```\n", "```\n<!-- c -->\n```\n"],
    ["a_comment_in_a_list_item_stays", "- a\n  <!-- c -->\n", "- a\n  <!-- c -->\n"],
    ["text_after_a_comment_on_its_line_stays", "<!-- c --> tail\n", " tail\n"],
    ["a_multi_line_comment_goes", "<!-- a\nb -->\ntail\n", "tail\n"],
    ["stripping_normalises_crlf", "a\r\n\r\n<!-- c -->\r\n\r\nb\r\n", "a\n\nb\n"],
    ["an_unclosed_comment_stays", "<!-- open\nstill\n", "<!-- open\nstill\n"],
    ["a_comment_interrupting_a_paragraph_goes", "a\n<!-- c -->\nb\n", "a\nb\n"],
    ["a_bom_does_not_shift_the_cut", "\ufeffa\n\n<!-- c -->\nb\n", "\ufeffa\n\nb\n"],
  ];
  for (const [name, input, want] of cases) it(name, () => expect(stripBlockComments(input).text).toBe(want));
});

describe("scanImports", () => {
  const cases: [string, string, string[]][] = [
    ["a_plain_import", "See @docs/a.md now", ["docs/a.md"]],
    ["at_the_start_of_the_text", "@a.md", ["a.md"]],
    ["a_code_span_is_literal", "Run `@a.md` and @b.md", ["b.md"]],
    ["a_fenced_block_is_literal", "```\n@a.md\n```\n\n~~~\n@b.md\n~~~\n", []],
    ["an_indented_block_is_literal", "para\n\n    @a.md\n", []],
    ["an_email_is_not_an_import", "mail me@a.md", []],
    ["a_preceding_parenthesis_blocks_it", "(@a.md)", []],
    ["an_escaped_at_is_not_an_import", "\\@a.md", []],
    ["trailing_punctuation_stays_in_the_path", "@a.md. @b.md, @c.md:", ["a.md.", "b.md,", "c.md:"]],
    ["a_fragment_is_cut", "@a.md#part", ["a.md"]],
    ["an_escaped_space_is_unescaped", "@my\\ notes.md", ["my notes.md"]],
    [
      "tilde_absolute_dot_and_parent_forms",
      "@~/a.md @/b.md @./c.md @../d.md",
      ["~/a.md", "/b.md", "./c.md", "../d.md"],
    ],
    ["a_bare_slash_or_odd_start_is_not_an_import", "@/ @@x @#y @(z) @ü.md @'q.md' @\"r.md\"", []],
    [
      "link_text_emphasis_and_headings_are_scanned",
      "# T @h.md\n\n[@l.md](x) *@e.md* **@s.md**\n",
      ["h.md", "l.md", "e.md", "s.md"],
    ],
    ["a_link_destination_is_not_scanned", "[x](@d.md)", []],
    ["an_html_block_is_not_scanned", "<div>\n@a.md\n</div>\n", []],
    ["a_comment_hides_but_its_leftover_is_scanned", "<!-- @a.md --> @b.md\n", ["b.md"]],
    ["an_inline_comment_hides_its_import", "x <!-- @a.md --> y\n", []],
    ["blockquotes_and_lists_are_scanned", "> @q.md\n\n- @l.md\n- `@c.md rest`\n", ["q.md", "l.md"]],
    ["a_character_reference_is_not_decoded", "&#64;a.md", []],
    [
      "indented_code_inside_list_items_and_quotes_is_literal",
      "-     @a.md\n\n* * *     @b.md\n\n>     @c.md\n",
      [],
    ],
    ["emphasis_inside_a_token_ends_it", "see @a*b*.md and @c_d_.md", ["a", "c_d_.md"]],
  ];
  for (const [name, text, want] of cases)
    it(name, () => expect(scanImports(text).map((t) => t.path)).toEqual(want));

  it("reports_line_and_column_of_the_at_sign_offset_by_start_line", () => {
    const toks = scanImports("first\n\n  see @a.md\n", { startLine: 4 });
    expect(toks).toEqual([{ raw: "@a.md", path: "a.md", line: 6, column: 7 }]);
  });

  it("columns_ignore_a_leading_bom_and_crlf", () => {
    expect(scanImports("\ufeffx @a.md\r\ny @b.md\r\n").map((t) => [t.line, t.column])).toEqual([
      [1, 4],
      [2, 3],
    ]);
  });
});

describe("fast paths agree with the full parse", () => {
  const texts: string[] = [
    "plain @a.md text\nand @b/c.md, me@x.md\n",
    "# H @h.md\n- @l.md\n> @q.md\n",
    "*@e.md* and _@u.md_ and **x**@s.md",
    "a)@p.md and >@q.md and !@b.md",
    "line\n    @indented.md\n",
    "\t@tab.md\n",
    "\ufeff@bom.md and @two.md\n",
    "x\r\n@crlf.md\r\n",
    "mail a@b.md and ü@c.md in `code` <b>x</b>\n",
    "`c`@code-end.md and [l](x)@link-end.md\n",
  ];
  // The corpus's Markdown files under 1 MB (a seeded sample at the quick property size; none when absent).
  for (const [, text] of propertySample(corpusDocs(), 100, 9)) if (text.length < 1_000_000) texts.push(text);

  it("scanImports_without_a_parse_finds_what_a_parse_finds", { timeout: 900_000 }, () => {
    for (const t of texts) {
      const lf = normalizeNewlines(t);
      if (!needsParse(lf))
        expect(scanNormalized(lf, undefined)).toEqual(scanNormalized(lf, parseMarkdown(lf)));
      if (!mayImport(lf)) expect(scanNormalized(lf, parseMarkdown(lf))).toEqual([]);
    }
  });

  it("analyzeBody_matches_stripBlockComments_and_scanImports", { timeout: 900_000 }, () => {
    for (const t of texts) {
      const a = analyzeBody(t, { startLine: 3 });
      expect(a.stripped).toEqual(stripBlockComments(t));
      const lf = normalizeNewlines(t);
      expect(a.imports).toEqual(
        t.includes("@") ? scanNormalized(lf, parseMarkdown(lf), { startLine: 3 }) : [],
      );
    }
  });

  it("simpleYaml_agrees_with_the_yaml_parser_whenever_it_answers", () => {
    const samples = [
      "paths: src/**",
      "paths:\n  - src/**\n  - lib/*.ts",
      "description: hi there\npaths: a/b",
      "a:\n- x\n- z",
      "k: a - b",
      "k: a*b",
      "paths:\n  - a\n    - b",
      "paths: null",
      "paths: src/** # c",
      "x: 1\ny: two",
      "name: My Rule\npaths:\n   - docs/**/*.md\n",
      "paths: \n  - a/b\n\n  - c\n",
      'paths:\n  - "packages/p0/**/*.ts"\n',
      "paths: 'src/**/*.{ts,tsx}'\ndescription: \"it's: #1\"",
      "paths:\n  - 'a''b'\n  - \"a'b\"\n  - ''\n  - \"\"",
      'k: "a\\"b"',
      'k: "a" # c',
      "k: 'a' 'b'",
      'k: "a\tb"',
      'k: "ü → ✓"',
      'k: "a\u2028b"',
      "tools: Read, Grep, Glob",
      "k: a[b]{c}, d",
      "k: a,b ] }",
      "k: a, [b]",
      "k: [a, b]",
      "argument-hint: [target]",
      "k: []",
      "k: [ ]",
      "k: [a,b]",
      "k: [a b , c\t]",
      "k: [a,]",
      "k: [,a]",
      "k: [a,,b]",
      "k: [a, [b]]",
      "k: [a, {b}]",
      "k: [a: b]",
      "k: [a #b]",
      "k: [true, 1]",
      "k: [true]",
      "k: [a, null]",
      "k: [a]]",
      "k: [[a]",
      "k: [a] b",
      "k: [a/b, _c, d-e]",
      "k: ['a', b]",
      "k: [a, b]\nj: [c]",
      "k: [-a]",
      "k: [a-, b.]",
      "k: a{b: c}",
    ];
    for (const t of texts) {
      const fm = parseFrontmatter(t);
      if (fm.present) samples.push(fm.raw);
    }
    // Random one-line-per-key documents over the characters that matter to quoting and escaping.
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = [
      '"',
      "'",
      "\\",
      "\t",
      " ",
      "#",
      ":",
      "-",
      "a",
      "*",
      "/",
      "{",
      "é",
      "\u2028",
      "\u0085",
      "\ufeff",
      "\u00a0",
      "\r",
    ];
    const scalar = () => {
      const q = ['"', "'", ""][rnd(3)] as string;
      let v = "";
      const safe = ["a", "/", "*", ".", " ", "é", "-", "b", "c"];
      for (let i = rnd(6); i > 0; i--) v += rnd(8) ? safe[rnd(safe.length)] : alphabet[rnd(alphabet.length)];
      return `${q}${v}${q}${rnd(8) === 0 ? alphabet[rnd(alphabet.length)] : ""}`;
    };
    for (let i = 0; i < 20_000; i++) {
      const lines: string[] = [];
      for (let k = rnd(2) + 1; k > 0; k--) {
        if (rnd(2)) lines.push(`k${k}: ${scalar()}`);
        else {
          lines.push(`k${k}:`);
          for (let j = rnd(2) + 1; j > 0; j--) lines.push(`  - ${scalar()}`);
        }
      }
      if (rnd(4) === 0)
        lines.splice(rnd(lines.length + 1), 0, ["", " ", "\t", "\u00a0", "\ufeff"][rnd(5)] as string);
      samples.push(lines.join("\n"));
    }
    // Random one-line flow sequences over the characters that end or start a scalar inside one.
    const flowChars = ["a", "b", " ", ",", "[", "]", "{", "}", "-", "#", ":", "'", "\t", "/", "é"];
    for (let i = 0; i < 5_000; i++) {
      let v = "";
      for (let j = rnd(9); j > 0; j--) v += flowChars[rnd(flowChars.length)];
      samples.push(`k: [${v}]`);
    }
    let answered = 0;
    let quoted = 0;
    for (const s of samples) {
      const fast = simpleYaml(s);
      if (fast === undefined) continue;
      answered++;
      if (/["']/.test(s)) quoted++;
      let full: unknown;
      try {
        full = parseYaml(s);
      } catch (e) {
        throw new Error(
          `simpleYaml answered ${JSON.stringify(fast)} where yaml throws on ${JSON.stringify(s)}: ${e}`,
        );
      }
      expect(fast, JSON.stringify(s)).toEqual(full);
    }
    // The fast path must actually answer for quoted values, or this test proves nothing about them.
    expect(quoted).toBeGreaterThan(500);
    expect(answered).toBeGreaterThan(900);
    expect(simpleYaml("paths: src/**")).toEqual({ paths: "src/**" });
    expect(simpleYaml('paths:\n  - "packages/p0/**/*.ts"\n')).toEqual({ paths: ["packages/p0/**/*.ts"] });
    expect(simpleYaml("k: 'it''s'")).toEqual({ k: "it's" });
  });
});
