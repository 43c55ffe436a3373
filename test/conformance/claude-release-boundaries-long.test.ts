/**
 * The long tier's share of the release ranges: every probe (test/support/claude-probes.ts) on every
 * release either side of a boundary (./claude-release-boundaries.cases.ts), each answering what the table
 * says for that release (about 200 CLI runs). CI runs only each boundary's own probes
 * (claude-release-boundaries.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAUDE_RELEASE_RANGES, inReleaseRange } from "../../src/agents/claude-code/release-ranges.js";
import { CLAUDE_RELEASE_PROBES, type ProbeAnswer } from "../support/claude-probes.js";
import { removeFixtures } from "../support/fixture.js";
import { BOUNDARY_RELEASES, answerKey as key, probeReleases } from "./claude-release-boundaries.cases.js";

let answers = new Map<string, ProbeAnswer | Error>();

beforeAll(async () => {
  answers = await probeReleases(
    BOUNDARY_RELEASES.flatMap((release) => CLAUDE_RELEASE_PROBES.map((p) => ({ release, id: p.id }))),
  );
}, 3_600_000);

afterAll(removeFixtures);

for (const release of BOUNDARY_RELEASES) {
  describe(`Claude Code ${release}`, () => {
    it.each(CLAUDE_RELEASE_RANGES.map((r) => [r.id, r] as const))(
      "the_probe_%s_answers_as_the_table_says",
      (id, range) => {
        const a = answers.get(key(release, id));
        if (a instanceof Error) throw a;
        expect({ id, answer: a?.answer }).toEqual({ id, answer: inReleaseRange(range, release) });
      },
    );
  });
}
