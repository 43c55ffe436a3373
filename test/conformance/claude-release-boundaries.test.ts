/**
 * Claude Code's release ranges at their boundaries, on the real releases: each boundary's own probes
 * (test/support/claude-probes.ts) run on the last release before it and the first after it, installed
 * from the npm registry into a kept cache (./claude-release-boundaries.cases.ts), and each must answer
 * what the table says for that release. Every probe on every one of these releases runs in the long tier
 * (claude-release-boundaries-long.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAUDE_RELEASE_RANGES, inReleaseRange } from "../../src/agents/claude-code/release-ranges.js";
import type { ProbeAnswer } from "../support/claude-probes.js";
import { removeFixtures } from "../support/fixture.js";
import { BOUNDARIES, answerKey as key, probeReleases } from "./claude-release-boundaries.cases.js";

const jobs = BOUNDARIES.flatMap((b) =>
  [b.before, b.after].flatMap((release) => b.probes.map((id) => ({ release, id }))),
);
let answers = new Map<string, ProbeAnswer | Error>();

beforeAll(async () => {
  answers = await probeReleases(jobs);
}, 1_800_000);

afterAll(removeFixtures);

describe("the release ranges at their boundaries", () => {
  it("every_boundary_is_one_of_the_table_and_its_releases_fall_either_side_of_it", () => {
    for (const b of BOUNDARIES)
      for (const id of b.probes) {
        const range = CLAUDE_RELEASE_RANGES.find((r) => r.id === id);
        expect(range, id).toBeDefined();
        if (range) expect(inReleaseRange(range, b.before), id).not.toBe(inReleaseRange(range, b.after));
      }
  });

  it.each(jobs.map((j) => [j.id, j.release] as const))(
    "the_probe_%s_on_%s_answers_as_the_table_says",
    (id, release) => {
      const a = answers.get(key(release, id));
      if (a instanceof Error) throw a;
      const range = CLAUDE_RELEASE_RANGES.find((r) => r.id === id);
      expect({ id, release, answer: a?.answer, evidence: a?.evidence }).toEqual({
        id,
        release,
        answer: range ? inReleaseRange(range, release) : undefined,
        evidence: a?.evidence,
      });
    },
  );
});
