/** The release an agent model answers for: one it was verified on. Shared by every agent folder. */
import { UsageError } from "../errors.js";
import type { AgentModel } from "../model/index.js";

/**
 * Where a release the model is asked to answer for came from: `--agent-version` (and the library's
 * `release` option), the installed CLI (the user view), or `agents.<id>.release` of the configuration
 * file `configured`.
 */
export type ReleaseSource = "--agent-version" | "installed" | { configured: string };

/**
 * The one error for a release the model does not know, every command and the library alike: what it was
 * given, the releases the model knows, and how to give one of them. For example
 * `--agent-version 9.9.9: the Claude Code model knows 2.1.332, 2.1.197 and the releases between them;
 * pass one of them with --agent-version`.
 */
export function unknownReleaseError(
  agent: Pick<AgentModel, "id" | "name" | "releases" | "releaseBasis">,
  release: string,
  from: ReleaseSource = "--agent-version",
): UsageError {
  const where =
    from === "--agent-version"
      ? "--agent-version"
      : from === "installed"
        ? `the installed ${agent.name} CLI`
        : `${from.configured}: agents.${agent.id}.release`;
  const known = `${agent.releases.join(", ")}${agent.releaseBasis ? " and the releases between them" : ""}`;
  const fix = typeof from === "object" ? "set one of them" : "pass one of them with --agent-version";
  return new UsageError(`${where} ${release}: the ${agent.name} model knows ${known}; ${fix}`);
}

/**
 * `release`, or the model's newest verified release when undefined. Throws {@link unknownReleaseError}
 * (a UsageError, exit 2) for a release the model neither was verified on nor models from release ranges
 * (`releaseBasis`).
 */
export function checkRelease(
  agent: Pick<AgentModel, "id" | "name" | "releases" | "releaseBasis">,
  release: string | undefined,
): string {
  const r = release ?? (agent.releases[0] as string);
  if (!releaseBasisOf(agent, r)) throw unknownReleaseError(agent, r);
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
