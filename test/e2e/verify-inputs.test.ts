/**
 * `verify --env K=V` and `--agent-arg ARG` refuse, in one line and before any CLI is looked for, whatever
 * the agent's allowlist does not hold (src/app/verify.ts `checkUserInputs`, each runner's `userInputs`):
 * the built CLI as a user runs it, a real temp repository, no agent needed. What the allowed inputs do on
 * the real CLIs: test/conformance/verify-inputs.test.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const repo = realpathSync(mkdtempSync(join(tmpdir(), "ac-verify-inputs-")));
writeFileSync(join(repo, "AGENTS.md"), "Rules.\n");
afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** Runs `verify` with an empty PATH (no agent CLI can be found): exit code and stderr. */
function verify(...args: string[]): { code: number | null; err: string } {
  const r = spawnSync(process.execPath, [CLI, "verify", repo, ...args], {
    encoding: "utf8",
    env: { PATH: "", HOME: repo },
  });
  return { code: r.status, err: r.stderr.trim() };
}

describe("verify --env and --agent-arg", () => {
  it.each([
    [
      ["--agent", "copilot-cli", "--env", "NODE_OPTIONS=--require=x.js"],
      "--env NODE_OPTIONS: GitHub Copilot CLI's verify takes only COPILOT_CUSTOM_INSTRUCTIONS_DIRS, COPILOT_CLI_ENABLED_FEATURE_FLAGS",
    ],
    [
      ["--agent", "copilot-cli", "--env", "COPILOT_CUSTOM_INSTRUCTIONS_DIRS=/etc"],
      "--env COPILOT_CUSTOM_INSTRUCTIONS_DIRS=/etc: give folders relative to the working directory and inside the repository",
    ],
    [
      ["--agent", "copilot-cli", "--env", "COPILOT_CUSTOM_INSTRUCTIONS_DIRS=docs,../x"],
      "inside the repository (no absolute path, ~ or ..)",
    ],
    [
      ["--agent", "copilot-cli", "--env", "COPILOT_CLI_ENABLED_FEATURE_FLAGS=SOMETHING_ELSE"],
      "the model knows one feature flag, CHILD_CUSTOM_INSTRUCTIONS",
    ],
    [
      ["--agent", "copilot-cli", "--agent-arg", "--allow-all-paths"],
      "--agent-arg --allow-all-paths: GitHub Copilot CLI's verify takes only --no-custom-instructions",
    ],
    [
      ["--agent", "claude-code", "--env", "ANTHROPIC_BASE_URL=http://example.com"],
      "--env ANTHROPIC_BASE_URL: Claude Code's verify takes only CLAUDE_CODE_DISABLE_CLAUDE_MDS, CLAUDE_CODE_DISABLE_ATTACHMENTS",
    ],
    [
      ["--agent", "claude-code", "--env", "CLAUDE_CODE_DISABLE_CLAUDE_MDS=/tmp/x"],
      "give a switch value such as 1 or true",
    ],
    [
      ["--agent", "claude-code", "--agent-arg", "--mcp-config=x.json"],
      "--agent-arg --mcp-config=x.json: Claude Code's verify takes no argument",
    ],
    [["--agent", "codex", "--env", "CODEX_HOME=/tmp"], "--env CODEX_HOME: Codex's verify takes no variable"],
    [
      ["--agent", "gemini-cli", "--agent-arg", "--yolo"],
      "--agent-arg --yolo: Gemini CLI's verify takes no argument",
    ],
    [["--agent", "copilot-cli", "--env", "NOVALUE"], "--env NOVALUE: give NAME=VALUE"],
    [
      ["--agent", "all", "--env", "COPILOT_CLI_ENABLED_FEATURE_FLAGS=CHILD_CUSTOM_INSTRUCTIONS"],
      "--agent all runs each agent's CLI found on PATH: it takes no --env",
    ],
    [
      ["--agent", "copilot-cli", "--probes", "--agent-arg", "--no-custom-instructions"],
      "it takes no DIR, --cwd, --read, --save-case, --env or --agent-arg",
    ],
  ])("an_input_outside_the_agents_allowlist_is_refused_in_one_line_before_any_run %j", (args, line) => {
    const r = verify(...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(line);
    expect(r.err.split("\n")).toHaveLength(1);
  });

  it("an_allowed_input_gets_past_the_check_to_looking_for_the_cli", () => {
    const r = verify(
      "--agent",
      "copilot-cli",
      "--env",
      "COPILOT_CUSTOM_INSTRUCTIONS_DIRS=docs, ./extra",
      "--env",
      "COPILOT_CLI_ENABLED_FEATURE_FLAGS=CHILD_CUSTOM_INSTRUCTIONS",
      "--agent-arg",
      "--no-custom-instructions",
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/copilot/i);
    expect(r.err).not.toMatch(/--env|--agent-arg/);
  });
});
