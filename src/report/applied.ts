/**
 * The lines that say which view a snapshot is and what beyond the repository it applied (the user view's
 * files, settings, approvals and environment switches; flags such as `--add-dir`), shared by `cap` and
 * `explain`. The JSON form is `{ view, applied: [{kind, name, value?, from?, effect}] }`.
 */
import type { AppliedSource, Snapshot, View } from "../model/index.js";

/** One line naming the view. */
export function viewLine(view: View): string {
  return view === "user"
    ? "view: user (this machine's user files, settings, approvals and environment)"
    : "view: fresh clone (the repository alone, default settings and environment; what the cap judges)";
}

/** One line per applied source: `  kind name=value (from): effect`. Empty when nothing was applied. */
export function appliedLines(applied: readonly AppliedSource[] | undefined): string[] {
  if (!applied || applied.length === 0) return [];
  return [
    "applied:",
    ...applied.map((a) => {
      const value = a.value === undefined ? "" : `=${a.value}`;
      const from = a.from === undefined ? "" : ` (${a.from})`;
      return `  ${a.kind} ${a.name}${value}${from}: ${a.effect}`;
    }),
  ];
}

/** The `view` and `applied` fields of a command's JSON. */
export function appliedJson(snapshot: Snapshot): { view: View; applied: AppliedSource[] } {
  return { view: snapshot.view, applied: [...(snapshot.applied ?? [])] };
}
