/**
 * The one place lint and init call into the agent models (claude-code launch set and rule classification,
 * router, codex). Lint never re-derives what these produce.
 */
import { evaluateCap } from "../budget/evaluate.js";
import { launcherFor } from "../budget/launchers.js";
import { loadConfig } from "../config.js";

/**
 * Charged launch bytes of a Claude Code launch at `root` (the `cap` total, UTF-8 bytes as injected).
 * Throws UsageError when the launch model is unavailable or the config is malformed.
 */
export function launchTotal(root: string): number {
  const launch = launcherFor("claude-code")({ root, cwd: root });
  return evaluateCap(launch.items, Number.MAX_SAFE_INTEGER, {
    unlowerable: loadConfig(root).config.unlowerable,
  }).total;
}
