/**
 * The Diagnostic: one finding of `lint` (or one cap overage), with a stable rule id, a place and a remedy.
 * Every output format (text, JSON, GitHub workflow commands, SARIF) renders this one record.
 */
import { UsageError } from "../errors.js";
import { colors } from "./color.js";

/** Output formats shared by `cap` and `lint`. */
export const FORMATS = ["text", "json", "github", "sarif"] as const;
export type Format = (typeof FORMATS)[number];

/** The commander option object of `--format` (raw string, validated by {@link parseFormat}). */
export type FormatFlag = { format?: string };

/**
 * The output format from `--format F` and `--json` (default text). `--json` is `--format json`; combined
 * with a different `--format` it is a {@link UsageError} (exit 2) rather than a silent precedence.
 */
export function formatFromFlags(o: { format?: string; json?: boolean }): Format {
  if (o.format === undefined) return o.json ? "json" : "text";
  const f = parseFormat(o.format);
  if (o.json && f !== "json") {
    throw new UsageError(`--json conflicts with --format ${f}; give one of them`);
  }
  return f;
}

/** Validates a `--format` value. Throws UsageError naming the allowed values. */
export function parseFormat(v: string): Format {
  if ((FORMATS as readonly string[]).includes(v)) return v as Format;
  throw new UsageError(`--format must be one of ${FORMATS.join(", ")}; got ${JSON.stringify(v)}`);
}

/** How bad a finding is. `error` fails the run (exit 1); `warning` and `info` do not. */
export type Severity = "error" | "warning" | "info";

export interface Diagnostic {
  /** Stable rule id, e.g. `import-missing`. Never renamed once released: CI suppressions key on it. */
  ruleId: string;
  /** POSIX path relative to the repository root; absolute when the file lies outside it. */
  file: string;
  /** 1-based line (1 when the finding concerns the whole file). */
  line: number;
  /** 1-based column, counted in UTF-16 code units of the line as editors do (1 for the whole file). */
  column: number;
  /** Optional 1-based end of the span (inclusive line, exclusive column). */
  endLine?: number;
  endColumn?: number;
  severity: Severity;
  /** One sentence: what is wrong. */
  message: string;
  /** One sentence: what to do about it. */
  help: string;
  /** True when `lint --fix` can repair it. */
  fixable?: boolean;
}

/** Static description of a rule (for SARIF's `tool.driver.rules` and for docs). */
export interface RuleMeta {
  id: string;
  /** Short description (one line). */
  description: string;
  defaultSeverity: Severity;
}

const SEV_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Orders diagnostics by file, line, column, rule id (a stable order for every renderer). */
export function sortDiagnostics(ds: readonly Diagnostic[]): Diagnostic[] {
  return [...ds].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) ||
      SEV_ORDER[a.severity] - SEV_ORDER[b.severity],
  );
}

/** Counts per severity. */
export function countBySeverity(ds: readonly Diagnostic[]): Record<Severity, number> {
  const c: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const d of ds) c[d.severity]++;
  return c;
}

export interface TextRenderOptions {
  /** Colour the output (the caller decides: TTY and no NO_COLOR, see shouldColor in ./color.ts). */
  color: boolean;
}

/**
 * Renders diagnostics as text in the ESLint/Biome style, one finding per block:
 * ```
 * CLAUDE.md:3:5 error import-missing @docs/styl.md resolves to no file
 *   help: fix the path; the file docs/style.md exists
 * ```
 * followed by a summary line (`2 errors, 1 warning`), or `no problems` when empty.
 */
export function renderDiagnosticsText(ds: readonly Diagnostic[], opts: TextRenderOptions): string {
  const c = colors(opts.color);
  const sevColour = (s: Severity) => (s === "error" ? c.red(s) : s === "warning" ? c.yellow(s) : c.blue(s));
  const lines: string[] = [];
  for (const d of sortDiagnostics(ds)) {
    lines.push(
      `${c.bold(`${d.file}:${d.line}:${d.column}`)} ${sevColour(d.severity)} ${c.dim(d.ruleId)} ${oneLine(d.message)}`,
    );
    lines.push(`  ${c.cyan("help:")} ${oneLine(d.help)}${d.fixable ? c.dim(" (fixable with --fix)") : ""}`);
  }
  const n = countBySeverity(ds);
  if (ds.length === 0) lines.push(c.green("no problems"));
  else {
    const parts = [plural(n.error, "error"), plural(n.warning, "warning")];
    if (n.info) parts.push(plural(n.info, "info"));
    const fixable = ds.filter((d) => d.fixable).length;
    lines.push(
      `${parts.join(", ")}${fixable ? `; ${fixable} fixable with \`agent-context lint --fix\`` : ""}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** JSON shape of a diagnostic (stable; field order fixed). */
export function diagnosticToJson(d: Diagnostic): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ruleId: d.ruleId,
    file: d.file,
    line: d.line,
    column: d.column,
    severity: d.severity,
    message: d.message,
    help: d.help,
    fixable: d.fixable === true,
  };
  if (d.endLine !== undefined) out.endLine = d.endLine;
  if (d.endColumn !== undefined) out.endColumn = d.endColumn;
  return out;
}

function plural(n: number, w: string): string {
  return `${n} ${w}${n === 1 ? "" : "s"}`;
}

/** Collapses newlines so one finding stays on its lines in text output. */
function oneLine(s: string): string {
  return s.replace(/\r?\n/g, " ");
}
