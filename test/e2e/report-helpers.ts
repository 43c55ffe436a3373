/** Helpers for the `report` end-to-end tests: the built CLI, run with CI variables cleared. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { agentContext } from "../support/cli-run.js";

export const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ["CI", "GITHUB_ACTIONS", "GITHUB_BASE_REF", "NO_COLOR", "FORCE_COLOR"]) delete e[k];
  return e;
}

/** Runs the built CLI (`node dist/cli/main.js ARGS`) in `cwd`, spawned; CI variables are cleared. */
export function cli(args: string[], cwd?: string): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    encoding: "utf8",
    env: env(),
    cwd,
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The same through test/support/cli-run.ts (in the worker). */
export async function cliRun(args: string[], cwd?: string): Promise<CliRun> {
  const r = await agentContext(args, { env: env(), cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The data object embedded in a report file (its `<script type="application/json">`). */
export function embeddedData(file: string): {
  agents: {
    id: string;
    launches: {
      cwd: string;
      total: number;
      cells: { leaf: boolean; path: string | null; label: string }[];
      moreCount: number;
      files: unknown[];
    }[];
  }[];
} {
  const html = readFileSync(file, "utf8");
  const m = html.match(/<script type="application\/json" id="report-data">([^<]*)<\/script>/);
  if (!m) throw new Error(`${file}: no embedded report data`);
  return JSON.parse(m[1] as string);
}
