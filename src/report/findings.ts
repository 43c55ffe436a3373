/**
 * Order and counts of findings ({@link Finding}, src/model/finding.ts), shared by every finding renderer
 * (text, JSON, GitHub workflow commands, SARIF) so that they all list the same findings in the same order.
 */
import type { Finding, Severity } from "../model/finding.js";

const SEV_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** 1-based line of a finding as renderers show it: 1 when the finding has none (the whole file). */
export function lineOf(f: Finding): number {
  return f.line ?? 1;
}

/** 1-based UTF-16 column of a finding as renderers show it: 1 when the finding has none. */
export function columnOf(f: Finding): number {
  return f.column ?? 1;
}

/**
 * Orders findings by file, line, column (absent ones count as 1), rule id, then severity: the stable order
 * of every renderer. Returns a new array; findings that tie keep their input order.
 */
export function sortFindings(fs: readonly Finding[]): Finding[] {
  return [...fs].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      lineOf(a) - lineOf(b) ||
      columnOf(a) - columnOf(b) ||
      (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) ||
      SEV_ORDER[a.severity] - SEV_ORDER[b.severity],
  );
}

/** Counts per severity (every severity present, 0 when none). */
export function countBySeverity(fs: readonly Finding[]): Record<Severity, number> {
  const c: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of fs) c[f.severity]++;
  return c;
}
