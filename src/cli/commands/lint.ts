import type { Command } from "commander";
import { ALL_RULES, lintRepository } from "../../lint/index.js";
import { createProgress } from "../../lint/progress.js";
import { shouldColor } from "../../report/color.js";
import {
  countBySeverity,
  diagnosticToJson,
  renderDiagnosticsText,
  sortDiagnostics,
} from "../../report/diagnostic.js";
import { renderGithub } from "../../report/github.js";
import { renderSarif } from "../../report/sarif.js";
import { dirArgument, formatOptions, outputFormat, resolvePlace, type SharedFlags } from "../options.js";

/**
 * Registers `agent-context lint [DIR] [--format F | --json] [--fix]` (DIR as every command takes it:
 * ../options.ts). Exit 1 when any error-severity finding remains.
 */
export function registerLint(program: Command): void {
  const cmd = program
    .command("lint")
    .description(
      "Report agent-context files that fail silently (broken imports, unrecognised scopes, dead rules...)",
    );
  dirArgument(cmd);
  formatOptions(cmd)
    .option("--fix", "apply the safe fixes (rename globs: to paths:, quote a glob YAML cannot parse)")
    .action((dir: string | undefined, o: SharedFlags & { fix?: boolean }) => {
      const format = outputFormat(o);
      const { root } = resolvePlace(dir, undefined);
      const progress = createProgress("agent-context lint");
      let result: ReturnType<typeof lintRepository>;
      try {
        result = lintRepository({ root, fix: o.fix === true, onProgress: (l) => progress.step(l) });
      } finally {
        progress.done();
      }
      const ds = sortDiagnostics(result.diagnostics);
      const counts = countBySeverity(ds);
      let out: string;
      if (format === "json") {
        out = `${JSON.stringify(
          {
            root: result.root,
            ok: counts.error === 0,
            counts,
            fixed: result.fixed.map((f) => ({ file: f.file, ruleIds: f.ruleIds })),
            diagnostics: ds.map(diagnosticToJson),
          },
          null,
          2,
        )}\n`;
      } else if (format === "github") out = renderGithub(ds);
      else if (format === "sarif") out = renderSarif(ds, { root: result.root, rules: ALL_RULES });
      else {
        const fixedNote = result.fixed.map((f) => `fixed ${f.file} (${f.ruleIds.join(", ")})\n`).join("");
        out = fixedNote + renderDiagnosticsText(ds, { color: shouldColor(process.stdout) });
      }
      process.stdout.write(out);
      process.exitCode = counts.error > 0 ? 1 : 0;
    });
}
