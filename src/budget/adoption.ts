/**
 * What adopting kinds costs: the bytes they add to an agent's launches, measured the one way `init
 * --adopt-kinds` raises the cap by and the ratchet accepts a raise of (the same function, so the two agree to
 * the byte). Fresh-clone view, every launch directory `cap --all-cwds` checks (the root and each directory
 * holding an agent memory file): the largest of them, so every launch that was within its cap stays within it.
 */
import { join } from "node:path";
import { agentMemoryDirs } from "../agents/memory-dirs.js";
import { type AgentModel, ITEM_KINDS, type ItemKind } from "../model/index.js";
import { bytesOfKinds, type Charging } from "./kinds.js";

/**
 * The most bytes `kinds` add to one fresh-clone launch of `agent` in the repository at `root` (absolute),
 * over the launch directories of `cap --all-cwds`; 0 when `kinds` is empty (nothing is launched then).
 * @param release the agent release to model (default: the newest it was verified on)
 */
export function adoptionBytes(
  root: string,
  agent: AgentModel,
  kinds: readonly ItemKind[],
  release?: string,
): number {
  if (kinds.length === 0) return 0;
  let most = 0;
  for (const dir of agentMemoryDirs(root)) {
    const s = agent.launch({
      root,
      cwd: dir === "." ? root : join(root, dir),
      ...(release ? { release } : {}),
    });
    most = Math.max(most, bytesOfKinds(s.items, s.overhead ?? [], kinds));
  }
  return most;
}

/** A cap per kind that was raised or removed since the base. */
export interface KindCapRaise {
  kind: ItemKind;
  /** The kind's cap at the base, bytes. */
  baseCap: number;
  /** The kind's cap now, bytes; null when it was removed. */
  currentCap: number | null;
}

/**
 * What a change does to an agent's charging, for the ratchet. JSON (inside `cap --json`'s `ratchet`):
 * `{ adopted, allowance, dropped, kindCaps }`.
 */
export interface ChargingChange {
  /** Kinds charged now that the base did not charge: the change adopts them. */
  adopted: ItemKind[];
  /**
   * The bytes the cap may rise by in this change: the adopted kinds' bytes measured now
   * ({@link adoptionBytes}); 0 when nothing is adopted.
   */
  allowance: number;
  /** Kinds the base charged that are not charged now: a raise in disguise, which fails the ratchet. */
  dropped: ItemKind[];
  /** Caps per kind raised or removed since the base (each fails the ratchet). */
  kindCaps: KindCapRaise[];
}

/**
 * Compares the base's charging with the current one for one agent. `measure` is called only when the change
 * adopts kinds, with those kinds (it launches the agent: the cost falls on the adopting change alone).
 */
export function chargingChange(
  base: Charging,
  current: Charging,
  measure: (kinds: readonly ItemKind[]) => number,
): ChargingChange {
  const adopted = current.kinds.filter((k) => !base.kinds.includes(k));
  const dropped = base.kinds.filter((k) => !current.kinds.includes(k));
  const kindCaps: KindCapRaise[] = [];
  for (const kind of ITEM_KINDS) {
    const b = base.caps[kind];
    if (b === undefined) continue;
    const c = current.caps[kind];
    if (c === undefined || c > b) kindCaps.push({ kind, baseCap: b, currentCap: c ?? null });
  }
  return { adopted, allowance: adopted.length > 0 ? measure(adopted) : 0, dropped, kindCaps };
}
