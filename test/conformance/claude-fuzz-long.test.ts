/**
 * The long differential campaign against the pinned Claude Code CLI (the `long` tier, test/support/
 * long-tier.ts): 300 generated cases per pinned release the model knows, with every feature of the
 * generator, skills, commands and subagents included (compared entry by entry). The conformance tier's
 * claude-fuzz.test.ts runs a small fixed slice of the same generator. Counts: docs/findings-sources-claude-code.md.
 * More: `npm run conformance:fuzz -- --cases N --seed S --release R`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeCode } from "../../src/agents/claude-code/index.js";
import { claudeReleases } from "../support/claude.js";
import { removeFixtures } from "../support/fixture.js";
import { type CampaignResult, runCampaign, summary } from "./fuzz/campaign.js";

const SEED = "long";
const CASES = 300;
const RELEASES = claudeReleases().filter((r) => claudeCode.releases.includes(r));
const runs = new Map<string, CampaignResult>();

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
}, 7_200_000);

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
