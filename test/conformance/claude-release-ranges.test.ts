/**
 * The release ranges of Claude Code's release-dependent behaviours (src/agents/claude-code/release-ranges.ts)
 * against the real CLIs: every probe (test/support/claude-probes.ts) runs on each pinned release and must
 * answer what the table says for that release. The releases between the pins are not installed here;
 * `node scripts/bisect-claude.mjs bisect` re-runs the bisection that found the boundaries
 * (docs/findings-claude-release-ranges.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLAUDE_RANGES_FROM,
  CLAUDE_RANGES_TO,
  CLAUDE_RELEASE_RANGES,
  type ClaudeReleaseRange,
  compareReleases,
  inReleaseRange,
} from "../../src/agents/claude-code/release-ranges.js";
import { claudeBin, claudeReleases, claudeVersion } from "../support/claude.js";
import { CLAUDE_RELEASE_PROBES, type ProbeAnswer, runProbe } from "../support/claude-probes.js";
import { removeFixtures } from "../support/fixture.js";

const RELEASES = claudeReleases();
const answers = new Map<string, ProbeAnswer | Error>();
const key = (release: string, id: string) => `${release} ${id}`;

/** Two CLIs at a time (the machine has 2 cores and is shared). */
const CONCURRENCY = 2;

beforeAll(async () => {
  const jobs = RELEASES.flatMap((release) => CLAUDE_RELEASE_PROBES.map((probe) => ({ release, probe })));
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const { release, probe } = jobs[next++] as (typeof jobs)[number];
        try {
          answers.set(key(release, probe.id), await runProbe(probe, claudeBin(release)));
        } catch (e) {
          answers.set(key(release, probe.id), e as Error);
        }
      }
    }),
  );
}, 1_200_000);

afterAll(removeFixtures);

describe("the release ranges table", () => {
  it("has_one_probe_per_range_and_one_range_per_probe", () => {
    expect(CLAUDE_RELEASE_RANGES.map((r) => r.id).sort()).toEqual(
      CLAUDE_RELEASE_PROBES.map((p) => p.id).sort(),
    );
  });

  it("every_range_ends_no_earlier_than_it_starts_and_lies_between_the_bisected_ends", () => {
    for (const r of CLAUDE_RELEASE_RANGES) {
      expect(compareReleases(r.since, CLAUDE_RANGES_FROM), r.id).toBeGreaterThanOrEqual(0);
      expect(compareReleases(r.until ?? r.since, r.since), r.id).toBeGreaterThanOrEqual(0);
      expect(compareReleases(CLAUDE_RANGES_TO, r.until ?? r.since), r.id).toBeGreaterThanOrEqual(0);
    }
  });
});

for (const release of RELEASES) {
  describe(`Claude Code ${release}`, () => {
    it("the_pinned_cli_is_the_release_the_table_is_checked_for", () => {
      expect(claudeVersion(release)).toBe(release);
    });

    it.each(CLAUDE_RELEASE_RANGES.map((r) => [r.id, r] as const))(
      "the_probe_%s_answers_as_the_table_says",
      (id, range: ClaudeReleaseRange) => {
        const a = answers.get(key(release, id));
        if (a instanceof Error) throw a;
        expect({ id, answer: a?.answer, evidence: a?.evidence }).toEqual({
          id,
          answer: inReleaseRange(range, release),
          evidence: a?.evidence,
        });
      },
    );
  });
}
