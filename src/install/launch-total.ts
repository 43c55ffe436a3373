/** The launch total `init` starts the cap ratchet at. */
import { defaultAgent } from "../agents/index.js";
import { evaluateCap } from "../budget/evaluate.js";
import { loadConfig } from "../config.js";
import { CHARGEABLE_KINDS, type ItemKind } from "../model/index.js";

/**
 * Charged launch bytes of the default agent's launch at `root` (the `cap` total: UTF-8 bytes as injected,
 * with the lists' overhead, the configuration's un-lowerable rules applied), charging `kinds` (default: every
 * chargeable kind, what a configuration `init` writes charges). Throws UsageError when the launch model is
 * unavailable or `.agent-context.json` is malformed, or `release` is one the default agent's model does not
 * know.
 * @param release the default agent's release to model (default: the newest it was verified on)
 */
export function launchTotal(
  root: string,
  release?: string,
  kinds: readonly ItemKind[] = CHARGEABLE_KINDS,
): number {
  const launch = defaultAgent().launch({ root, cwd: root, ...(release ? { release } : {}) });
  return evaluateCap(launch.items, Number.MAX_SAFE_INTEGER, {
    unlowerable: loadConfig(root).config.unlowerable,
    kinds,
    overhead: launch.overhead ?? [],
  }).total;
}
