/**
 * Claude Code behind the agent interface: the launch snapshot (./launch.ts), the on-demand session
 * (./on-read.ts), its memory file names and default cap. Verified on Claude Code 2.1.332 and 2.1.197
 * (./release.ts: what differs between them).
 */

import { resolve } from "node:path";
import { safeRealpath } from "../../fs/read.js";
import type { AgentModel, LaunchOptions, Snapshot } from "../../model/index.js";
import { checkRelease } from "../release.js";
import { claudeLaunchSet } from "./launch.js";
import { type ClaudeLayers, resolveClaudeLayers } from "./layers.js";
import { claudeOnDemand } from "./on-read.js";
import { CLAUDE_RELEASES } from "./release.js";
import { claudeVerifyRunner } from "./verify.js";
import { CLAUDE_CODE_NAME } from "./version.js";

/** Default cap for Claude Code launch context, in bytes, when `.agent-context.json` sets none. */
export const DEFAULT_CLAUDE_CAP = 4096;

/** The layers each snapshot was computed with: the on-demand session answers for the same view. */
const layersOf = new WeakMap<Snapshot, ClaudeLayers>();

/** The Claude Code model. */
export const claudeCode: AgentModel = {
  id: "claude-code",
  name: CLAUDE_CODE_NAME,
  releases: CLAUDE_RELEASES.map((b) => b.release),
  memoryFileNames: ["CLAUDE.md", "CLAUDE.local.md"],
  defaultCap: DEFAULT_CLAUDE_CAP,
  launch(opts: LaunchOptions): Snapshot {
    const release = checkRelease(claudeCode, opts.release);
    const cwdIn = resolve(opts.cwd ?? opts.root);
    const layers = resolveClaudeLayers(opts, safeRealpath(cwdIn) ?? cwdIn);
    const snapshot = claudeLaunchSet({
      root: opts.root,
      release,
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
      layers,
    });
    layersOf.set(snapshot, layers);
    return snapshot;
  },
  onDemand: (snapshot) => {
    const layers = layersOf.get(snapshot);
    return claudeOnDemand(snapshot, layers ? { layers } : {});
  },
  capabilities: {
    hook: { settingsFile: ".claude/settings.json" },
    pointers: true,
    verify: claudeVerifyRunner,
  },
};
