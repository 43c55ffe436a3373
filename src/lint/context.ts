/**
 * The lint context: what a rule may read. Facts come from the agent models, through the registry and the
 * capabilities they declare (./sources.ts {@link claudeFacts}: Claude Code's launch set, rule
 * classification, import scanning and resolution; {@link LintContext.agent} for the others), and
 * from the repository listing (git or the safe walker); a rule never opens an instruction file to
 * re-derive what a model already computed. Everything is computed lazily, once per context, and shared by
 * every rule of a run.
 */
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { agentWith, defaultAgent, findAgent } from "../agents/index.js";
import { agentMemoryNames } from "../agents/memory-dirs.js";
import { type AgentContextConfig, loadConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { displayPath, inside } from "../fs/paths.js";
import { statSafe } from "../fs/read.js";
import { walkFiles } from "../fs/walk.js";
import type { AgentModel, Snapshot } from "../model/index.js";
import { type FixRefusal, type FixResult, fixRuleText } from "./fix.js";
import { gitFiles } from "./git.js";
import type { LintRule } from "./rule.js";
import { type ClaudeFacts, claudeFacts } from "./sources.js";

/** Directory names never walked when looking for repository files (build output and VCS internals). */
const SKIP_DIRS = new Set([".git", "node_modules"]);

/**
 * What a caller that already holds them may hand a context (src/app/workspace.ts): the repository's file
 * list (relative POSIX paths, as {@link LintContext.files} lists them) and the fresh-clone launch snapshot of
 * an agent at the root, so that a command that also charges the launches builds each one once.
 */
export interface LintSources {
  files?: () => string[];
  snapshot?: (agent: AgentModel, launch: { cwd: string; release?: string }) => Snapshot;
}

/** Lazily computed facts shared by the rules of one lint run. */
export class LintContext {
  /**
   * Absolute repository root, resolved through links as the agents' launch snapshots hold it (a root given
   * through a symlink once made the dead-glob check compare the snapshot's real paths with the link's and
   * find nothing, and every file was read twice); the root as given when it cannot be resolved. The root as
   * given is {@link givenRoot}.
   */
  readonly root: string;
  /** Absolute repository root as given (not resolved through links): what lint shows as its root. */
  readonly givenRoot: string;
  readonly config: AgentContextConfig;
  private _files?: string[];
  private _tracked?: string[] | null;
  private _memory?: { rel: string; realPath: string }[];
  private _claude?: ClaudeFacts | null;
  private readonly memos = new Map<string, unknown>();
  private readonly fixes = new Map<string, FixResult | null>();

  /** The rules of this run: their fixes make up {@link fixFor}. */
  readonly rules: readonly LintRule[];

  /**
   * A context for the repository at `root` (absolute or relative to the process cwd) and the rules of the
   * run. Throws UsageError when `root` is not a directory or its `.agent-context.json` is malformed.
   */
  /** The release of the default agent (Claude Code) to model; undefined: the newest verified. */
  readonly release: string | undefined;
  /** `lint --model`: the session's model, where an agent's own limits depend on it. */
  readonly model: string | undefined;

  /** Where the file list and the launch snapshots come from when a caller already has them. */
  private readonly shared: LintSources;

  constructor(
    root: string,
    rules: readonly LintRule[],
    opts: { release?: string; model?: string } & LintSources = {},
  ) {
    this.rules = rules;
    this.release = opts.release;
    this.model = opts.model;
    this.shared = {
      ...(opts.files ? { files: opts.files } : {}),
      ...(opts.snapshot ? { snapshot: opts.snapshot } : {}),
    };
    this.givenRoot = resolve(root);
    if (!statSafe(this.givenRoot)?.isDirectory()) throw new UsageError(`${root}: not a directory`);
    let real = this.givenRoot;
    try {
      real = realpathSync(this.givenRoot);
    } catch {
      // the root as given when it cannot be resolved
    }
    this.root = real;
    this.config = loadConfig(this.root).config;
  }

  /**
   * Every file of the repository as POSIX paths relative to the root: `git ls-files` (tracked plus
   * untracked-but-not-ignored) in a git work tree, else the safe walker (skipping .git and node_modules).
   */
  files(): string[] {
    if (!this._files) {
      this._files =
        this.shared.files?.() ??
        gitFiles(this.root, { untracked: true }) ??
        walkFiles(this.root, { enterDir: (_r, name) => !SKIP_DIRS.has(name) }).files.map((f) => f.rel);
    }
    return this._files;
  }

  /** Files tracked by git (relative POSIX paths), or null outside a git work tree. */
  tracked(): string[] | null {
    if (this._tracked === undefined) this._tracked = gitFiles(this.root, { untracked: false });
    return this._tracked;
  }

  /**
   * Every registered agent's memory files ({@link agentMemoryNames}) and everything under `.claude/`, found
   * by the safe walker (follows symlinks).
   */
  memoryEntries(): { rel: string; realPath: string }[] {
    if (!this._memory) {
      const names = agentMemoryNames();
      this._memory = walkFiles(this.root, {
        enterDir: (_r, name) => !SKIP_DIRS.has(name),
        includeFile: (rel, name) =>
          names.has(name) || rel.startsWith(".claude/") || rel.includes("/.claude/"),
        dedupeFiles: false,
      }).files.map((f) => ({ rel: f.rel, realPath: f.realPath }));
    }
    return this._memory;
  }

  /** True when an absolute real path lies inside the repository's real root. */
  insideRoot(realPath: string): boolean {
    return inside(this.root, realPath);
  }

  /** An absolute path as findings show it: POSIX and relative to the root when inside it, else as given. */
  display(abs: string): string {
    return displayPath(abs, this.root);
  }

  /**
   * The Claude Code facts of this repository ({@link claudeFacts}), computed once per context; null when
   * no such agent is registered or it does not declare how it reads instruction text.
   */
  claude(): ClaudeFacts | null {
    if (this._claude === undefined) {
      // The agent whose rule files and imports the `rule-*` and `import-*` rules check: the one that declares
      // how it reads instruction text (its `instructions` capability; Claude Code).
      const agent = agentWith("instructions");
      this._claude = agent ? claudeFacts(this.root, agent, () => this.snapshot(agent)) : null;
    }
    return this._claude;
  }

  /**
   * The registered agent with this id, for a rule about that agent (its id names the agent, as the rule's
   * own id does): the rule reads it through the registry and its declared capabilities, and reports nothing
   * when it is not registered.
   */
  agent(id: string): AgentModel | undefined {
    return findAgent(id);
  }

  /**
   * The safe `--fix` of a rule file's text (the fixes of this run's fixable rules, verified together: see
   * {@link fixRuleText}), or null when there is nothing safe to fix. Memoized per path.
   */
  fixFor(path: string, text: string): FixResult | null {
    let r = this.fixes.get(path);
    if (r === undefined) {
      const facts = this.claude();
      const refusals: FixRefusal[] = [];
      r = facts ? fixRuleText(text, (t) => facts.classifyText(t).scoped, this.rules, refusals) : null;
      this.fixes.set(path, r);
      if (refusals.length > 0) this.fixRefusals.set(path, refusals);
    }
    return r;
  }

  /**
   * Fixes left undone because they would change what a value means, by the path given to {@link fixFor}
   * (each with its 1-based line and a sentence).
   */
  readonly fixRefusals = new Map<string, FixRefusal[]>();

  /**
   * A value derived from the facts and shared between rules (e.g. the import analysis several import
   * rules report from), computed on first use under `key` and kept for the life of the context.
   */
  /**
   * The launch snapshot of `agent` at the root (fresh-clone view), computed once per context. Never throws
   * for bad files (they are the snapshot's findings).
   */
  snapshot(agent: AgentModel): Snapshot {
    const release = agent.id === defaultAgent().id ? this.release : undefined;
    return this.memo(`snapshot:${agent.id}`, () =>
      this.shared.snapshot
        ? this.shared.snapshot(agent, { cwd: this.root, ...(release ? { release } : {}) })
        : agent.launch({ root: this.root, cwd: this.root, ...(release ? { release } : {}) }),
    );
  }

  memo<T>(key: string, compute: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, compute());
    return this.memos.get(key) as T;
  }
}
