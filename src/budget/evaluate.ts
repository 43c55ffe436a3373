/**
 * Cap evaluation: charge a launch set against a byte budget and explain every byte charged.
 * Pure: takes context items (from an agent's loader model), never reads files.
 */
import type { KindCaps } from "../config.js";
import type { ContextItem, ItemKind, ListOverhead } from "../model/index.js";
import { countsAgainstCap, type KindTotal, kindTotals, type Unadopted, unadopted } from "./kinds.js";

/** One charged item with the reason it counts against the cap. */
export interface Contributor {
  item: ContextItem;
  /** UTF-8 bytes charged (= item.bytes). */
  bytes: number;
  /** Why the item is charged, and where useful what would stop it being charged. */
  why: string;
}

export interface CapEvaluation {
  /** The cap in bytes the items were charged against. */
  cap: number;
  /** Sum of `bytes` over charged items and charged list overhead, in bytes. */
  total: number;
  /** max(0, total − cap), in bytes. */
  over: number;
  /** cap − total when within the cap, else 0, in bytes. */
  spare: number;
  /** True when total ≤ cap (exactly the cap passes). */
  ok: boolean;
  /**
   * Every charged item with a non-zero charge, largest first; items with equal bytes keep their load order
   * (the order of `items`).
   */
  contributors: Contributor[];
  /** Items that load at launch but are not charged (e.g. CLAUDE.local.md), in load order. */
  uncharged: ContextItem[];
  /** The lists' fixed text the cap charges (charged overhead of charged kinds), in the loader's order. */
  overhead: ListOverhead[];
  /** What each kind adds, charged or not, largest first (src/budget/kinds.ts). */
  kinds: KindTotal[];
  /** Items the agent sends whose kind the configuration does not charge, in load order. */
  notCharged: ContextItem[];
  /** The kinds the launch sends that the configuration does not charge, with their bytes; null when none. */
  unadopted: Unadopted | null;
  /** True when every kind with a cap of its own is within it. */
  kindsOk: boolean;
}

/** Options for {@link evaluateCap}. */
export interface EvaluateOptions {
  /**
   * Paths (relative to the root, as in ContextItem.path) of rules declared un-lowerable in
   * `.agent-context.json`: they stay always-on and are charged, explained as declared rather than with the
   * "add `paths:`" hint.
   */
  unlowerable?: readonly string[];
  /** The kinds the cap charges (src/budget/kinds.ts, chargingFor); absent: every kind the loader charges. */
  kinds?: readonly ItemKind[];
  /** The launch's list overhead (Snapshot.overhead): charged when its loader and its kind are. */
  overhead?: readonly ListOverhead[];
  /** Caps per kind in bytes. */
  kindCaps?: KindCaps;
}

/** The hint shown for an unscoped rule: the one-line fix that takes it out of launch context. */
export const UNSCOPED_RULE_HINT = "add `paths:` frontmatter so it loads only on demand";

/**
 * Why an item is charged against the cap, as one short phrase for a report line: the loader's own reason
 * (it knows most: which directory's memory, which file imported it, why a frontmatter did not scope a rule),
 * except for a rule declared un-lowerable, which is explained as declared always-on instead of being told
 * to add `paths:`. When the loader gave no reason: `imported by <importer>`, `unscoped rule — add
 * \`paths:\` frontmatter so it loads only on demand`, `memory file`.
 */
export function whyCharged(item: ContextItem, opts: EvaluateOptions = {}): string {
  if (item.kind === "rule" && opts.unlowerable?.some((u) => normalizeRel(u) === item.path)) {
    return "unscoped rule, declared un-lowerable in .agent-context.json (always on)";
  }
  if (item.reason) return item.reason;
  switch (item.kind) {
    case "import":
      return item.importedBy ? `imported by ${item.importedBy}` : "imported";
    case "rule":
      return `unscoped rule — ${UNSCOPED_RULE_HINT}`;
    case "memory":
      return "memory file";
    default:
      return item.kind;
  }
}

/**
 * Charges `items` against `cap` (bytes). `total` is the sum of `bytes` (UTF-8 bytes as the agent injects
 * them) over items with `charged: true`; `ok` is `total <= cap`. Throws RangeError for a negative or
 * non-integer cap (config parsing rejects those first).
 */
export function evaluateCap(
  items: readonly ContextItem[],
  cap: number,
  opts: EvaluateOptions = {},
): CapEvaluation {
  if (!Number.isInteger(cap) || cap < 0)
    throw new RangeError(`cap must be a non-negative integer, got ${cap}`);
  const kinds = opts.kinds ?? [
    ...new Set([...items.map((i) => i.kind), ...(opts.overhead ?? []).map((o) => o.kind)]),
  ];
  let total = 0;
  const charged: { c: Contributor; i: number }[] = [];
  const uncharged: ContextItem[] = [];
  const notCharged: ContextItem[] = [];
  items.forEach((item, i) => {
    if (!item.charged) {
      uncharged.push(item);
      return;
    }
    if (!countsAgainstCap(item, kinds)) {
      notCharged.push(item);
      return;
    }
    total += item.bytes;
    if (item.bytes > 0) charged.push({ c: { item, bytes: item.bytes, why: whyCharged(item, opts) }, i });
  });
  const overhead = (opts.overhead ?? []).filter((o) => countsAgainstCap(o, kinds));
  for (const o of overhead) total += o.bytes;
  const perKind = kindTotals(items, opts.overhead ?? [], { kinds, caps: opts.kindCaps ?? {} });
  // Largest first; ties keep load order (explicit index tie-break, independent of sort stability).
  charged.sort((a, b) => b.c.bytes - a.c.bytes || a.i - b.i);
  const over = Math.max(0, total - cap);
  return {
    cap,
    total,
    over,
    spare: Math.max(0, cap - total),
    ok: total <= cap,
    contributors: charged.map((x) => x.c),
    uncharged,
    overhead,
    kinds: perKind,
    notCharged,
    unadopted: unadopted(perKind),
    kindsOk: perKind.every((k) => k.ok),
  };
}

function normalizeRel(p: string): string {
  return p.replace(/\\/g, "/").replace(/^\.\//, "");
}
