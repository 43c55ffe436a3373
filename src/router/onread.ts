/**
 * Trigger source 2: the repository's own scoped rules and nested CLAUDE.md, delivered for tool targets the
 * way Claude Code attaches them on Read. Placeholder until the on-read model lands (claude-onread branch).
 */
import type { Target } from "./match.js";
import type { ExtraDelivery } from "./render.js";

/** On-read sources for a tool call's path targets. */
export function onReadExtras(_root: string, _cwd: string, _target: Target): ExtraDelivery[] {
  return [];
}
