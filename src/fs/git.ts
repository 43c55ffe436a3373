/**
 * The one git runner. Every git fact the product needs comes from the real `git` binary (never from
 * parsing `.git` ourselves), run as `git -C DIR ARGS…` with no prompts, no optional locks and no pager.
 *
 * A repository under measurement is untrusted, and so is its `.git/config`: nothing it names may run. Every
 * call overrides, on the command line (which wins over every config file), each setting that makes the
 * commands we run start a program: `core.fsmonitor` (a hook run by commands that read the index), the hooks
 * directory, automatic gc and maintenance, the pager; and forbids every transport (`protocol.allow=never`),
 * so no helper, ssh command or proxy of the repository's is ever started. The product only reads: it never
 * checks out (no clean/smudge filter, no LFS), never asks for textconv, and reads blobs with `cat-file`,
 * which never runs a filter.
 */
import { execFileSync } from "node:child_process";

/** What one git call gave back. Never thrown: a failing call is `ok: false`. */
export interface GitResult {
  /** True when git exited 0. */
  ok: boolean;
  /** Standard output, UTF-8 (what was printed before a failure when `ok` is false). */
  stdout: string;
  /** Standard error, UTF-8 ("git not found" when the binary is missing). */
  stderr: string;
  /** True when no `git` binary was found on PATH. */
  missingGit: boolean;
}

/** Largest output read from one git call, in bytes (512 MiB: `ls-files -z` of a very large repository). */
export const GIT_MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

/**
 * The `-c` options every call carries: each setting of the commands we run that names a program is
 * switched off, whatever the repository's, the user's or the system's configuration says.
 */
export const GIT_SAFE_CONFIG: readonly string[] = [
  "core.fsmonitor=false",
  "core.hooksPath=/dev/null",
  "core.pager=cat",
  "gc.auto=0",
  "maintenance.auto=false",
  "protocol.allow=never",
  "credential.helper=",
  "diff.external=",
  "core.sshCommand=false",
].flatMap((kv) => ["-c", kv]);

/** The environment of every call: the process's, no prompt, no lock, no pager, no external diff. */
function gitEnv(env: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const k of [
    "GIT_EXTERNAL_DIFF",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    "GIT_SSH",
    "GIT_SSH_COMMAND",
    "GIT_PROXY_COMMAND",
  ])
    delete out[k];
  return {
    ...out,
    GIT_TERMINAL_PROMPT: "0",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_PAGER: "cat",
    GIT_NO_REPLACE_OBJECTS: "1",
  };
}

/**
 * Runs `git -C dir ...args` synchronously and returns its status and output. `GIT_TERMINAL_PROMPT=0` and
 * `GIT_OPTIONAL_LOCKS=0` are set so a call never waits on a prompt or takes the index lock; `env` adds
 * variables (e.g. `GIT_INDEX_FILE`). See the module comment for what is switched off. Never throws.
 */
export function runGit(
  dir: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): GitResult {
  const r = runGitBytes(dir, args, { env });
  return { ok: r.ok, stdout: r.stdout.toString("utf8"), stderr: r.stderr, missingGit: r.missingGit };
}

/**
 * {@link runGit} with the output as bytes and optional standard input (`cat-file --batch`). Never throws.
 */
export function runGitBytes(
  dir: string,
  args: readonly string[],
  opts: { env?: Readonly<Record<string, string>>; input?: string | Buffer } = {},
): { ok: boolean; stdout: Buffer; stderr: string; missingGit: boolean } {
  try {
    const stdout = execFileSync("git", [...GIT_SAFE_CONFIG, "-C", dir, ...args], {
      stdio: [opts.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      ...(opts.input === undefined ? {} : { input: opts.input }),
      maxBuffer: GIT_MAX_OUTPUT_BYTES,
      env: gitEnv(opts.env ?? {}),
    });
    return { ok: true, stdout, stderr: "", missingGit: false };
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string | Buffer; stdout?: string | Buffer };
    if (err.code === "ENOENT")
      return { ok: false, stdout: Buffer.alloc(0), stderr: "git not found", missingGit: true };
    return {
      ok: false,
      stdout: Buffer.from(err.stdout ?? ""),
      stderr: String(err.stderr ?? ""),
      missingGit: false,
    };
  }
}

/** True when `dir` lies inside a git work tree (`git rev-parse --is-inside-work-tree`). Never throws. */
export function isGitWorkTree(dir: string): boolean {
  const r = runGit(dir, ["rev-parse", "--is-inside-work-tree"]);
  return r.ok && r.stdout.trim() === "true";
}
