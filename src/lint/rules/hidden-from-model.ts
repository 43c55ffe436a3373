/**
 * `hidden-from-model` (info): a skill, command or custom agent a setting hides from an agent's model, so its
 * list never shows it and the cap does not charge it: Codex's `agents/openai.yaml` with
 * `policy.allow_implicit_invocation: false`, Copilot CLI's `disable-model-invocation: true` (skills) and
 * `infer: false` (agents), Gemini CLI's `skills.disabled` (sources cases
 * `codex_hides_a_skill_whose_agents_openai_yaml_disallows_implicit_invocation`,
 * `copilot_escapes_xml_reads_nested_skill_folders_and_drops_hidden_unparseable_and_over_long_skills`,
 * `copilot_names_an_agent_by_its_file_when_unnamed_drops_it_without_description_or_with_infer_false_and_never_cuts`,
 * `gemini_hides_a_skill_named_in_the_workspace_settings_skills_disabled_case_insensitively`). One finding per
 * file, naming every agent that hides it. Read from the agents' items (src/lint/source-items.ts).
 */
import { finding, type LintRule } from "../rule.js";
import { agentSourceItems } from "../source-items.js";

const rule: LintRule = {
  meta: {
    id: "hidden-from-model",
    description: "A skill, command or custom agent hidden from an agent's model: listed nowhere, not charged",
    defaultSeverity: "info",
  },
  check(ctx) {
    const byFile = new Map<string, { kind: string; name: string; why: string[]; ids: string[] }>();
    for (const { agent, item, facts } of agentSourceItems(ctx)) {
      if (facts.notListed !== "hidden") continue;
      const why = `${agent.name} (${item.reason.replace(/^not listed: /, "")})`;
      const seen = byFile.get(item.path);
      if (seen) {
        seen.why.push(why);
        seen.ids.push(agent.id);
      } else
        byFile.set(item.path, {
          kind: item.kind,
          name: facts.name ?? item.path,
          why: [why],
          ids: [agent.id],
        });
    }
    return [...byFile.entries()].map(([file, h]) => ({
      ...finding(
        rule.meta,
        file,
        1,
        1,
        `${h.kind} \`${h.name}\` is hidden from the model by ${h.why.join("; ")}: it is not in the list and not charged`,
        "nothing to do if that is intended; remove the setting to let the model use it",
      ),
      agents: h.ids,
    }));
  },
};

export default rule;
