/**
 * `cap` results as findings, so `cap --format github|sarif` puts an overage on the pull request like any
 * lint finding: the overage lands on the largest contributor (the file to cut first), a broken ratchet on
 * `.agent-context.json`, and files the model could not read as warnings where they are.
 */

import { agentName, agents } from "../agents/index.js";
import type { CapRun } from "../app/cap.js";
import { CONFIG_FILE } from "../config.js";
import type { Finding, LintRuleMeta } from "../model/index.js";
import { renderGithub } from "./github.js";
import { capRaised, chargingRatchetLines, kindCapFailures } from "./kinds.js";
import { renderSarif } from "./sarif.js";

/** The rule ids a cap run reports under (stable: SARIF and CI suppressions key on them). */
export const CAP_RULES = {
  exceeded: { id: "cap-exceeded", description: "Launch context exceeds the cap", defaultSeverity: "error" },
  kind: {
    id: "cap-kind-exceeded",
    description: "One kind of launch context (skills, subagents, ...) exceeds its own cap",
    defaultSeverity: "error",
  },
  ratchet: {
    id: "cap-ratchet",
    description: "The cap was raised above its value at the base revision",
    defaultSeverity: "error",
  },
  incomplete: {
    id: "cap-incomplete",
    description:
      "A bound of agent-context (walk entries, depth or time, the read size limit) cut the measurement where the agent keeps going",
    defaultSeverity: "error",
  },
  problem: {
    // The id is kept as released (suppressions key on it); it covers every launch warning.
    id: "cap-unreadable",
    description:
      "A warning of the launch model: a file it could not read, an import that does not load, guidance another agent never sees",
    defaultSeverity: "warning",
  },
} as const satisfies Record<string, LintRuleMeta>;

/** The rules `cap` findings carry: the cap's own, and those of each registered agent's findings. */
export function allCapRules(): readonly LintRuleMeta[] {
  return [...Object.values(CAP_RULES), ...agents().flatMap((a) => a.findingRules ?? [])];
}

/**
 * Converts one cap run to findings (none when it is within the cap and the ratchet holds): `cap-exceeded`
 * on the largest contributor, `cap-incomplete` where a bound of agent-context cut the measurement, the agent's own failing verdict where it places it (e.g.
 * `cap-codex-truncated` at the cut), `cap-ratchet` on the config file, `cap-unreadable` per loader finding.
 * Reads no file.
 */
export function capFindings(run: CapRun): Finding[] {
  const out: Finding[] = [];
  const ev = run.evaluation;
  const agent = agentName(run.agent);
  if (!ev.ok) {
    const top = ev.contributors[0];
    const list = ev.contributors
      .slice(0, 5)
      .map((c) => `${c.bytes} ${c.item.path} (${c.item.kind}: ${c.why})`)
      .join("; ");
    out.push({
      ruleId: CAP_RULES.exceeded.id,
      file: top?.item.path ?? CONFIG_FILE,
      line: 1,
      column: 1,
      severity: "error",
      message: `${agent} loads ${ev.total} bytes of launch context — ${ev.over} over the ${ev.cap}-byte cap${top ? `; this file charges ${top.bytes} bytes, the largest share` : ""}`,
      help: `cut ${ev.over} bytes; do not raise the cap (it only goes down). Largest first: ${list}`,
    });
  }
  for (const k of ev.kinds) {
    if (k.ok || k.cap === null) continue;
    const top = ev.contributors.find((c) => c.item.kind === k.kind);
    out.push({
      ruleId: CAP_RULES.kind.id,
      file: top?.item.path ?? CONFIG_FILE,
      line: 1,
      column: 1,
      severity: "error",
      message: `${agent}: ${kindCapFailures({ ...ev, kinds: [k] })[0]}`,
      help: `cut ${k.over} bytes of ${k.kind}; do not raise the ${k.kind} cap (it only goes down)`,
    });
  }
  for (const cut of run.incomplete ?? []) {
    out.push({
      ruleId: CAP_RULES.incomplete.id,
      file: cut.path,
      line: 1,
      column: 1,
      severity: "error",
      message: `${agent}: the measurement is incomplete: ${cut.message}; the total counts only what was found before the cut`,
      help: "remove or narrow what the bound cut (often a symlink to a large folder); an incomplete measurement never passes",
    });
  }
  const verdict = run.snapshot.verdict?.finding;
  if (verdict) out.push(verdict);
  if (run.ratchet && !run.ratchet.ok) {
    const r = run.ratchet;
    const allowed = (r.baseCap ?? 0) + (r.charging?.allowance ?? 0);
    const adopts =
      r.charging && r.charging.adopted.length > 0
        ? ` plus the ${r.charging.allowance} bytes of ${r.charging.adopted.join(", ")} this change adopts`
        : "";
    if (capRaised(r))
      out.push({
        ruleId: CAP_RULES.ratchet.id,
        file: CONFIG_FILE,
        line: 1,
        column: 1,
        severity: "error",
        message: `the cap was raised to ${r.currentCap} bytes, above ${r.baseCap} at ${r.base} (${r.via})${adopts}`,
        help: `restore the cap to ${allowed} or lower; cut launch context instead of raising the cap`,
      });
    for (const e of chargingRatchetLines(r, `${r.base} (${r.via})`).errors)
      out.push({
        ruleId: CAP_RULES.ratchet.id,
        file: CONFIG_FILE,
        line: 1,
        column: 1,
        severity: "error",
        message: e,
      });
  }
  for (const p of run.findings) {
    out.push({
      ruleId: CAP_RULES.problem.id,
      file: p.file,
      line: p.line ?? 1,
      column: p.column ?? 1,
      severity: "warning",
      message: p.message,
      help: p.help ?? "fix or remove the file so the measurement is complete",
    });
  }
  return out;
}

/**
 * Renders cap runs as GitHub workflow commands or a SARIF log (the `cap --format github|sarif` output),
 * through the same renderers as lint findings.
 */
export function renderCapFindings(runs: readonly CapRun[], format: "github" | "sarif"): string {
  const ds = runs.flatMap(capFindings);
  if (format === "github") return renderGithub(ds);
  return renderSarif(ds, { root: runs[0]?.root ?? process.cwd(), rules: allCapRules() });
}
