/**
 * The Claude Code skill, command and subagent items the `skill-*`, `agent-*`, `description-over-cut`,
 * `duplicate-entry-name` and `frontmatter-unparseable` rules report from: the claude-code model's launch
 * snapshot at the root (fresh-clone view), whose items carry, in `extra`, what the model found while
 * reading each file (src/agents/claude-code/sources.ts: `EntryFacts`). The rules never re-read the files.
 */
import { agentWith } from "../agents/index.js";
import type { ContextItem } from "../model/index.js";
import type { LintContext } from "./context.js";

/** One entry's facts as the model recorded them (the item's `extra`). */
export interface SourceFacts {
  list: "skills" | "agents";
  name: string;
  entry?: string;
  descriptionFrom?: "frontmatter" | "body" | "default";
  descriptionChars?: number;
  cutAt?: number;
  frontmatterName?: string;
  frontmatterError?: { message: string; line?: number };
  notListed?: "hidden" | "duplicate" | "no-frontmatter" | "no-name" | "no-description" | "replaced";
  /** Past the skills list's budget: listed as `- NAME`; the budget, the list's columns, the whole entry's bytes. */
  overBudget?: boolean;
  listingBudget?: number;
  listingColumns?: number;
  fullEntryBytes?: number;
}

export interface SourceItem {
  item: ContextItem;
  facts: SourceFacts;
}

/**
 * The skill, command and subagent items of the launch at the root of the agent whose items carry these
 * facts (its `entryFacts` capability: Claude Code), in the model's order; none when no agent declares it.
 */
export function claudeSourceItems(ctx: LintContext): SourceItem[] {
  return ctx.memo("claude-source-items", () => {
    const agent = agentWith("entryFacts");
    if (!agent) return [];
    const snap = ctx.snapshot(agent);
    return snap.items
      .filter((i) => i.kind === "skill" || i.kind === "command" || i.kind === "subagent")
      .map((item) => ({ item, facts: (item.extra ?? {}) as unknown as SourceFacts }));
  });
}

/** The release the lint context models (for messages). */
export function claudeReleaseOf(ctx: LintContext): string {
  const agent = agentWith("entryFacts");
  return agent ? ctx.snapshot(agent).agent.version : "";
}
