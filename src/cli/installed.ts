/**
 * The user view's release (src/app/release.ts): `--agent-version` when given, else the installed CLI's
 * (src/app/installed.ts) when the model knows it. A CLI not found, or of a release the model does not
 * know, leaves the configured or default release, said on stderr.
 */
import { agentById, defaultAgent } from "../agents/index.js";
import { releaseBasisOf } from "../agents/release.js";
import { installedRelease } from "../app/installed.js";
import type { AgentModel } from "../model/agent.js";

/**
 * The release of `agent`'s installed CLI (`cli`, else its executable on PATH) when the model knows it, or
 * why none was found; a release the model does not know is said on stderr, followed by `instead` (what the
 * command does then), and gives neither.
 */
export async function knownInstalledRelease(
  command: string,
  agent: AgentModel,
  root: string,
  instead: string,
  cli?: string,
): Promise<{ release?: string; none?: string }> {
  const found = await installedRelease(agent, { root, ...(cli !== undefined ? { cli } : {}) });
  if ("none" in found) return { none: found.none };
  if (releaseBasisOf(agent, found.release) !== undefined) return { release: found.release };
  process.stderr.write(
    `agent-context ${command}: ${agent.name} ${found.release} (${found.bin}) is a release the model does not know (it knows ${agent.releases.join(", ")} and the releases between); ${instead}\n`,
  );
  return {};
}

/**
 * The `release` and `releaseWhy` options of a user-view run for `agentId` (default agent when undefined),
 * reading the release of `cli` (`--cli`) or of the agent's executable on PATH.
 */
export async function userViewRelease(
  command: string,
  agentId: string | undefined,
  root: string,
  agentVersion: string | undefined,
  cli?: string,
): Promise<{ release?: string; releaseWhy?: "--agent-version" | "installed" }> {
  if (agentVersion !== undefined) return { release: agentVersion, releaseWhy: "--agent-version" };
  const agent = agentId === undefined || agentId === "all" ? defaultAgent() : agentById(agentId);
  const found = await knownInstalledRelease(
    command,
    agent,
    root,
    "modelled as the configured or newest verified release — run `agent-context verify --probes` to see which behaviours yours has",
    cli,
  );
  // Asked for a CLI by path: not finding its release is said; not finding one on PATH is the common case.
  if (found.none !== undefined && cli !== undefined)
    process.stderr.write(
      `agent-context ${command}: --cli ${cli}: ${found.none}; modelled as the configured or newest verified release\n`,
    );
  return found.release === undefined ? {} : { release: found.release, releaseWhy: "installed" };
}
