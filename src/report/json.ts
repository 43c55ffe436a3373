/** Findings in JSON: the stable per-finding object of `lint --format json` (`diagnostics[]`). */

import type { LintResult } from "../lint/index.js";
import type { Finding } from "../model/finding.js";
import { schemaUrl } from "../version.js";
import { columnOf, countBySeverity, lineOf, sortFindings } from "./findings.js";

/** One finding in `lint --json` (`diagnostics[]`). */
export interface FindingJson {
  ruleId: string;
  file: string;
  line: number;
  column: number;
  severity: Finding["severity"];
  message: string;
  help: string;
  fixable: boolean;
  endLine?: number;
  endColumn?: number;
}

/** `lint --json` (`--format json`). */
export interface LintJson {
  /** The schema of this output. */
  $schema?: string;
  root: string;
  /** No error-severity finding. */
  ok: boolean;
  counts: Record<Finding["severity"], number>;
  /** Files `--fix` rewrote and the rule ids each fix addressed. */
  fixed: { file: string; ruleIds: string[] }[];
  diagnostics: FindingJson[];
}

/**
 * The JSON object of one finding, field order fixed: `ruleId, file, line, column, severity, message, help,
 * fixable`, then `endLine`/`endColumn` when set. `line`/`column` are 1 when the finding has none, `help`
 * is "" when it has none, `fixable` is always a boolean.
 */
export function findingToJson(f: Finding): FindingJson {
  const out: FindingJson = {
    ruleId: f.ruleId,
    file: f.file,
    line: lineOf(f),
    column: columnOf(f),
    severity: f.severity,
    message: f.message,
    help: f.help ?? "",
    fixable: f.fixable === true,
  };
  if (f.endLine !== undefined) out.endLine = f.endLine;
  if (f.endColumn !== undefined) out.endColumn = f.endColumn;
  return out;
}

/** `lint --json`: the result with its findings sorted and counted, `$schema` first. */
export function lintToJson(result: LintResult): LintJson {
  const ds = sortFindings(result.findings);
  const counts = countBySeverity(ds);
  return {
    $schema: schemaUrl("lint"),
    root: result.root,
    ok: counts.error === 0,
    counts,
    fixed: result.fixed.map((f) => ({ file: f.file, ruleIds: f.ruleIds })),
    diagnostics: ds.map(findingToJson),
  };
}
