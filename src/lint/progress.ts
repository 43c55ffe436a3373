/**
 * A progress indication for runs that take more than a moment: a single status line on stderr, only when
 * stderr is a TTY, only once the run has taken longer than {@link PROGRESS_DELAY_MS}, erased at the end.
 * Synchronous work cannot run timers, so callers report steps and the line appears on the first step
 * after the delay.
 */

/** Runs shorter than this (milliseconds) show no progress at all. */
export const PROGRESS_DELAY_MS = 300;

export interface Progress {
  step(label: string): void;
  done(): void;
}

/**
 * A progress reporter writing to `stream` (normally process.stderr). `erase` is what returns to the line's
 * start and clears it (the command line passes its output boundary's marker for it, src/report/terminal.ts).
 */
export function createProgress(
  name: string,
  stream: { isTTY?: boolean; write(s: string): unknown } = process.stderr,
  now: () => number = Date.now,
  erase = "\r\u001b[K",
): Progress {
  const start = now();
  let shown = false;
  const enabled = stream.isTTY === true;
  return {
    step(label) {
      if (!enabled || now() - start < PROGRESS_DELAY_MS) return;
      shown = true;
      stream.write(`${erase}${name}: ${label}…`);
    },
    done() {
      if (shown) stream.write(erase);
      shown = false;
    },
  };
}
