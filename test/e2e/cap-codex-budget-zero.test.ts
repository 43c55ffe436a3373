/**
 * End to end: `project_doc_max_bytes = 0` in the user's `$CODEX_HOME/config.toml`. Codex 0.171.0 then reads
 * none of the project's AGENTS files (recorded: test/conformance/recorded/codex-edges.json, cases
 * `a_budget_of_zero_*`), so `cap --user` fails and names each file lost with its bytes, and `explain` lists
 * them at launch with 0 bytes delivered and why (docs/findings-codex.md "Budget", issue 31).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentContext } from "../support/cli-run.js";
import { tempDir, writeLayout } from "../support/codex-layout.js";

async function run(command: string, env: Record<string, string>, ...args: string[]) {
  const r = await agentContext([command, ...args], {
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function setup() {
  const base = tempDir("ac-cx-zero-e2e-");
  const repo = join(base, "repo");
  writeLayout(repo, { ".git": { git: true }, "AGENTS.md": "Use pnpm.\n", "a/AGENTS.md": "Run vitest.\n" });
  const codexHome = join(base, "codex-home");
  writeLayout(codexHome, { "config.toml": "project_doc_max_bytes = 0\n" });
  return { repo, env: { HOME: join(base, "nohome"), CODEX_HOME: codexHome } };
}

describe("a Codex budget of 0 in the user view", () => {
  it("cap_user_fails_and_names_every_agents_file_a_budget_of_zero_loses", async () => {
    const { repo, env } = setup();
    const r = await run("cap", env, repo, "--agent", "codex", "--cwd", join(repo, "a"), "--user");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "Codex sends none of its AGENTS.md chain for a launch in a/ — 22 bytes never arrive (project_doc_max_bytes 0, from user-config).",
    );
    expect(r.stdout).toMatch(/lost:\n\s+10 {2}AGENTS\.md\n\s+12 {2}a\/AGENTS\.md\n/);
    const j = JSON.parse(
      (await run("cap", env, repo, "--agent", "codex", "--cwd", join(repo, "a"), "--user", "--json")).stdout,
    );
    expect(j.truncated.lostBytes).toEqual([
      { file: "AGENTS.md", bytes: 10 },
      { file: "a/AGENTS.md", bytes: 12 },
    ]);
  });

  it("explain_lists_the_agents_files_a_budget_of_zero_drops_with_zero_bytes_and_why", async () => {
    const { repo, env } = setup();
    const r = await run(
      "explain",
      env,
      join(repo, "a/AGENTS.md"),
      repo,
      "--agent",
      "codex",
      "--cwd",
      join(repo, "a"),
    );
    expect(r.stdout).toMatch(
      /\n\s+0\s+0 tok {2}AGENTS\.md {2}— AGENTS\.md; dropped: project_doc_max_bytes is 0, so Codex reads none of the project's AGENTS files\n/,
    );
    expect(r.stdout).toContain("a/AGENTS.md  — AGENTS.md; dropped: project_doc_max_bytes is 0");
  });

  it("the_fresh_clone_view_ignores_the_users_budget_of_zero", async () => {
    const { repo, env } = setup();
    const r = await run("cap", env, repo, "--agent", "codex", "--cwd", join(repo, "a"));
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("never arrive");
  });
});
