import type { Command } from "commander";
import { parseCapOption } from "../../budget/cap-setting.js";
import { runCap } from "../../budget/run.js";
import { renderCapJson } from "../../report/cap-json.js";
import { renderCapText, renderProblems } from "../../report/cap-text.js";
import { shouldColor } from "../../report/color.js";

/** Registers `agent-context cap [DIR] [--cwd DIR] [--cap N] [--base REF] [--json]`. Exit 0/1/2. */
export function registerCap(program: Command): void {
  program
    .command("cap")
    .description("Measure the launch context an agent loads in DIR and check it against the cap")
    .argument("[dir]", "repository root (holds .agent-context.json)", ".")
    .option("--cwd <dir>", "measure a launch from this subdirectory of DIR (ancestors included)")
    .option("--cap <bytes>", "lower the cap for this run (never raises it)", parseCapOption)
    .option("--base <ref>", "git revision whose cap this one may not exceed (CI default: merge base)")
    .option("--json", "print the JSON contract instead of text")
    .action((dir: string, o: { cwd?: string; cap?: number; base?: string; json?: boolean }) => {
      const run = runCap({ dir, cwd: o.cwd, cap: o.cap, base: o.base });
      process.stderr.write(renderProblems(run.problems, { color: shouldColor(process.stderr), limit: 20 }));
      if (o.json) {
        if (run.ratchetNote) process.stderr.write(`agent-context cap: ${run.ratchetNote}\n`);
        process.stdout.write(renderCapJson(run));
      } else {
        process.stdout.write(renderCapText(run, { color: shouldColor(process.stdout) }));
      }
      process.exitCode = run.ok ? 0 : 1;
    });
}
