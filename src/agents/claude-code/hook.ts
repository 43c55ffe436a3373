/**
 * What `init` and the agent-context PreToolUse hook need from Claude Code: plain data, cheap to import (the
 * hook's executable reads it on every call through src/agents/hook.ts, before it loads any model).
 * Settled on Claude Code 2.1.332 (docs/findings-hook.md).
 */
import type { AgentHook } from "../../model/agent.js";

/** Claude Code's hook capability. */
export const claudeHook: AgentHook = {
  settingsFile: ".claude/settings.json",
  // On read Claude Code attaches the scoped rules of the working directory and its ancestors, and the
  // memory and rules of each nested directory between the working directory and the file (./on-read.ts).
  onReadMarkers: {
    launchLevel: [".claude/rules"],
    nested: ["CLAUDE.md", "CLAUDE.local.md", ".claude/CLAUDE.md", ".claude/rules"],
  },
  onReadModule: "agents/claude-code/on-read.js",
};
