import type { Command } from "commander";
import { parseCapOption } from "../../budget/cap-setting.js";
import { isMatrix, runCapMatrix } from "../../budget/matrix.js";
import type { CapRun } from "../../budget/run.js";
import { renderCapDiagnostics } from "../../lint/cap-diagnostics.js";
import { renderCapJson, renderCapJsonArray } from "../../report/cap-json.js";
import { groupProblems, renderProblems } from "../../report/cap-text.js";
import { renderCapMatrixText, renderCapRunText } from "../../report/codex.js";
import { shouldColor } from "../../report/color.js";
import {
  agentOption,
  cwdOption,
  dirArgument,
  formatOptions,
  outputFormat,
  resolvePlace,
  type SharedFlags,
} from "../options.js";

/**
 * Registers `agent-context cap [DIR] [--cwd DIR] [--cap N] [--base REF] [--json | --format F] [--agent A]
 * [--all-cwds]` (DIR and --cwd as every command takes them: ../options.ts). Exit 0/1/2.
 */
export function registerCap(program: Command): void {
  const cmd = program
    .command("cap")
    .description("Measure the launch context an agent loads in DIR and check it against the cap");
  dirArgument(cmd);
  cwdOption(cmd)
    .option("--cap <bytes>", "lower the cap for this run (never raises it)", parseCapOption)
    .option("--base <ref>", "git revision whose cap this one may not exceed (CI default: merge base)");
  agentOption(cmd).option("--all-cwds", "check the root and every directory holding an agent memory file");
  formatOptions(cmd).action(
    (dir: string | undefined, o: { cap?: number; base?: string; allCwds?: boolean } & SharedFlags) => {
      const format = outputFormat(o);
      const place = resolvePlace(dir, o.cwd);
      const runs = runCapMatrix({
        dir: place.root,
        // --all-cwds measures every directory itself; otherwise the launch directory (the root: no --cwd).
        cwd: o.allCwds ? o.cwd : place.cwd === place.root ? undefined : place.cwd,
        cap: o.cap,
        base: o.base,
        agent: o.agent,
        allCwds: o.allCwds,
      });
      if (format === "github" || format === "sarif") {
        process.stdout.write(renderCapDiagnostics(runs, format));
        process.exitCode = runs.every((r) => r.ok) ? 0 : 1;
        return;
      }
      const color = shouldColor(process.stdout);
      process.stderr.write(
        renderProblems(groupProblems(runs.flatMap((r) => r.problems)), {
          color: shouldColor(process.stderr),
          limit: 20,
        }),
      );
      const matrix = isMatrix(o);
      const notes = [...new Set(runs.map((r) => r.ratchetNote).filter((n) => n !== null))];
      if (format === "json") {
        for (const n of notes) process.stderr.write(`agent-context cap: ${n}\n`);
        process.stdout.write(matrix ? renderCapJsonArray(runs) : renderCapJson(runs[0] as CapRun));
      } else {
        process.stdout.write(
          matrix ? renderCapMatrixText(runs, { color }) : renderCapRunText(runs[0] as CapRun, { color }),
        );
      }
      process.exitCode = runs.every((r) => r.ok) ? 0 : 1;
    },
  );
}
