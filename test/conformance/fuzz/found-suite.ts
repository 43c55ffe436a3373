/**
 * The cases the Claude Code differential test found (./found.ts) against the real CLI: claude-fuzz.test.ts
 * (`npm test`) runs a seeded share of them covering every kind of fixture, both releases and every
 * still-open case; claude-fuzz-long.test.ts (the long tier) runs all of them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureCategories, tierSample } from "../../support/tier-sample.js";
import { FUZZ_FOUND_CASES, type FuzzFoundCase, foundAsCase } from "./found.js";
import { checkCase, pool, type Verdict } from "./run.js";

/** What a found case exercises: its fixture's kinds, its release, its reads, env, args, extra dirs, entries. */
export function foundCategories(c: FuzzFoundCase): string[] {
  return [
    ...fixtureCategories({ files: c.files, ...(c.links ? { links: c.links } : {}), cwd: c.cwd }),
    `release ${c.release}`,
    ...(c.home ? ["home"] : []),
    ...(c.reads.length ? ["reads"] : []),
    ...Object.keys(c.env ?? {}).map((k) => `env ${k}`),
    ...(c.args?.length ? ["args"] : []),
    ...(c.addDirs?.length ? ["add dir"] : []),
    ...(c.expectEntries ? ["entries"] : []),
  ];
}

/** `npm test`'s share: every open case and a seeded sample of the others covering every category. */
export function foundShare(): FuzzFoundCase[] {
  const sample = new Set(
    tierSample(
      FUZZ_FOUND_CASES.filter((c) => !c.open),
      { seed: 28, count: 12, categories: foundCategories },
    ),
  );
  return FUZZ_FOUND_CASES.filter((c) => c.open || sample.has(c));
}

/** Each of `cases` through the real CLI and the model (three at a time), then one test per expectation. */
export function foundSuite(cases: readonly FuzzFoundCase[]): void {
  const found = new Map<string, Verdict & { root: string }>();

  describe("cases the differential test found", () => {
    beforeAll(async () => {
      const results = await pool(cases, 3, (c) => checkCase(foundAsCase(c), { keep: true }));
      cases.forEach((c, i) => {
        found.set(c.name, results[i] as Verdict & { root: string });
      });
    }, 900_000);

    for (const c of cases) foundCaseTests(c, () => found.get(c.name) as Verdict & { root: string });
  });
}

const rel = (root: string, p: string) => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);

/**
 * The tests of one found case, given its verdict (read when the tests run, after the suite's beforeAll):
 * the CLI loads exactly the expected files (and, with `entries`, lists the expected entries), and the model
 * agrees byte for byte, or, for an `open` case, still disagrees. Shared by this suite and fuzz/suite.ts.
 */
export function foundCaseTests(
  c: FuzzFoundCase,
  verdict: () => Verdict & { root: string },
  { entries = true }: { entries?: boolean } = {},
): void {
  describe(c.name, () => {
    it("the_cli_loads_and_attaches_exactly_the_expected_files", () => {
      const v = verdict();
      expect(v.error).toBeUndefined();
      expect(v.cli?.launch.map((l) => rel(v.root, l.path))).toEqual(c.expect);
      expect(v.cli?.reads.map((t) => t.map((l) => rel(v.root, l.path)))).toEqual(c.expectReads);
      if (entries && c.expectEntries) expect(v.cli?.entries).toEqual(c.expectEntries);
    });
    if (c.open) {
      it("the_model_still_disagrees_as_documented", () => {
        const v = verdict();
        expect(v.model).toBeDefined();
        expect(v.diffs.length, `the model now agrees: drop \`open\` from ${c.name}`).toBeGreaterThan(0);
      });
    } else {
      it("the_model_agrees_with_the_cli_byte_for_byte", () => {
        const v = verdict();
        expect(v.model).toBeDefined();
        expect(v.diffs).toEqual([]);
      });
    }
  });
}
