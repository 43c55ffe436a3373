/** Display names of the agents, for report lines. */
import type { AgentId } from "../config.js";

const NAMES: Record<AgentId, string> = { "claude-code": "Claude Code", codex: "Codex" };

/** "Claude Code" for "claude-code", etc.; unknown ids are shown as given. */
export function agentName(agent: AgentId | string): string {
  return (NAMES as Record<string, string>)[agent] ?? agent;
}
