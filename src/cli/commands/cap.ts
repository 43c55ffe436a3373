import type { Command } from "commander";
import { parseCapOption } from "../../budget/cap-setting.js";
import { isMatrix, parseAgentOption, runCapMatrix } from "../../budget/matrix.js";
import type { CapRun } from "../../budget/run.js";
import { renderCapFindings } from "../../report/cap-findings.js";
import { renderCapJson, renderCapJsonArray } from "../../report/cap-json.js";
import { groupProblems, renderProblems } from "../../report/cap-text.js";
import { renderCapMatrixText, renderCapRunText } from "../../report/codex.js";
import { shouldColor } from "../../report/color.js";
import { FORMATS, type FormatFlag, formatFromFlags } from "../../report/format.js";

/**
 * Registers `agent-context cap [DIR] [--cwd DIR] [--cap N] [--base REF] [--json] [--agent A] [--all-cwds]`.
 * Exit 0/1/2.
 */
export function registerCap(program: Command): void {
  program
    .command("cap")
    .description("Measure the launch context an agent loads in DIR and check it against the cap")
    .argument("[dir]", "repository root (holds .agent-context.json)", ".")
    .option("--cwd <dir>", "measure a launch from this subdirectory of DIR (ancestors included)")
    .option("--cap <bytes>", "lower the cap for this run (never raises it)", parseCapOption)
    .option("--base <ref>", "git revision whose cap this one may not exceed (CI default: merge base)")
    .option("--json", "print the JSON contract instead of text (an array with --agent all or --all-cwds)")
    .option("--agent <agent>", "claude-code, codex or all", parseAgentOption, "claude-code")
    .option("--all-cwds", "check the root and every directory holding an agent memory file")
    .option("--format <format>", `output format: ${FORMATS.join("|")} (default text; json = --json)`)
    .action(
      (
        dir: string,
        o: {
          cwd?: string;
          cap?: number;
          base?: string;
          json?: boolean;
          agent: ReturnType<typeof parseAgentOption>;
          allCwds?: boolean;
        } & FormatFlag,
      ) => {
        const format = formatFromFlags(o);
        if (format === "json") o.json = true;
        const runs = runCapMatrix({
          dir,
          cwd: o.cwd,
          cap: o.cap,
          base: o.base,
          agent: o.agent,
          allCwds: o.allCwds,
        });
        if (format === "github" || format === "sarif") {
          process.stdout.write(renderCapFindings(runs, format));
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
        if (o.json) {
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
