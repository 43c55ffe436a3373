/**
 * The stable `cap --json` contract (other tools read it):
 * `{ agent, agentVersion, root, cwd, cap, total, over, ok, view, applied, items: [itemToJson...], ratchet }`.
 * `view` is `fresh-clone` (what the cap judges) or `user` (`cap --user`); `applied` lists what beyond the
 * repository the launch applied (`{kind, name, value?, from?, effect}`, see src/model/snapshot.ts).
 * `cap` is the cap the run charged against (after --cap), `over` is max(0, total − cap), `ok` is true
 * exactly when the command exits 0 (within the cap and the ratchet holds). `ratchet` is additive to the
 * issue's contract: null when no ratchet check ran, else `{ base, via, commit, baseCap, currentCap, ok, note }`; `baseCap`
 * is null and `note` one line when the base has no config (the ratchet starts with this change). `delta` is
 * null when no base was compared, else the LaunchDelta `{ base, commit, before, after, change, cwdAtBase,
 * files: [{ path, kind, charged, before, after, change, status, why? }], kinds: [{ kind, charged, before,
 * after, change }] }` (bytes). Also additive: `projectRoot` `{ path, why }` for an agent that searches for a
 * project root (Codex), and `incomplete`: the bounds of agent-context's own that cut the measurement,
 * `[{ bound, limit, path, message }]` (`bound` one of `walk-entries`, `walk-depth`, `walk-time`,
 * `read-size`, `parse-depth`; src/model/cut.ts), empty when complete — a non-empty list makes `ok` false.
 *
 * Kinds (additive, src/budget/kinds.ts): `charge` `{ kinds, source }` is what the cap charges and where that
 * was decided (`charge`, `agents.<id>.charge`, or `default`: memory, import, rule); an item whose kind is not
 * charged has `charged: false` and says so in `reason`. `total` is the charged items' bytes plus the charged
 * `overhead` (`[{ list, kind, bytes, charged, why }]`: a list's fixed text, once per list). `kinds` is
 * `[{ kind, charged, entries, itemBytes, overheadBytes, bytes, cap, over, ok }]` per kind sent, largest first
 * (`cap`: the kind's own cap or null); `unadopted` is null or `{ kinds, bytes, command }` (the kinds sent but
 * not charged, and the command that adopts them). `unmeasured` lists `{ kind, name, source }` of sources that
 * add context only by running code (never run). `framingBytes` sums the items' machine-dependent framing,
 * each once (never charged); an item inside another's text says so in `countedIn`. Tokens (additive,
 * src/app/tokens.ts, docs/tokens.md; absent with `--tokens off`): each item's `tokens` is `{ count,
 * method, exact }` (`method` `o200k`, `estimate:<family>`); the run's `tokens` is `{ total, method, label,
 * exact, model, cap, over, ok, note, requests }` (`method` also `anthropic-api`; `cap` the token cap or
 * null). `partialSessions` lists `{ sessions, paths }`: sessions that start without these charged files
 * (Claude Code's Explore and Plan subagents). The ratchet adds `charging`: null, or `{ adopted, allowance, dropped, kindCaps: [{ kind,
 * baseCap, currentCap }] }`.
 */

import type { CapRun } from "../app/cap.js";
import type { ChargingChange } from "../budget/adoption.js";
import type { LaunchDelta } from "../budget/delta.js";
import type { CapEvaluation } from "../budget/evaluate.js";
import { type Charging, countsAgainstCap } from "../budget/kinds.js";
import {
  type AppliedSource,
  type ContextItemJson,
  framingTotal,
  itemToJson,
  type ListOverhead,
  type MeasurementCut,
  type UnmeasuredSource,
  type View,
} from "../model/index.js";
import { schemaUrl } from "../version.js";
import { appliedJson } from "./applied.js";
import { itemTokensJson, runTokensJson } from "./tokens.js";

/** One launch in `cap --json` (an array of them with `--agent all` or `--all-cwds`). See the module comment. */
export interface CapJson {
  /** The schema of this output. */
  $schema?: string;
  agent: string;
  agentVersion: string;
  /**
   * Why `agentVersion` is the release modelled (`--agent-version`, `installed`: the user view's CLI,
   * `configured`: `agents.<id>.release`, `default`: the newest verified) and how the model knows it
   * (`verified` on it, or modelled from `release-ranges`).
   */
  release: {
    why: "--agent-version" | "installed" | "configured" | "default";
    basis: "verified" | "release-ranges";
  };
  root: string;
  cwd: string;
  /** The cap charged against, bytes. */
  cap: number;
  /** Charged bytes. */
  total: number;
  over: number;
  /** True exactly when the command exits 0. */
  ok: boolean;
  view: View;
  applied: AppliedSource[];
  items: ContextItemJson[];
  charge: { kinds: Charging["kinds"]; source: Charging["source"] };
  kinds: CapEvaluation["kinds"];
  overhead: ListOverhead[];
  unadopted: CapEvaluation["unadopted"];
  unmeasured: UnmeasuredSource[];
  framingBytes: number;
  ratchet: {
    base: string;
    via: string;
    commit: string;
    baseCap: number | null;
    currentCap: number;
    ok: boolean;
    note: string | null;
    charging: ChargingChange | null;
  } | null;
  delta: LaunchDelta | null;
  /** The project root the agent searched from, for an agent that searches for one (Codex). */
  projectRoot?: { path: string | null; why: string };
  incomplete: MeasurementCut[];
  /** The agent's own verdict fields (Codex: `truncated`). */
  [verdict: string]: unknown;
}

/** Projects a cap run onto the JSON contract, keys in contract order (`$schema` only when asked). */
export function capToJson(run: CapRun, opts: { schema?: boolean } = {}): CapJson {
  const ev = run.evaluation;
  return {
    ...(opts.schema ? { $schema: schemaUrl("cap") } : {}),
    agent: run.agent,
    agentVersion: run.agentVersion,
    release: { why: run.release?.why ?? "default", basis: run.release?.basis ?? "verified" },
    root: run.root,
    cwd: run.cwd,
    cap: ev.cap,
    total: ev.total,
    over: ev.over,
    ok: run.ok,
    ...appliedJson(run.snapshot),
    items: run.items.map((i) => {
      const t = run.tokens ? itemTokensJson(run.tokens.items.get(i.countedIn ?? i.path)) : undefined;
      return t && i.countedIn === undefined ? { ...itemToJson(i), tokens: t } : itemToJson(i);
    }),
    ...(run.tokens ? { tokens: runTokensJson(run.tokens) } : {}),
    partialSessions: run.partialSessions ?? [],
    charge: { kinds: run.charging.kinds, source: run.charging.source },
    kinds: ev.kinds,
    overhead: (run.snapshot.overhead ?? []).map(({ text: _text, ...o }) => ({
      ...o,
      charged: countsAgainstCap(o, run.charging.kinds),
    })),
    unadopted: ev.unadopted,
    unmeasured: run.snapshot.unmeasured ?? [],
    framingBytes: framingTotal(run.items),
    ratchet: run.ratchet
      ? {
          base: run.ratchet.base,
          via: run.ratchet.via,
          commit: run.ratchet.commit,
          baseCap: run.ratchet.baseCap,
          currentCap: run.ratchet.currentCap,
          ok: run.ratchet.ok,
          note: run.ratchet.note,
          charging: run.ratchet.charging,
        }
      : null,
    // The change against the base revision (per file), or null when no base was compared.
    delta: run.delta,
    // The project root the agent searched from when it has one ({ path, why }; path null when none was found).
    ...(run.snapshot.projectRoot ? { projectRoot: run.snapshot.projectRoot } : {}),
    // The agent's own verdict fields (Codex: `truncated`, where its budget cuts the chain, or null).
    ...(run.snapshot.verdict?.json ?? {}),
    // The bounds of agent-context's own that cut the measurement ([] when complete; `ok` is then false).
    incomplete: (run.incomplete ?? []).map((c) => ({ ...c })),
  };
}

/** `cap --json` with several launches: an array of {@link CapJson} (schema `cap-matrix`). */
export type CapMatrixJson = CapJson[];

/** The JSON text for several (agent, cwd) launches: an array of {@link capToJson} objects. */
export function renderCapJsonArray(runs: readonly CapRun[]): string {
  return `${JSON.stringify(
    runs.map((r) => capToJson(r)),
    null,
    2,
  )}\n`;
}

/** The JSON text printed by `cap --json`: one object, `$schema` first, two-space indented, ending in a newline. */
export function renderCapJson(run: CapRun): string {
  return `${JSON.stringify(capToJson(run, { schema: true }), null, 2)}\n`;
}
