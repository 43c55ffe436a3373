/**
 * The skill, command, subagent and extension items of every registered agent's launch at the root
 * (fresh-clone view), with the facts each model recorded in the item's `extra` while reading the file
 * (src/agents/<id>/sources.ts): the list, the name, the entry as sent, and, for an entry the agent does not
 * list, `notListed` (why: `hidden`, `name-too-long`, `needs-acknowledgment`, …). The rules about these
 * sources read them here and never re-read the files.
 */
import { agents } from "../agents/index.js";
import type { AgentModel, ContextItem } from "../model/index.js";
import type { LintContext } from "./context.js";

/** One entry's facts as a model recorded them (the item's `extra`). */
export interface SourceEntryFacts {
  list?: string;
  name?: string;
  entry?: string;
  notListed?: string;
}

export interface AgentSourceItem {
  agent: AgentModel;
  item: ContextItem;
  facts: SourceEntryFacts;
}

const SOURCE_KINDS = new Set(["skill", "command", "subagent", "extension"]);

/** Every agent's source items at the root, agents in registry order, items in each model's order. */
export function agentSourceItems(ctx: LintContext): AgentSourceItem[] {
  return ctx.memo("agent-source-items", () =>
    agents().flatMap((agent) =>
      ctx
        .snapshot(agent)
        .items.filter((i) => SOURCE_KINDS.has(i.kind) && i.extra?.list !== undefined)
        .map((item) => ({ agent, item, facts: (item.extra ?? {}) as SourceEntryFacts })),
    ),
  );
}
