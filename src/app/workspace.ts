/**
 * The Workspace every command pipeline of src/app/ runs on: the repository root and the launch directory
 * (resolved once, one way, in the library as on the command line), the configuration (read once), the
 * repository's file list (listed once), and each agent's launch snapshot (built once per agent and launch:
 * working directory, release, view, added directories). A command that needs the same launch twice (`report`
 * charges every launch and lints the repository; `cap`, `lint` and `report` then ask whether anything loads at
 * all) gets the one already built. The read scope of src/fs/read.ts (one read per file and one listing per
 * directory) is opened by the Workspace around a pipeline ({@link Workspace.scope}), not by the rooms.
 *
 * Where a command's repository is when no root is given is found upward the way ESLint and size-limit find
 * their configuration: the nearest directory holding `.agent-context.json`, else the git top level (the
 * nearest directory holding `.git`, a directory or a worktree's file; no git process is run), else the start
 * directory itself.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type AgentContextConfig, CONFIG_FILE, loadConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { collectCuts } from "../fs/cuts.js";
import { displayPath, inside } from "../fs/paths.js";
import { statSafe, withReadSnapshot } from "../fs/read.js";
import { walkFiles } from "../fs/walk.js";
import { gitFiles } from "../lint/git.js";
import type { AgentModel, LaunchOptions, Snapshot } from "../model/index.js";

/** Directory names never walked when listing repository files (build output and VCS internals). */
const SKIP_DIRS = new Set([".git", "node_modules"]);

/** The nearest directory at or above `start` (absolute) holding `name`, or null. Never throws. */
function nearestHolding(start: string, name: string): string | null {
  for (let d = start; ; d = dirname(d)) {
    if (existsSync(join(d, name))) return d;
    if (dirname(d) === d) return null;
  }
}

/**
 * The project root for a command started in `start` (absolute, or relative to the process directory):
 * the nearest ancestor (itself included) holding `.agent-context.json`, else the nearest holding `.git`,
 * else `start`. Returns an absolute path. Never throws; does not check that `start` exists.
 */
export function findProjectRoot(start: string): string {
  const from = resolve(start);
  return nearestHolding(from, CONFIG_FILE) ?? nearestHolding(from, ".git") ?? from;
}

/** Where a command runs: the repository root and the launch (working) directory, both absolute. */
export interface Place {
  /** The repository root (holds `.agent-context.json` when there is one). Absolute. */
  root: string;
  /** The directory the agent runs in; `root` or below it. Absolute. */
  cwd: string;
}

/** `given` resolved from `here`; throws {@link UsageError} naming `what` and `given` unless a directory. */
export function requireDirectory(given: string, what: string, here = process.cwd()): string {
  const abs = resolve(here, given);
  const st = statSafe(abs);
  if (!st) throw new UsageError(`${what} ${given}: no such directory`);
  if (!st.isDirectory()) throw new UsageError(`${what} ${given}: not a directory`);
  return abs;
}

/**
 * Resolves a root and a launch directory the one way every command does, on the command line (DIR and
 * `--cwd`) and in the library alike: both are taken from `here`.
 * @param dir the root as given, or undefined to find it upward from the launch directory (else `here`)
 * @param cwd the launch directory as given, or undefined: `here` when it lies inside the root, else the root
 * @param here the directory both are relative to (default `process.cwd()`)
 * @returns absolute root and launch directory
 * @throws UsageError (exit 2) when the root or the launch directory is missing or not a directory, or the
 * launch directory lies outside the root
 */
export function resolvePlace(dir: string | undefined, cwd: string | undefined, here = process.cwd()): Place {
  if (cwd !== undefined && dir !== undefined && !statSafe(resolve(here, cwd))) {
    // The old meaning (--cwd relative to DIR): say what changed instead of only "no such directory".
    const old = resolve(here, dir, cwd);
    if (statSafe(old)?.isDirectory())
      throw new UsageError(
        `--cwd ${cwd}: no such directory; --cwd is taken from the current directory, not from DIR (did you mean --cwd ${join(dir, cwd)}?)`,
      );
  }
  const launch = cwd === undefined ? undefined : requireDirectory(cwd, "--cwd", here);
  const root = dir === undefined ? findProjectRoot(launch ?? here) : requireDirectory(dir, "DIR", here);
  const at = launch ?? (inside(root, here) ? here : root);
  if (!inside(root, at)) {
    throw new UsageError(`--cwd ${cwd}: must be inside ${root} (the repository being measured)`);
  }
  return { root, cwd: at };
}

/** The launch a snapshot is asked for: an agent's launch options without the root (the Workspace's). */
export type LaunchRequest = Omit<LaunchOptions, "root">;

/** The key of one launch in a Workspace: everything that changes what the agent loads. */
function launchKey(agent: AgentModel, o: LaunchRequest): string {
  return JSON.stringify([
    agent.id,
    o.cwd,
    o.release ?? null,
    o.view ?? "fresh-clone",
    o.view === "user" ? (o.user?.home ?? null) : null,
    o.addDirs ?? [],
  ]);
}

/** One repository as a run of commands sees it; everything is computed on first use and kept. */
export class Workspace {
  /** Absolute repository root (where `.agent-context.json` lives). */
  readonly root: string;
  /** Absolute launch directory: the root or below it. */
  readonly cwd: string;
  private loaded?: { file: string | null; config: AgentContextConfig };
  private fileList?: string[];
  private readonly snapshots = new Map<string, { agent: AgentModel; snapshot: Snapshot }>();

  private constructor(place: Place) {
    this.root = place.root;
    this.cwd = place.cwd;
  }

  /**
   * The Workspace of a root and a launch directory, resolved as {@link resolvePlace} does (both relative to
   * `here`, default the process directory; no root: found upward). Throws UsageError as it does.
   */
  static open(opts: { root?: string; cwd?: string; here?: string } = {}): Workspace {
    return new Workspace(resolvePlace(opts.root, opts.cwd, opts.here));
  }

  /**
   * The Workspace of a root given as is (absolute, or relative to the process directory) and a launch
   * directory that defaults to it: no upward search. Throws UsageError when either is not a directory or the
   * launch directory lies outside the root.
   */
  static at(root: string, cwd?: string): Workspace {
    const r = requireDirectory(root, "DIR");
    const c = cwd === undefined ? r : requireDirectory(cwd, "--cwd");
    if (!inside(r, c))
      throw new UsageError(`--cwd ${cwd}: must be inside ${r} (the repository being measured)`);
    return new Workspace({ root: r, cwd: c });
  }

  /** `.agent-context.json` of the root, read once. Throws UsageError when it is malformed. */
  config(): { file: string | null; config: AgentContextConfig } {
    this.loaded ??= loadConfig(this.root);
    return this.loaded;
  }

  /**
   * Every file of the repository as POSIX paths relative to the root, listed once: `git ls-files` (tracked
   * plus untracked-but-not-ignored) in a git work tree, else the safe walker (skipping .git and node_modules).
   */
  files(): string[] {
    this.fileList ??=
      gitFiles(this.root, { untracked: true }) ??
      walkFiles(this.root, { enterDir: (_r, name) => !SKIP_DIRS.has(name) }).files.map((f) => f.rel);
    return this.fileList;
  }

  /**
   * The launch snapshot of `agent` at the root for `launch` (working directory, release, view, added
   * directories), built once: {@link measuredLaunch}. Without a release, the configuration's
   * `agents.<id>.release`, else the model's newest. Callers must not mutate it.
   */
  snapshot(agent: AgentModel, asked: LaunchRequest): Snapshot {
    // One default for every command: the release pinned in the configuration, else the model's newest
    // (src/app/release.ts says which and why).
    const pinned = asked.release ?? this.config().config.agents?.[agent.id]?.release;
    const launch = pinned === undefined ? asked : { ...asked, release: pinned };
    const key = launchKey(agent, launch);
    const kept = this.snapshots.get(key);
    if (kept && kept.agent === agent) return kept.snapshot;
    const snapshot = measuredLaunch(agent, { ...launch, root: this.root });
    this.snapshots.set(key, { agent, snapshot });
    return snapshot;
  }

  /**
   * Runs `fn` in one read scope (src/fs/read.ts): every file it reads is read once and every directory
   * listed once, whichever room asks.
   */
  scope<T>(fn: () => T): T {
    return withReadSnapshot(fn);
  }
}

/**
 * `agent.launch(opts)` with every cut (src/model/cut.ts) met while it ran, wherever in the loader, added to
 * the snapshot's `incomplete` (display paths, each place and bound once).
 */
export function measuredLaunch(agent: AgentModel, opts: LaunchOptions): Snapshot {
  const { value: snapshot, cuts } = collectCuts(() => agent.launch(opts));
  if (cuts.length === 0) return snapshot;
  const shown = cuts.map((c) => ({ ...c, path: displayPath(c.path, snapshot.root) }));
  const all = [...(snapshot.incomplete ?? []), ...shown];
  const seen = new Set<string>();
  snapshot.incomplete = all.filter((c) => {
    const key = `${c.bound}\0${c.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return snapshot;
}
