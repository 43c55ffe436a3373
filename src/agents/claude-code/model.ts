/**
 * Claude Code behind the agent interface: the launch snapshot (./launch.ts), the on-demand session
 * (./on-read.ts), its memory file names and default cap. Verified on Claude Code 2.1.332 and 2.1.197
 * (./releases.ts: what differs between them).
 */
import type { AgentModel, LaunchOptions, Snapshot } from "../../model/index.js";
import { checkRelease } from "../release.js";
import { claudeLaunchSet } from "./launch.js";
import { claudeOnDemand } from "./on-read.js";
import { CLAUDE_RELEASES } from "./releases.js";
import { CLAUDE_CODE_NAME } from "./version.js";

/** Default cap for Claude Code launch context, in bytes, when `.agent-context.json` sets none. */
export const DEFAULT_CLAUDE_CAP = 4096;

/** The Claude Code model. */
export const claudeCode: AgentModel = {
  id: "claude-code",
  name: CLAUDE_CODE_NAME,
  releases: CLAUDE_RELEASES.map((b) => b.release),
  memoryFileNames: ["CLAUDE.md", "CLAUDE.local.md"],
  defaultCap: DEFAULT_CLAUDE_CAP,
  launch(opts: LaunchOptions): Snapshot {
    const release = checkRelease(claudeCode, opts.release);
    return claudeLaunchSet({ root: opts.root, release, ...(opts.cwd ? { cwd: opts.cwd } : {}) });
  },
  onDemand: (snapshot) => claudeOnDemand(snapshot),
  capabilities: { hook: { settingsFile: ".claude/settings.json" }, pointers: true },
};
