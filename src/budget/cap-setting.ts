/**
 * Which cap applies to a run: the configured cap for the agent (`.agent-context.json`, see capFor), lowered
 * for one run by `--cap N`, never raised.
 */
import { defaultAgent } from "../agents/index.js";
import { type AgentContextConfig, CONFIG_FILE } from "../config.js";
import { UsageError } from "../errors.js";
import type { AgentModel } from "../model/index.js";

/**
 * The configured cap for an agent in bytes: `agents[id].cap`, else the top-level `cap` for the default
 * agent, else the agent's own default cap.
 */
export function capFor(config: AgentContextConfig, agent: AgentModel): number {
  const per = config.agents?.[agent.id]?.cap;
  if (per !== undefined) return per;
  if (agent.id === defaultAgent().id && config.cap !== undefined) return config.cap;
  return agent.defaultCap;
}

/**
 * The token cap for an agent (`agents[id].tokenCap`, else the top-level `tokenCap` for the default agent),
 * or null: a second check beside the byte cap, made when an output shows tokens. The ratchet stays in bytes.
 */
export function tokenCapFor(config: AgentContextConfig, agent: AgentModel): number | null {
  const per = config.agents?.[agent.id]?.tokenCap;
  if (per !== undefined) return per;
  if (agent.id === defaultAgent().id && config.tokenCap !== undefined) return config.tokenCap;
  return null;
}

export interface EffectiveCap {
  /** The cap the launch set is charged against, in bytes. */
  cap: number;
  /** The cap the configuration sets (or the default), in bytes. */
  configured: number;
  /** Where `configured` comes from: the config file path, or "default". */
  source: string;
  /** True when `--cap` lowered the cap for this run. */
  lowered: boolean;
}

/**
 * Parses a `--cap` value: a non-negative whole number of bytes. Throws {@link UsageError} otherwise.
 */
export function parseCapOption(raw: string): number {
  if (!/^\d+$/.test(raw.trim())) {
    throw new UsageError(`--cap ${raw}: must be a non-negative whole number of bytes`);
  }
  return Number.parseInt(raw.trim(), 10);
}

/**
 * The cap for `agent`: the configured value, or `override` when it is lower or equal.
 * Throws {@link UsageError} (exit 2) when `override` would raise the cap: the cap only goes down, and a
 * higher budget must not be available through a flag.
 * @param configFile the config file path for messages (null when there is none)
 */
export function effectiveCap(
  config: AgentContextConfig,
  agent: AgentModel,
  override: number | undefined,
  configFile: string | null,
): EffectiveCap {
  const configured = capFor(config, agent);
  const source = configFile ?? "default";
  if (override === undefined) return { cap: configured, configured, source, lowered: false };
  if (override > configured) {
    const where = configFile ? `set in ${CONFIG_FILE}` : "(the default; no config file)";
    throw new UsageError(
      `--cap ${override} would raise the cap above ${configured} ${where}; --cap may only lower it for one run`,
    );
  }
  return { cap: override, configured, source, lowered: override < configured };
}
