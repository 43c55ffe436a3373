/**
 * `agent-limit`: a launch that meets one of the agent's own size limits: Claude Code's large-memory-file
 * warning (per file and, on 2.1.332, in total; the limit depends on the model), its custom agents' notice,
 * the hook's bound above the 10,000 characters a hook's context arrives whole in; Copilot CLI's refusal of
 * instructions over its token budget; Gemini CLI sending nothing over its token limit. The limits are each
 * agent's (its `limits` capability, src/agents/<id>/limits.ts, settled in docs/findings-limits.md); the
 * launch is the root's, fresh-clone view; `lint --model` names the session's model. Each finding names
 * its agent (`lint --agent` keeps the selected agents' limits).
 */
import { agents } from "../../agents/index.js";
import type { Finding } from "../../model/finding.js";
import type { LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "agent-limit",
    description:
      "A launch meets one of the agent's own size limits (a large-memory-file warning, a refusal, a notice)",
    defaultSeverity: "warning",
  },
  check(ctx) {
    const out: Finding[] = [];
    for (const agent of agents()) {
      const limits = agent.capabilities?.limits;
      if (!limits) continue;
      const maxBytes = ctx.config.hook?.maxBytes;
      for (const f of limits(ctx.snapshot(agent), {
        ...(ctx.model !== undefined ? { model: ctx.model } : {}),
        ...(maxBytes !== undefined ? { hook: { maxBytes } } : {}),
      }))
        out.push({ ...f, ruleId: rule.meta.id, severity: rule.meta.defaultSeverity, agents: [agent.id] });
    }
    return out;
  },
};

export default rule;
