/**
 * The hostile-repository suite (issue 25): one row per attack vector, as the bad-input corpus has one row
 * per bad input. A generator (test/hostile/generate.ts) combines rows into repositories; the suite runs
 * every command on them and asserts that nothing the repository chose ran, nothing outside it changed, no
 * non-loopback connection was attempted, and every exit status is a documented one.
 *
 * Rows live in one file per class (verify's in verify-vectors.ts, the other commands' in the generator's
 * own file); each row is data plus a `make` that writes real files.
 */

/** Where a row's files go. Both directories exist, are empty and are real paths. */
export interface HostilePlace {
  /** The repository under measurement (holds `.git/`). */
  repo: string;
  /**
   * A directory outside the repository that the row may aim links at (a stand-in for the user's home,
   * global settings or any other file of the machine). Nothing may change below it.
   */
  outside: string;
  /**
   * An absolute path whose appearance anywhere means repository code ran: a row's hooks, servers and
   * helpers all try to create it (e.g. `touch MARKER`).
   */
  marker: string;
}

/** The commands the suite runs (verify once per installed agent). */
export type HostileCommand =
  | "cap"
  | "cap_base"
  | "explain"
  | "lint"
  | "lint_fix"
  | "route"
  | "report"
  | "init"
  | "pointers"
  | "verify";

export interface HostileVector {
  /** snake_case, used in test names. */
  name: string;
  /** The class the row belongs to (`runs-code`, `writes-outside`, `reads-outside`, `network`, `forged-output`, `hides-text`, `crash`). */
  class: string;
  /** What the row does, as a sentence. */
  what: string;
  /** Writes the row's files. Rows must compose: a row writes only paths no other row of its class writes. */
  make(place: HostilePlace): void;
  /** The commands that must refuse (exit 2) rather than carry on, when the row is present. */
  refusedBy?: readonly HostileCommand[];
  /** The commands that must fail as incomplete (exit 1, naming the bound), when the row is present. */
  incompleteFor?: readonly HostileCommand[];
}
