/** The launch total `init` starts the cap ratchet at. */
import { evaluateCap } from "../budget/evaluate.js";
import { launcherFor } from "../budget/launchers.js";
import { loadConfig } from "../config.js";

/**
 * Charged launch bytes of a Claude Code launch at `root` (the `cap` total: UTF-8 bytes as injected, with
 * the configuration's un-lowerable rules applied). Throws UsageError when the launch model is unavailable
 * or `.agent-context.json` is malformed.
 */
export function launchTotal(root: string): number {
  const launch = launcherFor("claude-code")({ root, cwd: root });
  return evaluateCap(launch.items, Number.MAX_SAFE_INTEGER, {
    unlowerable: loadConfig(root).config.unlowerable,
  }).total;
}
