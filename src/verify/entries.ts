/**
 * List entries (skills, subagents, commands) on both sides of a verify run: the model's, read from its
 * snapshot's items (`extra.list`, `extra.entry`), and the comparison of the two sides entry by entry —
 * matched by list and name, so a missing, extra or different entry is named.
 */
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { DeliveredEntry, Snapshot } from "../model/index.js";

/**
 * The model's entries of `lists` in item order: every item whose `extra.entry` is the text the agent
 * sends for it. `nameOf` reads the name out of the text, as the runner reads the CLI's entries, so both
 * sides are matched by the same name.
 */
export function predictedEntries(
  snapshot: Snapshot,
  lists: readonly string[],
  nameOf: (list: string, text: string) => string,
): DeliveredEntry[] {
  const out: DeliveredEntry[] = [];
  for (const it of snapshot.items) {
    const list = it.extra?.list;
    const text = it.extra?.entry;
    if (typeof list !== "string" || typeof text !== "string" || !lists.includes(list)) continue;
    out.push({ list, name: nameOf(list, text), text });
  }
  return out;
}

/**
 * The name of an entry written `- NAME: DESCRIPTION…` (Claude Code's and Codex's lists): its first line
 * without the dash, up to the first `: ` (all of it for a bare `- NAME`).
 */
export function dashEntryName(text: string): string {
  const first = (text.split("\n", 1)[0] ?? "").replace(/^- /, "");
  const colon = first.indexOf(": ");
  return colon >= 0 ? first.slice(0, colon) : first;
}

/** Folder entries {@link hasFileBelow} visits at most (a copy holds at most a few thousand files). */
const SCAN_MAX_ENTRIES = 50_000;

/**
 * True when a regular file below `root` (a verify copy: regular files and folders only) satisfies `pred`
 * (its path relative to `root`, POSIX). Bounded: past the bound, true (the caller then asks the CLI).
 */
export function hasFileBelow(root: string, pred: (rel: string) => boolean): boolean {
  let seen = 0;
  const visit = (dir: string, rel: string): boolean => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return false;
    }
    for (const n of names) {
      if (++seen > SCAN_MAX_ENTRIES) return true;
      const r = rel === "" ? n : `${rel}/${n}`;
      const st = lstatSync(join(dir, n), { throwIfNoEntry: false });
      if (st?.isDirectory()) {
        if (n !== ".git" && visit(join(dir, n), r)) return true;
      } else if (st?.isFile() && pred(r)) return true;
    }
    return false;
  };
  return visit(root, "");
}

/** One entry's difference: the list and name it concerns, what each side holds. */
export interface EntryDifference {
  kind: "missing" | "extra" | "text" | "order";
  /** `LIST NAME` (`skills deploy`), absent for `order`. */
  entry?: string;
  list: string;
  model?: string;
  cli?: string;
}

/** Each entry keyed by its list, name and occurrence (a name listed twice is two keys). */
function keyed(entries: readonly DeliveredEntry[]): Map<string, DeliveredEntry> {
  const seen = new Map<string, number>();
  const out = new Map<string, DeliveredEntry>();
  for (const e of entries) {
    const base = `${e.list}\u0000${e.name}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.set(`${base}\u0000${n}`, e);
  }
  return out;
}

/**
 * Every difference between the model's entries and the CLI's: an entry the CLI lists that the model does
 * not (`missing`), the other way round (`extra`), one both list with another text (`text`); when none,
 * per list, the same entries in another order (`order`).
 */
export function entryDifferences(
  model: readonly DeliveredEntry[],
  cli: readonly DeliveredEntry[],
): EntryDifference[] {
  const out: EntryDifference[] = [];
  const mk = keyed(model);
  const ck = keyed(cli);
  const label = (e: DeliveredEntry) => `${e.list} ${e.name}`;
  for (const [k, c] of ck) {
    const m = mk.get(k);
    if (!m) out.push({ kind: "missing", entry: label(c), list: c.list, cli: c.text });
    else if (m.text !== c.text)
      out.push({ kind: "text", entry: label(c), list: c.list, model: m.text, cli: c.text });
  }
  for (const [k, m] of mk)
    if (!ck.has(k)) out.push({ kind: "extra", entry: label(m), list: m.list, model: m.text });
  if (out.length > 0) return out;
  const lists = [...new Set([...model, ...cli].map((e) => e.list))];
  for (const list of lists) {
    const names = (es: readonly DeliveredEntry[]) => es.filter((e) => e.list === list).map((e) => e.name);
    const mo = names(model);
    const co = names(cli);
    if (mo.join("\n") !== co.join("\n"))
      out.push({ kind: "order", list, model: mo.join(", "), cli: co.join(", ") });
  }
  return out;
}
