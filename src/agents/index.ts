/**
 * The registry: the only list of agents. Every command asks it which agents exist, by id, and in which
 * order they run (`--agent all`); nothing outside src/agents/ names an agent. A new agent is a folder
 * implementing {@link AgentModel} and one line in {@link AGENTS}. Library users (and tests) may add an
 * agent at run time with {@link registerAgent}, as size-limit takes plugins.
 */
import { setConfigAgentIds } from "../config.js";
import { UsageError } from "../errors.js";
import type { AgentCapabilities, AgentModel } from "../model/index.js";
import { claudeCode } from "./claude-code/index.js";
import { codex } from "./codex/index.js";
import { copilotCli } from "./copilot-cli/index.js";
import { geminiCli } from "./gemini-cli/index.js";

/** The built-in agents, in the order `--agent all` runs them. The first is the default agent. */
const AGENTS: AgentModel[] = [claudeCode, codex, geminiCli, copilotCli];
// `.agent-context.json` warns about an `agents` entry no registered agent has (src/config.ts).
setConfigAgentIds(() => AGENTS.map((a) => a.id));

/** Every registered agent, in run order; the first is the default (`--agent` omitted, top-level `cap`). */
export function agents(): readonly AgentModel[] {
  return AGENTS;
}

/** The default agent: the one `--agent` means when omitted, and whose cap the top-level `cap` key sets. */
export function defaultAgent(): AgentModel {
  return AGENTS[0] as AgentModel;
}

/** The agent with this id, or undefined. */
export function findAgent(id: string): AgentModel | undefined {
  return AGENTS.find((a) => a.id === id);
}

/**
 * The first registered agent (in run order) declaring `capability`, or undefined: how a room that needs
 * something of an agent (lint's import checks, its budget-cut check) finds it without naming the agent.
 */
export function agentWith(capability: keyof AgentCapabilities): AgentModel | undefined {
  return AGENTS.find((a) => a.capabilities?.[capability] !== undefined);
}

/** The agent with this id; throws {@link UsageError} naming the known ids otherwise. */
export function agentById(id: string): AgentModel {
  const a = findAgent(id);
  if (!a)
    throw new UsageError(`--agent ${id}: must be one of ${[...AGENTS.map((x) => x.id), "all"].join(", ")}`);
  return a;
}

/**
 * `--agent` values resolved: `all` is every registered agent in run order, else the one named.
 * Throws {@link UsageError} for an unknown id.
 */
export function selectAgents(choice: string | undefined): AgentModel[] {
  if (choice === undefined) return [defaultAgent()];
  if (choice === "all") return [...AGENTS];
  return [agentById(choice)];
}

/**
 * A comma-separated `--agent` list (`claude-code,codex`), each part resolved as {@link selectAgents} does
 * (`all` included), in registry order without repeats. Throws {@link UsageError} for an unknown id.
 */
export function selectAgentList(choice: string): AgentModel[] {
  const picked = new Set(
    choice
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .flatMap((id) => selectAgents(id)),
  );
  if (picked.size === 0) return selectAgents(choice.trim() || undefined);
  return AGENTS.filter((a) => picked.has(a));
}

/** Display name of an agent id ("Claude Code" for "claude-code"); unknown ids are shown as given. */
export function agentName(id: string): string {
  return findAgent(id)?.name ?? id;
}

/**
 * Adds an agent at run time (a plugin). Throws {@link UsageError} when the id is taken. Returns a function
 * that removes it again.
 */
export function registerAgent(agent: AgentModel): () => void {
  if (findAgent(agent.id)) throw new UsageError(`agent id ${agent.id} is already registered`);
  AGENTS.push(agent);
  return () => {
    const i = AGENTS.indexOf(agent);
    if (i >= 0) AGENTS.splice(i, 1);
  };
}
