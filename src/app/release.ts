/**
 * Which release of an agent a command models, and why: one rule for every command (cap, explain, lint,
 * report, route, verify, the hook). `--agent-version` first; then, in the user view, the release of the
 * CLI installed on this machine (found by the command line, src/cli/installed.ts); then the release pinned
 * in `.agent-context.json` (`agents.<id>.release`); else the newest release the model was verified on.
 */
import { releaseBasisOf, unknownReleaseError } from "../agents/release.js";
import type { AgentContextConfig } from "../config.js";
import type { AgentModel } from "../model/index.js";

/** Why a release is the one modelled. */
export type ReleaseWhy = "--agent-version" | "installed" | "configured" | "default";

/** The release a command models, why, and how the model knows it. */
export interface ModelledRelease {
  release: string;
  why: ReleaseWhy;
  /** `verified` on it, or modelled from `release-ranges`. */
  basis: "verified" | "release-ranges";
}

/**
 * The release to model for `agent`: `given` (with its reason: `--agent-version`, or `installed` for the
 * user view's CLI), else `agents.<id>.release` of the configuration, else the newest verified.
 * @throws UsageError for a given or configured release the model does not know (../agents/release.ts
 *   unknownReleaseError, naming where it came from)
 */
export function modelledRelease(
  agent: Pick<AgentModel, "id" | "name" | "releases" | "releaseBasis">,
  opts: {
    given?: string;
    givenWhy?: "--agent-version" | "installed";
    config?: AgentContextConfig;
    file?: string | null;
  },
): ModelledRelease {
  const configured = opts.config?.agents?.[agent.id]?.release;
  const [release, why]: [string, ReleaseWhy] =
    opts.given !== undefined
      ? [opts.given, opts.givenWhy ?? "--agent-version"]
      : configured !== undefined
        ? [configured, "configured"]
        : [agent.releases[0] as string, "default"];
  const basis = releaseBasisOf(agent, release);
  if (!basis)
    throw unknownReleaseError(
      agent,
      release,
      why === "configured"
        ? { configured: opts.file ?? ".agent-context.json" }
        : why === "installed"
          ? "installed"
          : "--agent-version",
    );
  return { release, why, basis };
}

/** One line saying which release of `agent` is modelled and why (text outputs). */
export function releaseLine(agent: { id: string; name: string }, r: ModelledRelease): string {
  const key = `agents.${agent.id}.release`;
  const why = {
    "--agent-version": "--agent-version",
    installed: "the CLI installed here",
    configured: `${key} in .agent-context.json`,
    default: `the newest verified; pin one with ${key} in .agent-context.json`,
  }[r.why];
  const basis = r.basis === "verified" ? "verified on it" : "modelled from release ranges";
  return `${agent.name} ${r.release} (${why}; ${basis})`;
}
