/**
 * The releases either side of each boundary of Claude Code's release ranges (src/agents/claude-code/
 * release-ranges.ts, docs/findings-claude-release-ranges.md) the conformance suite installs and probes,
 * and where they are cached. Shared by claude-release-boundaries.test.ts (in CI: each boundary's own
 * probes on both sides) and claude-release-boundaries-long.test.ts (the long tier: every probe on every
 * one of these releases).
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installRelease } from "../support/claude-bisect.js";
import { claudeProbe, type ProbeAnswer, runProbe } from "../support/claude-probes.js";

/** Each boundary: the last release without (or with) a behaviour, the first with (or without) it, the probes that change there. */
export const BOUNDARIES: readonly { before: string; after: string; probes: readonly string[] }[] = [
  { before: "2.1.198", after: "2.1.199", probes: ["attach-on-read-missing", "attach-on-read-directory"] },
  { before: "2.1.218", after: "2.1.219", probes: ["agents-list-without-footer"] },
  { before: "2.1.232", after: "2.1.233", probes: ["total-tokens-after-attachments"] },
  // 2.1.279 was never published: 2.1.280 is the next release.
  { before: "2.1.278", after: "2.1.280", probes: ["agents-list-without-footer"] },
  { before: "2.1.287", after: "2.1.288", probes: ["attach-on-write", "attach-on-edit"] },
  { before: "2.1.292", after: "2.1.293", probes: ["attach-on-bash-read"] },
  // 2.1.313 was never published: 2.1.314 is the next release.
  { before: "2.1.312", after: "2.1.314", probes: ["total-tokens-after-attachments"] },
];

/** Every release of {@link BOUNDARIES}, oldest first. */
export const BOUNDARY_RELEASES: readonly string[] = [
  ...new Set(BOUNDARIES.flatMap((b) => [b.before, b.after])),
];

/**
 * Where the releases are installed once and kept (`npm install --prefix DIR/claude-V -E
 * @anthropic-ai/claude-code@V`, npm's cache in DIR/npm-cache): AGENT_CONTEXT_RELEASES_DIR, else a
 * directory of the system's temp dir, so one CI job downloads each release once for every file.
 */
export const RELEASES_DIR =
  process.env.AGENT_CONTEXT_RELEASES_DIR ?? join(tmpdir(), "agent-context-claude-releases");

/** The `claude` binary of `release`, installed into {@link RELEASES_DIR} when not there yet. */
export function boundaryBin(release: string): string {
  return installRelease(release, RELEASES_DIR).bin;
}

/** The key of one probe's answer on one release in {@link probeReleases}'s map. */
export const answerKey = (release: string, id: string): string => `${release} ${id}`;

/**
 * Runs each probe `id` on its `release` (installed into {@link RELEASES_DIR} once), two at a time, and maps
 * {@link answerKey} to the answer or to the error that stopped it (a missing install included), so each
 * test fails on its own row.
 */
export async function probeReleases(
  jobs: readonly { release: string; id: string }[],
): Promise<Map<string, ProbeAnswer | Error>> {
  const answers = new Map<string, ProbeAnswer | Error>();
  const bins = new Map<string, string | Error>();
  for (const { release } of jobs)
    if (!bins.has(release))
      try {
        bins.set(release, boundaryBin(release));
      } catch (e) {
        bins.set(release, e as Error);
      }
  let next = 0;
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      while (next < jobs.length) {
        const { release, id } = jobs[next++] as (typeof jobs)[number];
        const bin = bins.get(release);
        try {
          if (bin instanceof Error || bin === undefined) throw bin ?? new Error(`no ${release}`);
          answers.set(answerKey(release, id), await runProbe(claudeProbe(id), bin));
        } catch (e) {
          answers.set(answerKey(release, id), e as Error);
        }
      }
    }),
  );
  return answers;
}
