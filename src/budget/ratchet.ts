/**
 * The floor-only ratchet: the configured cap may go down freely but never rise above its value at a base
 * git revision. Reads the base config with real git (`git cat-file blob REF:./.agent-context.json`).
 */
import { type AgentContextConfig, CONFIG_FILE, parseConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { isGitWorkTree, runGit } from "../fs/git.js";
import type { AgentModel, ItemKind } from "../model/index.js";
import { type ChargingChange, chargingChange } from "./adoption.js";
import { capFor } from "./cap-setting.js";
import { chargingFor } from "./kinds.js";

export interface RatchetResult {
  /** The revision as the user (or the CI default) named it. */
  base: string;
  /** How the base was chosen: "--base" or e.g. "merge base with origin/main". */
  via: string;
  /** The commit the base resolved to (full hex). */
  commit: string;
  /** The cap at the base revision in bytes; null when `.agent-context.json` is missing there (no floor yet). */
  baseCap: number | null;
  /** Whether `.agent-context.json` existed at the base revision. */
  baseHasConfig: boolean;
  /** The configured cap now, in bytes. */
  currentCap: number;
  /**
   * False when the cap was raised above the base value plus the change's allowance, a charged kind was
   * dropped or a cap per kind raised or removed (never false when the base has no config).
   */
  ok: boolean;
  /**
   * What the change does to the charged kinds (src/budget/adoption.ts): the kinds it adopts and the raise
   * that allows (their bytes, measured now), kinds it stops charging, caps per kind raised. Null when the
   * base has no config.
   */
  charging: ChargingChange | null;
  /** One line when the ratchet starts with this change (no config at the base), else null. */
  note: string | null;
}

/** Outcome of looking for a default base in CI. */
export type DefaultBase = { found: true; ref: string; via: string } | { found: false; why: string };

/** True when the environment says this is a CI run (`CI` set and not "false"/"0", or `GITHUB_ACTIONS`). */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI;
  if (ci !== undefined && ci !== "" && ci !== "false" && ci !== "0") return true;
  return !!env.GITHUB_ACTIONS && env.GITHUB_ACTIONS !== "false";
}

/**
 * The default base for the ratchet in CI: the merge base of HEAD with the first default-branch candidate
 * that exists and has one: `origin/$GITHUB_BASE_REF` (pull requests on GitHub Actions), `origin/HEAD`,
 * `origin/main`, `origin/master`, `main`, `master`. Never throws.
 */
export function findDefaultBase(root: string, env: NodeJS.ProcessEnv = process.env): DefaultBase {
  if (!isGitWorkTree(root)) return { found: false, why: "not inside a git work tree" };
  const candidates = ["origin/HEAD", "origin/main", "origin/master", "main", "master"];
  if (env.GITHUB_BASE_REF) candidates.unshift(`origin/${env.GITHUB_BASE_REF}`);
  for (const cand of candidates) {
    if (!runGit(root, ["rev-parse", "--verify", "--quiet", `${cand}^{commit}`]).ok) continue;
    const mb = runGit(root, ["merge-base", "HEAD", cand]);
    if (mb.ok && mb.stdout.trim())
      return { found: true, ref: mb.stdout.trim(), via: `merge base with ${cand}` };
  }
  return {
    found: false,
    why: `no default branch found (tried ${candidates.join(", ")})`,
  };
}

/**
 * Reads `.agent-context.json` at revision `ref` of the repository containing `root` (the config of the
 * directory `root`, wherever it sits in the work tree).
 * Throws {@link UsageError} when git is missing, `root` is not in a git work tree, `ref` is not a commit,
 * or the base config is malformed (named as `REF:.agent-context.json`).
 * @returns the parsed config, or null when the file does not exist at `ref`.
 */
export function readConfigAt(
  root: string,
  ref: string,
): { commit: string; config: AgentContextConfig | null } {
  const probe = runGit(root, ["rev-parse", "--is-inside-work-tree"]);
  if (probe.missingGit) throw new UsageError("--base needs git, and git was not found on PATH");
  if (!probe.ok) throw new UsageError(`--base ${ref}: ${root} is not inside a git repository`);
  const rev = runGit(root, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  if (!rev.ok) throw new UsageError(`--base ${ref}: not a commit in the git repository at ${root}`);
  const commit = rev.stdout.trim();
  const spec = `${commit}:./${CONFIG_FILE}`;
  if (!runGit(root, ["cat-file", "-e", spec]).ok) return { commit, config: null };
  // cat-file gives the blob as committed: no textconv, no filter of the repository's runs.
  const show = runGit(root, ["cat-file", "blob", spec]);
  if (!show.ok)
    throw new UsageError(`${ref}:${CONFIG_FILE}: cannot be read with git cat-file (${show.stderr.trim()})`);
  return { commit, config: parseConfig(show.stdout, `${ref}:${CONFIG_FILE}`) };
}

/**
 * Checks the ratchet for one agent: the configured cap now (`current`) against its value at `ref`.
 * Lowering or keeping the cap passes; raising it fails (`ok: false`), except by the bytes of the kinds this
 * change adopts (charged now, not at `ref`), which `measure` returns as measured now: the raise `init
 * --adopt-kinds` writes. Dropping a charged kind, or raising or removing a cap per kind, fails too. A config missing at `ref` means there
 * is no floor yet: the check passes and `note` says the ratchet starts with this change (so the PR adopting
 * agent-context on a repository already over the default cap is not failed). A config present at `ref` but
 * deleted now compares the default cap against the base value. Throws {@link UsageError} as
 * {@link readConfigAt}.
 */
export function checkRatchet(
  root: string,
  ref: string,
  via: string,
  current: AgentContextConfig,
  agent: AgentModel,
  measure: (kinds: readonly ItemKind[]) => number = () => 0,
): RatchetResult {
  const at = readConfigAt(root, ref);
  const currentCap = capFor(current, agent);
  if (at.config === null) {
    return {
      base: ref,
      via,
      commit: at.commit,
      baseCap: null,
      baseHasConfig: false,
      currentCap,
      ok: true,
      note: `no ${CONFIG_FILE} at ${ref}: the ratchet starts with this change (cap ${currentCap} becomes the floor)`,
      charging: null,
    };
  }
  const baseCap = capFor(at.config, agent);
  const charging = chargingChange(chargingFor(at.config, agent), chargingFor(current, agent), measure);
  return {
    base: ref,
    via,
    commit: at.commit,
    baseCap,
    baseHasConfig: true,
    currentCap,
    ok:
      currentCap <= baseCap + charging.allowance &&
      charging.dropped.length === 0 &&
      charging.kindCaps.length === 0,
    note: null,
    charging,
  };
}
