/**
 * The release of the agent CLI installed on this machine, for the user view (`cap --user`, `explain`,
 * `init`): `EXECUTABLE --version` of the CLI on PATH (or `--cli`), never one inside the repository under
 * measurement, run from a throwaway directory with a throwaway HOME, an environment built from nothing
 * (PATH without relative entries or entries in the repository, auto-update and traffic off) and a time
 * bound. The binary is the user's own; no repository file is run or read.
 */
import { accessSync, constants, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import { inside } from "../fs/paths.js";
import type { AgentModel } from "../model/index.js";
import { runProcess } from "../verify/process.js";

/** How long `--version` may take (a CLI's first start may unpack itself). */
const VERSION_TIMEOUT_MS = 15_000;

function executableFile(p: string): boolean {
  try {
    if (!statSync(p).isFile()) return false;
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** What was found: the release, or why there is none (one line). */
export type Installed = { release: string; bin: string } | { none: string };

/**
 * The installed CLI's release for `agent` (one with a verify runner), or why none was read.
 * @param root the repository under measurement: no executable in it is run, nor found through PATH in it
 */
export async function installedRelease(
  agent: AgentModel,
  opts: { root: string; cli?: string; path?: string },
): Promise<Installed> {
  const runner = agent.capabilities?.verify;
  if (!runner) return { none: `${agent.name} has no CLI agent-context can ask for its release` };
  const path = (opts.path ?? process.env.PATH ?? "")
    .split(delimiter)
    .filter((d) => d !== "" && isAbsolute(d) && !inside(opts.root, d));
  const found =
    opts.cli !== undefined
      ? resolve(opts.cli)
      : path.map((d) => join(d, runner.executable)).find((p) => executableFile(p));
  if (found === undefined) return { none: `\`${runner.executable}\` is not on PATH` };
  if (inside(opts.root, found) || !executableFile(found))
    return { none: `${found} is not an executable outside the repository` };
  const bin = runner.resolveBin ? runner.resolveBin(found) : found;
  if (inside(opts.root, bin)) return { none: `${bin} is a file of the repository` };
  const home = mkdtempSync(join(tmpdir(), "ac-version-"));
  try {
    const r = await runProcess(bin, ["--version"], {
      cwd: home,
      env: {
        PATH: path.join(delimiter) || "/usr/bin:/bin",
        HOME: home,
        // What the CLI skips for its version line (Copilot CLI: unpacking its package into this HOME).
        ...runner.versionEnv?.(),
        DISABLE_AUTOUPDATER: "1",
        DISABLE_TELEMETRY: "1",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        NO_UPDATE_NOTIFIER: "1",
      },
      timeoutMs: VERSION_TIMEOUT_MS,
    });
    const release = r.code === 0 ? runner.parseVersion(r.stdout) : undefined;
    if (release === undefined)
      return {
        none: `${bin} --version ${r.timedOut ? "timed out" : r.spawnError ? `could not start (${r.spawnError})` : `printed no ${agent.name} release`}`,
      };
    return { release, bin };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
