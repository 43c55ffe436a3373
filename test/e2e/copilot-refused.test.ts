/**
 * End to end: a launch GitHub Copilot CLI refuses before any request (instructions over its token budget
 * with the default model; docs/findings-limits.md, docs/findings-copilot-cli.md "Size"). The recorded run
 * (test/conformance/recorded/copilot-user-layer.json, `a_launch_over_the_models_usable_budget_is_refused_before_any_request`:
 * a 100,000-byte `~/.copilot/instructions/u.instructions.md`) exits 1 with a message and sends nothing; `cap
 * --user` then fails whatever the cap and prints that message, `explain` says the launch is refused, and
 * `COPILOT_PROVIDER_MAX_PROMPT_TOKENS=2000000` (recorded: `the_provider_prompt_token_limit_moves_the_budget`,
 * sent) makes neither say it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentContext } from "../support/cli-run.js";
import { tempDir, writeLayout } from "../support/codex-layout.js";

const recorded = JSON.parse(
  readFileSync("test/conformance/recorded/copilot-user-layer.json", "utf8"),
) as Record<string, { code: number; message?: string }>;

async function run(command: string, env: Record<string, string>, ...args: string[]) {
  const r = await agentContext([command, ...args], {
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

function setup() {
  const base = tempDir("ac-cp-refused-e2e-");
  const repo = join(base, "repo");
  writeLayout(repo, {
    ".git": { git: true },
    "AGENTS.md": "ag\n",
    ".agent-context.json": JSON.stringify({ agents: { "copilot-cli": { cap: 1_000_000 } } }),
  });
  const home = join(base, "home");
  writeLayout(home, { ".copilot/instructions/u.instructions.md": "u".repeat(100_000) });
  return { repo, home };
}

/** The CLI's recorded words, white space collapsed (it wraps them to the terminal), without its retry line. */
const cliSaid = (name: string): string => {
  const r = recorded[name];
  expect(r?.code).toBe(1);
  return (r?.message ?? "").replace(/\s+/g, " ").split(" No response")[0] as string;
};

describe("a launch Copilot CLI refuses before any request", () => {
  it("cap_user_fails_and_prints_the_message_the_cli_prints_when_it_refuses", async () => {
    const { repo, home } = setup();
    const r = await run("cap", { HOME: home }, repo, "--agent", "copilot-cli", "--user");
    expect(r.code).toBe(1);
    expect(r.out).toContain("refused: the instruction files are");
    expect(r.out.replace(/\s+/g, " ")).toContain(
      cliSaid("a_launch_over_the_models_usable_budget_is_refused_before_any_request"),
    );
  });

  it("explain_says_the_cli_sends_nothing_for_a_refused_launch", async () => {
    const { repo, home } = setup();
    const r = await run("explain", { HOME: home }, join(repo, "AGENTS.md"), repo, "--agent", "copilot-cli");
    expect(r.out).toContain("Refused: GitHub Copilot CLI sends nothing for any prompt of this launch");
  });

  it("a_larger_provider_prompt_budget_is_not_refused_as_the_cli_sends_it", async () => {
    expect(recorded.the_provider_prompt_token_limit_moves_the_budget?.code).toBe(0);
    const { repo, home } = setup();
    const env = { HOME: home, COPILOT_PROVIDER_MAX_PROMPT_TOKENS: "2000000" };
    const r = await run("cap", env, repo, "--agent", "copilot-cli", "--user");
    expect(r.code).toBe(0);
    expect(r.out).not.toContain("refused:");
    expect(r.out).toContain("COPILOT_PROVIDER_MAX_PROMPT_TOKENS");
    expect(
      (await run("explain", env, join(repo, "AGENTS.md"), repo, "--agent", "copilot-cli")).out,
    ).not.toContain("Refused:");
  });
});
