/**
 * Codex-specific and multi-launch rendering for `cap`: the truncation block (Codex's own byte budget cuts
 * the AGENTS.md chain, which fails whatever the cap), and the report for `--agent all` / `--all-cwds`.
 */
import { relative } from "node:path";
import type { CapRun } from "../budget/run.js";
import { agentName } from "./agents.js";
import { renderCapText, type TextOptions } from "./cap-text.js";
import { colors } from "./color.js";

function cwdLabel(run: CapRun): string {
  const rel = relative(run.root, run.cwd).split("\\").join("/");
  return rel === "" ? "." : rel;
}

/**
 * The lines explaining a Codex truncation: where the cut lands (file:line), how many bytes of which files
 * never arrive, the first words lost, the chain with each file's share, and the fix. "" when not truncated.
 */
export function renderCodexTruncation(run: CapRun, opts: TextOptions = {}): string {
  const t = run.truncated;
  if (!t) return "";
  const c = colors(opts.color ?? false);
  const cwd = cwdLabel(run);
  const budget = run.codexBudget ?? 32768;
  const lines = [
    `${c.red(c.bold("ERROR:"))} Codex truncates its AGENTS.md chain ${
      cwd === "." ? "for a launch at the root" : `for a launch in ${cwd}/`
    } — ${c.bold(String(t.totalLostBytes))} bytes never arrive (project_doc_max_bytes ${budget}).`,
    `  cut at ${t.file}:${t.line} (byte ${t.column} of the line); first words lost: "${t.firstLostWords}"`,
    "  lost:",
    ...t.lostBytes.map((l) => `    ${String(l.bytes).padStart(6)}  ${l.file}`),
    "  chain, root first (bytes delivered / on disk):",
    ...run.items
      .filter((i) => i.charged || (i.truncatedBytes ?? 0) > 0)
      .map((i) => `    ${String(i.bytes).padStart(6)} / ${String(i.fileBytes).padEnd(6)}  ${i.path}`),
    `Codex cuts silently, root first, so the most specific file is the one clipped. This fails whatever the cap: bring the chain under ${budget} bytes (shorten the files above, or move detail into files AGENTS.md names for Codex to read on demand).`,
  ];
  return `${lines.join("\n")}\n`;
}

/** The text report of one run: the truncation block (Codex), then the cap report. */
export function renderCapRunText(run: CapRun, opts: TextOptions = {}): string {
  if (!run.truncated) return renderCapText(run, opts);
  const ev = run.evaluation;
  let capText = renderCapText(run, opts);
  if (ev.ok) {
    // The cap itself holds; say so without calling the run clean.
    const lines = capText.split("\n");
    lines[0] = `cap: ${ev.total} bytes delivered, within the ${ev.cap}-byte cap — but see the truncation above.`;
    capText = lines.join("\n");
  }
  return `${renderCodexTruncation(run, opts)}${capText}`;
}

/**
 * The report for several (agent, cwd) launches: one line per passing launch, the full report for each
 * failing one, then a summary line. Ends in a newline.
 */
export function renderCapMatrixText(runs: readonly CapRun[], opts: TextOptions = {}): string {
  const c = colors(opts.color ?? false);
  const out: string[] = [];
  const width = Math.max(...runs.map((r) => cwdLabel(r).length), 3);
  for (const run of runs) {
    const ev = run.evaluation;
    const head = `${agentName(run.agent).padEnd(11)} ${cwdLabel(run).padEnd(width)}  ${String(ev.total).padStart(6)} / ${ev.cap}`;
    if (run.ok) {
      out.push(`${c.green("ok  ")} ${head}`);
    } else {
      out.push(`${c.red("FAIL")} ${head}${run.truncated ? "  (Codex truncates the chain)" : ""}`);
      out.push(
        renderCapRunText(run, opts)
          .trimEnd()
          .split("\n")
          .map((l) => `     ${l}`)
          .join("\n"),
      );
    }
  }
  // The ratchet's "starts with this change" line, once per distinct note (per agent cap).
  for (const note of new Set(runs.map((r) => r.ratchet?.note).filter((n) => n))) out.push(`ratchet: ${note}`);
  const failed = runs.filter((r) => !r.ok).length;
  const truncated = runs.filter((r) => r.truncated).length;
  out.push(
    `agent-context cap: ${runs.length} launches checked, ${
      failed === 0 ? c.green("all within their caps") : c.red(`${failed} failing`)
    }${truncated > 0 ? ` (${truncated} truncated by Codex)` : ""}.`,
  );
  return `${out.join("\n")}\n`;
}
