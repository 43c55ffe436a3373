/** The launch total `init` starts the cap ratchet at. */
import { defaultAgent } from "../agents/index.js";
import { evaluateCap } from "../budget/evaluate.js";
import { measuredLaunch } from "../budget/run.js";
import { loadConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { CHARGEABLE_KINDS, type ItemKind } from "../model/index.js";

/**
 * Charged launch bytes of the default agent's launch at `root` (the `cap` total: UTF-8 bytes as injected,
 * with the lists' overhead, the configuration's un-lowerable rules applied), charging `kinds` (default: every
 * chargeable kind, what a configuration `init` writes charges). Throws UsageError when the launch model is
 * unavailable or `.agent-context.json` is malformed, `release` is one the default agent's model does not
 * know, or a bound of agent-context's own cut the measurement (a cap started below what the agent loads
 * would pass nothing; src/model/cut.ts).
 * @param release the default agent's release to model (default: the newest it was verified on)
 */
export function launchTotal(
  root: string,
  release?: string,
  kinds: readonly ItemKind[] = CHARGEABLE_KINDS,
): number {
  const launch = measuredLaunch(defaultAgent(), { root, cwd: root, ...(release ? { release } : {}) });
  const cut = launch.incomplete?.[0];
  if (cut)
    throw new UsageError(
      `${cut.path}: ${cut.message}; the launch context cannot be measured whole, so no cap is set — remove or narrow what the bound cut, then rerun init`,
    );
  return evaluateCap(launch.items, Number.MAX_SAFE_INTEGER, {
    unlowerable: loadConfig(root).config.unlowerable,
    kinds,
    overhead: launch.overhead ?? [],
  }).total;
}
