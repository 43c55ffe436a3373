/**
 * The agent interface. An agent is one folder under src/agents/ that implements {@link AgentModel} and one
 * line in src/agents/index.ts (the registry, the only list of agents). Nothing outside src/agents/ names
 * an agent: commands, budget, lint and report ask the registry and read snapshots.
 */
import type { Finding, Severity } from "./finding.js";
import type { ContextItem } from "./item.js";
import type { Snapshot, View } from "./snapshot.js";
import type { VerifyRunner } from "./verify.js";

/**
 * This machine as the user view sees it: the home directory and the environment the agent would start
 * with. Each agent reads its own locations from it (e.g. `CLAUDE_CONFIG_DIR`, `CODEX_HOME`, `~/.gemini`);
 * the fresh-clone view never reads it.
 */
export interface UserEnvironment {
  /** Absolute home directory (`~`). */
  home: string;
  /** The environment variables the agent would see. */
  env: Readonly<Record<string, string | undefined>>;
}

/** What a loader needs to compute one launch. */
export interface LaunchOptions {
  /** Repository root (absolute). Item paths are relative to it. */
  root: string;
  /** Working directory of the launch (absolute; default: root). */
  cwd?: string;
  /** The agent release to model (default: the model's newest verified release). */
  release?: string;
  /**
   * `fresh-clone` (default): the repository alone, default settings and environment, no user layer — what
   * `cap` and the ratchet judge. `user`: adds `user`'s home layer, settings, approvals and environment
   * switches; the snapshot's `applied` says which were used.
   */
  view?: View;
  /** The machine the user view reads (required for `view: "user"`; ignored otherwise). */
  user?: UserEnvironment;
  /**
   * Extra directories given to the CLI on its command line (absolute), with the CLI's own meaning
   * (Claude Code's `--add-dir`, Gemini CLI's `--include-directories`). Empty or absent: none.
   */
  addDirs?: readonly string[];
}

/** What the agent attaches on demand when a tool touches a path. */
export interface OnDemandResult {
  /** Attached files in the agent's order; `loadedAt: "read"` (or `"tool"`), never charged. */
  items: ContextItem[];
  /** Injected text per item path. */
  texts: ReadonlyMap<string, string>;
  findings: Finding[];
}

/** A session of on-demand questions over one snapshot: each file is attached at most once, as the agent does. */
export interface OnDemandSession {
  /** What the agent attaches when a tool reads (or writes) `target` next: absolute, or relative to the cwd. */
  read(target: string): OnDemandResult;
  /** Absolute paths in the context so far. */
  readonly loaded: ReadonlySet<string>;
}

/** Static description of a lint rule (SARIF's `tool.driver.rules`, docs, `--format json`). */
export interface LintRuleMeta {
  /** Stable id, e.g. `import-missing`. Never renamed once released. */
  id: string;
  /** One line: what the rule finds. */
  description: string;
  defaultSeverity: Severity;
  /** True when the rule offers a fix for `lint --fix`. */
  fixable?: boolean;
}

/** The optional capabilities an agent may have beyond measuring. */
export interface AgentCapabilities {
  /**
   * The agent runs repository hooks at tool-call time: `init` installs the agent-context hook into this
   * settings file (relative to the repository root).
   */
  hook?: { settingsFile: string };
  /** The agent reads user-level rules that `pointers` can write. */
  pointers?: true;
  /** `verify` can run the agent's real CLI offline and compare it with the model (src/agents/<id>/verify.ts). */
  verify?: VerifyRunner;
  /**
   * How the agent matches a scoped rule's patterns (as the snapshot lists them) against a file: returns a
   * test of a POSIX path relative to the rule's base directory. Absent: Claude Code's `paths:` matcher is
   * the one used (src/globs/claude.ts). The report counts each scoped rule's matching files with it.
   */
  scopeMatcher?: (patterns: readonly string[]) => (relPath: string) => boolean;
  /**
   * With {@link scopeMatcher}: the directory (relative to the rule's base, ending in `/`) every path one
   * pattern matches lies in, or null when it may match anywhere. The report then tries a rule's patterns
   * only on the files under those directories (src/globs/sorted-files.ts) instead of on every file.
   */
  scopeDir?: (pattern: string) => string | null;
}

/** One agent, as the rest of the product sees it. */
export interface AgentModel {
  /** Registry id, used on the command line and in JSON, e.g. `claude-code`. */
  readonly id: string;
  /** Display name, e.g. `Claude Code`. */
  readonly name: string;
  /** The CLI releases the model was verified on, newest first (the first is the default). */
  readonly releases: readonly string[];
  /** File names that are this agent's memory wherever they sit (e.g. `CLAUDE.md`). */
  readonly memoryFileNames: readonly string[];
  /** Cap in bytes when the configuration sets none for this agent. */
  readonly defaultCap: number;
  /**
   * The launch snapshot. Never throws for bad repository input (it becomes findings); throws
   * UsageError for an unknown release.
   */
  launch(opts: LaunchOptions): Snapshot;
  /** On-demand questions over a snapshot; absent when the model has no on-demand part. */
  onDemand?(snapshot: Snapshot): OnDemandSession;
  /**
   * Guidance in the repository written for other agents that this agent never sees (warnings, reported
   * once on the agent's first launch of a `cap` run); absent when the model does not look.
   */
  missedGuidance?(root: string): Finding[];
  /** Metadata of the rule ids this model's own findings carry (its verdict, its gaps), for SARIF. */
  readonly findingRules?: readonly LintRuleMeta[];
  readonly capabilities?: AgentCapabilities;
}
