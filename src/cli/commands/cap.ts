import type { Command } from "commander";
import { currentUserEnvironment } from "../../agents/user-environment.js";
import { holdsNoInstructionFiles, isMatrix, noInstructionFilesLine, runCapMatrix } from "../../app/cap.js";
import { addTokens } from "../../app/tokens.js";
import { Workspace } from "../../app/workspace.js";
import { parseCapOption } from "../../budget/cap-setting.js";
// cap never finds router shards, but warns about a `routers` glob of .agent-context.json that matches
// none, as the router finds them: loading the router room registers that check (src/config.ts).
import "../../router/index-build.js";
import { UsageError } from "../../errors.js";
import { shouldColor } from "../../report/color.js";
import { renderCapOutput } from "../../report/command-output.js";
import { userViewRelease } from "../installed.js";
import {
  addDirOption,
  agentOption,
  agentVersionOption,
  cwdOption,
  dirArgument,
  formatOptions,
  outputFormat,
  resolveAddDirs,
  resolvePlace,
  type SharedFlags,
  shownDir,
  showsTokens,
  tokensOptions,
} from "../options.js";

/**
 * Registers `agent-context cap [DIR] [--cwd DIR] [--cap N] [--base REF] [--json | --format F] [--agent A]
 * [--all-cwds] [--user] [--add-dir DIR]...` (DIR and --cwd as every command takes them: ../options.ts). The
 * fresh-clone view unless `--user`, which adds this machine's user layer, settings, approvals and environment
 * and prints what it applied. Exit 0/1/2.
 */
export function registerCap(program: Command): void {
  const cmd = program
    .command("cap")
    .description("Measure the launch context an agent loads in DIR and check it against the cap");
  dirArgument(cmd);
  cwdOption(cmd)
    .option("--cap <bytes>", "lower the cap for this run (never raises it)", parseCapOption)
    .option("--base <ref>", "git revision whose cap this one may not exceed (CI default: merge base)");
  agentVersionOption(agentOption(cmd)).option(
    "--all-cwds",
    "check the root and every directory holding an agent memory file",
  );
  addDirOption(cmd)
    .option(
      "--user",
      "the user view: add this machine's user files, settings, approvals and environment (never what CI judges)",
    )
    .option(
      "--cli <path>",
      "with --user: the agent CLI whose release to model (default: the one on PATH; `CLI --version`)",
    );
  tokensOptions(formatOptions(cmd)).action(
    async (
      dir: string | undefined,
      o: { cap?: number; base?: string; allCwds?: boolean; user?: boolean; cli?: string } & SharedFlags,
    ) => {
      const format = outputFormat(o);
      if (o.allCwds && o.cwd !== undefined) throw new UsageError("--cwd and --all-cwds cannot be combined");
      const place = resolvePlace(dir, o.cwd);
      const addDirs = resolveAddDirs(o.addDir);
      // --all-cwds measures every directory itself; otherwise the launch directory.
      const ws = Workspace.at(place.root, place.cwd);
      if (o.cli !== undefined && !o.user)
        throw new UsageError("--cli reads the installed release: add --user");
      // The user view models the installed CLI's release (one agent: a matrix keeps each one's configured).
      const release =
        o.user && o.agent !== "all" && !o.agent?.includes(",")
          ? await userViewRelease("cap", o.agent, place.root, o.agentVersion, o.cli)
          : o.agentVersion !== undefined
            ? { release: o.agentVersion }
            : {};
      const runs = runCapMatrix({
        workspace: ws,
        cap: o.cap,
        base: o.base,
        agent: o.agent,
        ...release,
        allCwds: o.allCwds,
        // Without --user the home directory is never read: a runner's home never changes a verdict.
        ...(o.user ? { view: "user" as const, user: currentUserEnvironment() } : {}),
        ...(addDirs.length > 0 ? { addDirs } : {}),
        ...(o.model !== undefined ? { sessionModel: o.model } : {}),
      });
      // Tokens are counted only for an output that shows them (src/app/tokens.ts).
      if (showsTokens(format))
        await addTokens(runs, {
          choice: o.tokens ?? "auto",
          ...(o.model !== undefined ? { model: o.model } : {}),
        });
      const out = renderCapOutput(runs, format, {
        matrix: isMatrix(o),
        color: { stdout: shouldColor(process.stdout), stderr: shouldColor(process.stderr) },
      });
      process.stderr.write(out.stderr);
      if (runs.every((r) => r.items.length === 0) && holdsNoInstructionFiles(ws))
        process.stderr.write(noInstructionFilesLine(shownDir(place.root)));
      process.stdout.write(out.stdout);
      process.exitCode = out.exitCode;
    },
  );
}
