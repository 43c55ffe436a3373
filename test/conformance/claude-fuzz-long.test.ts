/**
 * The long differential campaign against the pinned Claude Code CLI (the `long` tier, test/support/
 * long-tier.ts): 300 generated cases per pinned release the model knows, with every feature of the
 * generator, skills, commands and subagents included (compared entry by entry). The conformance tier's
 * claude-fuzz.test.ts runs a small fixed slice of the same generator. With `AC_CLAUDE_RELEASES_DIR` naming a
 * folder of installed releases (the bisection's layout, `claude-V/node_modules/...`), 300 more cases draw
 * their release per case from the pinned ones and those (fuzz/run.ts `claudeFuzzReleases`). Counts:
 * docs/findings-fuzz.md. More: `npm run conformance:fuzz -- --cases N --seed S --release R`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeCode } from "../../src/agents/claude-code/index.js";
import { claudeReleases } from "../support/claude.js";
import { removeFixtures } from "../support/fixture.js";
import { type CampaignResult, runCampaign, summary } from "./fuzz/campaign.js";
import { FUZZ_FOUND_CASES } from "./fuzz/found.js";
import { foundSuite } from "./fuzz/found-suite.js";
import { claudeFuzzReleases, installedClaudeReleases } from "./fuzz/run.js";

const SEED = "long";
const CASES = 300;
const RELEASES = claudeReleases().filter((r) => claudeCode.releases.includes(r));
const runs = new Map<string, CampaignResult>();
/** Installed releases beside the pinned ones (none unless AC_CLAUDE_RELEASES_DIR is set). */
const INSTALLED = [...installedClaudeReleases().keys()];
let mixed: CampaignResult | undefined;

beforeAll(async () => {
  for (const release of RELEASES) {
    const r = await runCampaign({
      seed: `${SEED}-${release}`,
      cases: CASES,
      release,
      concurrency: 3,
      shrinkBudget: 30,
    });
    if (r.findings.length) console.log(summary(r, { seed: `${SEED}-${release}`, cases: CASES }));
    runs.set(release, r);
  }
  if (INSTALLED.length > 0) {
    mixed = await runCampaign({
      seed: `${SEED}-mixed`,
      cases: CASES,
      releases: claudeFuzzReleases(),
      concurrency: 3,
      shrinkBudget: 0,
    });
    if (mixed.findings.length) console.log(summary(mixed, { seed: `${SEED}-mixed`, cases: CASES }));
  }
}, 10_800_000);

afterAll(removeFixtures);

describe("three hundred generated cases per release against the real cli", () => {
  for (const release of RELEASES)
    it(`claude_code_${release.replace(/\./g, "_")}_agrees_on_every_generated_case_with_skills_commands_and_subagents`, () => {
      const r = runs.get(release);
      expect(r).toBeDefined();
      const n = r?.counts[release];
      expect(n?.cases).toBe(CASES);
      expect(n?.errors).toBe(0);
      expect(
        r?.verdicts.filter((v) => v.diffs.length > 0).map((v) => `${v.case.seed}: ${v.diffs.join("; ")}`),
      ).toEqual([]);
    });
});

describe("three hundred generated cases, each on a release drawn from the pinned and installed ones", () => {
  it.skipIf(INSTALLED.length === 0)(
    "every_generated_case_agrees_on_the_release_it_drew_when_releases_are_installed",
    () => {
      expect(mixed).toBeDefined();
      const all = Object.values(mixed?.counts ?? {});
      expect(all.reduce((n, c) => n + c.cases, 0)).toBe(CASES);
      expect(all.reduce((n, c) => n + c.errors, 0)).toBe(0);
      expect(
        mixed?.verdicts
          .filter((v) => v.diffs.length > 0)
          .map((v) => `${v.case.seed} (${v.case.release}): ${v.diffs.join("; ")}`),
      ).toEqual([]);
    },
  );
});

// Every case the differential test found (claude-fuzz.test.ts runs a share of them).
foundSuite(FUZZ_FOUND_CASES);
