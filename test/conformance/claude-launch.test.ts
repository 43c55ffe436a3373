/**
 * Conformance: the launch model (claudeLaunchSet) against every pinned Claude Code release, run offline
 * on small fixture repositories (./claude-launch.suite.ts). `npm test` runs a share: every case whose
 * expected files differ between releases on both releases, and a seeded sample of the others covering
 * every kind of fixture on the newest release (`launchShare`: about 60 sessions of 164). The long tier
 * runs every case on every release (claude-launch-long.test.ts).
 */
import { describe, expect, it } from "vitest";
import { CLAUDE_RELEASES } from "../../src/agents/claude-code/release.js";
import { claudeReleases } from "../support/claude.js";
import { fixtureCategories } from "../support/tier-sample.js";
import { LAUNCH_CASES } from "./claude-launch.fixtures.js";
import { launchShare, launchSuite } from "./claude-launch.suite.js";

const RELEASES = claudeReleases();
const SHARE = launchShare(RELEASES);

describe("the launch cases", () => {
  it("every_pinned_release_is_one_the_model_knows_and_the_model_knows_no_other", () => {
    expect(RELEASES).toEqual(CLAUDE_RELEASES.map((b) => b.release));
  });

  it("has_at_least_forty_fixture_repositories", () => {
    expect(LAUNCH_CASES.length).toBeGreaterThanOrEqual(40);
  });

  it("the_share_run_here_covers_every_kind_of_fixture_and_every_case_that_differs_between_releases", () => {
    const newest = SHARE.get(RELEASES[0] as string) ?? [];
    const kinds = (cases: typeof LAUNCH_CASES) => new Set(cases.flatMap(fixtureCategories));
    expect(kinds(newest)).toEqual(kinds(LAUNCH_CASES));
    for (const release of RELEASES)
      expect(SHARE.get(release)).toEqual(expect.arrayContaining(LAUNCH_CASES.filter((c) => c.expectOn)));
    expect([...SHARE.values()].flat().length).toBeLessThan(LAUNCH_CASES.length * RELEASES.length * 0.4);
  });
});

launchSuite(SHARE);
