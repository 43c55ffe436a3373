import { describe, expect, it } from "vitest";
import {
  codeSpanMentions,
  codeSpanMentionsReference,
  unfollowedMentions,
  unfollowedMentionsReference,
} from "../../src/lint/claude-imports.js";
import { bodyNodeStats, eachBodyNode } from "../../src/markdown/nodes.js";
import { LAUNCH_CASES } from "../conformance/claude-launch.fixtures.js";
import { corpusDocs } from "../support/corpus-docs.js";
import { propertySample, propertySize } from "../support/properties.js";

// The reference parse is slow (micromark): generous time, no timing asserted.
const SLOW = 900_000;

function agree(text: string, label: string): void {
  const show = JSON.stringify(text.slice(0, 300));
  expect(unfollowedMentions(text), `unfollowed mentions of ${label}: ${show}`).toEqual(
    unfollowedMentionsReference(text),
  );
  expect(codeSpanMentions(text), `code-span mentions of ${label}: ${show}`).toEqual(
    codeSpanMentionsReference(text),
  );
}

// Every construct that decides which node an `@` lands in, and the mention forms themselves.
const LINES = [
  'text (@a.md) and "@b.md" x!@c.md',
  "@start.md, me@x.md \\@esc.md",
  "see `@code.md` and `` a @c2.md ` `` `@c3.md`",
  "`unclosed @u.md",
  "```",
  "~~~",
  "    (@indented.md)",
  "- item (@l.md) `@lc.md`",
  "  - nested [@n.md](x) `@nc.md`",
  "1. one '@o.md'",
  "> quote (@q.md) `@qc.md`",
  "> <div>@qh.md</div>",
  "# head (@h.md) `@hc.md`",
  "Setext (@st.md)",
  "===",
  "<div>@d.md",
  "</div>",
  "<div>>@gt.md <b>@b2.md</b></div>",
  "<!-- (@com.md) -->",
  "<!-- open @o2.md",
  "close --> @after.md",
  '<span title="@in.md">(@s.md)</span>',
  "<http://x/@y.md> <me@x.md> <a@b.c>",
  "[t](@dest.md) ![(@img.md)](i) [(@lt.md)](u)",
  "[ref]: /url",
  "[(@r.md)][ref] and [(@s2.md)]",
  "*(@e.md)* _(@u2.md)_ **x**(@s3.md) a*(@x.md)*",
  "(@a*b*.md) (@c_d_.md) *a*(@e2.md)",
  "&amp;@ent.md &#64;n.md (@p.md#frag). (@q.md),",
  "hard\\",
  "trailing  ",
  "ü(@ü.md) 日本@日.md «@g.md»",
  "a\u00a0(@nbsp.md)",
  'See [x](http://a/b) and @c.md, <a href="x">y</a> `code` *em*',
  "[x](y) `z` @q.md <!-- c --> *e* _f_ ",
  "",
  "",
];

function rng(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return (s >>> 8) % n;
  };
}

describe("lint's mention scans read through the fast path agree with the full parse", () => {
  it("on_the_markdown_files_of_the_corpus", { timeout: SLOW }, () => {
    for (const [path, text] of propertySample(corpusDocs(), 100, 6)) agree(text, path);
  });

  it("on_the_launch_conformance_fixtures", { timeout: SLOW }, () => {
    let n = 0;
    for (const c of LAUNCH_CASES)
      for (const [rel, content] of Object.entries(c.files ?? {})) {
        if (typeof content !== "string") continue;
        agree(content, `${c.name}:${rel}`);
        n++;
      }
    expect(n).toBeGreaterThan(50);
  });

  it("on_adversarial_lines_in_pairs", { timeout: SLOW }, () => {
    const pairs = LINES.flatMap((a) => LINES.flatMap((b) => ["\n", "\n\n"].map((sep) => `${a}${sep}${b}\n`)));
    for (const doc of propertySample(pairs, 1000, 5)) agree(doc, "pair");
  });

  it("on_seeded_random_documents_and_character_soups", { timeout: SLOW }, () => {
    const rnd = rng(17);
    for (let i = 0, n = propertySize(200, 2000); i < n; i++) {
      const lines: string[] = [];
      for (let k = rnd(12) + 1; k > 0; k--) {
        let line = LINES[rnd(LINES.length)] as string;
        if (rnd(6) === 0) line = " ".repeat(rnd(5)) + line;
        if (rnd(8) === 0) line = `${LINES[rnd(LINES.length)]} ${line}`;
        lines.push(line);
      }
      const eol = ["\n", "\n", "\r\n"][rnd(3)] as string;
      const fm = rnd(5) === 0 ? "---\npaths: x\n---\n" : "";
      agree(fm + lines.join(eol) + eol, `generated #${i}`);
    }
    const alphabet = ["@", "@a.md", "(", ")", "a", " ", "\n", "\n\n", "*", "_", "`", "```", "<", ">", "<!--"];
    alphabet.push("-->", "<a>", "</a>", "<div>", "[", "]", "](x)", "]: /u", "!", "- ", "1. ", "# ", "\\");
    alphabet.push("&amp;", "\t", "    ", "> ", "<http://a/@b>", '"', ".", ",", "ü", "\u00a0", "~~~");
    const soup = rng(18); // its own generator: the soups do not depend on how many documents came before
    for (let i = 0, n = propertySize(300, 3000); i < n; i++) {
      let doc = "";
      for (let k = soup(60); k > 0; k--) doc += alphabet[soup(alphabet.length)];
      agree(doc, `soup #${i}`);
    }
  });

  it("on_link_heavy_paragraphs_without_the_parser", { timeout: SLOW }, () => {
    // The benchmark's link-heavy line and the bad-input corpus's long line, with mentions of every form
    // among them: settled by the scanner alone, and equal to the parse.
    const shapes = [
      'See [x](http://a/b) and @c.md, <a href="x">y</a> `code` *em*',
      "[x](y) `z` @q.md <!-- c --> *e* _f_ ",
      'x (@p.md) `@in-code.md` <span title="@t.md">"@q.md"</span> <http://h/@auto.md> @ok.md',
    ];
    for (const shape of shapes) {
      const doc = `${shape}\n`.repeat(propertySize(100, 300));
      agree(doc, `link-heavy ${shape}`);
      eachBodyNode(doc.replace(/\r/g, ""), { mayMatter: () => true, runOk: () => true }, () => {});
      expect(bodyNodeStats().parsedUnits, shape).toBe(0);
    }
    const line = `${shapes[1]?.repeat(propertySize(700, 2000))}\n`;
    agree(line, "one long line");
    expect(unfollowedMentions(line)).toEqual([]);
    expect(codeSpanMentions(`${"`@c.md` ".repeat(3000)}\n`)).toHaveLength(3000);
  });

  it("scanned_and_parsed_paragraphs_give_the_same_node_spans", () => {
    // eachBodyNode's own spans, the scanner's (first paragraph) against the parser's (the second, sent
    // to it by a heading): an autolink's text is its inside, a code span and a tag their whole source.
    const para = "a <http://h/@x> `c` <b>t</b> d";
    const doc = `${para}\n\n# ${para}\n`;
    const seen: [string, string][] = [];
    eachBodyNode(doc, { mayMatter: () => true, runOk: () => true }, (kind, s, e) => {
      seen.push([kind, doc.slice(s, e)]);
    });
    const spans: [string, string][] = [
      ["text", "a "],
      ["text", "http://h/@x"],
      ["text", " "],
      ["inlineCode", "`c`"],
      ["text", " "],
      ["html", "<b>"],
      ["text", "t"],
      ["html", "</b>"],
      ["text", " d"],
    ];
    expect(seen).toEqual([...spans, ...spans]);
    expect(bodyNodeStats().parsedUnits).toBeGreaterThan(0);
  });

  it("emphasis_next_to_a_mention_sends_its_paragraph_to_the_parser", () => {
    // The scanner's runs are coarser than text nodes where emphasis splits them.
    for (const doc of ["*a*(@x.md)\n", "(@a*b*.md)\n", "x _(@y.md)_\n", "**b**(@z.md) `@c.md`\n"])
      agree(doc, doc);
  });
});
