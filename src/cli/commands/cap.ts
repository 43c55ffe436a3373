import type { Command } from "commander";
import { currentUserEnvironment } from "../../agents/user-environment.js";
import { parseCapOption } from "../../budget/cap-setting.js";
import { isMatrix, runCapMatrix } from "../../budget/matrix.js";
import { shouldColor } from "../../report/color.js";
import { renderCapOutput } from "../../report/command-output.js";
import {
  agentOption,
  agentVersionOption,
  cwdOption,
  dirArgument,
  formatOptions,
  outputFormat,
  resolvePlace,
  type SharedFlags,
} from "../options.js";

/**
 * Registers `agent-context cap [DIR] [--cwd DIR] [--cap N] [--base REF] [--json | --format F] [--agent A]
 * [--all-cwds] [--user]` (DIR and --cwd as every command takes them: ../options.ts). Exit 0/1/2.
 */
export function registerCap(program: Command): void {
  const cmd = program
    .command("cap")
    .description("Measure the launch context an agent loads in DIR and check it against the cap");
  dirArgument(cmd);
  cwdOption(cmd)
    .option("--cap <bytes>", "lower the cap for this run (never raises it)", parseCapOption)
    .option("--base <ref>", "git revision whose cap this one may not exceed (CI default: merge base)");
  agentVersionOption(agentOption(cmd))
    .option("--all-cwds", "check the root and every directory holding an agent memory file")
    .option(
      "--user",
      "measure what this machine's agent loads: add the user layer (home config, settings, environment) to the fresh clone, and list what was applied",
    );
  formatOptions(cmd).action(
    (
      dir: string | undefined,
      o: { cap?: number; base?: string; allCwds?: boolean; user?: boolean } & SharedFlags,
    ) => {
      const format = outputFormat(o);
      const place = resolvePlace(dir, o.cwd);
      const runs = runCapMatrix({
        dir: place.root,
        // --all-cwds measures every directory itself; otherwise the launch directory (the root: no --cwd).
        cwd: o.allCwds ? o.cwd : place.cwd === place.root ? undefined : place.cwd,
        cap: o.cap,
        base: o.base,
        agent: o.agent,
        ...(o.agentVersion !== undefined ? { release: o.agentVersion } : {}),
        allCwds: o.allCwds,
        ...(o.user ? { user: currentUserEnvironment() } : {}),
      });
      const out = renderCapOutput(runs, format, {
        matrix: isMatrix(o),
        color: { stdout: shouldColor(process.stdout), stderr: shouldColor(process.stderr) },
      });
      process.stderr.write(out.stderr);
      process.stdout.write(out.stdout);
      process.exitCode = out.exitCode;
    },
  );
}
