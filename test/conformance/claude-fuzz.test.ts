/**
 * The differential test against the pinned Claude Code CLI (test/conformance/fuzz/): a fixed list of
 * generated fixture repositories, each run through the real CLI and the model, which must load the same
 * launch set byte for byte and attach the same files on each scripted read. A disagreement prints the
 * seed and the shrunk fixture, ready to paste into test/conformance/fuzz/found.ts. Then every case the
 * fuzzer found so far (found.ts), pinned against the CLI and the model. More cases:
 * `npm run conformance:fuzz -- --cases N --seed S [--release R]`. Findings: docs/findings-fuzz.md.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeCode } from "../../src/agents/claude-code/index.js";
import { claudeReleases } from "../support/claude.js";
import { removeFixtures } from "../support/fixture.js";
import { type CampaignResult, runCampaign, summary } from "./fuzz/campaign.js";
import { FUZZ_FOUND_CASES, foundAsCase } from "./fuzz/found.js";
import { checkCase, pool, type Verdict } from "./fuzz/run.js";

/**
 * The seeds CI runs: `ci:0 .. ci:N-1`, on every pinned release the model knows (a release only pinned
 * for the conformance suite is fuzzed by hand until the model knows it). Sized for about 60-90 s of wall
 * time on a 2-core machine (docs/findings-fuzz.md has the measurement).
 */
const CI_SEED = "ci";
const CI_CASES = 24;
const RELEASES = claudeReleases().filter((r) => claudeCode.releases.includes(r));

let campaign: CampaignResult;
const found = new Map<string, Verdict & { root: string }>();

beforeAll(async () => {
  campaign = await runCampaign({
    seed: CI_SEED,
    cases: CI_CASES,
    releases: RELEASES,
    concurrency: 3,
    shrinkBudget: 45,
  });
  if (campaign.findings.length) console.log(summary(campaign, { seed: CI_SEED, cases: CI_CASES }));
  const results = await pool(FUZZ_FOUND_CASES, 3, (c) => checkCase(foundAsCase(c), { keep: true }));
  FUZZ_FOUND_CASES.forEach((c, i) => {
    found.set(c.name, results[i] as Verdict & { root: string });
  });
}, 900_000);

afterAll(removeFixtures);

describe("generated fixture repositories against the real cli", () => {
  it("the_releases_fuzzed_in_ci_are_pinned_and_known_to_the_model", () => {
    expect(RELEASES.length).toBeGreaterThan(0);
    expect(RELEASES).toContain(claudeCode.releases[0]);
  });

  it.each(Array.from({ length: CI_CASES }, (_, i) => [`${CI_SEED}:${i}`, i] as const))(
    "generated_case_%s_loads_what_the_cli_loads_at_launch_and_on_read",
    (_seed, i) => {
      const v = campaign.verdicts[i] as Verdict;
      expect(v.error, `harness error: ${v.error}`).toBeUndefined();
      const f = campaign.findings.find((x) => x.seeds.includes(v.case.seed));
      expect(v.diffs, f?.fixture ? `shrunk fixture:\n${f.fixture}` : "").toEqual([]);
    },
  );
});

describe("cases the differential test found", () => {
  const rel = (root: string, p: string) => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);
  for (const c of FUZZ_FOUND_CASES) {
    describe(c.name, () => {
      it("the_cli_loads_and_attaches_exactly_the_expected_files", () => {
        const v = found.get(c.name) as Verdict & { root: string };
        expect(v.error).toBeUndefined();
        expect(v.cli?.launch.map((l) => rel(v.root, l.path))).toEqual(c.expect);
        expect(v.cli?.reads.map((t) => t.map((l) => rel(v.root, l.path)))).toEqual(c.expectReads);
        if (c.expectEntries) expect(v.cli?.entries).toEqual(c.expectEntries);
      });
      if (c.open) {
        it("the_model_still_disagrees_as_documented", () => {
          const v = found.get(c.name) as Verdict & { root: string };
          expect(v.model).toBeDefined();
          expect(v.diffs.length, `the model now agrees: drop \`open\` from ${c.name}`).toBeGreaterThan(0);
        });
      } else {
        it("the_model_agrees_with_the_cli_byte_for_byte", () => {
          const v = found.get(c.name) as Verdict & { root: string };
          expect(v.model).toBeDefined();
          expect(v.diffs).toEqual([]);
        });
      }
    });
  }
});
