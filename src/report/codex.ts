/**
 * Rendering of one launch with the agent's own verdict (e.g. Codex's byte budget cutting its chain, which
 * fails whatever the cap), and the report for `--agent all` / `--all-cwds`.
 */
import { relative } from "node:path";
import { agentName } from "../agents/index.js";
import type { CapRun } from "../app/cap.js";
import { renderCapText, type TextOptions, viewLines } from "./cap-text.js";
import { colors } from "./color.js";
import { formatChange, renderDeltaLines } from "./delta.js";
import { adoptLine, chargingRatchetLines, unadoptedLines, unmeasuredLine } from "./kinds.js";
import { partialSessionLines, totalTokensCell } from "./tokens.js";

function cwdLabel(run: CapRun): string {
  const rel = relative(run.root, run.cwd).split("\\").join("/");
  return rel === "" ? "." : rel;
}

/**
 * The lines explaining the agent's own failing verdict (its `detail`, the headline marked ERROR).
 * "" when the verdict passes.
 */
export function renderVerdict(run: CapRun, opts: TextOptions = {}): string {
  const v = run.snapshot.verdict;
  if (!v?.failure || !v.detail || v.detail.length === 0) return "";
  const c = colors(opts.color ?? false);
  const [head, ...rest] = v.detail;
  return `${[`${c.red(c.bold("ERROR:"))} ${head}`, ...rest].join("\n")}\n`;
}

/**
 * The lines saying that bounds of agent-context's own cut the measurement (src/model/cut.ts), one per cut
 * naming its place and bound. "" when the measurement is complete.
 */
export function renderIncomplete(run: CapRun, opts: TextOptions = {}): string {
  const cuts = run.incomplete ?? [];
  if (cuts.length === 0) return "";
  const c = colors(opts.color ?? false);
  return `${[
    `${c.red(c.bold("ERROR:"))} the measurement is incomplete: a bound of agent-context cut it where ${agentName(run.agent)} keeps going, so the total counts only what was found before the cut.`,
    ...cuts.map((x) => `  ${x.path}: ${x.message}`),
    "Remove or narrow what the bound cut (often a symlink to a large folder); an incomplete measurement never passes.",
  ].join("\n")}\n`;
}

/**
 * The text report of one run: the measurement's cuts and the agent's failing verdict (if any), then the cap
 * report.
 */
export function renderCapRunText(run: CapRun, opts: TextOptions = {}): string {
  const cut = (run.incomplete ?? []).length > 0;
  const failure = run.snapshot.verdict?.failure;
  if (!failure && !cut) return renderCapText(run, opts);
  const ev = run.evaluation;
  let capText = renderCapText(run, opts);
  if (ev.ok) {
    // The cap itself holds; say so without calling the run clean.
    const lines = capText.split("\n");
    lines[0] = cut
      ? `cap: at least ${ev.total} bytes of launch context, counted before the cut, within the ${ev.cap}-byte cap — but the measurement is incomplete (above).`
      : `cap: ${ev.total} bytes delivered, within the ${ev.cap}-byte cap — but see the ${run.snapshot.verdict?.noun ?? "failure"} above.`;
    capText = lines.join("\n");
  }
  return `${renderIncomplete(run, opts)}${renderVerdict(run, opts)}${capText}`;
}

/**
 * The report for several (agent, cwd) launches: one line per passing launch, the full report for each
 * failing one, then a summary line. Ends in a newline.
 */
export function renderCapMatrixText(runs: readonly CapRun[], opts: TextOptions = {}): string {
  const c = colors(opts.color ?? false);
  const out: string[] = [];
  const width = Math.max(...runs.map((r) => cwdLabel(r).length), 3);
  const nameWidth = Math.max(...runs.map((r) => agentName(r.agent).length), 11);
  let adopt = false;
  const noted = new Set<string>();
  for (const run of runs) {
    const ev = run.evaluation;
    const change = run.delta ? `  ${formatChange(run.delta.change)}` : "";
    const tok = run.tokens ? `  ${totalTokensCell(run)}` : "";
    const head = `${agentName(run.agent).padEnd(nameWidth)} ${cwdLabel(run).padEnd(width)}  ${String(ev.total).padStart(6)} / ${ev.cap}${tok}${change}`;
    if (run.ok) {
      out.push(`${c.green("ok  ")} ${head}`);
      // The kinds this launch sends that the configuration does not charge (the adopt line comes once, below).
      const [notCharged] = unadoptedLines(ev, run.charging.kinds);
      if (notCharged) {
        out.push(`     ${notCharged}`);
        adopt = true;
      }
      // A change adopting kinds: the raise it allows, once per agent.
      const r = run.ratchet;
      if (r && !noted.has(run.agent)) {
        noted.add(run.agent);
        const at = `${r.base}${r.via === "--base" ? "" : ` (${r.via})`}`;
        for (const n of chargingRatchetLines(r, at).notes) out.push(`     ratchet: ${n}`);
      }
      // The per-file change of a passing launch (a failing one shows it in its full report below).
      if (run.delta && run.delta.files.length > 0)
        out.push(
          ...renderDeltaLines(run.delta, { ...opts, limit: 10 })
            .slice(1)
            .map((l) => `     ${l}`),
        );
    } else {
      const failure = (run.incomplete ?? []).length > 0 ? "incomplete" : run.snapshot.verdict?.failure;
      out.push(`${c.red("FAIL")} ${head}${failure ? `  (${failure})` : ""}`);
      out.push(
        renderCapRunText(run, opts)
          .trimEnd()
          .split("\n")
          .map((l) => `     ${l}`)
          .join("\n"),
      );
    }
  }
  if (adopt) out.push(adoptLine());
  // The sources each agent did not measure (they run repository code), once per agent (a failing launch's
  // full report above names them already).
  const unmeasured = new Map<string, string>();
  for (const r of runs) {
    if (!r.ok) continue;
    const line = unmeasuredLine(r.snapshot.unmeasured);
    if (line && !unmeasured.has(r.agent)) unmeasured.set(r.agent, `${agentName(r.agent)}: ${line}`);
  }
  out.push(...unmeasured.values());
  // The project root and user-view lines of the runs, each distinct line once.
  for (const line of new Set(runs.flatMap(viewLines))) out.push(line);
  // How each agent's tokens were counted, and the sessions that start without some files, once each.
  const methods = new Set<string>();
  for (const r of runs) {
    const t = r.tokens;
    if (t)
      methods.add(
        `${agentName(r.agent)} tokens counted by ${t.label}${t.model ? ` (model ${t.model})` : ""}${t.note ? `; ${t.note}` : ""}`,
      );
  }
  out.push(...methods);
  for (const line of new Set(runs.filter((r) => r.ok).flatMap(partialSessionLines))) out.push(line);
  // The ratchet's "starts with this change" line, once per distinct note (per agent cap).
  for (const note of new Set(runs.map((r) => r.ratchet?.note).filter((n) => n))) out.push(`ratchet: ${note}`);
  const failed = runs.filter((r) => !r.ok).length;
  const tallies = new Map<string, number>();
  for (const r of runs) {
    const v = r.snapshot.verdict;
    if (v?.failure) tallies.set(v.tally ?? v.failure, (tallies.get(v.tally ?? v.failure) ?? 0) + 1);
    if ((r.incomplete ?? []).length > 0) tallies.set("incomplete", (tallies.get("incomplete") ?? 0) + 1);
  }
  const tally = [...tallies].map(([what, n]) => ` (${n} ${what})`).join("");
  out.push(
    `agent-context cap: ${runs.length} launch${runs.length === 1 ? "" : "es"} checked, ${
      failed === 0 ? c.green("all within their caps") : c.red(`${failed} failing`)
    }${tally}.`,
  );
  return `${out.join("\n")}\n`;
}
