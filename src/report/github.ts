/**
 * GitHub Actions workflow commands (`::error file=...,line=...,col=...,title=RULE::message`), so findings
 * appear inline on a pull request. Escaping follows @actions/core's `toCommandValue`/`escapeData` and
 * `escapeProperty`: in the message `%`, `\r`, `\n` become `%25`, `%0D`, `%0A`; in properties `:` and `,`
 * additionally become `%3A` and `%2C` (they delimit properties).
 */
import type { Finding, Severity } from "../model/finding.js";
import { columnOf, lineOf, sortFindings } from "./findings.js";

const COMMAND: Record<Severity, string> = { error: "error", warning: "warning", info: "notice" };

/** Escapes a workflow command's message (the text after `::`). */
export function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a workflow command property value (file, title...). */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * One workflow command line for a finding (no trailing newline): `::error|warning|notice` with `file`,
 * `line`, `col` (1 when the finding has none), `endLine`/`endColumn` when set, and the rule id as `title`;
 * the message is the finding's message and, when it has one, `help: ...` on a second (escaped) line.
 */
export function githubCommand(d: Finding): string {
  const props: [string, string | number | undefined][] = [
    ["file", d.file],
    ["line", lineOf(d)],
    ["endLine", d.endLine],
    ["col", columnOf(d)],
    ["endColumn", d.endColumn],
    ["title", d.ruleId],
  ];
  const p = props
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(",");
  return `::${COMMAND[d.severity]} ${p}::${escapeData(d.help === undefined ? d.message : `${d.message}\nhelp: ${d.help}`)}`;
}

/** Renders findings as workflow commands, one per line, in the stable order of {@link sortFindings}. */
export function renderGithub(ds: readonly Finding[]): string {
  return sortFindings(ds)
    .map((d) => `${githubCommand(d)}\n`)
    .join("");
}
