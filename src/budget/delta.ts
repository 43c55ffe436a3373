/**
 * The change a pull request makes to one launch: the base revision's snapshot against the working tree's,
 * file by file. Pure: compares two snapshots, never reads files.
 */
import type { ContextItem, Snapshot } from "../model/index.js";

/** What happened to one file's charge between the base and now. */
export type FileChangeStatus = "added" | "removed" | "changed";

/** One file's charge at the base and now. */
export interface FileChange {
  /** Display path (POSIX, relative to the root), as ContextItem.path. */
  path: string;
  /** Charged bytes at the base revision; null when the file was not charged there. */
  before: number | null;
  /** Charged bytes now; null when the file is not charged now. */
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
  /** Every file charged on either side whose charge differs, largest change first (then by path). */
  files: FileChange[];
}

/** True for a display path inside the root (relative); files outside it are the same disk on both sides. */
function insideRoot(path: string): boolean {
  return !path.startsWith("/") && !path.startsWith("../") && path !== "..";
}

function charged(snapshot: Snapshot | null): Map<string, ContextItem> {
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
 * entered or left. Totals are the sums of charged bytes inside the root.
 */
export function launchDelta(
  base: Snapshot | null,
  head: Snapshot,
  where: {
    base: string;
    commit: string;
    existedAtBase: (path: string) => boolean;
    existsNow: (path: string) => boolean;
  },
): LaunchDelta {
  const before = charged(base);
  const after = charged(head);
  const files: FileChange[] = [];
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(path)?.bytes ?? null;
    const a = after.get(path)?.bytes ?? null;
    if (a === b) continue;
    const change: FileChange = {
      path,
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
  const sum = (m: Map<string, ContextItem>) => [...m.values()].reduce((n, i) => n + i.bytes, 0);
  const beforeTotal = sum(before);
  const afterTotal = sum(after);
  return {
    base: where.base,
    commit: where.commit,
    before: beforeTotal,
    after: afterTotal,
    change: afterTotal - beforeTotal,
    cwdAtBase: base !== null,
    files,
  };
}
