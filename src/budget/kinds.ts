/**
 * Which kinds of launch context a cap charges, and what each kind adds. `.agent-context.json` names the
 * kinds (`charge`, per agent `agents.<id>.charge`); a configuration without the key charges what the
 * release before the key charged ({@link DEFAULT_CHARGED_KINDS}), so an upgrade that models more sources
 * never fails a team's CI for text the team did not add. The kinds a run does not charge are reported with
 * their bytes and the one command that adopts them (src/app/init.ts). Pure: reads items and the
 * configuration, never files.
 */
import { defaultAgent } from "../agents/index.js";
import { type AgentContextConfig, CONFIG_FILE, type KindCaps } from "../config.js";
import {
  type AgentModel,
  CHARGEABLE_KINDS,
  type ContextItem,
  ITEM_KINDS,
  type ItemKind,
  type ListOverhead,
} from "../model/index.js";

/**
 * The kinds a configuration without `charge` charges: what agent-context charged before the key existed
 * (memory files, their imports, unscoped rules). Fixed for good: a release that models a new kind never
 * adds it here.
 */
export const DEFAULT_CHARGED_KINDS: readonly ItemKind[] = ["memory", "import", "rule"];

/** The command that adopts the kinds a configuration does not charge yet. */
export const ADOPT_COMMAND = "agent-context init --adopt-kinds";

/** The kinds one agent's cap charges, and where that was decided. */
export interface Charging {
  /** The charged kinds, in {@link ITEM_KINDS} order. */
  kinds: readonly ItemKind[];
  /** Where the list comes from: `agents.<id>.charge`, `charge`, or `default` (no key). */
  source: string;
  /** The caps per kind (bytes) for this agent: the default agent's `caps`, overridden by `agents.<id>.caps`. */
  caps: KindCaps;
}

function inOrder(kinds: Iterable<ItemKind>): ItemKind[] {
  const set = new Set(kinds);
  return ITEM_KINDS.filter((k) => set.has(k));
}

/**
 * The charging of one agent: `agents[id].charge`, else the top-level `charge` (every agent's), else
 * {@link DEFAULT_CHARGED_KINDS}; caps per kind: the top-level `caps` for the default agent (like `cap`: bytes
 * are per agent), with `agents[id].caps` over them.
 */
export function chargingFor(config: AgentContextConfig, agent: AgentModel): Charging {
  const isDefault = agent.id === defaultAgent().id;
  const own = config.agents?.[agent.id]?.charge;
  const kinds = own ?? config.charge;
  const source = own ? `agents.${agent.id}.charge` : config.charge ? "charge" : "default";
  const caps: KindCaps = { ...(isDefault ? config.caps : {}), ...config.agents?.[agent.id]?.caps };
  return { kinds: inOrder(kinds ?? DEFAULT_CHARGED_KINDS), source, caps };
}

/** Whether the cap counts `item`: its loader charges it (the CLI sends it) and the configuration charges its kind. */
export function countsAgainstCap(
  item: Pick<ContextItem, "kind" | "charged">,
  kinds: readonly ItemKind[],
): boolean {
  return item.charged && kinds.includes(item.kind);
}

/** The phrase an item of a kind the configuration does not charge carries. */
export function notChargedWhy(kind: ItemKind): string {
  return `not charged: ${CONFIG_FILE} does not charge ${kind} (adopt with ${ADOPT_COMMAND})`;
}

/**
 * The launch items as the cap sees them: an item the loader charges whose kind the configuration does not
 * charge becomes `charged: false`, its reason saying why. Other items are returned as they are.
 */
export function applyCharging(items: readonly ContextItem[], kinds: readonly ItemKind[]): ContextItem[] {
  return items.map((i) =>
    i.charged && !kinds.includes(i.kind)
      ? { ...i, charged: false, reason: `${i.reason ? `${i.reason}; ` : ""}${notChargedWhy(i.kind)}` }
      : i,
  );
}

/**
 * One kind's part of a launch. JSON (`cap --json`'s `kinds`): `{ kind, charged, entries, itemBytes,
 * overheadBytes, bytes, cap, over, ok }`.
 */
export interface KindTotal {
  kind: ItemKind;
  /** Whether the cap charges this kind (its configuration). */
  charged: boolean;
  /** How many items of this kind the agent sends (loader-charged). */
  entries: number;
  /** Their bytes. */
  itemBytes: number;
  /** The bytes of this kind's lists' fixed text (ListOverhead, loader-charged). */
  overheadBytes: number;
  /** itemBytes + overheadBytes: what this kind adds to the request. */
  bytes: number;
  /** The cap for this kind in bytes, or null when none is set. */
  cap: number | null;
  /** max(0, bytes − cap); 0 without a cap. */
  over: number;
  /** True when there is no cap for the kind or bytes ≤ cap. */
  ok: boolean;
}

/**
 * What each kind adds to one launch: every kind with a loader-charged item or overhead (charged by the
 * configuration or not), largest first, ties in {@link ITEM_KINDS} order; a kind with a cap appears even when
 * the launch has none of it (0 bytes).
 */
export function kindTotals(
  items: readonly ContextItem[],
  overhead: readonly ListOverhead[],
  charging: Pick<Charging, "kinds" | "caps">,
): KindTotal[] {
  const acc = new Map<ItemKind, { entries: number; itemBytes: number; overheadBytes: number }>();
  const at = (k: ItemKind) => {
    let a = acc.get(k);
    if (!a) {
      a = { entries: 0, itemBytes: 0, overheadBytes: 0 };
      acc.set(k, a);
    }
    return a;
  };
  for (const i of items) {
    if (!i.charged) continue;
    const a = at(i.kind);
    a.entries++;
    a.itemBytes += i.bytes;
  }
  for (const o of overhead) if (o.charged) at(o.kind).overheadBytes += o.bytes;
  for (const k of Object.keys(charging.caps) as ItemKind[]) at(k);
  const out: KindTotal[] = [];
  for (const kind of ITEM_KINDS) {
    const a = acc.get(kind);
    if (!a) continue;
    const bytes = a.itemBytes + a.overheadBytes;
    const cap = charging.caps[kind] ?? null;
    const over = cap === null ? 0 : Math.max(0, bytes - cap);
    out.push({ kind, charged: charging.kinds.includes(kind), ...a, bytes, cap, over, ok: over === 0 });
  }
  return out.sort((x, y) => y.bytes - x.bytes);
}

/** The kinds a launch sends that its configuration does not charge, with their bytes (what adopting adds). */
export interface Unadopted {
  /** The kinds, in {@link ITEM_KINDS} order; only kinds that add bytes. */
  kinds: ItemKind[];
  /** Their bytes in this launch (entries and overhead). */
  bytes: number;
  /** The command that adopts them. */
  command: string;
}

/** The uncharged kinds of a launch that add bytes, or null when every kind it sends is charged. */
export function unadopted(kinds: readonly KindTotal[]): Unadopted | null {
  const left = kinds.filter((k) => !k.charged && k.bytes > 0 && CHARGEABLE_KINDS.includes(k.kind));
  if (left.length === 0) return null;
  return {
    kinds: inOrder(left.map((k) => k.kind)),
    bytes: left.reduce((n, k) => n + k.bytes, 0),
    command: ADOPT_COMMAND,
  };
}

/**
 * The bytes `kinds` add to a launch (their loader-charged items and overhead), whatever the configuration
 * charges: what adopting them raises the cap by.
 */
export function bytesOfKinds(
  items: readonly ContextItem[],
  overhead: readonly ListOverhead[],
  kinds: readonly ItemKind[],
): number {
  let n = 0;
  for (const i of items) if (i.charged && kinds.includes(i.kind)) n += i.bytes;
  for (const o of overhead) if (o.charged && kinds.includes(o.kind)) n += o.bytes;
  return n;
}
