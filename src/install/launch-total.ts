/** The launch total `init` starts the cap ratchet at. */
import { defaultAgent } from "../agents/index.js";
import { evaluateCap } from "../budget/evaluate.js";
import { loadConfig } from "../config.js";

/**
 * Charged launch bytes of the default agent's launch at `root` (the `cap` total: UTF-8 bytes as injected, with
 * the configuration's un-lowerable rules applied). Throws UsageError when the launch model is unavailable
 * or `.agent-context.json` is malformed.
 */
export function launchTotal(root: string): number {
  const launch = defaultAgent().launch({ root, cwd: root });
  return evaluateCap(launch.items, Number.MAX_SAFE_INTEGER, {
    unlowerable: loadConfig(root).config.unlowerable,
  }).total;
}
