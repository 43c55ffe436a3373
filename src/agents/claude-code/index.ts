/**
 * Claude Code behind the agent interface: the launch snapshot (./launch.ts), the on-demand session
 * (./on-read.ts), the offline runner of `verify` (./verify.ts), its memory file names, default cap and
 * capabilities. Verified on Claude Code 2.1.332 and 2.1.197, the releases between modelled from the
 * releases each behaviour changed at (./release.ts, ./release-ranges.ts).
 */
import type { AgentModel } from "../../model/index.js";
import { claudeHook } from "./hook.js";
import { claudeLaunch, claudeOnDemandOf } from "./launch.js";
import { CLAUDE_LIMIT_RULES, claudeLimits, claudePartialSessions, claudeTokens } from "./limits.js";
import { claudePointers } from "./on-read.js";
import { CLAUDE_CODE_ID, CLAUDE_CODE_NAME, CLAUDE_CODE_RELEASES, claudeReleaseBasis } from "./release.js";
import { claudeInstructions } from "./rules.js";
import { claudeVerifyRunner } from "./verify.js";

/** Default cap for Claude Code launch context, in bytes, when `.agent-context.json` sets none. */
export const DEFAULT_CLAUDE_CAP = 4096;

/** The Claude Code model. */
export const claudeCode: AgentModel = {
  id: CLAUDE_CODE_ID,
  name: CLAUDE_CODE_NAME,
  releases: CLAUDE_CODE_RELEASES,
  // Any release from 2.1.197 to the newest pinned one: the others from the bisected release ranges.
  releaseBasis: (release) =>
    claudeReleaseBasis(release) === "release-ranges" ? "release-ranges" : undefined,
  memoryFileNames: ["CLAUDE.md", "CLAUDE.local.md"],
  defaultCap: DEFAULT_CLAUDE_CAP,
  // `.claude/`: CLAUDE.md, rules, settings (claudeMdExcludes); AGENTS.md loads where no CLAUDE file does.
  launchSources: () => ({ names: ["AGENTS.md"], folders: [".claude"] }),
  launch: claudeLaunch,
  onDemand: claudeOnDemandOf,
  findingRules: CLAUDE_LIMIT_RULES,
  capabilities: {
    hook: claudeHook,
    pointers: claudePointers,
    verify: claudeVerifyRunner,
    instructions: claudeInstructions,
    tokens: claudeTokens,
    limits: claudeLimits,
    partialSessions: claudePartialSessions,
    entryFacts: true,
  },
};
