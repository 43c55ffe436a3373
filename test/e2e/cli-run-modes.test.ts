/**
 * The two ways test/support/cli-run.ts runs the built CLI agree: in this worker (dist/cli/program.js's
 * runCli, with the run's working directory and environment) and spawned as `node dist/cli/main.js`. Each
 * row runs both ways and the exit status, stdout and stderr must be the same text.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agentContext, spawned } from "../support/cli-run.js";

const EXAMPLE = resolve(import.meta.dirname, "../../examples/acme-shop");
const bad = realpathSync(mkdtempSync(join(tmpdir(), "ac-modes-")));
writeFileSync(join(bad, ".agent-context.json"), "{ not json");
writeFileSync(join(bad, "CLAUDE.md"), "# Bad\n\u001b[31mred\u0007\n");
afterAll(() => rmSync(bad, { recursive: true, force: true }));
// A configuration that warns (an unknown key): every run warns again, in process as spawned.
const warns = realpathSync(mkdtempSync(join(tmpdir(), "ac-modes-warns-")));
writeFileSync(join(warns, ".agent-context.json"), '{"cap": 4096, "nope": 1}\n');
writeFileSync(join(warns, "CLAUDE.md"), "# Warns\n");
afterAll(() => rmSync(warns, { recursive: true, force: true }));

const HOME = realpathSync(mkdtempSync(join(tmpdir(), "ac-modes-home-")));
afterAll(() => rmSync(HOME, { recursive: true, force: true }));
const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME, ...extra };
  for (const k of ["CI", "GITHUB_ACTIONS", "GITHUB_BASE_REF", "NO_COLOR", "FORCE_COLOR", "CLAUDE_CONFIG_DIR"])
    if (!(k in extra)) delete e[k];
  return e;
};

type Row = [name: string, args: string[], cwd: string, env?: Record<string, string>];

const ROWS: Row[] = [
  ["version", ["--version"], EXAMPLE],
  ["help", ["--help"], EXAMPLE],
  ["an_unknown_command", ["nope"], EXAMPLE],
  ["an_unknown_flag", ["cap", "--nope"], EXAMPLE],
  ["cap", ["cap"], EXAMPLE],
  ["cap_json_every_agent", ["cap", "--json", "--agent", "all"], EXAMPLE],
  ["cap_with_colour_forced", ["cap", "--agent", "all"], EXAMPLE, { FORCE_COLOR: "1" }],
  ["cap_under_ci_variables", ["cap"], EXAMPLE, { CI: "true", GITHUB_ACTIONS: "true" }],
  ["explain", ["explain", "packages"], EXAMPLE],
  ["lint", ["lint"], EXAMPLE],
  ["lint_json", ["lint", "--json"], EXAMPLE],
  ["route", ["route", "packages/api/src/a.ts"], EXAMPLE],
  ["an_unknown_release", ["cap", "--agent-version", "9.9.9"], EXAMPLE],
  ["a_config_that_is_not_json", ["cap"], bad],
  ["control_characters_in_memory", ["cap", "--json"], bad],
  ["a_directory_argument_from_elsewhere", ["cap", EXAMPLE], tmpdir()],
  ["a_configuration_that_warns", ["cap"], warns],
  ["the_same_configuration_again_in_the_same_worker", ["lint"], warns],
];

describe("the built CLI in process and spawned", () => {
  it.each<Row>(ROWS)("%s_prints_the_same_and_exits_the_same_both_ways", async (_name, args, cwd, extra) => {
    const inside = await agentContext(args, { cwd, env: env(extra) });
    const outside = await spawned(args, { cwd, env: env(extra) });
    expect(inside.via).toBe(process.env.AGENT_CONTEXT_TEST_SPAWN === "1" ? "spawn" : "process");
    expect({ status: inside.status, stdout: inside.stdout, stderr: inside.stderr }).toEqual({
      status: outside.status,
      stdout: outside.stdout,
      stderr: outside.stderr,
    });
  });

  it("a_run_in_process_leaves_the_workers_directory_and_environment_as_they_were", async () => {
    const cwd = process.cwd();
    const before = { ...process.env };
    await agentContext(["cap"], { cwd: EXAMPLE, env: { ...process.env, AC_MODES_MARK: "1", HOME } });
    expect(process.cwd()).toBe(cwd);
    expect({ ...process.env }).toEqual(before);
  });
});
