/**
 * `verify` as text: one line when the CLI agrees with the model, else every disagreement as
 * `model: ... / your CLI: ...` under the file it concerns, and how to report it.
 */
import type { Disagreement } from "../verify/compare.js";
import type { ProbesReport, VerifyAllReport, VerifyHeader, VerifyReport } from "../verify/run.js";

const ISSUES = "https://github.com/agent-context/agent-context/issues";

function releaseNote(h: VerifyHeader): string[] {
  if (h.model.chosen === "--agent-version")
    return h.model.exact
      ? []
      : [
          `compared with the model of ${h.agent.name} ${h.model.release} (--agent-version), not ${h.cli.release}`,
        ];
  return h.model.exact
    ? []
    : [
        `the model does not know ${h.agent.name} ${h.cli.release}: compared with the nearest release it knows, ${h.model.release}`,
      ];
}

function trafficLines(t: VerifyReport["traffic"]): string[] {
  return t.refused.length > 0
    ? [`warning: the CLI tried to reach beyond this machine; refused: ${t.refused.join(", ")}`]
    : [];
}

function disagreementLines(d: Disagreement): string[] {
  const where = d.file ? `${d.file} (${d.moment})` : d.moment;
  const what = {
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
  if (r.agrees) {
    lines.push(
      `verify: ${who} agrees with the model${r.model.exact ? "" : ` of ${r.model.release}`} on this repository — ${r.launch.files} ${r.launch.files === 1 ? "file" : "files"}, ${r.launch.bytes} bytes at launch${reads}`,
    );
  } else {
    lines.push(
      `verify: ${who} disagrees with the model${r.model.exact ? "" : ` of ${r.model.release}`} on this repository — ${r.disagreements.length} ${r.disagreements.length === 1 ? "difference" : "differences"}:`,
    );
    for (const d of r.disagreements) lines.push(...disagreementLines(d));
    lines.push(
      r.savedCase
        ? `report it at ${ISSUES} with the case written to ${r.savedCase} (instruction files only)`
        : `report it at ${ISSUES} with the reproducing case: rerun with --save-case DIR (writes the instruction files only)`,
    );
  }
  if (r.savedCase && r.agrees) lines.push(`case written to ${r.savedCase}`);
  lines.push(...r.limits.map((l) => `note: ${l}; files beyond it were not part of the run`));
  lines.push(...trafficLines(r.traffic));
  return `${lines.join("\n")}\n`;
}

/** The text of `verify --probes`; ends with a newline. */
export function renderProbesText(r: ProbesReport): string {
  const lines: string[] = [...releaseNote(r)];
  const held = r.probes.filter((p) => p.holds).length;
  lines.push(
    `verify --probes: ${r.agent.name} ${r.cli.release} — ${held} of ${r.probes.length} modelled behaviours hold`,
  );
  for (const p of r.probes) {
    lines.push(`  ${p.holds ? "holds  " : "differs"}  ${p.id}: ${p.behaviour}`);
    if (!p.holds) for (const d of p.disagreements) lines.push(...disagreementLines(d).map((l) => `    ${l}`));
  }
  lines.push(...trafficLines(r.traffic));
  return `${lines.join("\n")}\n`;
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
  return out + tail.map((l) => `${l}\n`).join("");
}
