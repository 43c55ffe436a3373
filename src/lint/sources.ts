/**
 * The one place lint and init call into the agent models (claude-code launch set and rule classification,
 * router, codex). Lint never re-derives what these produce.
 */

/** Charged launch bytes of a Claude Code launch at `root` (the `cap` total). */
export function launchTotal(_root: string): number {
  // Wired to the claude-code launch model once it lands.
  return 0;
}
