/** Which model release answers for a CLI release. */

/** `a` and `b` as dotted numbers (a pre-release tag after `-` sorts before the release); <0, 0, >0. */
export function compareReleases(a: string, b: string): number {
  const parts = (r: string) => {
    const [core = "", pre] = r.split(/[-+]/, 2);
    return { nums: core.split(".").map((n) => Number.parseInt(n, 10) || 0), pre };
  };
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length); i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return d;
  }
  if (x.pre && !y.pre) return -1;
  if (!x.pre && y.pre) return 1;
  return (x.pre ?? "").localeCompare(y.pre ?? "");
}

/**
 * The model release to compare a CLI release with: the same release when the model knows it, else the
 * nearest known one — the newest known release at or below `cli`, or, when every known release is newer,
 * the oldest of them. `exact` says which. `known` must not be empty.
 */
export function nearestRelease(known: readonly string[], cli: string): { release: string; exact: boolean } {
  if (known.includes(cli)) return { release: cli, exact: true };
  const sorted = [...known].sort(compareReleases);
  const below = sorted.filter((r) => compareReleases(r, cli) <= 0);
  return { release: (below.at(-1) ?? sorted[0]) as string, exact: false };
}
