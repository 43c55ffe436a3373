/**
 * The `lint` pipeline: every rule of src/lint/ over the repository's facts (the agents' launch snapshots and
 * the file list, taken from the {@link Workspace}), the safe fixes with `fix`, and whether anything loads at
 * all (a directory with no instruction files is said to be one). Nothing here prints.
 */
import { defaultAgent } from "../agents/index.js";
import { ALL_RULES, type LintResult, type LintRule, lintRepository } from "../lint/index.js";
import type { LintRuleMeta } from "../model/index.js";
import { holdsNoInstructionFiles } from "./cap.js";
import { type ModelledRelease, modelledRelease } from "./release.js";
import { Workspace } from "./workspace.js";

export interface LintOptions {
  /** Repository root (absolute, or relative to the process directory). */
  root: string;
  /** Apply the safe fixes before reporting (`--fix`). */
  fix?: boolean;
  /**
   * The default agent's release to model (`--agent-version`); absent: `agents.<id>.release` of the
   * configuration, else the newest verified (src/app/release.ts).
   */
  release?: string;
  /** Called before each rule runs with its id (for a progress indication). */
  onProgress?: (label: string) => void;
  /** The rules to run (default: every rule). */
  rules?: readonly LintRule[];
  /** `--agent`: the agent ids to lint for (default every agent; src/lint/tune.ts). */
  agents?: readonly string[];
  /** The Workspace to run on (its root is the root). */
  workspace?: Workspace;
}

export interface LintRun extends LintResult {
  /** The default agent's release given (checked), or undefined. */
  release: string | undefined;
  /** The default agent's release modelled, why, and how the model knows it. */
  modelled: ModelledRelease;
  /** Every rule's metadata (for renderers: SARIF's rule table, severities). */
  rules: readonly LintRuleMeta[];
  /** True when no finding was made and no agent loads anything from the root. */
  noInstructionFiles: boolean;
}

/**
 * Runs `lint`. Throws UsageError for a missing directory, a malformed `.agent-context.json`, an unknown
 * release, and a fix that cannot be written (no file is changed then).
 */
export function runLint(opts: LintOptions): LintRun {
  const ws = opts.workspace ?? Workspace.at(opts.root);
  const { file, config } = ws.config();
  const modelled = modelledRelease(defaultAgent(), {
    ...(opts.release !== undefined ? { given: opts.release } : {}),
    config,
    file,
  });
  const release = opts.release === undefined ? undefined : modelled.release;
  // No read scope around both passes: `fix` rewrites files between them (each pass opens its own).
  const result = lintRepository({
    root: ws.root,
    fix: opts.fix === true,
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    ...(opts.rules ? { rules: opts.rules } : {}),
    ...(opts.agents ? { agents: opts.agents } : {}),
    release: modelled.release,
    sources: {
      files: () => ws.files(),
      // Lint launches at the root's real path: shared when that is the Workspace's root (no link on the way).
      snapshot: (agent, launch) =>
        launch.cwd === ws.root ? ws.snapshot(agent, launch) : agent.launch({ ...launch, root: launch.cwd }),
    },
  });
  // A fix changes what loads: ask a fresh Workspace.
  const after = result.fixed.length > 0 ? Workspace.at(ws.root) : ws;
  return {
    ...result,
    release,
    modelled,
    rules: ALL_RULES,
    noInstructionFiles: result.findings.length === 0 && holdsNoInstructionFiles(after),
  };
}
