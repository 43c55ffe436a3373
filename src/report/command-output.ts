/**
 * What `cap` and `lint` print, as one value per run: the text for stdout and stderr and the exit status.
 * The command files only write it out.
 */
import type { CapRun } from "../app/cap.js";
import type { LintResult } from "../lint/index.js";
import { renderCapFindings } from "./cap-findings.js";
import { renderCapJson, renderCapJsonArray } from "./cap-json.js";
import { groupFindings, renderFindings } from "./cap-text.js";
import { renderCapMatrixText, renderCapRunText } from "./codex.js";
import { countBySeverity, sortFindings } from "./findings.js";
import type { Format } from "./format.js";
import { renderGithub } from "./github.js";
import { lintToJson } from "./json.js";
import { renderCapMarkdown, renderLintMarkdown } from "./markdown.js";
import { renderSarif, type SarifOptions } from "./sarif.js";
import { renderFindingsText } from "./text.js";

/** One command's output: write `stdout` and `stderr`, then exit with `exitCode` (0 ok, 1 check failed). */
export interface CommandOutput {
  stdout: string;
  stderr: string;
  exitCode: 0 | 1;
}

/**
 * Renders the runs of one `cap` invocation in `format`.
 * @param opts.matrix true when the invocation asked for several (agent, cwd) pairs (JSON is then an array)
 * @param opts.color colour stdout / stderr text (decide with shouldColor per stream)
 */
export function renderCapOutput(
  runs: readonly CapRun[],
  format: Format,
  opts: { matrix: boolean; color: { stdout: boolean; stderr: boolean } },
): CommandOutput {
  const exitCode = runs.every((r) => r.ok) ? 0 : 1;
  if (format === "github" || format === "sarif") {
    return { stdout: renderCapFindings(runs, format), stderr: "", exitCode };
  }
  let stderr = renderFindings(groupFindings(runs.flatMap((r) => r.findings)), {
    color: opts.color.stderr,
    limit: 20,
  });
  if (format === "markdown") return { stdout: renderCapMarkdown(runs), stderr, exitCode };
  if (format === "json") {
    const notes = [...new Set(runs.map((r) => r.ratchetNote).filter((n) => n !== null))];
    for (const n of notes) stderr += `agent-context cap: ${n}\n`;
    const stdout = opts.matrix ? renderCapJsonArray(runs) : renderCapJson(runs[0] as CapRun);
    return { stdout, stderr, exitCode };
  }
  const color = opts.color.stdout;
  const stdout = opts.matrix
    ? renderCapMatrixText(runs, { color })
    : renderCapRunText(runs[0] as CapRun, { color });
  return { stdout, stderr, exitCode };
}

/**
 * Renders one `lint` result in `format`: JSON `{root, ok, counts, fixed, diagnostics}`, GitHub workflow
 * commands, SARIF 2.1.0 (`rules` are the rule metadata it lists), or text with one `fixed` line per file
 * `--fix` rewrote. Exit status 1 when any error-severity finding remains.
 */
export function renderLintOutput(
  result: LintResult,
  format: Format,
  opts: { color: boolean; rules: SarifOptions["rules"] },
): CommandOutput {
  const ds = sortFindings(result.findings);
  const counts = countBySeverity(ds);
  const exitCode = counts.error > 0 ? 1 : 0;
  let stdout: string;
  if (format === "json") {
    const json = lintToJson(result);
    stdout = `${JSON.stringify(json, null, 2)}\n`;
  } else if (format === "github") stdout = renderGithub(ds);
  else if (format === "markdown") stdout = renderLintMarkdown(ds);
  else if (format === "sarif") stdout = renderSarif(ds, { root: result.root, rules: opts.rules });
  else {
    const fixedNote = result.fixed.map((f) => `fixed ${f.file} (${f.ruleIds.join(", ")})\n`).join("");
    stdout = fixedNote + renderFindingsText(ds, { color: opts.color });
  }
  return { stdout, stderr: "", exitCode };
}
