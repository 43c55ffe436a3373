/**
 * Runs the pinned real GitHub Copilot CLI (@github/copilot, test/agents/package.json) offline. The harness
 * lives in the product (src/agents/copilot-cli/verify.ts: `runCopilotCli`, the parsers; the OpenAI-style
 * loopback upstream in src/verify/upstream-chat.ts), shared with `verify`; this file adds the pinned
 * release, the case runner and the pool, and keeps the names the conformance suites import.
 * Ground truth for the copilot-cli agent model (docs/findings-copilot-cli.md). Nothing but loopback.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  type CopilotRun,
  type RunCopilotCliOptions,
  runCopilotCli,
} from "../../src/agents/copilot-cli/verify.js";
import type { CopilotCase } from "../conformance/copilot-cli.fixtures.js";
import { tempDir, writeLayout } from "./codex-layout.js";
import { agentSlots, pinnedPackageDir, pinnedVersion } from "./process.js";
import { logSession } from "./session-log.js";

export {
  attachmentsAfterTools,
  COPILOT_CACHE,
  type CopilotRun,
  customInstructions,
  instructionRegion,
  systemOf,
} from "../../src/agents/copilot-cli/verify.js";
export {
  type ChatRequest,
  type ChatTurn,
  type ChatUpstream,
  startChatUpstream,
} from "../../src/verify/upstream-chat.js";

export const COPILOT_PACKAGE = "@github/copilot";

/**
 * The native `copilot` binary of the pinned release (its npm launcher needs Node 22; the binary does not):
 * the platform package `@github/copilot-<platform>-<arch>` installed beside it.
 */
export function copilotBin(): string {
  const dir = pinnedPackageDir(COPILOT_PACKAGE);
  const report = process.report?.getReport?.() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const musl = process.platform === "linux" && report?.header?.glibcVersionRuntime === undefined;
  const plat = process.platform === "linux" && musl ? "linuxmusl" : process.platform;
  return join(
    dir,
    "..",
    `copilot-${plat}-${process.arch}`,
    process.platform === "win32" ? "copilot.exe" : "copilot",
  );
}

/** The pinned release's npm launcher (`npm-loader.js`, a Node script). */
export function copilotLauncher(): string {
  return join(pinnedPackageDir(COPILOT_PACKAGE), "npm-loader.js");
}

/** The installed version of the pinned release. */
export function copilotVersion(): string {
  return pinnedVersion(COPILOT_PACKAGE);
}

export type RunCopilotOptions = Omit<RunCopilotCliOptions, "bin">;

/** Runs the pinned native `copilot [args] -p hi --allow-all-tools --disable-client-telemetry` in `cwd` offline. */
export function runCopilot(opts: RunCopilotOptions): Promise<CopilotRun> {
  logSession("copilot-cli", copilotVersion(), opts);
  return runCopilotCli({ ...opts, bin: copilotBin() });
}

export interface Ran {
  repo: string;
  home: string;
  run: CopilotRun;
}

/** Sets up one case and runs the CLI on it. */
export async function runCase(c: CopilotCase, prefix = "ac-cp-"): Promise<Ran> {
  const base = tempDir(prefix);
  const repo = join(base, "repo");
  mkdirSync(repo);
  // `<R>` in a file's text stands for the repository's absolute path (absolute imports).
  const files = Object.fromEntries(
    Object.entries(c.files).map(([k, e]) => [k, typeof e === "string" ? e.replaceAll("<R>", repo) : e]),
  );
  writeLayout(repo, { ...(c.git === false ? {} : { ".git": { git: true } }), ...files });
  const home = join(base, "home");
  mkdirSync(home);
  if (c.home) writeLayout(home, c.home);
  const run = await runCopilot({
    cwd: join(repo, c.cwd ?? "."),
    home,
    script: (c.views ?? []).map((v) => ({ toolCalls: [{ name: "view", args: { path: join(repo, v) } }] })),
  });
  return { repo, home, run };
}

/** Runs `tasks` with at most `n` at a time. */
export async function pool<T>(tasks: (() => Promise<T>)[], n: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: agentSlots(n) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return out;
}
