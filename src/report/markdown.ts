/**
 * `--format markdown`: the report for `$GITHUB_STEP_SUMMARY` and for the one pull-request comment the
 * Action keeps up to date. The first line is a fixed HTML comment ({@link CAP_MARKDOWN_MARKER}) by which the
 * comment is found and updated in place; GitHub does not render it.
 */
import { relative } from "node:path";
import { agentName } from "../agents/index.js";
import type { CapRun } from "../app/cap.js";
import type { Finding } from "../model/index.js";
import { baseLabel, changeNote, formatBytes, formatChange } from "./delta.js";
import { showInvisible } from "./escape.js";
import { countBySeverity, lineOf, sortFindings } from "./findings.js";
import {
  adoptLine,
  capRaised,
  chargingRatchetLines,
  kindCapFailures,
  unadoptedList,
  unmeasuredLine,
} from "./kinds.js";
import { partialSessionLines, tokenNumber } from "./tokens.js";

/** The first line of `cap --format markdown`: how the Action finds its own comment on a pull request. */
export const CAP_MARKDOWN_MARKER = "<!-- agent-context:cap -->";
/** The first line of `lint --format markdown`. */
export const LINT_MARKDOWN_MARKER = "<!-- agent-context:lint -->";

/**
 * Repository text in Markdown: every line terminator (CR and LF, NEL, LS, PS; a lone CR in a folder name
 * followed by `<!--` would otherwise open a comment that hides the rows after it) and every invisible or
 * terminal-driving character is shown as an escape (./escape.ts).
 */
const visible = (s: string): string => showInvisible(s);

/**
 * Text as inline code, safe inside a Markdown table cell and on a line of its own: line terminators and
 * invisible characters shown as escapes, pipes escaped, and fenced with one backtick more than the longest
 * run of backticks in it (so no backtick in a name can end the span and let Markdown through).
 */
export function code(s: string): string {
  // A backslash just before a pipe would take the table's escape of that pipe for its own: shown as `\u005c`.
  const flat = visible(s)
    .replace(/\\(?=\|)/g, "\\u005c")
    .replaceAll("|", "\\|");
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((r) => r.length));
  const fence = "`".repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(flat) ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * Plain text safe inside a Markdown table cell: a newline (LF or CRLF) folded into a space, every other
 * line terminator and invisible character shown as an escape, HTML brackets and `&` as entities, and the
 * punctuation Markdown acts on (emphasis, links, code, pipes, strikethrough) backslash-escaped.
 */
export function cell(s: string): string {
  return visible(s.replace(/\r?\n/g, " ")).replace(/[\\`*_[\]<>|&~]/g, (c) =>
    c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : `\\${c}`,
  );
}

/** Text safe inside raw HTML (a `<summary>`): entities for `& < > " '`, terminators shown as escapes. */
export function html(s: string): string {
  return visible(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function cwdLabel(run: CapRun): string {
  const rel = relative(run.root, run.cwd).split("\\").join("/");
  return rel === "" ? "." : rel;
}

function status(run: CapRun): string {
  if (run.ok) return "✅ pass";
  if ((run.incomplete ?? []).length > 0) return "❌ incomplete";
  if (!run.evaluation.ok) return `❌ ${formatBytes(run.evaluation.over)} B over`;
  if (run.tokens && !run.tokens.ok) return `❌ ${formatBytes(run.tokens.over)} tokens over`;
  if (!run.evaluation.kindsOk) return "❌ a kind over its cap";
  if (run.ratchet && !run.ratchet.ok) return "❌ cap raised";
  const v = run.snapshot.verdict?.failure;
  return `❌ ${cell(v ?? "failing")}`;
}

/**
 * Renders the runs of one `cap` invocation as GitHub-flavoured Markdown: a table with one row per (agent,
 * launch directory) — status, launch bytes, cap, change against the base — then, per launch whose files
 * changed, a collapsed table of the files (before, after, change, why), and the ratchet and failure lines.
 * Ends in a newline.
 */
export function renderCapMarkdown(runs: readonly CapRun[]): string {
  const out: string[] = [CAP_MARKDOWN_MARKER, "### agent-context: launch context", ""];
  const withDelta = runs.some((r) => r.delta);
  const withTokens = runs.some((r) => r.tokens);
  out.push(
    `| Status | Agent | Launch directory | Launch context |${withTokens ? " Tokens |" : ""} Cap |${withDelta ? " Change |" : ""}`,
    `|---|---|---|---:|${withTokens ? "---:|" : ""}---:|${withDelta ? "---:|" : ""}`,
  );
  for (const r of runs) {
    const change = withDelta ? ` ${r.delta ? formatChange(r.delta.change) : "—"} |` : "";
    const tok = withTokens
      ? ` ${r.tokens ? tokenNumber(r.tokens.total, r.tokens.exact) : "—"}${r.tokens?.cap != null ? ` / ${formatBytes(r.tokens.cap)}` : ""} |`
      : "";
    out.push(
      `| ${status(r)} | ${cell(agentName(r.agent))} ${cell(r.agentVersion)} | ${code(cwdLabel(r))} | ${formatBytes(r.evaluation.total)} B |${tok} ${formatBytes(r.evaluation.cap)} B |${change}`,
    );
  }
  if (withTokens) {
    const methods = new Set<string>();
    for (const r of runs)
      if (r.tokens)
        methods.add(
          `${cell(agentName(r.agent))}: ${cell(r.tokens.label)}${r.tokens.model ? ` (${cell(r.tokens.model)})` : ""}`,
        );
    out.push("", `Tokens: ${[...methods].join("; ")}. The cap and the ratchet are in bytes.`);
  }
  const base = runs.find((r) => r.delta)?.delta;
  if (base) out.push("", `Change against ${code(baseLabel(base))}.`);
  for (const r of runs) {
    const d = r.delta;
    if (!d || d.files.length === 0) continue;
    const n = d.files.length;
    out.push(
      "",
      `<details><summary>${html(agentName(r.agent))} · <code>${html(cwdLabel(r))}</code>: ${n} file${n === 1 ? "" : "s"} changed (${formatChange(d.change)})</summary>`,
      "",
      ...kindChangeLines(d),
      "| File | Kind | Before | After | Change |",
      "|---|---|---:|---:|---:|",
    );
    for (const f of d.files) {
      const b = f.before === null ? "—" : `${formatBytes(f.before)} B`;
      const a = f.after === null ? "—" : `${formatBytes(f.after)} B`;
      const kind = f.charged ? f.kind : `${f.kind} (not charged)`;
      out.push(
        `| ${code(f.path)} | ${cell(kind)} | ${b} | ${a} | ${formatChange(f.change)}${cell(changeNote(f))} |`,
      );
    }
    out.push("", "</details>");
  }
  const notes: string[] = [];
  for (const r of runs) {
    const where = `${cell(agentName(r.agent))} in ${code(cwdLabel(r))}`;
    const ev = r.evaluation;
    if (!ev.ok) {
      const top = ev.contributors[0];
      notes.push(
        `- ${where}: ${formatBytes(ev.total)} B is ${formatBytes(ev.over)} B over the ${formatBytes(ev.cap)} B cap${top ? `; largest: ${code(top.item.path)} (${formatBytes(top.bytes)} B, ${cell(top.why)})` : ""}. Cut bytes; the cap only goes down.`,
      );
    }
    const t = r.tokens;
    if (t && !t.ok && t.cap !== null)
      notes.push(
        `- ${where}: ${tokenNumber(t.total, t.exact)} tokens is ${formatBytes(t.over)} over the ${formatBytes(t.cap)}-token cap (${cell(t.label)}).`,
      );
    if (t?.note) notes.push(`- ${where}: tokens: ${cell(t.note)}`);
    for (const line of partialSessionLines(r)) notes.push(`- ${where}: ${cell(line)}.`);
    if (r.ratchet && !r.ratchet.ok && capRaised(r.ratchet)) {
      notes.push(
        `- ${where}: the cap was raised to ${formatBytes(r.ratchet.currentCap)} B; it was ${formatBytes(r.ratchet.baseCap ?? 0)} B at ${code(r.ratchet.base)}${r.ratchet.charging?.adopted.length ? `, and adopting ${cell(r.ratchet.charging.adopted.join(", "))} allows at most ${formatBytes((r.ratchet.baseCap ?? 0) + r.ratchet.charging.allowance)} B` : ""}.`,
      );
    }
    notes.push(...kindNotes(r, where));
    const v = r.snapshot.verdict;
    if (v?.failure && v.detail?.[0]) notes.push(`- ${where}: ${cell(v.detail[0])}`);
    for (const cut of r.incomplete ?? [])
      notes.push(
        `- ${where}: the measurement is incomplete at ${code(cut.path)}: ${cell(cut.message)}; the total counts only what was found before the cut.`,
      );
  }
  const ratchetNotes = new Set(runs.map((r) => r.ratchet?.note).filter((x): x is string => !!x));
  for (const n of ratchetNotes) notes.push(`- ratchet: ${cell(n)}`);
  if (runs.some((r) => r.evaluation.unadopted)) notes.push(`- ${adoptLine(code)}`);
  if (notes.length > 0) out.push("", ...[...new Set(notes)]);
  const versions = [...new Set(runs.map((r) => `${agentName(r.agent)} ${r.agentVersion}`))];
  out.push("", `<sub>Models verified on ${cell(versions.join(", "))}.</sub>`);
  return `${out.join("\n")}\n`;
}

/** `By kind: memory +12 B · skill +300 B (not charged)`: the kinds whose bytes changed, then a blank line. */
function kindChangeLines(d: NonNullable<CapRun["delta"]>): string[] {
  const changed = d.kinds.filter((k) => k.change !== 0);
  if (changed.length === 0) return [];
  const parts = changed.map(
    (k) => `${cell(k.kind)} ${formatChange(k.change)}${k.charged ? "" : " (not charged)"}`,
  );
  return [`By kind: ${parts.join(" · ")}`, ""];
}

/**
 * The kinds' notes of one run (plain text escaped): kinds over their own caps, kinds sent but not charged,
 * the ratchet's word on a change that adopts kinds or drops one, sources not measured.
 */
function kindNotes(r: CapRun, where: string): string[] {
  const out: string[] = [];
  for (const k of kindCapFailures(r.evaluation)) out.push(`- ${where}: ${cell(k)}.`);
  const u = r.evaluation.unadopted;
  if (u)
    out.push(
      `- ${where}: not charged: ${cell(unadoptedList(u, r.evaluation.kinds))} (${formatBytes(u.bytes)} B; the configuration charges ${cell(r.charging.kinds.join(", "))}).`,
    );
  if (r.ratchet) {
    const lines = chargingRatchetLines(r.ratchet, r.ratchet.base);
    for (const n of lines.notes) out.push(`- ${where}: ratchet: ${cell(n)}.`);
    for (const e of lines.errors) out.push(`- ${where}: ${cell(e)}.`);
  }
  const unmeasured = unmeasuredLine(r.snapshot.unmeasured);
  if (unmeasured) out.push(`- ${where}: ${cell(unmeasured)}.`);
  return out;
}

/**
 * Renders lint findings as Markdown: a count line and a table (file:line, severity, rule, message), the
 * first `limit` (default 50) findings. Ends in a newline.
 */
export function renderLintMarkdown(findings: readonly Finding[], opts: { limit?: number } = {}): string {
  const ds = sortFindings(findings);
  const n = countBySeverity(ds);
  const out = [LINT_MARKDOWN_MARKER, "### agent-context: lint", ""];
  if (ds.length === 0) {
    out.push("✅ no problems");
    return `${out.join("\n")}\n`;
  }
  out.push(
    `${n.error} error${n.error === 1 ? "" : "s"}, ${n.warning} warning${n.warning === 1 ? "" : "s"}`,
    "",
  );
  out.push("| Where | Severity | Rule | Message |", "|---|---|---|---|");
  const limit = opts.limit ?? 50;
  for (const d of ds.slice(0, limit)) {
    out.push(
      `| ${code(`${d.file}:${lineOf(d)}`)} | ${d.severity} | ${code(d.ruleId)} | ${cell(d.message)} |`,
    );
  }
  if (ds.length > limit) out.push("", `… and ${ds.length - limit} more (run \`agent-context lint\`).`);
  return `${out.join("\n")}\n`;
}
