/**
 * The size of the generated (property) tests. The unit tier runs each at a size that keeps the tier under
 * 90 s on a 2-core machine; with AGENT_CONTEXT_FULL_PROPERTIES=1 (set by CI, .ci/run) they run at their
 * full size. The cases of the small size are a prefix or a seeded sample of the full size's, never others.
 */
import { seededRandom } from "./random.js";

/** True when the property tests run at their full size. */
export const FULL_PROPERTIES = process.env.AGENT_CONTEXT_FULL_PROPERTIES === "1";

/** `full` with AGENT_CONTEXT_FULL_PROPERTIES=1, else `quick`. */
export function propertySize(quick: number, full: number): number {
  return FULL_PROPERTIES ? full : quick;
}

/**
 * Every item at full size; else a seeded sample of about `quick` of them (the same sample every run), in
 * their order.
 */
export function propertySample<T>(items: readonly T[], quick: number, seed = 1): T[] {
  if (FULL_PROPERTIES || items.length <= quick) return [...items];
  const rnd = seededRandom(seed);
  return items.filter(() => rnd(items.length) < quick);
}
