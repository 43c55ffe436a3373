/**
 * The separate install of the pinned agent CLIs (test/agents, scripts/agents.mjs): recognised as complete
 * without calling npm, stale or half-done installs detected, and an unreachable registry reported with
 * the remedy. The global setup has installed test/agents before this file runs.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AGENTS_DIR, agentsProblems, ensureAgents, PROJECT_ROOT } from "../../scripts/agents.mjs";

/** A copy of test/agents' manifest and lockfile in a temp directory, with nothing installed. */
function agentsCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "ac-agents-"));
  for (const f of ["package.json", "package-lock.json"]) copyFileSync(join(AGENTS_DIR, f), join(dir, f));
  return dir;
}

function fakePackage(dir: string, path: string, manifest: object, files: Record<string, string> = {}) {
  mkdirSync(join(dir, path), { recursive: true });
  writeFileSync(join(dir, path, "package.json"), JSON.stringify(manifest));
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, f, ".."), { recursive: true });
    writeFileSync(join(dir, path, f), text);
  }
}

describe("the pinned agent CLIs' own install (test/agents)", () => {
  it("pins_every_agent_exactly_and_none_is_a_dependency_of_agent_context", () => {
    const agents = JSON.parse(readFileSync(join(AGENTS_DIR, "package.json"), "utf8"));
    expect(agents.dependencies).toEqual({
      "@anthropic-ai/claude-code": "2.1.332",
      "@github/copilot": "1.0.102",
      "@google/gemini-cli": "0.61.0",
      "@openai/codex": "0.171.0",
      "claude-code-2.1.197": "npm:@anthropic-ai/claude-code@2.1.197",
    });
    // The product's dependency lists (its "files" may name its own dist/agents/claude-code/ module) and its lock.
    const product = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8"));
    const deps = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"].map((k) =>
      JSON.stringify(product[k] ?? {}),
    );
    const lock = readFileSync(join(PROJECT_ROOT, "package-lock.json"), "utf8");
    for (const text of [...deps, lock])
      expect(text).not.toMatch(/claude-code|@openai\/codex|@google\/gemini-cli/);
  });

  it("a_complete_install_is_recognised_without_calling_npm", () => {
    expect(agentsProblems()).toEqual([]);
    const lines: string[] = [];
    expect(ensureAgents({ log: (l) => lines.push(l), env: { PATH: "/nonexistent" } })).toEqual({
      installed: false,
    });
    expect(lines).toEqual([]);
    const r = spawnSync(process.execPath, ["scripts/agents.mjs"], { cwd: PROJECT_ROOT, encoding: "utf8" });
    expect(r.stdout).toBe(
      "agents: up to date (@anthropic-ai/claude-code@2.1.332, @github/copilot@1.0.102, @google/gemini-cli@0.61.0, @openai/codex@0.171.0, @anthropic-ai/claude-code@2.1.197)\n",
    );
    expect(r.status).toBe(0);
  });

  it("a_missing_package_a_wrong_version_and_a_claude_bin_left_a_stub_are_each_named", () => {
    const dir = agentsCopy();
    fakePackage(
      dir,
      "node_modules/@anthropic-ai/claude-code",
      { name: "@anthropic-ai/claude-code", version: "2.1.332", bin: { claude: "bin/claude.exe" } },
      { "bin/claude.exe": 'echo "Error: claude native binary not installed." >&2\nexit 1\n' },
    );
    fakePackage(dir, "node_modules/@openai/codex", { name: "@openai/codex", version: "0.170.0" });
    const problems = agentsProblems(dir);
    expect(problems).toContain(
      "node_modules/@anthropic-ai/claude-code/bin/claude.exe is the placeholder stub: Claude Code's postinstall (node install.cjs) did not run",
    );
    expect(problems).toContain("node_modules/@openai/codex is 0.170.0, locked at 0.171.0");
    expect(problems).toContain("node_modules/claude-code-2.1.197 is not installed");
    expect(problems.some((p) => p.includes("darwin"))).toBe(false);
  });

  it("an_unreachable_registry_fails_with_a_message_naming_the_registry_and_the_remedy", () => {
    const dir = agentsCopy();
    const env = {
      ...process.env,
      npm_config_registry: "http://127.0.0.1:9/",
      npm_config_cache: join(dir, ".empty-cache"),
    };
    let message = "";
    try {
      ensureAgents({ dir, env, log: () => {} });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(
      /^agents: cannot install the pinned agent CLIs: the npm registry \(http:\/\/127\.0\.0\.1:9\/\) is unreachable \(ECONNREFUSED\)\./,
    );
    expect(message).toContain("Run `npm run agents`\nwhen the registry is reachable");
    expect(message).not.toMatch(/^npm error\s+at /m);
  }, 120_000);
});
