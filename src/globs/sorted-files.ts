/**
 * A repository's file list sorted once, so a pattern whose matches all lie under one literal directory is
 * tried only on the files under it (a binary search finds them) instead of on every file: a dead pattern
 * per scoped rule against every file made lint and report quadratic (50,000 rules: 79 s).
 */
export class SortedFiles {
  private readonly sorted: string[];

  /** @param files POSIX paths relative to one root (the order does not matter) */
  constructor(files: readonly string[]) {
    this.sorted = [...files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** How many files there are. */
  get size(): number {
    return this.sorted.length;
  }

  /** The files whose path starts with `prefix` (every file for ""), in code-unit order. */
  *under(prefix: string): Generator<string> {
    const keys = this.sorted;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((keys[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < keys.length && (keys[i] as string).startsWith(prefix); i++) yield keys[i] as string;
  }

  /**
   * The files under any of `dirs` (prefixes, "" for every file), each once: a prefix nested in another one
   * is covered by it.
   */
  *underAny(dirs: readonly string[]): Generator<string> {
    let last: string | undefined;
    for (const d of [...new Set(dirs)].sort()) {
      if (last !== undefined && d.startsWith(last)) continue;
      yield* this.under(d);
      last = d;
    }
  }
}
