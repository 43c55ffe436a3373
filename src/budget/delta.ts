/**
 * The change a pull request makes to one launch: the base revision's snapshot against the working tree's,
 * file by file. Pure: compares two snapshots, never reads files.
 */
import { type ContextItem, ITEM_KINDS, type ItemKind, type Snapshot } from "../model/index.js";
import { countsAgainstCap } from "./kinds.js";

/** What happened to one file's charge between the base and now. */
export type FileChangeStatus = "added" | "removed" | "changed";

/** One file's charge at the base and now. */
export interface FileChange {
  /** Display path (POSIX, relative to the root), as ContextItem.path. */
  path: string;
  /** The item's kind (now, else at the base). */
  kind: ItemKind;
  /**
   * Whether the cap charges the file's kind (the configuration's `charge`); a file of a kind it does not
   * charge is listed so its growth is seen, but its change is not in the launch's `change`.
   */
  charged: boolean;
  /** Bytes the agent sends for it at the base revision; null when it sent none there. */
  before: number | null;
  /** Bytes sent now; null when none are sent now. */
  after: number | null;
  /** after − before, in bytes (a missing side counts 0). */
  change: number;
  status: FileChangeStatus;
  /**
   * Why the file entered or left the launch context, when the snapshots say: `new file`, `deleted`,
   * `now scoped`, `no longer scoped`, or the loader's reason a rule no longer loads.
   */
  why?: string;
}

/** The change of one launch (one agent, one working directory) against a base revision. */
export interface LaunchDelta {
  /** The revision as named: `--base REF`'s REF, or how the CI default was found (`merge base with origin/main`). */
  base: string;
  /** The commit it resolved to (full hex). */
  commit: string;
  /** Charged bytes at the base; 0 when the working directory did not exist there. */
  before: number;
  /** Charged bytes now. */
  after: number;
  /** after − before, in bytes. */
  change: number;
  /** False when the launch directory did not exist at the base (everything is new). */
  cwdAtBase: boolean;
  /** Every file sent on either side whose bytes differ, largest change first (then by path). */
  files: FileChange[];
  /**
   * The change per kind (its files and its lists' overhead), for every kind sent on either side, in
   * {@link ITEM_KINDS} order. JSON: `{ kind, charged, before, after, change }`.
   */
  kinds: KindChange[];
}

/** One kind's bytes at the base and now (its items inside the root and its lists' overhead). */
export interface KindChange {
  kind: ItemKind;
  /** Whether the cap charges the kind (only charged kinds are in the launch's `before`/`after`). */
  charged: boolean;
  before: number;
  after: number;
  change: number;
}

/** True for a display path inside the root (relative); files outside it are the same disk on both sides. */
function insideRoot(path: string): boolean {
  return !path.startsWith("/") && !path.startsWith("../") && path !== "..";
}

/** The items the agent sends (its loader charges them) inside the root, by path. */
function sent(snapshot: Snapshot | null): Map<string, ContextItem> {
  const out = new Map<string, ContextItem>();
  for (const item of snapshot?.items ?? []) {
    if (!item.charged || !insideRoot(item.path)) continue;
    const prev = out.get(item.path);
    // A path charged twice (never seen, but cheap to be exact about) counts as one file of both sizes.
    out.set(item.path, prev ? { ...prev, bytes: prev.bytes + item.bytes } : item);
  }
  return out;
}

function ruleIn(snapshot: Snapshot | null, path: string) {
  return snapshot?.rules.find((r) => r.path === path);
}

/** Why a file left the launch context, from what the head snapshot knows of it. */
function whyRemoved(head: Snapshot, path: string, existsNow: (path: string) => boolean): string {
  const rule = ruleIn(head, path);
  if (rule?.scoped) return "now scoped";
  if (rule?.notLoadedWhy) return rule.notLoadedWhy;
  if (!existsNow(path)) return "deleted";
  return "no longer loads";
}

/** Why a file entered the launch context, from what the base snapshot knows of it. */
function whyAdded(base: Snapshot | null, path: string, existedAtBase: (path: string) => boolean): string {
  const rule = ruleIn(base, path);
  if (rule?.scoped) return "no longer scoped";
  if (!existedAtBase(path)) return "new file";
  return "now loads";
}

/**
 * The per-file change from `base` (null: the launch directory did not exist at the base revision) to
 * `head`, over charged files inside the root (files outside it are on the same disk on both sides and not
 * compared). `exists*` answer whether a display path is a file on that side, for the `why` of files that
 * entered or left. `kinds` are the kinds the cap charges (both sides are judged by the same ones, so a change
 * that adopts kinds shows no change for text it did not touch); absent: every kind. Totals are the sums of
 * charged bytes inside the root plus the charged lists' overhead; `framingBytes` is never part of a delta.
 */
export function launchDelta(
  base: Snapshot | null,
  head: Snapshot,
  where: {
    base: string;
    commit: string;
    existedAtBase: (path: string) => boolean;
    existsNow: (path: string) => boolean;
    kinds?: readonly ItemKind[];
  },
): LaunchDelta {
  const kinds = where.kinds ?? ITEM_KINDS;
  const before = sent(base);
  const after = sent(head);
  const files: FileChange[] = [];
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(path)?.bytes ?? null;
    const a = after.get(path)?.bytes ?? null;
    if (a === b) continue;
    const kind = (after.get(path) ?? before.get(path))?.kind ?? "memory";
    const change: FileChange = {
      path,
      kind,
      charged: kinds.includes(kind),
      before: b,
      after: a,
      change: (a ?? 0) - (b ?? 0),
      status: b === null ? "added" : a === null ? "removed" : "changed",
    };
    if (b === null) change.why = whyAdded(base, path, where.existedAtBase);
    if (a === null) change.why = whyRemoved(head, path, where.existsNow);
    files.push(change);
  }
  files.sort(
    (x, y) => Math.abs(y.change) - Math.abs(x.change) || (x.path < y.path ? -1 : x.path > y.path ? 1 : 0),
  );
  const perKind = kindChanges(base, head, before, after, kinds);
  const sum = (side: "before" | "after") => perKind.reduce((n, k) => n + (k.charged ? k[side] : 0), 0);
  const beforeTotal = sum("before");
  const afterTotal = sum("after");
  return {
    base: where.base,
    commit: where.commit,
    before: beforeTotal,
    after: afterTotal,
    change: afterTotal - beforeTotal,
    cwdAtBase: base !== null,
    files,
    kinds: perKind,
  };
}

/** The bytes per kind on both sides: items inside the root and the loader-charged lists' overhead. */
function kindChanges(
  base: Snapshot | null,
  head: Snapshot,
  before: Map<string, ContextItem>,
  after: Map<string, ContextItem>,
  kinds: readonly ItemKind[],
): KindChange[] {
  const tally = (items: Map<string, ContextItem>, snapshot: Snapshot | null) => {
    const m = new Map<ItemKind, number>();
    for (const i of items.values()) m.set(i.kind, (m.get(i.kind) ?? 0) + i.bytes);
    for (const o of snapshot?.overhead ?? []) if (o.charged) m.set(o.kind, (m.get(o.kind) ?? 0) + o.bytes);
    return m;
  };
  const b = tally(before, base);
  const a = tally(after, head);
  const out: KindChange[] = [];
  for (const kind of ITEM_KINDS) {
    if (!b.has(kind) && !a.has(kind)) continue;
    const x = b.get(kind) ?? 0;
    const y = a.get(kind) ?? 0;
    out.push({
      kind,
      charged: countsAgainstCap({ kind, charged: true }, kinds),
      before: x,
      after: y,
      change: y - x,
    });
  }
  return out;
}
