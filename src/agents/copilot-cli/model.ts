/**
 * GitHub Copilot CLI behind the agent interface: the launch snapshot (./launch.ts), the on-demand session
 * (./on-read.ts), its memory file names and default cap. The user view adds `~/.copilot` (or
 * `$COPILOT_HOME`): its `copilot-instructions.md` and `instructions/**` files. Verified on @github/copilot
 * 1.0.102 (docs/findings-copilot-cli.md).
 */
import type { AgentModel, AppliedSource, Finding, LaunchOptions, Snapshot } from "../../model/index.js";
import { checkRelease } from "../release.js";
import { copilotLaunchExtra, LAUNCH_EXTRA } from "./extra.js";
import {
  COPILOT_NAME,
  COPILOT_VERIFIED_VERSION,
  copilotLaunch,
  copilotPatternDir,
  copilotPatternMatches,
} from "./launch.js";
import { copilotOnDemand } from "./on-read.js";
import { copilotVerifyRunner } from "./verify.js";

/** Default cap for Copilot CLI launch context, in bytes, when `.agent-context.json` sets none. */
export const DEFAULT_COPILOT_CAP = 8192;

/** The Copilot CLI model. */
export const copilotCli: AgentModel = {
  id: "copilot-cli",
  name: COPILOT_NAME,
  releases: [COPILOT_VERIFIED_VERSION],
  memoryFileNames: [".github/copilot-instructions.md", "AGENTS.md", "CLAUDE.md", "GEMINI.md"],
  defaultCap: DEFAULT_COPILOT_CAP,
  launch(opts: LaunchOptions): Snapshot {
    const version = checkRelease(copilotCli, opts.release);
    const user = opts.view === "user" ? opts.user : undefined;
    const copilotHome = user ? user.env.COPILOT_HOME || `${user.home}/.copilot` : undefined;
    const r = copilotLaunch({
      root: opts.root,
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
      ...(copilotHome ? { copilotHome } : {}),
    });
    const applied: AppliedSource[] = [...r.applied];
    const findings: Finding[] = [...r.findings];
    if (user?.env.COPILOT_HOME)
      applied.unshift({
        kind: "env",
        name: "COPILOT_HOME",
        value: user.env.COPILOT_HOME,
        effect: "the user layer is read from there",
      });
    const dirs = user?.env.COPILOT_CUSTOM_INSTRUCTIONS_DIRS;
    if (dirs) {
      applied.push({
        kind: "env",
        name: "COPILOT_CUSTOM_INSTRUCTIONS_DIRS",
        value: dirs,
        effect:
          "not modelled: Copilot adds those directories' instruction files; the measure leaves them out",
      });
      findings.push({
        ruleId: "copilot-unmodelled-setting",
        severity: "warning",
        file: ".",
        message: `COPILOT_CUSTOM_INSTRUCTIONS_DIRS=${dirs} adds instruction files this model does not measure`,
        help: "unset it to measure the launch as the model sees it, or check with the real CLI",
      });
    }
    if (opts.addDirs && opts.addDirs.length > 0)
      applied.push({
        kind: "flag",
        name: "--add-dir",
        value: opts.addDirs.join(","),
        effect: "none: Copilot's --add-dir grants file access and loads no instruction files",
      });
    const snapshot: Snapshot = {
      agent: { id: copilotCli.id, name: COPILOT_NAME, version },
      view: opts.view ?? "fresh-clone",
      root: r.root,
      cwd: r.cwd,
      items: r.items,
      texts: r.texts,
      imports: r.imports,
      rules: r.rules,
      memory: r.memory,
      findings,
      ...(opts.view === "user" || applied.length > 0 ? { applied } : {}),
    };
    LAUNCH_EXTRA.set(snapshot, { scoped: r.scoped, gitRoot: r.gitRoot });
    return snapshot;
  },
  onDemand(snapshot: Snapshot) {
    const extra = copilotLaunchExtra(snapshot);
    return copilotOnDemand(snapshot, extra.scoped, extra.gitRoot);
  },
  capabilities: {
    verify: copilotVerifyRunner,
    // applyTo patterns, relative to the git root (./launch.ts, copilotPatternMatches).
    scopeMatcher: (patterns) => (rel) => patterns.some((p) => copilotPatternMatches(p, rel)),
    scopeDir: copilotPatternDir,
  },
  findingRules: [
    {
      id: "copilot-unmodelled-setting",
      description: "a Copilot CLI setting changes the launch in a way the model does not measure",
      defaultSeverity: "warning",
    },
  ],
};
