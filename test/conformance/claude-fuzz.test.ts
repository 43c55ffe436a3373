/**
 * The differential test against the pinned Claude Code CLI (test/conformance/fuzz/): a fixed list of
 * generated fixture repositories, each run through the real CLI and the model, which must load the same
 * launch set byte for byte and attach the same files on each scripted read. A disagreement prints the
 * seed and the shrunk fixture, ready to paste into test/conformance/fuzz/found.ts. Then a seeded share of
 * the cases the fuzzer found so far (found.ts, ./fuzz/found-suite.ts: every open one, both releases, every
 * kind of fixture), pinned against the CLI and the model; the long tier runs all of them. More cases:
 * `npm run conformance:fuzz -- --cases N --seed S [--release R]`. Findings: docs/findings-fuzz.md.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeCode } from "../../src/agents/claude-code/index.js";
import { claudeReleases } from "../support/claude.js";
import { removeFixtures } from "../support/fixture.js";
import { type CampaignResult, runCampaign, summary } from "./fuzz/campaign.js";
import { FUZZ_FOUND_CASES } from "./fuzz/found.js";
import { foundCategories, foundShare, foundSuite } from "./fuzz/found-suite.js";
import type { Verdict } from "./fuzz/run.js";

/**
 * The seeds CI runs: `ci:0 .. ci:N-1`, on every pinned release the model knows (a release only pinned
 * for the conformance suite is fuzzed by hand until the model knows it). Sized for about 60-90 s of wall
 * time on a 2-core machine (docs/findings-fuzz.md has the measurement); the long tier runs 300 per release
 * (claude-fuzz-long.test.ts).
 */
const CI_SEED = "ci";
const CI_CASES = 8;
const RELEASES = claudeReleases().filter((r) => claudeCode.releases.includes(r));

let campaign: CampaignResult;

beforeAll(async () => {
  campaign = await runCampaign({
    seed: CI_SEED,
    cases: CI_CASES,
    releases: RELEASES,
    concurrency: 3,
    shrinkBudget: 45,
  });
  if (campaign.findings.length) console.log(summary(campaign, { seed: CI_SEED, cases: CI_CASES }));
}, 600_000);

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

describe("the found cases run here", () => {
  it("are_a_share_covering_every_category_both_releases_and_every_open_case", () => {
    const share = foundShare();
    const cats = (cases: typeof FUZZ_FOUND_CASES) => new Set(cases.flatMap(foundCategories));
    expect(cats(share)).toEqual(cats(FUZZ_FOUND_CASES));
    expect(share).toEqual(expect.arrayContaining(FUZZ_FOUND_CASES.filter((c) => c.open)));
    expect(share.length).toBeLessThan(FUZZ_FOUND_CASES.length * 0.6);
  });
});

foundSuite(foundShare());
