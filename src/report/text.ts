/** Findings as text, in the ESLint/Biome style: `file:line:column severity rule-id message`, then its help. */
import type { Finding, Severity } from "../model/finding.js";
import { colors } from "./color.js";
import { columnOf, countBySeverity, lineOf, sortFindings } from "./findings.js";

export interface TextRenderOptions {
  /** Colour the output (the caller decides: TTY and no NO_COLOR, see shouldColor in ./color.ts). */
  color: boolean;
}

/**
 * Renders findings as text, one finding per block, in the order of {@link sortFindings}:
 * ```
 * CLAUDE.md:3:5 error import-missing @docs/styl.md resolves to no file
 *   help: fix the path; the file docs/style.md exists
 * ```
 * (a finding without help has no help line; without a line or column it shows 1) followed by a summary
 * line (`2 errors, 1 warning`, and the number fixable with `lint --fix`), or `no problems` when empty.
 * Newlines inside a message or help are folded into spaces.
 */
export function renderFindingsText(fs: readonly Finding[], opts: TextRenderOptions): string {
  const c = colors(opts.color);
  const sevColour = (s: Severity) => (s === "error" ? c.red(s) : s === "warning" ? c.yellow(s) : c.blue(s));
  const lines: string[] = [];
  for (const f of sortFindings(fs)) {
    lines.push(
      `${c.bold(`${f.file}:${lineOf(f)}:${columnOf(f)}`)} ${sevColour(f.severity)} ${c.dim(f.ruleId)} ${oneLine(f.message)}`,
    );
    if (f.help !== undefined)
      lines.push(`  ${c.cyan("help:")} ${oneLine(f.help)}${f.fixable ? c.dim(" (fixable with --fix)") : ""}`);
  }
  const n = countBySeverity(fs);
  if (fs.length === 0) lines.push(c.green("no problems"));
  else {
    const parts = [plural(n.error, "error"), plural(n.warning, "warning")];
    if (n.info) parts.push(plural(n.info, "info"));
    const fixable = fs.filter((f) => f.fixable).length;
    lines.push(
      `${parts.join(", ")}${fixable ? `; ${fixable} fixable with \`agent-context lint --fix\`` : ""}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

function plural(n: number, w: string): string {
  return `${n} ${w}${n === 1 ? "" : "s"}`;
}

/** Collapses newlines so one finding stays on its lines in text output. */
function oneLine(s: string): string {
  return s.replace(/\r?\n/g, " ");
}
