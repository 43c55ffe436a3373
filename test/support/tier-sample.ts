/**
 * The fixed samples `npm test` runs of the conformance suites whose whole set runs in the long tier
 * (test/support/long-tier.ts): the same sample on every run and machine, so a failure names its inputs.
 */
import { seededRandom } from "./random.js";

/**
 * `k` of `items` chosen by `seed` (the same every run), `always` among them, in the items' order.
 */
export function seededPick<T>(items: readonly T[], k: number, seed: number, always: readonly T[] = []): T[] {
  const rnd = seededRandom(seed);
  const rest = items.filter((i) => !always.includes(i));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = rnd(i + 1);
    [rest[i], rest[j]] = [rest[j] as T, rest[i] as T];
  }
  const chosen = new Set<T>([...always.filter((a) => items.includes(a)), ...rest]);
  const picked = [...chosen].slice(0, Math.max(k, always.length));
  return items.filter((i) => picked.includes(i));
}
