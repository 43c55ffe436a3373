/**
 * The phrases every renderer uses for kinds: the kinds a cap does not charge and how to adopt them, a cap
 * per kind that is exceeded, a change that adopts kinds (or drops one), the lists' overhead, and the
 * sources not measured because they run repository code. Plain text: the Markdown renderer escapes them.
 */
import type { ChargingChange } from "../budget/adoption.js";
import type { CapEvaluation } from "../budget/evaluate.js";
import type { KindTotal, Unadopted } from "../budget/kinds.js";
import type { RatchetResult } from "../budget/ratchet.js";
import { CONFIG_FILE } from "../config.js";
import {
  type ContextItem,
  framingTotal,
  type ItemKind,
  type ListOverhead,
  type UnmeasuredSource,
} from "../model/index.js";
import { formatBytes } from "./delta.js";

/** `skill 1,234 B, subagent 300 B`: each uncharged kind with its bytes. */
export function unadoptedList(u: Unadopted, kinds: readonly KindTotal[]): string {
  return u.kinds.map((k) => `${k} ${formatBytes(kinds.find((t) => t.kind === k)?.bytes ?? 0)} B`).join(", ");
}

/**
 * The two lines a run with uncharged kinds prints: their bytes and the configured kinds, then how to adopt
 * them. Empty when every kind the launch sends is charged.
 */
export function unadoptedLines(ev: CapEvaluation, charged: readonly ItemKind[]): string[] {
  const u = ev.unadopted;
  if (!u) return [];
  return [
    `not charged: ${unadoptedList(u, ev.kinds)} (${formatBytes(u.bytes)} bytes; ${CONFIG_FILE} charges ${charged.join(", ")})`,
    adoptLine(),
  ];
}

/**
 * How to adopt the uncharged kinds, in one line; `command` shows the command (default: in backticks; the
 * Markdown renderer passes its code span, as the line's other text is fixed and needs no escaping).
 */
export function adoptLine(command: (c: string) => string = (c) => `\`${c}\``): string {
  return `adopt them with ${command("agent-context init --adopt-kinds")}: it charges them and raises the cap by exactly their bytes, a raise the ratchet accepts in that change only`;
}

/** One line per kind over its own cap: `the skill entries add 4,500 bytes — 500 over the 4,000-byte skill cap`. */
export function kindCapFailures(ev: CapEvaluation): string[] {
  return ev.kinds
    .filter((k) => !k.ok && k.cap !== null)
    .map(
      (k) =>
        `${k.kind} adds ${formatBytes(k.bytes)} bytes — ${formatBytes(k.over)} over the ${formatBytes(k.cap ?? 0)}-byte ${k.kind} cap ("caps" in ${CONFIG_FILE})`,
    );
}

/** `(list overhead: custom agents)`: how a list's fixed text is shown where files are. */
export function overheadLabel(o: ListOverhead): string {
  return `(${o.list} list overhead)`;
}

/** A kind's subtotal: `skill — 1,234 bytes (3 entries + 31 bytes of list overhead)`. */
export function kindHeading(k: KindTotal): string {
  const noun = k.kind === "memory" || k.kind === "import" || k.kind === "rule" ? "file" : "entry";
  const plural = k.entries === 1 ? noun : noun === "entry" ? "entries" : "files";
  const parts = [`${k.entries} ${plural}`];
  if (k.overheadBytes > 0) parts.push(`${formatBytes(k.overheadBytes)} bytes of list overhead`);
  return `${k.kind} — ${formatBytes(k.bytes)} bytes (${parts.join(" + ")})`;
}

/**
 * `not measured (runs repository code): MCP server db (.mcp.json), hook … (…)` and, for enabled plugins,
 * `not measured (needs the user's plugin install): plugin p@m (.claude/settings.json)`; null when none.
 */
export function unmeasuredLine(sources: readonly UnmeasuredSource[] | undefined): string | null {
  if (!sources || sources.length === 0) return null;
  const name = (s: UnmeasuredSource) =>
    `${s.kind === "mcp-server" ? "MCP server" : s.kind === "plugin" ? "plugin" : "hook"} ${s.name} (${s.source})`;
  const group = (what: string, list: readonly UnmeasuredSource[]): string[] => {
    if (list.length === 0) return [];
    const shown = list.slice(0, 10).map(name).join(", ");
    const more = list.length > 10 ? ` and ${list.length - 10} more` : "";
    return [`not measured (${what}): ${shown}${more}`];
  };
  return [
    ...group(
      "runs repository code",
      sources.filter((s) => s.kind !== "plugin"),
    ),
    ...group(
      "needs the user's plugin install",
      sources.filter((s) => s.kind === "plugin"),
    ),
  ].join("; ");
}

/** The machine-dependent framing the agent adds around the items (never charged), or null when none. */
export function framingLine(items: readonly ContextItem[]): string | null {
  const n = framingTotal(items);
  if (n === 0) return null;
  return `framing: ${formatBytes(n)} more bytes the agent adds around these items on this machine (absolute paths); not charged, the same repository measures the same anywhere`;
}

/**
 * What the ratchet says about the change's charging: a line when it adopts kinds (the raise it allows), and
 * the failures (a kind dropped, a cap per kind raised or removed). `at` names the base.
 */
export function chargingRatchetLines(r: RatchetResult, at: string): { notes: string[]; errors: string[] } {
  const ch: ChargingChange | null = r.charging;
  const notes: string[] = [];
  const errors: string[] = [];
  if (!ch) return { notes, errors };
  if (ch.adopted.length > 0 && r.baseCap !== null) {
    notes.push(
      `this change adopts ${ch.adopted.join(", ")} (${formatBytes(ch.allowance)} bytes measured now): the cap may rise by exactly that, from ${r.baseCap} at ${at} to at most ${r.baseCap + ch.allowance}; it is ${r.currentCap}`,
    );
  }
  if (ch.dropped.length > 0) {
    errors.push(
      `this change stops charging ${ch.dropped.join(", ")} (charged at ${at}); the charged kinds only grow — put ${ch.dropped.length === 1 ? "it" : "them"} back in "charge" in ${CONFIG_FILE}`,
    );
  }
  for (const k of ch.kindCaps) {
    errors.push(
      k.currentCap === null
        ? `the ${k.kind} cap (${k.baseCap} at ${at}) was removed from ${CONFIG_FILE}; caps only go down — put it back at ${k.baseCap} or lower`
        : `the ${k.kind} cap was raised to ${k.currentCap} in ${CONFIG_FILE}; it was ${k.baseCap} at ${at} — set it back to ${k.baseCap} or lower`,
    );
  }
  return { notes, errors };
}

/** True when the ratchet fails on the total cap (beyond the adoption allowance), not only on kinds. */
export function capRaised(r: RatchetResult): boolean {
  return r.baseCap !== null && r.currentCap > r.baseCap + (r.charging?.allowance ?? 0);
}
