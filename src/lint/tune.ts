/**
 * What a team tunes: `lint.rules` in `.agent-context.json` (per rule id a severity, `off`, or
 * `{severity, agents}`) and `lint --agent`. A rule turned off does not run; a rule none of whose agents is
 * selected does not run either; a finding about agents none of which is selected is dropped, and the
 * findings kept take the configured severity (`warn` is a finding's `warning`). The exit status follows the
 * severities kept: an `error` fails lint, `warn` and `info` do not (docs/commands/lint.md).
 */
import type { AgentContextConfig, LintSeveritySetting } from "../config.js";
import type { Finding, Severity } from "../model/finding.js";
import type { LintRule } from "./rule.js";

/** One rule's setting, resolved: its severity (or `off`) and the agents it reports for (absent: any). */
export interface RuleSetting {
  severity?: Severity | "off";
  agents?: readonly string[];
}

const SEVERITY: Record<LintSeveritySetting, Severity | "off"> = {
  off: "off",
  info: "info",
  warn: "warning",
  error: "error",
};

/** The settings of `config.lint.rules` by rule id (the configuration was checked when it was loaded). */
export function ruleSettings(config: AgentContextConfig): Map<string, RuleSetting> {
  const out = new Map<string, RuleSetting>();
  for (const [id, v] of Object.entries(config.lint?.rules ?? {})) {
    const s = typeof v === "string" ? { severity: v } : v;
    out.set(id, {
      ...(s.severity ? { severity: SEVERITY[s.severity] } : {}),
      ...(s.agents ? { agents: s.agents } : {}),
    });
  }
  return out;
}

/** True when `of` (a rule's or finding's agents; absent: any agent) meets the selection (absent: all). */
function meets(of: readonly string[] | undefined, selected: readonly string[] | undefined): boolean {
  return !of || !selected || of.some((a) => selected.includes(a));
}

/** What selects rules and findings: the configured settings and `--agent`'s ids (absent: every agent). */
export interface Tuning {
  settings: Map<string, RuleSetting>;
  agents?: readonly string[];
}

/** The rules worth running: not `off`, and about an agent both `--agent` and the rule's setting select. */
export function rulesToRun(rules: readonly LintRule[], t: Tuning): LintRule[] {
  return rules.filter((r) => {
    const s = t.settings.get(r.meta.id);
    return s?.severity !== "off" && meets(r.meta.agents, t.agents) && meets(r.meta.agents, s?.agents);
  });
}

/**
 * The findings kept, each with its configured severity. A finding's agents are its own, else its rule's;
 * one about no selected agent is dropped (a finding about no agent in particular is kept).
 */
export function tuneFindings(findings: readonly Finding[], rules: readonly LintRule[], t: Tuning): Finding[] {
  const metaAgents = new Map(rules.map((r) => [r.meta.id, r.meta.agents]));
  const out: Finding[] = [];
  for (const f of findings) {
    const s = t.settings.get(f.ruleId);
    const about = f.agents ?? metaAgents.get(f.ruleId);
    if (s?.severity === "off" || !meets(about, t.agents) || !meets(about, s?.agents)) continue;
    out.push(s?.severity && s.severity !== f.severity ? { ...f, severity: s.severity } : f);
  }
  return out;
}
