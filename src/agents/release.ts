/** The release an agent model answers for: one it was verified on. Shared by every agent folder. */
import { UsageError } from "../errors.js";
import type { AgentModel } from "../model/index.js";

/**
 * `release`, or the model's newest verified release when undefined. Throws {@link UsageError} (exit 2)
 * naming the known releases for a release the model neither was verified on nor models from release
 * ranges (`releaseBasis`).
 */
export function checkRelease(
  agent: Pick<AgentModel, "name" | "releases" | "releaseBasis">,
  release: string | undefined,
): string {
  const r = release ?? (agent.releases[0] as string);
  if (!agent.releases.includes(r) && agent.releaseBasis?.(r) === undefined)
    throw new UsageError(
      `${agent.name} ${r}: the model knows ${agent.releases.join(", ")}; pass one of them (--agent-version)`,
    );
  return r;
}

/** How `agent` knows `release`: verified, modelled from release ranges, or not at all (undefined). */
export function releaseBasisOf(
  agent: Pick<AgentModel, "releases" | "releaseBasis">,
  release: string,
): "verified" | "release-ranges" | undefined {
  if (agent.releases.includes(release)) return "verified";
  return agent.releaseBasis?.(release);
}
