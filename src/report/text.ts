/** Findings as text, in the ESLint/Biome style: `file:line:column severity rule-id message`, then its help. */
import type { Finding, Severity } from "../model/finding.js";
import { colors } from "./color.js";
import { columnOf, countBySeverity, lineOf, sortFindings } from "./findings.js";

export interface TextRenderOptions {
  /** Colour the output (the caller decides: TTY and no NO_COLOR, see shouldColor in ./color.ts). */
  color: boolean;
}

/**
 * Renders findings as text, in the order of {@link sortFindings}. A finding alone under its help is one
 * block:
 * ```
 * CLAUDE.md:3:5 error import-missing @docs/styl.md resolves to no file
 *   help: fix the path; the file docs/style.md exists
 * ```
 * Findings of one rule that share their severity and help are told together, where the first of them
 * sorts, and the help is said once after them. When they share the message too, it is said once on a head
 * line with the places under it:
 * ```
 * warning memory-unseen-by-agent AGENTS.md never reaches Gemini CLI (2 files)
 *   AGENTS.md:1:1
 *   pkg/AGENTS.md:1:1
 *   help: add {"context": {"fileName": ["AGENTS.md", "GEMINI.md"]}} to .gemini/settings.json
 * ```
 * otherwise each keeps its own line (`file:line:column severity rule-id message`) above the one help.
 * (a finding without help has no help line; without a line or column it shows 1) followed by a summary
 * line (`2 errors, 1 warning`, and the number fixable with `lint --fix`), or `no problems` when empty.
 * Newlines inside a message or help are folded into spaces.
 */
export function renderFindingsText(fs: readonly Finding[], opts: TextRenderOptions): string {
  const c = colors(opts.color);
  const sevColour = (s: Severity) => (s === "error" ? c.red(s) : s === "warning" ? c.yellow(s) : c.blue(s));
  const place = (f: Finding) => c.bold(`${f.file}:${lineOf(f)}:${columnOf(f)}`);
  const helpLine = (f: Finding) =>
    f.help === undefined
      ? []
      : [`  ${c.cyan("help:")} ${oneLine(f.help)}${f.fixable ? c.dim(" (fixable with --fix)") : ""}`];
  const lines: string[] = [];
  for (const group of groupByHelp(sortFindings(fs))) {
    const f = group[0] as Finding;
    if (group.length === 1) {
      lines.push(
        `${place(f)} ${sevColour(f.severity)} ${c.dim(f.ruleId)} ${oneLine(f.message)}`,
        ...helpLine(f),
      );
      continue;
    }
    if (group.some((g) => g.message !== f.message)) {
      for (const g of group)
        lines.push(`${place(g)} ${sevColour(g.severity)} ${c.dim(g.ruleId)} ${oneLine(g.message)}`);
    } else {
      const files = new Set(group.map((g) => g.file)).size;
      const count =
        files === group.length ? `${files} files` : `${group.length} places in ${plural(files, "file")}`;
      lines.push(`${sevColour(f.severity)} ${c.dim(f.ruleId)} ${oneLine(f.message)} (${count})`);
      for (const g of group) lines.push(`  ${place(g)}`);
    }
    lines.push(...helpLine(f));
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

/**
 * Sorted findings in groups that share rule, severity, help and fixability, each group where its first
 * finding sorts, its findings in sort order.
 */
function groupByHelp(sorted: readonly Finding[]): Finding[][] {
  const groups = new Map<string, Finding[]>();
  for (const f of sorted) {
    const key = JSON.stringify([f.ruleId, f.severity, f.help ?? null, f.fixable === true]);
    const g = groups.get(key);
    if (g) g.push(f);
    else groups.set(key, [f]);
  }
  return [...groups.values()];
}

function plural(n: number, w: string): string {
  return `${n} ${w}${n === 1 ? "" : "s"}`;
}

/** Collapses newlines so one finding stays on its lines in text output. */
function oneLine(s: string): string {
  return s.replace(/\r?\n/g, " ");
}
