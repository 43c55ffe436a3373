/**
 * The human rendering of `explain`: three sections (at launch, when the agent reads the path, when a tool
 * writes it through the agent-context hook), one line per item (bytes, path, why).
 */

import type { RunTokens } from "../app/tokens.js";
import {
  type AppliedSource,
  type ContextItem,
  type ListOverhead,
  sentBytes,
  type UnmeasuredSource,
  type View,
} from "../model/index.js";
import { appliedLines, viewLine } from "./applied.js";
import { overheadLabel, unmeasuredLine } from "./kinds.js";
import { tokenNumber, tokenCapLines as tokensLines } from "./tokens.js";

/** What `explain` found for one path, for one agent. */
export interface ExplainSets {
  /** Display name of the agent, e.g. "Claude Code". */
  agentName: string;
  /** The release modelled, why, and how the model knows it (absent: not said). */
  agent?: {
    id: string;
    version: string;
    why: "--agent-version" | "installed" | "configured" | "default";
    basis: "verified" | "release-ranges";
  };
  launch: ContextItem[];
  /** The launch's lists' fixed text, once per list (absent: none). */
  overhead?: readonly ListOverhead[];
  /** What `cap` charges for the launch, bytes (absent: not said); shown beside the launch total when it differs. */
  charged?: number;
  /** Sources not measured because they run code (absent: none). */
  unmeasured?: readonly UnmeasuredSource[];
  onRead: ContextItem[];
  onTool: ContextItem[];
  /** False when the agent has no on-demand model, or no hook: the section says so instead of "nothing". */
  hasOnRead: boolean;
  hasHook: boolean;
  /** Sessions that start without some of the launch items (absent: every session gets them all). */
  partialSessions?: readonly { sessions: string; paths: readonly string[] }[];
  /** The view and what it applied (printed first); absent: not said. */
  view?: View;
  applied?: readonly AppliedSource[];
  /** The launch's tokens as `cap` counts them (absent or null: not counted, no column). */
  tokens?: RunTokens | null;
  /** Why the agent refuses every prompt of this launch (its own limits, e.g. Copilot CLI's token budget); absent or empty: it does not. */
  refused?: readonly string[];
}

/** `skill: ` before the reason of an item that is not a file of the memory kinds (whose reasons say what they are). */
function kindTag(i: ContextItem): string {
  return i.kind === "memory" ||
    i.kind === "import" ||
    i.kind === "rule" ||
    i.kind === "local" ||
    i.kind === "routed"
    ? ""
    : `${i.kind}: `;
}

/** Renders `explain` for a terminal; `path` as the user gave it. Ends in a newline. */
export function renderExplainText(sets: ExplainSets, path: string): string {
  const section = (
    title: string,
    xs: ContextItem[],
    none: string,
    overhead: readonly ListOverhead[] = [],
    charged?: number,
    tokens?: RunTokens | null,
  ) => {
    // An import inlined into its importer's block is listed, and counted once: in that block.
    const total = sentBytes(xs) + overhead.reduce((a, o) => a + o.bytes, 0);
    const beside = charged !== undefined && charged !== total ? `; the cap charges ${charged} of them` : "";
    const lines = [`${title} — ${xs.length} file${xs.length === 1 ? "" : "s"}, ${total} bytes${beside}`];
    if (xs.length === 0 && overhead.length === 0) lines.push(`  (${none})`);
    // With tokens, a column beside the bytes (`~380 tok`, as cap prints it; blank for an import counted
    // in its block's), and the charged total with its method after the items.
    const tok = (i?: ContextItem) => {
      if (!tokens) return "";
      const t = i && i.countedIn === undefined ? tokens.items.get(i.path) : undefined;
      return `  ${(t ? `${tokenNumber(t.count, t.exact)} tok` : "").padStart(tokWidth)}`;
    };
    let tokWidth = 0;
    if (tokens)
      for (const t of tokens.items.values())
        tokWidth = Math.max(tokWidth, `~${t.count.toLocaleString("en-US")} tok`.length);
    for (const i of xs)
      lines.push(`  ${String(i.bytes).padStart(7)}${tok(i)}  ${i.path}  — ${kindTag(i)}${i.reason}`);
    for (const o of overhead)
      lines.push(`  ${String(o.bytes).padStart(7)}${tok()}  ${overheadLabel(o)}  — ${o.why}`);
    if (tokens) {
      lines.push(
        `  tokens: ${tokenNumber(tokens.total, tokens.exact)} charged, by ${tokens.label}${tokens.model ? ` (model ${tokens.model})` : ""}`,
      );
      for (const l of tokensLines(tokens)) lines.push(`  ${l}`);
    }
    return lines.join("\n");
  };
  const unmeasured = unmeasuredLine(sets.unmeasured);
  const release =
    sets.agent && (sets.agent.why !== "default" || sets.agent.basis !== "verified")
      ? [
          `${sets.agentName} ${sets.agent.version}: ${{ "--agent-version": "--agent-version", installed: "the CLI installed here", configured: `agents.${sets.agent.id}.release`, default: "the newest verified" }[sets.agent.why]}${sets.agent.basis === "release-ranges" ? ", modelled from release ranges" : ""}`,
        ]
      : [];
  const header = sets.view
    ? [[viewLine(sets.view), ...release, ...appliedLines(sets.applied)].join("\n")]
    : release;
  return `${[
    ...header,
    section(
      (sets.partialSessions ?? []).length > 0
        ? "At launch (every main session)"
        : "At launch (every session)",
      sets.launch,
      "nothing loads at launch",
      sets.overhead,
      sets.charged,
      sets.tokens,
    ) +
      (unmeasured ? `\n${unmeasured}` : "") +
      (sets.refused ?? [])
        .map((r) => `\nRefused: ${sets.agentName} sends nothing for any prompt of this launch (${r}).`)
        .join("") +
      (sets.partialSessions ?? [])
        .map((s) => `\nNot in every session: ${s.sessions} start without ${s.paths.join(", ")}.`)
        .join(""),
    section(
      `When ${sets.agentName} reads ${path}`,
      sets.onRead,
      sets.hasOnRead
        ? "the CLI attaches nothing more"
        : `the model of ${sets.agentName} has no on-demand part`,
    ),
    section(
      `When a tool writes ${path} (agent-context hook)`,
      sets.onTool,
      sets.hasHook ? "no router trigger fires" : `${sets.agentName} runs no agent-context hook`,
    ),
  ].join("\n\n")}\n`;
}
