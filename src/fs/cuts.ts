/**
 * Where the primitives report a cut (src/model/cut.ts): the walker when its entry, depth or time limit
 * stops a walk, the reader when a file is over its size limit. Whoever measures (`cap`: one agent's
 * launch) runs the work inside {@link collectCuts} and gets every cut that happened during it, however deep
 * in a loader: no loader can forget to pass one on, and a new loader needs no code for it. Outside a
 * collection a cut is only what the walk or read returned (a problem, a failure).
 */
import type { MeasurementCut } from "../model/cut.js";

/** The open collections, innermost last; a cut goes to each of them. */
const open: MeasurementCut[][] = [];

/** Reports a cut (`path` absolute) to every open {@link collectCuts}. */
export function recordCut(cut: MeasurementCut): void {
  for (const list of open) list.push(cut);
}

/**
 * Runs `fn` (synchronous) and returns its value with the cuts recorded while it ran, each (bound, path)
 * once, in order. Collections nest: an inner one's cuts are the outer one's too.
 */
export function collectCuts<T>(fn: () => T): { value: T; cuts: MeasurementCut[] } {
  const list: MeasurementCut[] = [];
  open.push(list);
  let value: T;
  try {
    value = fn();
  } finally {
    open.splice(open.lastIndexOf(list), 1);
  }
  const seen = new Set<string>();
  const cuts = list.filter((c) => {
    const key = `${c.bound}\0${c.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { value, cuts };
}
