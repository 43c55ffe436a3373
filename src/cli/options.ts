/**
 * The one command-line surface: option builders every command shares, so that `DIR`, `--cwd`, `--agent`,
 * `--format` and `--json` mean the same thing in each command, and the one function that turns DIR and
 * `--cwd` into the repository root and the launch directory.
 *
 * - `DIR` (a positional argument) is the repository root, where `.agent-context.json` lives, relative to
 *   the current directory. Default: found upward from the working directory (`--cwd`, else the current
 *   directory): the nearest directory holding `.agent-context.json`, else the git top level, else that
 *   directory itself (src/app/workspace.ts).
 * - `--cwd DIR` is the directory the agent runs in, relative to the current directory. Default: the
 *   current directory when it lies inside the root, else the root. It must lie inside the root.
 */
import { isAbsolute, relative } from "node:path";
import type { Command } from "commander";
import { agents, defaultAgent } from "../agents/index.js";
import { isTokensChoice, TOKENS_CHOICES, type TokensChoice } from "../app/tokens.js";
import { requireDirectory } from "../app/workspace.js";
import { UsageError } from "../errors.js";
import { FORMATS, type Format, formatFromFlags } from "../report/format.js";

/** Help text of the `DIR` argument, the same in every command. */
export const DIR_HELP =
  "repository root, where .agent-context.json lives (default: found upward from the working directory: the nearest .agent-context.json, else the git top level, else the directory itself)";

/** Help text of `--cwd`, the same in every command. */
export const CWD_HELP =
  "directory the agent runs in, relative to the current directory (default: the current directory when it lies inside DIR, else DIR)";

/** Adds the optional `[dir]` argument (see {@link DIR_HELP}). Returns `cmd` for chaining. */
export function dirArgument(cmd: Command): Command {
  return cmd.argument("[dir]", DIR_HELP);
}

/** Adds `--cwd <dir>` (see {@link CWD_HELP}). Returns `cmd` for chaining. */
export function cwdOption(cmd: Command): Command {
  return cmd.option("--cwd <dir>", CWD_HELP);
}

/**
 * Adds `--agent <agent>`: a registered agent's id (the registry, src/agents/index.ts), or `all` when the
 * command takes several; default the registry's default agent. The value is checked where it is used
 * (selectAgents / agentById throw {@link UsageError}, exit 2, naming the known ids).
 */
export function agentOption(cmd: Command, opts: { all?: boolean } = { all: true }): Command {
  const ids = agents()
    .map((a) => a.id)
    .join(", ");
  return cmd.option("--agent <agent>", `${ids}${opts.all ? " or all" : ""} (default ${defaultAgent().id})`);
}

/**
 * Adds `--agent-version <release>`: the agent release to model (default: the newest release the model was
 * verified on). A release the model does not know is a usage error listing the known ones (exit 2).
 */
export function agentVersionOption(cmd: Command): Command {
  return cmd.option(
    "--agent-version <release>",
    "the agent release to model (default: the newest it was verified on; an unknown one lists the known)",
  );
}

/**
 * Adds `--add-dir <dir>` (repeatable): a directory given to the agent CLI with its own `--add-dir` meaning
 * (Claude Code loads an added directory's memory only with CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD set,
 * which the user view reads from the environment). Relative to the current directory.
 */
export function addDirOption(cmd: Command): Command {
  return cmd.option(
    "--add-dir <dir>",
    "a directory the agent is started with (its --add-dir; repeatable)",
    (v: string, prev: string[] = []) => [...prev, v],
  );
}

/**
 * The `--add-dir` values as absolute directories. Throws {@link UsageError} (exit 2) naming the value when
 * it is missing or not a directory.
 */
export function resolveAddDirs(given: readonly string[] | undefined, here = process.cwd()): string[] {
  return (given ?? []).map((d) => requireDirectory(d, "--add-dir", here));
}

/** Adds `--format <format>` (text|json|github|sarif|markdown) and `--json` (= `--format json`). */
export function formatOptions(cmd: Command): Command {
  return cmd
    .option("--format <format>", `output format: ${FORMATS.join("|")} (default text)`)
    .option("--json", "same as --format json");
}

/**
 * Adds `--tokens <auto|api|off>` (how tokens are counted: the agent's own method, Anthropic's endpoint with
 * ANTHROPIC_API_KEY, or not at all) and `--model <id>` (the session's model, where counts and the agent's
 * limits depend on it). docs/tokens.md.
 */
export function tokensOptions(cmd: Command): Command {
  return cmd
    .option(
      "--tokens <method>",
      "count tokens: auto (the agent's method: o200k or a labelled estimate), api (Anthropic's count_tokens endpoint, needs ANTHROPIC_API_KEY; sends the text), off",
      parseTokensOption,
      "auto",
    )
    .option(
      "--model <id>",
      "the session's model, where token counts and the agent's own limits depend on it",
    );
}

function parseTokensOption(v: string): TokensChoice {
  if (isTokensChoice(v)) return v;
  throw new UsageError(`--tokens must be one of ${TOKENS_CHOICES.join(", ")}; got ${JSON.stringify(v)}`);
}

/** Whether an output format shows tokens (tokens are counted only then). */
export function showsTokens(format: Format): boolean {
  return format === "text" || format === "json" || format === "markdown";
}

/** Adds `--json` alone, for a command whose only other output is text. */
export function jsonOption(cmd: Command, help = "print JSON instead of text"): Command {
  return cmd.option("--json", help);
}

/** The parsed values of the shared options. */
export interface SharedFlags {
  cwd?: string;
  addDir?: string[];
  agent?: string;
  agentVersion?: string;
  format?: string;
  json?: boolean;
  tokens?: TokensChoice;
  model?: string;
}

/**
 * The output format chosen by `--format` and `--json` (default text). Throws {@link UsageError} for an
 * unknown format or `--json` with a different `--format`.
 */
export function outputFormat(flags: Pick<SharedFlags, "format" | "json">): Format {
  return formatFromFlags(flags);
}

export { type Place, resolvePlace } from "../app/workspace.js";

/** A directory as a message names it: relative to the current directory (`.` for it; absolute only on another drive). */
export function shownDir(dir: string, here = process.cwd()): string {
  const rel = relative(here, dir);
  return rel === "" ? "." : isAbsolute(rel) ? dir : rel;
}
