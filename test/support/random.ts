/**
 * A small deterministic generator for generated test cases (a linear congruential generator): the same
 * seed gives the same cases on every run and machine, so a failure names its inputs.
 * @returns `(n) => an integer in [0, n)`
 */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
}
