/** Findings in JSON: the stable per-finding object of `lint --format json` (`diagnostics[]`). */
import type { Finding } from "../model/finding.js";
import { columnOf, lineOf } from "./findings.js";

/**
 * The JSON object of one finding, field order fixed: `ruleId, file, line, column, severity, message, help,
 * fixable`, then `endLine`/`endColumn` when set. `line`/`column` are 1 when the finding has none, `help`
 * is "" when it has none, `fixable` is always a boolean.
 */
export function findingToJson(f: Finding): Record<string, unknown> {
  const out: Record<string, unknown> = {
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
