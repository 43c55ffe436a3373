/**
 * A cut: one of agent-context's own bounds (a walk's entry, depth or time limit, the reader's size limit,
 * the nesting a parse accepts)
 * stopped a measurement where the agent itself would have kept going. What was found before the cut is
 * still in the snapshot; the measurement is incomplete, and `cap` fails on it rather than report a smaller
 * clean total. An agent's own limits (Claude Code skipping a file over its size limit, Codex cutting its
 * chain at its byte budget) are modelled behaviour, never cuts.
 */

/** Which of agent-context's bounds cut the measurement. */
export type CutBound = "walk-entries" | "walk-depth" | "walk-time" | "read-size" | "parse-depth";

export interface MeasurementCut {
  bound: CutBound;
  /** The bound's value: directory entries, directories deep, milliseconds, bytes, or levels of nesting. */
  limit: number;
  /**
   * Where it cut: the symlink through which the walk left its folder, the directory it stopped in, or the
   * file not read. A display path (POSIX, relative to the repository root; absolute outside it), as
   * Finding.file; absolute when the record comes straight from src/fs.
   */
  path: string;
  /** What happened, one sentence without the path. */
  message: string;
}
