/**
 * What the real-agent harnesses (./claude.ts, ./codex.ts) share: locating a pinned agent release's binary
 * and version. Running a process to its end with a kill at a timeout is the product's (src/verify/process.ts),
 * re-exported here.
 *
 * The agents are not dependencies of agent-context: they are pinned exactly in test/agents/package.json
 * (locked by its own package-lock.json) and installed into test/agents/node_modules by the vitest global
 * setup (scripts/agents.mjs). A second release of one package is an npm alias there, e.g.
 * `"claude-code-2.1.197": "npm:@anthropic-ai/claude-code@2.1.197"`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The separate install of the pinned agent CLIs. */
export const AGENTS_DIR = resolve(import.meta.dirname, "../agents");

function agentsManifest(): { dependencies: Record<string, string> } {
  return JSON.parse(readFileSync(join(AGENTS_DIR, "package.json"), "utf8"));
}

/**
 * Every release of `pkgName` pinned in test/agents/package.json, the default first (the dependency under
 * the package's own name), then the aliased ones in the order written.
 */
export function pinnedReleases(pkgName: string): string[] {
  const deps = agentsManifest().dependencies;
  const out: string[] = [];
  const main = deps[pkgName];
  if (main) out.push(main);
  for (const [key, spec] of Object.entries(deps)) {
    if (key === pkgName) continue;
    if (spec.startsWith(`npm:${pkgName}@`)) out.push(spec.slice(`npm:${pkgName}@`.length));
  }
  return out;
}

/**
 * The installed folder of release `release` of `pkgName` (default: the main pin), checked to hold that
 * exact version. Throws naming the remedy when the release is not pinned or not installed.
 */
export function pinnedPackageDir(pkgName: string, release?: string): string {
  const deps = agentsManifest().dependencies;
  const wanted = release ?? deps[pkgName];
  const key = Object.keys(deps).find((k) =>
    k === pkgName ? deps[k] === wanted : deps[k] === `npm:${pkgName}@${wanted}`,
  );
  if (!wanted || !key)
    throw new Error(
      `${pkgName}@${wanted ?? "?"} is not pinned in test/agents/package.json (pinned: ${pinnedReleases(pkgName).join(", ") || "none"}); ` +
        `add "${pkgName.split("/").pop()}-${wanted}": "npm:${pkgName}@${wanted}" there and run \`npm install --prefix test/agents\``,
    );
  const dir = join(AGENTS_DIR, "node_modules", key);
  const manifest = join(dir, "package.json");
  const installed = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, "utf8")).version as string)
    : "";
  if (installed !== wanted)
    throw new Error(
      `${pkgName}@${wanted} is ${installed ? `installed at ${installed}` : "not installed"} in ${dir}; ` +
        "run `npm run agents` (vitest's global setup does it before a run)",
    );
  return dir;
}

function packageJson(dir: string): { version: string; bin: string | Record<string, string> } {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
}

/** Absolute path of the `binName` executable of release `release` (default: the main pin) of `pkgName`. */
export function pinnedBin(pkgName: string, binName: string, release?: string): string {
  const dir = pinnedPackageDir(pkgName, release);
  const { bin } = packageJson(dir);
  return join(dir, typeof bin === "string" ? bin : (bin[binName] ?? ""));
}

/** The installed version of release `release` (default: the main pin) of `pkgName`, from its package.json. */
export function pinnedVersion(pkgName: string, release?: string): string {
  return packageJson(pinnedPackageDir(pkgName, release)).version;
}

export { type ProcessResult, runProcess } from "../../src/verify/process.js";

/**
 * How many agent CLIs one test file may run at once, for a pool its author sized at `n` for the whole
 * machine: the conformance tier runs one file per core (AGENT_CONTEXT_TEST_WORKERS, set by
 * vitest.config.ts), and agent CLIs are CPU-bound, so each file takes its share (at least 1). Outside
 * the test run (`npm run conformance:fuzz`) the pool keeps `n`.
 */
export function agentSlots(n: number): number {
  const workers = Number(process.env.AGENT_CONTEXT_TEST_WORKERS) || 1;
  return Math.max(1, Math.round(n / workers));
}
