/**
 * The human report of `agent-context cap`: one clean line, or the failure with total, cap, overage, every
 * contributor largest first with its path, bytes and why it is charged, the remedy and the question to ask
 * of each line; then the ratchet verdict and the agent version the model was verified on.
 */

import { relative } from "node:path";
import { agentName } from "../agents/index.js";
import type { CapRun } from "../app/cap.js";
import { CONFIG_FILE } from "../config.js";
import { displayPath } from "../fs/paths.js";
import type { Finding } from "../model/index.js";
import { appliedLines, viewLine } from "./applied.js";
import { colors } from "./color.js";
import { renderDeltaLines } from "./delta.js";
import {
  capRaised,
  chargingRatchetLines,
  framingLine,
  kindCapFailures,
  kindHeading,
  overheadLabel,
  unadoptedLines,
  unmeasuredLine,
} from "./kinds.js";
import { itemTokensCell, partialSessionLines, tokensLines, tokensMethod } from "./tokens.js";

export interface TextOptions {
  /** Use ANSI colours (decide with shouldColor). Default false. */
  color?: boolean;
}

/** The question each contributor line should face. */
export const CUT_QUESTION =
  "Ask of each line: would a capable agent get this wrong without it, or merely take a moment to find it?";

function where(run: CapRun): string {
  const rel = relative(run.root, run.cwd).split("\\").join("/");
  return rel === "" ? "in this repository" : `for a launch in ${rel}/`;
}

function capPhrase(run: CapRun): string {
  return run.cap.lowered
    ? `${run.cap.cap}-byte cap (--cap; configured ${run.cap.configured})`
    : `${run.cap.cap}-byte cap`;
}

/** `  ~380 tok` beside an item's bytes, padded to a column; "" when tokens were not counted. */
function tokCol(run: CapRun, path: string): string {
  const t = run.tokens;
  if (!t) return "";
  let width = tokWidth.get(t);
  if (width === undefined) {
    width = 0;
    for (const x of t.items.values()) width = Math.max(width, x.count);
    width = `~${width.toLocaleString("en-US")} tok`.length;
    tokWidth.set(t, width);
  }
  return `  ${itemTokensCell(run, path).padStart(width)}`;
}

/** The width of a run's token column, computed once per run. */
const tokWidth = new WeakMap<object, number>();

/** Renders a cap run for a terminal. Returns the text for stdout, ending in a newline. */
export function renderCapText(run: CapRun, opts: TextOptions = {}): string {
  const c = colors(opts.color ?? false);
  const ev = run.evaluation;
  const name = agentName(run.agent);
  const lines: string[] = [];

  if (ev.ok) {
    const capNote = run.cap.lowered
      ? `cap ${ev.cap} from --cap, configured ${run.cap.configured}`
      : `cap ${ev.cap}`;
    const whereNote = where(run) === "in this repository" ? "" : ` ${where(run)}`;
    lines.push(
      run.ok
        ? `agent-context cap: ${c.green("clean")} — ${ev.total} bytes of launch context${whereNote} (${capNote}, ${ev.spare} to spare)`
        : `agent-context cap: ${c.red("failing")} — ${ev.total} bytes of launch context${whereNote} are within the cap (${capNote}, ${ev.spare} to spare), but see below`,
    );
    // An incomplete measurement lists what it counted before the cut: the files found still show.
    if ((run.incomplete ?? []).length > 0 && ev.contributors.length > 0) {
      lines.push("Counted before the cut, largest first:");
      const width = Math.max(6, ...ev.contributors.map((x) => String(x.bytes).length));
      for (const x of ev.contributors)
        lines.push(
          `  ${String(x.bytes).padStart(width)}${tokCol(run, x.item.path)}  ${x.item.path}   ${c.dim(x.why)}`,
        );
    }
  } else {
    lines.push(
      `${c.red(c.bold("ERROR:"))} ${name} loads ${ev.total} bytes of launch context ${where(run)} — ${c.bold(
        String(ev.over),
      )} over the ${capPhrase(run)}.`,
    );
    lines.push(`Cut ${ev.over} bytes; do not raise the cap (it only goes down). Largest first, by kind:`);
    lines.push(...breakdownLines(run, c));
    lines.push(CUT_QUESTION);
  }
  for (const t of tokensLines(run))
    lines.push(t.startsWith("ERROR: ") ? `${c.red(c.bold("ERROR:"))} ${t.slice(7)}` : t);
  for (const k of kindCapFailures(ev)) lines.push(`${c.red(c.bold("ERROR:"))} ${name}: ${k}.`);
  lines.push(...unadoptedLines(ev, run.charging.kinds));

  if (run.ratchet) {
    const r = run.ratchet;
    const at = `${r.base}${r.via === "--base" ? "" : ` (${r.via})`}`;
    const kinds = chargingRatchetLines(r, at);
    for (const n of kinds.notes) lines.push(`ratchet: ${n}`);
    if (r.note !== null) {
      lines.push(`ratchet: ${r.note}`);
    } else if (r.ok) {
      if (kinds.notes.length === 0)
        lines.push(`ratchet: cap ${r.currentCap} does not exceed ${r.baseCap} at ${at}`);
    } else if (capRaised(r)) {
      const allowed = (r.baseCap ?? 0) + (r.charging?.allowance ?? 0);
      lines.push(
        allowed === r.baseCap
          ? `${c.red(c.bold("ERROR:"))} the cap was raised to ${r.currentCap} in ${CONFIG_FILE}; it was ${r.baseCap} at ${at}.`
          : `${c.red(c.bold("ERROR:"))} the cap was raised to ${r.currentCap} in ${CONFIG_FILE}; it was ${r.baseCap} at ${at}, and the kinds this change adopts allow at most ${allowed}.`,
      );
      lines.push(`The cap only goes down: set it back to ${allowed} or lower, and cut bytes instead.`);
    }
    for (const e of kinds.errors) lines.push(`${c.red(c.bold("ERROR:"))} ${e}.`);
  } else if (run.ratchetNote) {
    lines.push(`agent-context cap: ${run.ratchetNote}`);
  }

  if (run.delta) lines.push(...renderDeltaLines(run.delta, opts));
  const unmeasured = unmeasuredLine(run.snapshot.unmeasured);
  if (unmeasured) lines.push(unmeasured);
  const framing = framingLine(run.items);
  if (framing) lines.push(c.dim(framing));
  lines.push(...partialSessionLines(run));
  lines.push(...viewLines(run));
  const method = tokensMethod(run);
  lines.push(c.dim(`${name} launch model ${releaseWords(name, run)}${method ? `; ${method}` : ""}.`));
  return `${lines.join("\n")}\n`;
}

/**
 * The failure's breakdown: each charged kind with its subtotal (largest first), its files largest first
 * (ties in load order) and its lists' overhead; then what loads but is not charged.
 */
function breakdownLines(run: CapRun, c: ReturnType<typeof colors>): string[] {
  const ev = run.evaluation;
  const lines: string[] = [];
  const width = Math.max(
    6,
    ...ev.contributors.map((x) => String(x.bytes).length),
    ...ev.overhead.map((o) => String(o.bytes).length),
  );
  for (const k of ev.kinds) {
    if (!k.charged || k.bytes === 0) continue;
    lines.push(`  ${kindHeading(k)}`);
    for (const x of ev.contributors) {
      if (x.item.kind === k.kind)
        lines.push(
          `    ${String(x.bytes).padStart(width)}${tokCol(run, x.item.path)}  ${x.item.path}   ${c.dim(x.why)}`,
        );
    }
    for (const o of ev.overhead) {
      if (o.kind === k.kind && o.bytes > 0)
        lines.push(`    ${String(o.bytes).padStart(width)}  ${overheadLabel(o)}   ${c.dim(o.why)}`);
    }
  }
  if (ev.uncharged.length > 0) {
    lines.push("Loaded but not charged:");
    for (const it of ev.uncharged) {
      lines.push(
        `  ${String(it.bytes).padStart(width)}${tokCol(run, it.path)}  ${it.path}   ${c.dim(it.reason || "not charged")}`,
      );
    }
  }
  return lines;
}

/**
 * The line naming the project root the agent searched from, when its model has one (Codex's root
 * markers): `Codex project root: <path> — <why>`, the path relative to the repository ("." for the root)
 * or absolute outside it, `none` when the agent found none.
 */
export function projectRootLine(run: CapRun): string | null {
  const pr = run.snapshot.projectRoot;
  if (!pr) return null;
  const shown = pr.path === null ? "none" : displayPath(pr.path, run.root) || ".";
  return `${agentName(run.agent)} project root: ${shown} — ${pr.why}`;
}

/**
 * The lines saying which view was measured: the project root line ({@link projectRootLine}) and, whenever
 * the view is not the plain fresh clone, the view and what it applied (./applied.ts, shared with explain).
 */
export function viewLines(run: CapRun): string[] {
  const out: string[] = [];
  const pr = projectRootLine(run);
  if (pr) out.push(pr);
  if (run.snapshot.view === "user" || (run.snapshot.applied?.length ?? 0) > 0) {
    out.push(viewLine(run.snapshot.view), ...appliedLines(run.snapshot.applied));
    if (run.snapshot.view === "user" && (run.snapshot.applied?.length ?? 0) === 0)
      out.push("applied: nothing on this machine changes the launch set");
  }
  return out;
}

/**
 * Merges the problems of several launches (`--all-cwds`, `--agent all`): identical problems once, and the
 * same import outside several launch directories as one problem naming the directories (the first five,
 * then a count). Order: first appearance.
 */
export function groupFindings(problems: readonly Finding[]): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  const groups = new Map<string, { at: number; cwds: string[]; first: Finding }>();
  for (const p of problems) {
    const g0 = p.group;
    if (g0) {
      const key = JSON.stringify([p.file, p.line, p.column, g0.key]);
      const g = groups.get(key);
      if (g) {
        if (!g.cwds.includes(g0.cwd)) g.cwds.push(g0.cwd);
        continue;
      }
      groups.set(key, { at: out.length, cwds: [g0.cwd], first: p });
      out.push(p);
      continue;
    }
    const key = JSON.stringify([p.file, p.line, p.column, p.message]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  for (const g of groups.values()) {
    const o = g.first.group;
    if (!o || g.cwds.length < 2) continue;
    const shown = g.cwds.slice(0, 5).join(", ");
    const more = g.cwds.length > 5 ? ` and ${g.cwds.length - 5} more` : "";
    const fill = (t: string) =>
      t.replaceAll("{count}", String(g.cwds.length)).replaceAll("{dirs}", `${shown}${more}`);
    const help = o.help ?? g.first.help;
    out[g.at] = { ...g.first, message: fill(o.message), ...(help !== undefined ? { help: fill(help) } : {}) };
  }
  return out;
}

/**
 * Renders loader problems as `warning:` lines (for stderr), one per problem, at most `limit` of them
 * (default: all) followed by one line counting the rest; "" when there are none.
 */
export function renderFindings(
  problems: readonly Finding[],
  opts: TextOptions & { limit?: number } = {},
): string {
  const c = colors(opts.color ?? false);
  const limit = opts.limit ?? problems.length;
  const shown = problems.slice(0, limit).map((p) => {
    const loc = p.line ? `${p.file}:${p.line}${p.column ? `:${p.column}` : ""}` : p.file;
    // Loaders often start the message with the file already; name it once.
    const text = p.message.startsWith(`${loc}: `) ? p.message : `${loc}: ${p.message}`;
    return `${c.yellow("warning:")} ${text}${p.help ? ` (${p.help})` : ""}\n`;
  });
  const rest = problems.length - shown.length;
  if (rest > 0) shown.push(`${c.yellow("warning:")} … and ${rest} more like these\n`);
  return shown.join("");
}

/**
 * The release the launch was modelled for, how the model knows it and why it is that one (the newest
 * verified, the default, says no more than its release).
 */
function releaseWords(name: string, run: CapRun): string {
  const r = run.release;
  const of = r?.basis === "release-ranges" ? "of" : "verified on";
  const why =
    r === undefined || r.why === "default"
      ? ""
      : ` (${r.why === "installed" ? "the CLI installed here" : r.why === "configured" ? `agents.${run.agent}.release` : "--agent-version"}${r.basis === "release-ranges" ? "; modelled from release ranges" : ""})`;
  return `${of} ${name} ${run.agentVersion}${why}`;
}
