/**
 * `verify` as text: one line when the CLI agrees with the model, else every disagreement as
 * `model: ... / your CLI: ...` under the file it concerns, and how to report it; then how the CLI was
 * isolated, what the copy kept out, and why a run fails beyond the comparison (an incomplete copy, an
 * attempt to reach beyond the machine). Control characters in names are shown escaped, never sent to the
 * terminal.
 */

import type { ProbesReport, VerifyAllReport, VerifyHeader, VerifyReport } from "../app/verify.js";
import type { Disagreement } from "../verify/compare.js";

const ISSUES = "https://github.com/agent-context/agent-context/issues";

function releaseNote(h: VerifyHeader): string[] {
  const ranges =
    h.model.basis === "release-ranges"
      ? [
          `${h.agent.name} ${h.model.release} is modelled from release ranges (the releases each behaviour changed at), not verified on`,
        ]
      : [];
  if (h.model.chosen === "--agent-version")
    return h.model.exact
      ? ranges
      : [
          `compared with the model of ${h.agent.name} ${h.model.release} (--agent-version), not ${h.cli.release}`,
          ...ranges,
        ];
  return h.model.exact
    ? ranges
    : [
        `the model does not know ${h.agent.name} ${h.cli.release}: compared with the nearest release it knows, ${h.model.release}`,
      ];
}

function trafficLines(t: VerifyReport["traffic"]): string[] {
  return t.refused.length > 0
    ? [`fails: the CLI tried to reach beyond this machine (refused): ${t.refused.join(", ")}`]
    : [];
}

function isolationLine(h: VerifyHeader): string {
  return h.isolation.kind === "network namespace"
    ? "isolation: the CLI ran in its own network namespace (loopback only)"
    : `isolation: no network namespace (${h.isolation.why ?? "unavailable"}); the CLI ran with a loopback-only environment and the trap proxy`;
}

/** Notes shown at most for the files the copy kept out (JSON lists every one). */
const NOT_COPIED_SHOWN = 10;

function notCopiedLines(r: VerifyReport): string[] {
  const shown = r.notCopied
    .slice(0, NOT_COPIED_SHOWN)
    .map((n) => `note: not copied, so not compared: ${n.file} (${n.why})`);
  const more = r.notCopied.length - shown.length;
  return more > 0 ? [...shown, `note: and ${more} more not copied (--json lists them)`] : shown;
}

/**
 * A line with every control character (C0, DEL, C1, the Unicode line and paragraph separators) shown as
 * an escape, so a name cannot move the cursor, clear the screen or forge a line.
 */
export function printable(line: string): string {
  let out = "";
  for (const ch of line) {
    const c = ch.codePointAt(0) ?? 0;
    out +=
      c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029
        ? `\\u${c.toString(16).padStart(4, "0")}`
        : ch;
  }
  return out;
}

const linesOut = (lines: readonly string[]) => `${lines.map(printable).join("\n")}\n`;

function disagreementLines(d: Disagreement): string[] {
  const where = d.entry
    ? `${d.kind === "order" ? `the ${d.entry} list` : `${d.entry} (list entry)`} (${d.moment})`
    : d.file
      ? `${d.file} (${d.moment})`
      : d.moment;
  const what = d.entry
    ? {
        missing: "your CLI lists an entry the model does not",
        extra: "the model lists an entry your CLI does not",
        text: "the entry's text differs",
        order: "the same entries in another order",
        label: "the label differs",
        message: "the message differs",
      }[d.kind]
    : {
        missing: "your CLI delivers a file the model does not",
        extra: "the model delivers a file your CLI does not",
        text: "the text differs",
        order: "the same files arrive in another order",
        label: "the label differs",
        message: "the message differs",
      }[d.kind];
  return [`  ${where}: ${what}`, `    model:    ${d.model}`, `    your CLI: ${d.cli}`];
}

/** The text of a repository verify; ends with a newline. */
export function renderVerifyText(r: VerifyReport): string {
  const who = `${r.agent.name} ${r.cli.release}`;
  const lines: string[] = [...releaseNote(r)];
  const reads = r.reads
    .map((x) => `; read ${x.file}: ${x.files} ${x.files === 1 ? "file" : "files"}, ${x.bytes} bytes`)
    .join("");
  const of = r.model.exact ? "" : ` of ${r.model.release}`;
  // Bytes as sent hold the agent's framing and this machine's paths; where that differs from what the cap
  // charges (the repository's part), both are shown.
  const charged =
    r.launch.charged === null || r.launch.charged === undefined || r.launch.charged === r.launch.bytes
      ? ""
      : ` as sent (framing and paths included; cap charges ${r.launch.charged})`;
  const n = r.launch.entries ?? 0;
  const entries = n > 0 ? `, and ${n} skill, subagent and command ${n === 1 ? "entry" : "entries"}` : "";
  if (r.disagreements.length === 0) {
    lines.push(
      `verify: ${who} ${r.agrees ? "agrees" : "agrees on what was compared"} with the model${of} on this repository — ${r.launch.files} ${r.launch.files === 1 ? "file" : "files"}, ${r.launch.bytes} bytes at launch${charged}${entries}${reads}`,
    );
  } else {
    lines.push(
      `verify: ${who} disagrees with the model${of} on this repository — ${r.disagreements.length} ${r.disagreements.length === 1 ? "difference" : "differences"}:`,
    );
    for (const d of r.disagreements) lines.push(...disagreementLines(d));
    lines.push(
      r.savedCase
        ? `report it at ${ISSUES} with the case written to ${r.savedCase} (instruction files only)`
        : `report it at ${ISSUES} with the reproducing case: rerun with --save-case DIR (writes the instruction files only)`,
    );
  }
  if (r.savedCase && r.disagreements.length === 0) lines.push(`case written to ${r.savedCase}`);
  lines.push(
    ...r.limits.map((l) => `fails: the copy is incomplete: ${l}; files beyond it were not compared`),
  );
  lines.push(...trafficLines(r.traffic));
  lines.push(...notCopiedLines(r));
  lines.push(isolationLine(r));
  return linesOut(lines);
}

/** A release-keyed probe's releases and, where the CLI differs, which side it is on. */
function probeReleases(p: ProbesReport["probes"][number]): string {
  const by = p.byRelease;
  if (!by) return "";
  const side = p.holds
    ? ""
    : by.cliHas === undefined
      ? "; your CLI does neither"
      : `; your CLI ${by.cliHas ? "has it" : "does not"}`;
  return ` (${by.modelHas ? "" : "not "}on ${by.releases}${side})`;
}

/**
 * For a CLI release the model does not know (outside its release ranges): which behaviours the probes
 * settled for it, and that nothing else is known.
 */
function unknownReleaseLines(r: ProbesReport): string[] {
  if (r.model.exact || r.model.chosen === "--agent-version") return [];
  const keyed = r.probes.filter((p) => p.byRelease);
  const has = keyed.filter((p) => p.byRelease?.cliHas === true).map((p) => p.id);
  const hasNot = keyed.filter((p) => p.byRelease?.cliHas === false).map((p) => p.id);
  const neither = keyed.filter((p) => p.byRelease && p.byRelease.cliHas === undefined).map((p) => p.id);
  return [
    `${r.agent.name} ${r.cli.release} is outside the releases the model knows; by the probes it has: ${has.join(", ") || "none"}; does not have: ${hasNot.join(", ") || "none"}${neither.length > 0 ? `; does neither: ${neither.join(", ")}` : ""}`,
    `not known for ${r.cli.release}: whatever no probe covers (the model of ${r.model.release} is assumed there), so cap, explain and route may be wrong for it`,
  ];
}

/** The text of `verify --probes`; ends with a newline. */
export function renderProbesText(r: ProbesReport): string {
  const lines: string[] = [...releaseNote(r)];
  const held = r.probes.filter((p) => p.holds).length;
  lines.push(
    `verify --probes: ${r.agent.name} ${r.cli.release} — ${held} of ${r.probes.length} behaviours of the model of ${r.model.release} hold`,
  );
  for (const p of r.probes) {
    lines.push(`  ${p.holds ? "holds  " : "differs"}  ${p.id}: ${p.behaviour}${probeReleases(p)}`);
    if (!p.holds) for (const d of p.disagreements) lines.push(...disagreementLines(d).map((l) => `    ${l}`));
  }
  lines.push(...unknownReleaseLines(r));
  lines.push(...trafficLines(r.traffic));
  lines.push(isolationLine(r));
  return linesOut(lines);
}

/**
 * `verify --agent all` as text: each found agent's report as for one agent, then one line per agent whose
 * CLI was not found (`skipped`) or could not be run (`error`).
 */
export function renderVerifyAllText(r: VerifyAllReport): string {
  let out = "";
  const tail: string[] = [];
  for (const e of r.agents) {
    if (e.status === "verified")
      out += "probes" in e.report ? renderProbesText(e.report) : renderVerifyText(e.report);
    else if (e.status === "not-found") tail.push(`skipped: ${e.message}`);
    else tail.push(`error: ${e.message}`);
  }
  if (!r.agents.some((e) => e.status === "verified")) tail.push("verify: no agent CLI was found on PATH");
  return out + tail.map((l) => `${printable(l)}\n`).join("");
}
