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
  /**
   * Arguments given to the CLI on its command line that change what it loads, as the user passes them
   * (Copilot CLI's `--no-custom-instructions`); a model reads the ones it knows. Empty or absent: none.
   */
  agentArgs?: readonly string[];
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
  /**
   * The registry ids of the agents whose behaviour the rule's findings are about (`lint --agent` and a
   * rule's `agents` in `.agent-context.json` select by them); a finding may name its own (`Finding.agents`).
   * Absent: the rule may be about any agent, and each finding says which.
   */
  agents?: readonly string[];
  /** True when the rule offers a fix for `lint --fix`. */
  fixable?: boolean;
}

/** How a tool reached the file an on-read question is about (default: a whole-file Read). */
export interface ReadHow {
  /** The tool (`Read`, `Write`, `Edit`, `Bash` …). */
  tool?: string;
  /** False for a Read of part of the file (`offset` or `limit`). */
  whole?: boolean;
}

/**
 * The on-read part the PreToolUse hook loads lazily: the module an {@link AgentHook} names exports it as
 * `hookOnRead`. The hook delivers what the agent would not attach itself for a tool call.
 */
export interface HookOnRead {
  /**
   * The absolute paths the agent attaches by itself for this tool call (`input`: the tool's input) on
   * `release` (default: the newest verified). Throws UsageError for a release the model does not know.
   */
  attachTargets(tool: string, input: Record<string, unknown>, cwd: string, release?: string): string[];
  /** A fresh on-read session for a launch in `cwd` (absolute) of the repository at `root` (absolute). */
  session(
    root: string,
    cwd: string,
    release?: string,
  ): { read(target: string, how?: ReadHow): OnDemandResult };
}

/**
 * What `init` and the PreToolUse hook need from an agent that runs repository hooks at tool-call time.
 * Cheap to import (the hook's executable reads it on every call, src/agents/hook.ts): plain data.
 */
export interface AgentHook {
  /** The settings file `init` installs the agent-context hook into (POSIX, relative to the repository root). */
  settingsFile: string;
  /**
   * The hook's stat pre-check before it loads the on-read part: `launchLevel`, paths looked for at the
   * working directory and each of its ancestors, and `nested`, paths looked for in each directory from the
   * working directory down to a target's; when none exists, the agent attaches nothing on read.
   */
  onReadMarkers: { launchLevel: readonly string[]; nested: readonly string[] };
  /** The module, as a path under `dist/`, that exports `hookOnRead` ({@link HookOnRead}): the agent's on-read.ts. */
  onReadModule: string;
}

/** One `@import` token of a text as an agent reads it. */
export interface ImportTokenAt {
  /** The path as written after `@` (fragment cut). */
  path: string;
  /** 1-based line, and the 1-based column (UTF-16 code units) of the `@`. */
  line: number;
  column: number;
}

/**
 * How the agent reads the text of its instruction files: what lint's import and rule checks and
 * `lint --fix`'s verification ask of it, never re-deriving it.
 */
export interface InstructionReading {
  /** The import hops the agent follows from a memory file. */
  readonly importHops: number;
  /** The `@import` tokens of a file's text, as the agent finds them (code spans, fences, comments excluded). */
  imports(text: string): ImportTokenAt[];
  /** The absolute file an import token names, from the importing file's real path (`~/` from `home`). */
  resolveImport(token: string, importerRealPath: string, home: string): string;
  /** Whether a rule file's text is path-scoped for the agent, with the globs it matches (empty when not). */
  ruleScope(text: string): { scoped: boolean; globs: string[] };
}

/** A rule file as the agent classifies it, read on its own (not through a launch), with what reading it met. */
export interface ClassifiedRuleFile {
  /** Display path (POSIX, relative to the root; absolute outside it). */
  path: string;
  /** Absolute path as reached (through links). */
  absPath: string;
  scoped: boolean;
  /** The globs the agent matches (empty when unscoped). */
  globs: string[];
  /** Directory the globs are relative to (absolute). */
  base: string;
  /** Injected text (after the agent's stripping); "" when unreadable. */
  text: string;
  fileBytes: number;
  /** For an unscoped rule with frontmatter: why the agent does not treat it as scoped. */
  unscopedWhy?: string;
  /** Problems reading the rule (too large, unreadable, invalid UTF-8, bad frontmatter). */
  findings: Finding[];
}

/**
 * What `pointers` needs from an agent that reads user-level rules from a config dir (Claude Code): how it
 * classifies a rule and what a directory's memory brings when it attaches on read.
 */
export interface AgentPointers {
  /** The release the pointer model (what attaches a user rule, and where) was verified on. */
  readonly verifiedOn: string;
  /** One rule file, classified as `release` (default: the newest verified) does. Never throws. */
  classifyRule(absPath: string, root: string, release?: string): ClassifiedRuleFile;
  /** The rules of `<root>/.claude/rules/`, classified, in the agent's load order (walk problems dropped). */
  listRules(root: string): ClassifiedRuleFile[];
  /**
   * What the agent attaches with these memory files (absolute, in its order) on read: the files and their
   * imports, as its on-read loader brings them; imports resolving outside `cwd` are not followed and are
   * listed in `outside` (absolute `from` and `target`).
   */
  memoryWithImports(opts: { root: string; cwd: string; files: readonly string[] }): {
    items: ContextItem[];
    outside: { from: string; target: string }[];
  };
}

/**
 * Where the agent's own byte budget cuts what it loads for one launch (Codex's `project_doc_max_bytes`
 * cutting its AGENTS.md chain).
 */
export interface BudgetCut {
  /** Path (as in items) of the file the cut lands in. */
  file: string;
  /** 1-based line, and 1-based byte column on that line, of the first byte lost. */
  line: number;
  column: number;
  /** Bytes lost, per file, in load order (only files that lost bytes). */
  lostBytes: readonly { file: string; bytes: number }[];
  totalLostBytes: number;
  /** The first few words that never arrive. */
  firstLostWords: string;
  /** The budget in effect (bytes) and where it was set (e.g. `default`). */
  budget: { maxBytes: number; source: string };
  /** The files charged against the budget (paths as in items), in load order. */
  charged: readonly string[];
}

/** How a model's tokens are counted offline: the exact `o200k`, or an estimate family (src/tokens/). */
export type TokenCounting = "o200k" | { estimate: "claude" | "claude-legacy" | "gemini" };

/**
 * How the agent's models count tokens (src/agents/<id>/limits.ts): every output shows each item's tokens by
 * the method this names.
 */
export interface AgentTokens {
  /** The model counts assume when `--model` names none (the CLI's default); absent when every model counts alike. */
  readonly defaultModel?: string;
  /** The offline count for a model id. */
  counting(model: string): TokenCounting;
  /** True when Anthropic's count_tokens endpoint counts this model (`--tokens api`). */
  anthropic(model: string): boolean;
}

/** Options of {@link AgentCapabilities.limits}. */
export interface LimitOptions {
  /** The session's model (`--model`); absent: the limit the agent applies to its default model. */
  model?: string;
  /** `.agent-context.json`'s hook settings (the hook's own bound must stay under the agent's). */
  hook?: { maxBytes?: number };
}

/**
 * Sessions of the agent that start without some of the launch context (Claude Code's built-in Explore and
 * Plan subagents: no CLAUDE.md, its imports, unscoped rules or local and user memory). `cap`, `explain` and
 * `lint` say where these files do not arrive; `pointers` plans for it.
 */
export interface PartialSession {
  /** The sessions, as a sentence names them (`the built-in Explore and Plan subagents`). */
  readonly sessions: string;
  /** Whether a launch item is missing from those sessions. */
  without(item: ContextItem): boolean;
  /** The releases this was settled on, newest first. */
  readonly releases: readonly string[];
}

/** The optional capabilities an agent may have beyond measuring. */
export interface AgentCapabilities {
  /** The agent runs repository hooks at tool-call time: `init` installs the agent-context hook, which serves it. */
  hook?: AgentHook;
  /** The agent reads user-level rules that `pointers` can write. */
  pointers?: AgentPointers;
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
  /** How the agent reads an instruction file's text (lint's import and rule checks, `lint --fix`). */
  instructions?: InstructionReading;
  /**
   * The whole repository as the agent can see it, for lint: one snapshot holding every context file a
   * launch anywhere in the repository (or an on-demand read) would send, each with its import edges.
   * Never throws for repository input.
   */
  repositorySnapshot?(root: string): Snapshot;
  /**
   * Where the agent's own byte budget cuts its launch in `cwd` (absolute, or relative to `root`), taking
   * `root` (absolute) as the project root when nothing above `cwd` marks one; null when nothing is cut.
   * Throws UsageError when `cwd` is not a directory inside `root`.
   */
  budgetCut?(root: string, cwd: string): BudgetCut | null;
  /** How the agent's models count tokens (absent: the generic estimate, labelled). */
  tokens?: AgentTokens;
  /**
   * The agent's own size limits checked on a launch (a large-memory-file warning, a refusal, a cut): one
   * warning per limit a session would meet, naming the limit, the file and the releases; [] when none.
   */
  limits?(snapshot: Snapshot, opts: LimitOptions): Finding[];
  /** Sessions that start without part of the launch context (see {@link PartialSession}). */
  partialSessions?: readonly PartialSession[];
  /**
   * The agent's skill, command and subagent items carry, in `extra`, what its loader found reading each
   * entry (the list, the name, where the description came from, its length and cut, the frontmatter's name
   * and error, why an entry is not listed): lint's `skill-*`, `agent-*`, `description-over-cut`,
   * `duplicate-entry-name` and `frontmatter-unparseable` rules report from them (src/lint/claude-sources.ts).
   */
  entryFacts?: true;
}

/**
 * How a model knows a release: `verified` (one of its `releases`: the conformance suite ran on it) or
 * `release-ranges` (modelled from the releases each behaviour changed at, bisected against the real CLIs).
 */
export type ReleaseBasis = "verified" | "release-ranges";

/** One agent, as the rest of the product sees it. */
export interface AgentModel {
  /** Registry id, used on the command line and in JSON, e.g. `claude-code`. */
  readonly id: string;
  /** Display name, e.g. `Claude Code`. */
  readonly name: string;
  /** The CLI releases the model was verified on, newest first (the first is the default). */
  readonly releases: readonly string[];
  /**
   * How the model knows a release that is not in {@link releases}: `release-ranges` when it models it from
   * the releases each behaviour changed at (Claude Code: any release between its oldest and newest
   * verified one, src/agents/claude-code/release-ranges.ts), undefined when it does not know it. Absent:
   * the model knows only {@link releases}.
   */
  releaseBasis?(release: string): ReleaseBasis | undefined;
  /** File names that are this agent's memory wherever they sit (e.g. `CLAUDE.md`). */
  readonly memoryFileNames: readonly string[];
  /** Cap in bytes when the configuration sets none for this agent. */
  readonly defaultCap: number;
  /**
   * What a fresh-clone launch may read in a repository besides `memoryFileNames` and what those import:
   * file `names` that are sources wherever they sit, and `folders` (POSIX, matched at any level, e.g.
   * `.claude`) whose files it reads. `root` is a repository, for names its committed settings add (read
   * it like a launch does). `cap --base` writes only these files of the base revision, and what the
   * launch then imports (src/budget/base.ts). Absent: memory files and their imports only.
   */
  launchSources?(root: string): { names: readonly string[]; folders: readonly string[] };
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
