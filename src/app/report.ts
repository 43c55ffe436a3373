/**
 * The `report` pipeline: `cap`'s runs (every agent × every launch directory with its own memory, as
 * `cap --all-cwds` computes them, with the per-file change against a base revision), lint's findings, the
 * repository's file list and the router's index, all on one {@link Workspace}: each agent's launch at the
 * root is built once for the cap and for lint, and the files are listed once. src/report/html/ turns the
 * result into the page's data and the page. Nothing here prints or writes.
 */
import { realpathSync } from "node:fs";
import { type LintResult, lintRepository } from "../lint/index.js";
import { DEFAULT_ROUTERS, loadIndex, type RouterIndex } from "../router/index-build.js";
import { type CapRun, holdsNoInstructionFiles, runCapMatrix } from "./cap.js";
import { Workspace } from "./workspace.js";

export interface ReportOptions {
  /** Repository root (absolute, or relative to the process directory). */
  root: string;
  /** `--agent`: an id or `all` (default: the registry's default agent). */
  agent?: string;
  /** `--base REF`. */
  base?: string;
  /** Environment for CI detection (default process.env), as `cap`. */
  env?: NodeJS.ProcessEnv;
  /** The Workspace to run on (its root is the root). */
  workspace?: Workspace;
}

export interface ReportRun {
  /** Absolute root as given. */
  root: string;
  /** The root resolved through links, as the snapshots' rule bases hold it. */
  realRoot: string;
  /** Every (agent, launch directory) run, agent-major, root first. */
  runs: CapRun[];
  /** Every file of the repository (relative POSIX paths). */
  files: string[];
  /** Lint's result over the repository. */
  lint: LintResult;
  /** The router's index (no shard: `shards` is empty). */
  router: RouterIndex;
  /** True when no agent loads anything from the root. */
  noInstructionFiles: boolean;
}

/**
 * Runs `report`'s measurements. Throws UsageError (exit 2) where `cap` does: an unknown agent, a `--base`
 * that is not a commit, a malformed configuration.
 */
export function runReport(opts: ReportOptions): ReportRun {
  const ws = opts.workspace ?? Workspace.at(opts.root);
  // One read scope for the whole run: the launches of every agent, the file list and lint read each file
  // and list each directory once (a link to `/` under the rules made that five walks of the machine,
  // bench/bad-input.mjs).
  return ws.scope(() => {
    const runs = runCapMatrix({
      workspace: ws,
      agent: opts.agent,
      allCwds: true,
      ...(opts.base !== undefined ? { base: opts.base } : {}),
      ...(opts.env ? { env: opts.env } : {}),
    });
    let realRoot = ws.root;
    try {
      realRoot = realpathSync(ws.root);
    } catch {
      // the root as given when it cannot be resolved
    }
    const lint = lintRepository({
      root: ws.root,
      sources: {
        files: () => ws.files(),
        snapshot: (agent, launch) =>
          launch.cwd === ws.root ? ws.snapshot(agent, launch) : agent.launch({ ...launch, root: launch.cwd }),
      },
    });
    const { config } = ws.config();
    return {
      root: ws.root,
      realRoot,
      runs,
      files: ws.files(),
      lint,
      router: loadIndex(ws.root, config.routers ?? DEFAULT_ROUTERS, { useCache: false }),
      noInstructionFiles: holdsNoInstructionFiles(ws),
    };
  });
}
