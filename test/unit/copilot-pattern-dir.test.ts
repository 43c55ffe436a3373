/**
 * The narrowed applyTo matching of lint and report: a pattern is tried only on the files under its literal
 * directory (src/agents/copilot-cli/launch.ts `copilotPatternDir`, src/globs/sorted-files.ts). Held against
 * trying every file, on generated file lists and patterns (wildcards, braces, classes, extglobs, `./`,
 * leading and trailing slashes, dot segments, backslashes, letter case), and through the lint rule and the
 * report's match counts.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { copilotPatternDir, copilotPatternMatches } from "../../src/agents/copilot-cli/launch.js";
import { SortedFiles } from "../../src/globs/sorted-files.js";
import { lintRepository } from "../../src/lint/index.js";
import rule from "../../src/lint/rules/copilot-applyto-never-matches.js";
import { collectReport } from "../../src/report/html/collect.js";
import { propertySize } from "../support/properties.js";
import { seededRandom } from "../support/random.js";

const SEGS = ["src", "Src", "lib", ".github", "a", "a.b", "docs", "-x", "p1", "p10"];
const NAMES = ["a.ts", "b.TS", "c.md", "index.js", "x", "README.md", ".env"];
const PARTS = ["*", "**", "?", "[ab]", "{src,lib}", "+(a|b)", "!(x)", "src*", ".", "..", "", "\\a"];

function generated(seed: number): { files: string[]; patterns: string[] } {
  const r = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[r(xs.length)] as T;
  const files = new Set<string>();
  for (let i = 0, n = 1 + r(60); i < n; i++)
    files.add([...Array.from({ length: r(4) }, () => pick(SEGS)), pick(NAMES)].join("/"));
  const pattern = () => {
    let p = Array.from({ length: 1 + r(4) }, () => (r(3) === 0 ? pick(PARTS) : pick(SEGS))).join("/");
    if (r(2) === 0) p = `${p}/${pick([...NAMES, "*.ts", "**", "*.{md,ts}"])}`;
    if (r(8) === 0) p = `./${p}`;
    if (r(10) === 0) p = `/${p}`;
    if (r(10) === 0) p = `${p}/`;
    if (r(6) === 0) p = pick(NAMES); // no slash: base names anywhere
    return p;
  };
  return { files: [...files], patterns: Array.from({ length: 40 }, pattern) };
}

describe("copilotPatternDir", () => {
  it.each([
    ["packages/p1/**/*.ts", "packages/p1/"],
    ["./docs/*.md", "docs/"],
    [".github/instructions/x.md", ".github/instructions/"],
    ["src/{a,b}/x.ts", "src/"],
    ["*.ts", null],
    ["**/x.ts", null],
    ["/src/a.ts", null],
    ["a/./b/*.ts", null],
    ["a//b.ts", null],
  ])("the_directory_of_%j_is_%j", (pattern, dir) => {
    expect(copilotPatternDir(pattern)).toBe(dir);
  });

  it("every_file_a_pattern_matches_lies_under_its_directory_on_generated_lists", () => {
    let matched = 0;
    let narrowed = 0;
    for (let seed = 1, n = propertySize(25, 300); seed <= n; seed++) {
      const { files, patterns } = generated(seed);
      const sorted = new SortedFiles(files);
      for (const p of patterns) {
        const want = files.filter((f) => copilotPatternMatches(p, f)).sort();
        const dir = copilotPatternDir(p);
        const got = [...sorted.under(dir ?? "")].filter((f) => copilotPatternMatches(p, f));
        expect([seed, p, got]).toEqual([seed, p, want]);
        matched += want.length;
        if (dir !== null) narrowed++;
      }
    }
    // Both matches and narrowed patterns occur often, so the comparison says something.
    expect(matched).toBeGreaterThan(100);
    expect(narrowed).toBeGreaterThan(100);
  });
});

describe("SortedFiles", () => {
  it("lists_the_files_under_a_prefix_and_under_several_prefixes_each_once", () => {
    const r = seededRandom(9);
    for (let k = 0; k < 200; k++) {
      const files = [
        ...new Set(
          Array.from({ length: r(30) }, () =>
            Array.from({ length: 1 + r(3) }, () => ["a", "a-", "ab", "b", "é", "a.b"][r(6)]).join("/"),
          ),
        ),
      ];
      const sorted = new SortedFiles(files);
      const prefixes = Array.from(
        { length: 1 + r(3) },
        () => ["", "a", "a/", "a/b", "ab/", "é/"][r(6)] as string,
      );
      for (const p of prefixes)
        expect([...sorted.under(p)].sort()).toEqual(files.filter((f) => f.startsWith(p)).sort());
      const any = [...sorted.underAny(prefixes)];
      // each file once, even under two of the prefixes
      expect(any.sort()).toEqual(files.filter((f) => prefixes.some((p) => f.startsWith(p))).sort());
    }
  });
});

describe("the narrowed matching through lint and report", () => {
  function repo(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), "ac-copilot-dir-"));
    mkdirSync(join(root, ".git")); // Copilot's git root
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    return root;
  }
  const instructions = (applyTo: string) => `---\napplyTo: "${applyTo}"\n---\nUse tabs.\n`;

  it("lint_flags_exactly_the_dead_patterns", () => {
    const root = repo({
      "src/a.ts": "",
      "docs/x/y.md": "",
      ".github/instructions/live.instructions.md": instructions("src/**/*.ts, docs/**"),
      ".github/instructions/dead.instructions.md": instructions("packages/p1/**/*.ts"),
      ".github/instructions/half.instructions.md": instructions("src/*.ts, /src/*.ts"),
      ".github/instructions/base.instructions.md": instructions("y.md"),
    });
    const found = lintRepository({ root, rules: [rule] }).findings.map((f) => [f.file, f.message]);
    expect(found).toEqual([
      [".github/instructions/dead.instructions.md", expect.stringContaining("`packages/p1/**/*.ts`")],
      [".github/instructions/half.instructions.md", expect.stringContaining("`/src/*.ts` (a leading `/`")],
    ]);
  });

  it("the_report_counts_the_files_each_copilot_rule_matches", () => {
    const root = repo({
      "src/a.ts": "",
      "src/b/c.ts": "",
      "lib/d.ts": "",
      "README.md": "",
      ".github/instructions/ts.instructions.md": instructions("src/**/*.ts, lib/*.ts, src/b/*.ts"),
      ".github/instructions/md.instructions.md": instructions("*.md"),
      ".github/instructions/none.instructions.md": instructions("packages/**"),
    });
    const data = collectReport({ root, agent: "copilot-cli", env: {} });
    const counts = Object.fromEntries(
      (data.agents[0]?.launches[0]?.onDemand ?? []).map((o) => [o.path, o.matches]),
    );
    expect(counts).toEqual({
      ".github/instructions/ts.instructions.md": 3,
      // every .md file anywhere: README.md and the three instruction files
      ".github/instructions/md.instructions.md": 4,
      ".github/instructions/none.instructions.md": 0,
    });
  });
});
