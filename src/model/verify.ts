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
}

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
   * Environment that routes anything not meant for the loopback upstream into the trap proxy
   * (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`...): the runner adds it to the CLI's environment.
   */
  proxyEnv: Readonly<Record<string, string>>;
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
}

/**
 * An agent's verify capability: how to run its real CLI offline and how to set the model's prediction
 * beside it. The pipeline owns everything else (src/verify/run.ts).
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
  /** True when the runner can script Read calls (`--read`). */
  readonly reads: boolean;
  /**
   * Files of the repository the run copies besides every registered agent's memory files and what those
   * import: a predicate over the path relative to the root (POSIX). Settings files are copied through
   * {@link VerifyRunner.sanitize}.
   */
  copies(rel: string): boolean;
  /**
   * A settings file's copy with everything that could run code or send traffic removed (hooks, helpers,
   * environment, servers); undefined leaves the file out. Called for each file `copies` accepted; return
   * `text` unchanged for a file that is not settings.
   */
  sanitize(rel: string, text: string): string | undefined;
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
