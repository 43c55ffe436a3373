import { resolve } from "node:path";
import type { Command } from "commander";
import { currentUserEnvironment } from "../../agents/user-environment.js";
import { explainJson, explainPathTokens } from "../../app/explain.js";
import type { TokensChoice } from "../../app/tokens.js";
import { UsageError } from "../../errors.js";
import { lstatSafe } from "../../fs/read.js";
import { renderExplainText } from "../../report/explain.js";
import { userViewRelease } from "../installed.js";
import {
  addDirOption,
  agentOption,
  agentVersionOption,
  cwdOption,
  dirArgument,
  jsonOption,
  resolveAddDirs,
  resolvePlace,
  tokensOptions,
} from "../options.js";

/**
 * Registers `agent-context explain PATH [DIR] [--cwd DIR] [--agent ID] [--fresh-clone] [--add-dir DIR]...
 * [--json]`: everything that reaches the agent for PATH and why — the launch set, what the agent attaches
 * when it reads PATH, and what the agent-context hook adds on a Write to PATH. By default the user view
 * (this machine's user layer, settings, approvals, environment; what was applied is printed first);
 * `--fresh-clone` shows what `cap` judges. DIR and --cwd as every command takes them (../options.ts); PATH
 * is relative to the current directory. JSON: `{ agent, agentVersion, root, cwd, view, applied, launch:
 * [items], total (the launch's bytes, an inlined import counted once, in its block), charged (what cap
 * charges), overhead: [{list, kind, bytes, charged, why}], unmeasured: [{kind, name, source}], onRead: [items],
 * onTool: [items], tokens }`, the header and item records of `cap --json` (each launch item's `tokens` and the
 * charged total's, by the method `cap` counts with; `--tokens off` leaves them out).
 */
export function registerExplain(program: Command): void {
  const cmd = program
    .command("explain")
    .description("Show everything that reaches an agent for a path, and why: launch, on read, on a tool call")
    .argument("<path>", "file path, relative to the current directory (like any CLI argument)");
  dirArgument(cmd);
  cwdOption(cmd);
  agentVersionOption(agentOption(cmd, { all: false }));
  addDirOption(cmd).option(
    "--fresh-clone",
    "the repository alone, as cap judges it: no user files, settings, approvals or environment",
  );
  cmd.option(
    "--cli <path>",
    "the agent CLI whose release the user view models (default: the one on PATH; `CLI --version`)",
  );
  tokensOptions(cmd);
  jsonOption(
    cmd,
    "print {agent, agentVersion, root, cwd, view, applied, launch, onRead, onTool, tokens} as JSON",
  ).action(async (path: string, dir: string | undefined, opts: ExplainFlags) =>
    explainAction(path, dir, opts),
  );
}

/** explain's flags as commander parses them. */
interface ExplainFlags {
  cwd?: string;
  agent?: string;
  agentVersion?: string;
  cli?: string;
  json?: boolean;
  freshClone?: boolean;
  addDir?: string[];
  tokens?: TokensChoice;
  model?: string;
}

async function explainAction(path: string, dir: string | undefined, opts: ExplainFlags): Promise<void> {
  {
    if (opts.agent === "all") throw new UsageError("explain answers for one agent: give --agent ID, not all");
    const { root, cwd } = resolvePlace(dir, opts.cwd);
    const addDirs = resolveAddDirs(opts.addDir);
    // Explaining a path that does not exist is useful (a file the agent is about to create), but the
    // reader must know it is not one they have (issue 29: a typo was explained without a word).
    if (!lstatSafe(resolve(path)))
      process.stderr.write(
        `agent-context explain: ${path} does not exist; shown is what would load for a file created there\n`,
      );
    // The user view models the installed CLI's release; the fresh-clone view the configured one.
    if (opts.cli !== undefined && opts.freshClone)
      throw new UsageError("--cli reads the installed release, which --fresh-clone leaves out: choose one");
    const release = opts.freshClone
      ? opts.agentVersion !== undefined
        ? { release: opts.agentVersion }
        : {}
      : await userViewRelease("explain", opts.agent, root, opts.agentVersion, opts.cli);
    const sets = await explainPathTokens({
      tokens: opts.tokens ?? "auto",
      ...(opts.model ? { model: opts.model } : {}),
      ...(opts.freshClone ? {} : { user: currentUserEnvironment() }),
      ...release,
      ...(addDirs.length > 0 ? { addDirs } : {}),
      root,
      cwd,
      target: resolve(path),
      ...(opts.agent ? { agent: opts.agent } : {}),
    });
    if (!opts.json) {
      process.stdout.write(renderExplainText({ ...sets, agentName: sets.agent.name }, path));
      return;
    }
    const json = explainJson(sets);
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  }
}
