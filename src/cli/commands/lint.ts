import type { Command } from "commander";
import { ALL_RULES, lintRepository } from "../../lint/index.js";
import { createProgress } from "../../lint/progress.js";
import { useColor } from "../../report/color.js";
import { countBySeverity, sortFindings } from "../../report/findings.js";
import { FORMATS, formatFromFlags } from "../../report/format.js";
import { renderGithub } from "../../report/github.js";
import { findingToJson } from "../../report/json.js";
import { renderSarif } from "../../report/sarif.js";
import { renderFindingsText } from "../../report/text.js";

/** Registers `agent-context lint [DIR] [--format F] [--fix]`. Exit 1 when any error-severity finding remains. */
export function registerLint(program: Command): void {
  program
    .command("lint")
    .description(
      "Report agent-context files that fail silently (broken imports, unrecognised scopes, dead rules...)",
    )
    .argument("[dir]", "repository root", ".")
    .option("--format <format>", `output format: ${FORMATS.join("|")} (default text)`)
    .option("--json", "same as --format json")
    .option("--fix", "apply the safe fixes (rename globs: to paths:, quote a glob YAML cannot parse)")
    .action((dir: string, o: { format?: string; json?: boolean; fix?: boolean }) => {
      const format = formatFromFlags(o);
      const progress = createProgress("agent-context lint");
      let result: ReturnType<typeof lintRepository>;
      try {
        result = lintRepository({ root: dir, fix: o.fix === true, onProgress: (l) => progress.step(l) });
      } finally {
        progress.done();
      }
      const ds = sortFindings(result.findings);
      const counts = countBySeverity(ds);
      let out: string;
      if (format === "json") {
        out = `${JSON.stringify(
          {
            root: result.root,
            ok: counts.error === 0,
            counts,
            fixed: result.fixed.map((f) => ({ file: f.file, ruleIds: f.ruleIds })),
            diagnostics: ds.map(findingToJson),
          },
          null,
          2,
        )}\n`;
      } else if (format === "github") out = renderGithub(ds);
      else if (format === "sarif") out = renderSarif(ds, { root: result.root, rules: ALL_RULES });
      else {
        const fixedNote = result.fixed.map((f) => `fixed ${f.file} (${f.ruleIds.join(", ")})\n`).join("");
        out = fixedNote + renderFindingsText(ds, { color: useColor(process.stdout) });
      }
      process.stdout.write(out);
      process.exitCode = counts.error > 0 ? 1 : 0;
    });
}
