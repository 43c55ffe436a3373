/**
 * The verify capability: how an agent runs its real CLI offline and says, file by file, what that CLI
 * delivered, next to what the model predicts. An agent supplies one {@link VerifyRunner}
 * (src/agents/<id>/verify.ts) as `capabilities.verify`; the pipeline (src/verify/) does the rest — finds
 * the CLI, reads its release, picks the model release, prepares the throwaway copy, home and loopback
 * upstream, compares, renders.
 */
import type { Snapshot } from "./snapshot.js";

/** One file as it arrives in the context. */
export interface DeliveredFile {
  /** Absolute path (inside the run's copy of the repository). */
  path: string;
  /** The text that arrives, exactly. Its UTF-8 size is what the file costs, in bytes. */
  text: string;
  /** The agent's label for the file, when it prints one (Claude Code's `(project instructions, ...)`). */
  label?: string;
}

/**
 * One entry of a list the agent writes into its first request for a source that is not sent whole (a
 * skill, a subagent, a command): the entry exactly as the CLI writes it, and the name it is compared by.
 */
export interface DeliveredEntry {
  /** The list, as the model's items name it in `extra.list` (`skills`, `agents`, `subagents`...). */
  list: string;
  /** The entry's name in the list (the skill's, the subagent's): entries are matched by list and name. */
  name: string;
  /** The entry's text, exactly (a machine's paths in it as the CLI wrote them). */
  text: string;
}

/**
 * What arrives at one moment (the launch, or after one Read): the files in the agent's order, and, for an
 * agent that delivers them as one message (Codex), that message exactly — then `files` on the CLI's side
 * is what the message could be split into and the comparison is of the messages, byte for byte.
 */
export interface Delivery {
  files: DeliveredFile[];
  message?: string;
  /**
   * With a `message`: the UTF-8 bytes of the instruction text in it, without the agent's own wrapping
   * (Codex's header and `<INSTRUCTIONS>` tags), which is what the launch costs.
   */
  instructionBytes?: number;
  /**
   * The entries of the lists the runner reads (skills, subagents, commands), each list in the agent's
   * order, the CLI's own built-in entries left out. Absent: this runner compares no lists (then neither
   * side's entries are compared).
   */
  entries?: DeliveredEntry[];
}

/** How one process run ended (src/verify/process.ts). */
export interface ProcessResult {
  /** Exit status, or null when the process was killed (at the timeout) or died of a signal. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the process was killed at the timeout. */
  timedOut?: boolean;
  /** Set when the process could not be started at all (e.g. ENOENT, EACCES): the error's message. */
  spawnError?: string;
}

export interface RunOptions {
  cwd: string;
  /** Exactly the process's environment (nothing inherited). */
  env: Record<string, string>;
  timeoutMs: number;
  /**
   * The loopback servers (`http://127.0.0.1:PORT` URLs) the process must reach: an isolating runner
   * (src/verify/isolate.ts) makes exactly these reachable inside the process's own network namespace.
   */
  reach?: readonly string[];
}

/** Runs one process to its end, never rejecting (src/verify/process.ts, src/verify/isolate.ts). */
export type RunProcess = (bin: string, args: string[], opts: RunOptions) => Promise<ProcessResult>;

/** Where the run happens: everything a runner needs, prepared by the pipeline. */
export interface VerifyRunRequest {
  /** The CLI executable (absolute path). */
  bin: string;
  /** The copy of the repository (absolute, real path). */
  root: string;
  /** The launch directory inside the copy (absolute). */
  cwd: string;
  /** A throwaway home directory (empty, created). The runner makes its config dir under it. */
  home: string;
  /** Files the scripted model reads, in order (absolute, inside the copy). Empty: launch only. */
  reads: readonly string[];
  /** Kill the CLI after this many milliseconds. */
  timeoutMs: number;
  /**
   * The CLI's release as its `--version` printed it: the runner reads what that release sends by its own
   * rules (framing lines, counters around the files). Absent: every rule the runner knows.
   */
  release?: string;
  /**
   * Variables the runner adds last to the CLI's environment (which it builds from nothing): `PATH` without
   * relative entries or entries in the repository, every proxy variable pointing at the trap proxy, and
   * `GIT_CEILING_DIRECTORIES` (git never looks above the copy).
   */
  env: Readonly<Record<string, string>>;
  /**
   * `verify --env K=V` (checked against {@link VerifyRunner.userInputs}): set on the CLI's environment
   * before {@link env} (which wins). Empty: none.
   */
  userEnv?: Readonly<Record<string, string>>;
  /** `verify --agent-arg ARG` (checked against {@link VerifyRunner.userInputs}), in order. Empty: none. */
  agentArgs?: readonly string[];
  /**
   * Runs the CLI isolated as the pipeline chose (its own network namespace, or the trap proxy alone): the
   * runner starts every process through it, naming in `reach` the loopback upstream it started.
   */
  run: RunProcess;
}

/** What the CLI did. */
export interface VerifyObservation {
  /** What the CLI delivered at launch. */
  launch: Delivery;
  /** What the CLI attached after each scripted Read, in `reads` order. */
  reads: Delivery[];
  /** Requests to the loopback upstream other than the model API (`HEAD /`...), as `METHOD path`. */
  otherRequests: string[];
}

/** A CLI run that gave nothing to compare: said in one message, exit 2. */
export class VerifyRunError extends Error {
  override name = "VerifyRunError";
}

/** One bundled probe: a small repository that pins one modelled behaviour. */
export interface VerifyProbe {
  /** Stable id, e.g. `import-hop-limit`. */
  id: string;
  /** The behaviour, one sentence (what holds when the CLI agrees). */
  behaviour: string;
  /** Files (relative path → text) of the probe repository. */
  files: Readonly<Record<string, string>>;
  /** Symlinks (relative path → target as written). */
  links?: Readonly<Record<string, string>>;
  /** Directories (relative; `.` the root) that are git repositories. */
  git?: readonly string[];
  /** Launch directory relative to the root (default the root). */
  cwd?: string;
  /** Files the scripted model reads (relative to the root). */
  reads?: readonly string[];
  /**
   * For a behaviour some releases have and others not (absent: every release the model knows has it):
   * which model releases have it, a model release on the other side of its boundary, and the wording on a
   * release without it. The probe then says which of the two the CLI does, whatever its release.
   */
  byRelease?: ProbeReleases;
}

/** Where a probe's behaviour holds among the releases a model knows (a {@link VerifyProbe}'s `byRelease`). */
export interface ProbeReleases {
  /** Whether the model of `release` has the behaviour. */
  has(release: string): boolean;
  /** A release the model knows on the other side of the behaviour's boundary from `release`. */
  other(release: string): string;
  /** The releases that have it, in words (`2.1.281 and later`, `2.1.197 to 2.1.206`). */
  releases: string;
  /** The behaviour, one sentence, as it holds on a release without it. */
  without: string;
}

/**
 * An agent's verify capability: how to run its real CLI offline and how to set the model's prediction
 * beside it. The pipeline owns everything else (src/app/verify.ts).
 */
export interface VerifyRunner {
  /** The executable's name on PATH (`claude`, `codex`). */
  readonly executable: string;
  /**
   * The npm package that installs {@link executable} (`@anthropic-ai/claude-code`), named when the CLI is
   * not found; test/agents/package.json pins the same packages for the conformance tests.
   */
  readonly npmPackage: string;
  /**
   * The executable to run for the one found (`--cli` or PATH), e.g. a native binary for its npm launcher.
   * Absent: the one found. Must not throw.
   */
  resolveBin?(bin: string): string;
  /** The release in the output of `EXECUTABLE --version`, or undefined when the format is not known. */
  parseVersion(versionOutput: string): string | undefined;
  /**
   * Environment for `EXECUTABLE --version` that skips start-up work the version line does not depend on
   * (Gemini CLI's relaunch into a child Node, Copilot CLI's unpacking of its package into the throwaway
   * HOME); the pipeline's own variables are applied after it.
   */
  versionEnv?(): Record<string, string>;
  /** True when the runner can script Read calls (`--read`). */
  readonly reads: boolean;
  /**
   * Files below a dotted folder (`.claude/`, `.github/`...) that this agent reads as instruction text and
   * nothing else: a predicate over the path relative to the root (POSIX). A verify copy holds, besides
   * settings, only files whose path has no segment starting with "." and files some registered agent's
   * runner accepts here; whatever else a repository holds there (MCP configs, hooks, plugins, output
   * styles, agents, skills, commands) is never copied, whatever its name or link, unless
   * {@link listedSource} names it.
   */
  instructionFile(rel: string): boolean;
  /**
   * Files below a dotted folder that this agent reads for an entry of a list it sends (a skill's
   * `SKILL.md`, a subagent's or a command's Markdown file, Codex's per-skill `agents/openai.yaml`): a
   * predicate over the path relative to the root (POSIX). Only these files of a source folder are copied,
   * as regular files; scripts, assets and anything else beside them never are.
   */
  listedSource(rel: string): boolean;
  /** The agent's settings files that change which instruction files load (a predicate over the relative path). */
  settingsFile(rel: string): boolean;
  /**
   * One settings file re-written from the allowlist of keys that change loading (src/verify/settings.ts);
   * undefined when the CLI would not read it (not valid JSON, TOML...): it is left out. Never the text as is.
   * The pipeline has bounded the text's nesting before calling.
   */
  rewriteSettings(rel: string, text: string): string | undefined;
  /**
   * Names this CLI reads in the folders above the one it starts in (memory files, config folders, MCP
   * files, `.env`): verify refuses to run below a folder that holds one.
   */
  readonly ancestorNames: readonly string[];
  /**
   * What `verify --env` and `--agent-arg` may give this CLI: only the variables and arguments the model
   * reads (its user view applies them to the prediction), none of which can make the CLI run repository
   * code, read outside the copy or reach the network. `env` maps a name to a check of its value (a reason
   * to refuse it, or undefined); `args` lists the arguments allowed, exactly. Absent: neither is taken.
   */
  readonly userInputs?: {
    readonly env: Readonly<Record<string, (value: string) => string | undefined>>;
    readonly args: readonly string[];
  };
  /** Runs the CLI once; throws {@link VerifyRunError} when it gives nothing to compare (exit, timeout, format). */
  observe(req: VerifyRunRequest): Promise<VerifyObservation>;
  /**
   * The model's prediction for the same run: the launch from `snapshot` (the model's launch of the copy,
   * for the compared release, with `home` as the home directory) and what each read attaches.
   */
  predict(
    snapshot: Snapshot,
    reads: readonly string[],
    home: string,
  ): { launch: Delivery; reads: Delivery[] };
  /** The bundled probes, one per modelled behaviour. */
  readonly probes: readonly VerifyProbe[];
}
