/**
 * `verify --env` and `--agent-arg` on the real pinned Copilot CLI: the built CLI as a user runs it on a
 * real temp repository; the CLI and the model get the same custom instruction folder or the same
 * `--no-custom-instructions`, and agree on what that changes (the refusals: test/e2e/verify-inputs.test.ts).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copilotBin } from "../support/copilot.js";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const repo = realpathSync(mkdtempSync(join(tmpdir(), "ac-verify-inputs-")));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

function verify(
  ...args: string[]
): Promise<{ code: number | null; json: { agrees: boolean; launch: { bytes: number } } }> {
  return new Promise((done) => {
    const p = spawn(
      process.execPath,
      [
        CLI,
        "verify",
        repo,
        "--agent",
        "copilot-cli",
        "--cli",
        copilotBin(),
        "--timeout",
        "150",
        "--json",
        ...args,
      ],
      { env: { PATH: process.env.PATH ?? "", HOME: repo } },
    );
    let out = "";
    p.stdout.on("data", (b) => {
      out += b;
    });
    p.on("close", (code) => done({ code, json: JSON.parse(out) }));
  });
}

const runs: Record<string, Awaited<ReturnType<typeof verify>>> = {};
beforeAll(async () => {
  mkdirSync(join(repo, ".git"));
  mkdirSync(join(repo, "cd/.github/instructions"), { recursive: true });
  writeFileSync(join(repo, "AGENTS.md"), "Root rules.\n");
  writeFileSync(join(repo, "cd/AGENTS.md"), "Custom folder agents.\n");
  writeFileSync(
    join(repo, "cd/.github/instructions/c.instructions.md"),
    "---\napplyTo: 'src/**'\n---\nCD scoped\n",
  );
  writeFileSync(join(repo, "cd/t.instructions.md"), "always from cd\n");
  const [plain, dirs, off] = await Promise.all([
    verify(),
    verify("--env", "COPILOT_CUSTOM_INSTRUCTIONS_DIRS=cd"),
    verify("--agent-arg", "--no-custom-instructions"),
  ]);
  Object.assign(runs, { plain, dirs, off });
}, 600_000);

describe("verify --env and --agent-arg on Copilot CLI 1.0.102", () => {
  it("a_custom_instruction_folder_given_with_env_reaches_the_cli_and_the_model_alike", () => {
    expect(runs.dirs?.code).toBe(0);
    expect(runs.dirs?.json.agrees).toBe(true);
    // The folder's files and its AGENTS.md table arrive: the launch grows.
    expect(runs.dirs?.json.launch.bytes).toBeGreaterThan((runs.plain?.json.launch.bytes ?? 0) + 200);
  });

  it("no_custom_instructions_given_with_agent_arg_empties_the_launch_on_both_sides", () => {
    expect(runs.off?.code).toBe(0);
    expect(runs.off?.json.agrees).toBe(true);
    expect(runs.off?.json.launch.bytes).toBe(2);
    expect(runs.plain?.json.launch.bytes).toBeGreaterThan(2);
  });
});
