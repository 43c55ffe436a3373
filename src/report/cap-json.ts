/**
 * The stable `cap --json` contract (other tools read it):
 * `{ agent, agentVersion, root, cwd, cap, total, over, ok, items: [itemToJson...], ratchet }`.
 * `cap` is the cap the run charged against (after --cap), `over` is max(0, total − cap), `ok` is true
 * exactly when the command exits 0 (within the cap and the ratchet holds). `ratchet` is additive to the
 * issue's contract: null when no ratchet check ran, else `{ base, via, commit, baseCap, currentCap, ok, note }`; `baseCap`
 * is null and `note` one line when the base has no config (the ratchet starts with this change).
 * Also additive: `view` (`fresh-clone` or `user`), `projectRoot` `{ path, why }` for an agent that searches
 * for a project root (Codex), and `applied` (what the user view applied) in the user view.
 */
import type { CapRun } from "../budget/run.js";
import { itemToJson } from "../model/index.js";

/** Projects a cap run onto the JSON contract, keys in contract order. */
export function capToJson(run: CapRun): Record<string, unknown> {
  const ev = run.evaluation;
  return {
    agent: run.agent,
    agentVersion: run.agentVersion,
    root: run.root,
    cwd: run.cwd,
    cap: ev.cap,
    total: ev.total,
    over: ev.over,
    ok: run.ok,
    items: run.items.map(itemToJson),
    ratchet: run.ratchet
      ? {
          base: run.ratchet.base,
          via: run.ratchet.via,
          commit: run.ratchet.commit,
          baseCap: run.ratchet.baseCap,
          currentCap: run.ratchet.currentCap,
          ok: run.ratchet.ok,
          note: run.ratchet.note,
        }
      : null,
    // Which view was measured (fresh-clone: what CI judges; user: with this machine's user layer), the
    // project root the agent searched from when it has one ({ path, why }; path null when none was found),
    // and, in the user view, what was applied beyond the repository.
    view: run.snapshot.view,
    ...(run.snapshot.projectRoot ? { projectRoot: run.snapshot.projectRoot } : {}),
    ...(run.snapshot.view === "user" ? { applied: run.snapshot.applied ?? [] } : {}),
    // The agent's own verdict fields (Codex: `truncated`, where its budget cuts the chain, or null).
    ...(run.snapshot.verdict?.json ?? {}),
  };
}

/** The JSON text for several (agent, cwd) launches: an array of {@link capToJson} objects. */
export function renderCapJsonArray(runs: readonly CapRun[]): string {
  return `${JSON.stringify(runs.map(capToJson), null, 2)}\n`;
}

/** The JSON text printed by `cap --json`: one object, two-space indented, ending in a newline. */
export function renderCapJson(run: CapRun): string {
  return `${JSON.stringify(capToJson(run), null, 2)}\n`;
}
