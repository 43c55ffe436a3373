/**
 * End to end: the built CLI (`node dist/cli/main.js cap ... --agent codex|all --all-cwds`) on real temp git
 * repositories. `npm test` builds before vitest runs.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as claude from "../../src/agents/claude-code/launch.js";
import { agentContext } from "../support/cli-run.js";
import { type Entry, tempDir, writeLayout } from "../support/codex-layout.js";

async function cap(dir: string, ...args: string[]) {
  const r = await agentContext(["cap", dir, ...args], {
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function gitRepo(files: Record<string, Entry>): string {
  const d = tempDir("ac-cx-e2e-");
  writeLayout(d, { ".git": { git: true }, ...files });
  return d;
}

function commitAll(d: string, msg: string) {
  execFileSync("git", ["-C", d, "add", "-A"]);
  execFileSync("git", ["-C", d, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", msg]);
}

describe("cap --agent codex", () => {
  it("a_chain_within_both_budgets_passes_with_the_json_contract", async () => {
    const d = gitRepo({ "AGENTS.md": "Use pnpm.\n", "pkg/AGENTS.md": "Run vitest.\n" });
    const r = await cap(d, "--agent", "codex", "--cwd", join(d, "pkg"), "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ agent: "codex", agentVersion: "0.171.0", cap: 32768, total: 22, ok: true });
    expect(j.truncated).toBeNull();
    expect(j.items.map((i: { path: string; truncatedBytes: number }) => [i.path, i.truncatedBytes])).toEqual([
      ["AGENTS.md", 0],
      ["pkg/AGENTS.md", 0],
    ]);
  });

  it("a_chain_codex_truncates_fails_even_under_a_higher_cap_and_names_the_cut", async () => {
    const root = `${"r".repeat(99)}\n`.repeat(300); // 30000 bytes
    const nested = `${"# API\n\n"}${"word ".repeat(40)}\nNever use the staging database from tests.\n${"z".repeat(3000)}\n`;
    const d = gitRepo({ "AGENTS.md": root, "pkg/api/AGENTS.md": nested });
    writeFileSync(join(d, ".agent-context.json"), JSON.stringify({ agents: { codex: { cap: 100000 } } }));
    const r = await cap(d, "--agent", "codex", "--cwd", join(d, "pkg/api"));
    expect(r.code).toBe(1);
    const lost = 30000 + Buffer.byteLength(nested) - 32768;
    expect(r.stdout).toContain(
      `Codex truncates its AGENTS.md chain for a launch in pkg/api/ — ${lost} bytes`,
    );
    expect(r.stdout).toMatch(/cut at pkg\/api\/AGENTS\.md:\d+ /);
    expect(r.stdout).toContain(`${lost}  pkg/api/AGENTS.md`);
    expect(r.stdout).toContain("fails whatever the cap");
    const j = JSON.parse((await cap(d, "--agent", "codex", "--cwd", join(d, "pkg/api"), "--json")).stdout);
    expect(j.ok).toBe(false);
    expect(j.total).toBe(32768);
    expect(j.truncated).toMatchObject({ file: "pkg/api/AGENTS.md", totalLostBytes: lost });
    expect(j.items[1].truncatedBytes).toBe(lost);
  });

  it("the_codex_cap_is_read_per_agent_and_fails_on_its_own", async () => {
    const d = gitRepo({ "AGENTS.md": "0123456789ABCDEF\n", "CLAUDE.md": "x\n" });
    writeFileSync(
      join(d, ".agent-context.json"),
      JSON.stringify({ agents: { "claude-code": { cap: 4096 }, codex: { cap: 10 } } }),
    );
    const r = await cap(d, "--agent", "codex", "--json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ cap: 10, total: 17, over: 7, ok: false, truncated: null });
  });

  it("the_ratchet_applies_to_the_codex_cap_separately", async () => {
    const d = gitRepo({ "AGENTS.md": "small\n" });
    writeFileSync(join(d, ".agent-context.json"), JSON.stringify({ agents: { codex: { cap: 1000 } } }));
    commitAll(d, "base");
    writeFileSync(
      join(d, ".agent-context.json"),
      JSON.stringify({ agents: { "claude-code": { cap: 100 }, codex: { cap: 2000 } } }),
    );
    const r = await cap(d, "--agent", "codex", "--base", "HEAD", "--json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).ratchet).toMatchObject({ baseCap: 1000, currentCap: 2000, ok: false });
  });

  it("all_cwds_gives_one_json_object_per_directory_holding_agent_memory", async () => {
    const d = gitRepo({
      "AGENTS.md": "root\n",
      "a/AGENTS.md": "a\n",
      "b/CLAUDE.md": "claude only\n",
      "c/d/AGENTS.md": `${"x".repeat(40000)}\n`,
    });
    const r = await cap(d, "--agent", "codex", "--all-cwds", "--json");
    expect(r.code).toBe(1);
    const arr = JSON.parse(r.stdout) as { agent: string; cwd: string; ok: boolean; truncated: unknown }[];
    expect(arr.map((x) => [x.agent, x.cwd.slice(d.length), x.ok])).toEqual([
      ["codex", "", true],
      ["codex", "/a", true],
      ["codex", "/b", true],
      ["codex", "/c/d", false],
    ]);
    expect(arr[3]?.truncated).toMatchObject({ file: "c/d/AGENTS.md", line: 1, column: 32764 });
    const text = await cap(d, "--agent", "codex", "--all-cwds");
    expect(text.stdout).toMatch(/^FAIL Codex +c\/d /m);
    expect(text.stdout).toContain("4 launches checked, 1 failing (1 truncated by Codex)");
  });

  it("cross_agent_gaps_are_warnings_that_do_not_fail", async () => {
    const d = gitRepo({
      "AGENTS.md": "See .claude/rules/named.md for naming.\n",
      "CLAUDE.md": "@docs/style.md\n\n`@docs/in-code.md`\n",
      "docs/style.md": "style\n",
      ".claude/rules/named.md": "named\n",
      ".claude/rules/hidden.md": "hidden\n",
    });
    const r = await cap(d, "--agent", "codex");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("warning: .claude/rules/hidden.md: Claude Code rule that Codex never sees");
    expect(r.stderr).toContain("warning: docs/style.md: imported by CLAUDE.md for Claude Code");
    expect(r.stderr).not.toContain("named.md");
    expect(r.stderr).not.toContain("in-code.md");
  });

  it("bad_agent_or_cwd_with_all_cwds_is_a_usage_error", async () => {
    const d = gitRepo({ "AGENTS.md": "x\n", "a/AGENTS.md": "a\n" });
    const bad = await cap(d, "--agent", "gemini");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      "--agent gemini: must be one of claude-code, codex, gemini-cli, copilot-cli, all",
    );
    const both = await cap(d, "--agent", "codex", "--all-cwds", "--cwd", join(d, "a"));
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--cwd and --all-cwds cannot be combined");
  });

  const hasClaude = typeof (claude as Record<string, unknown>).claudeLaunchSet === "function";
  it.skipIf(!hasClaude)("agent_all_checks_every_agent_per_cwd_with_its_own_cap", async () => {
    const d = gitRepo({ "AGENTS.md": "codex\n", "CLAUDE.md": "claude\n", "a/AGENTS.md": "a\n" });
    const r = await cap(d, "--agent", "all", "--all-cwds", "--json");
    const arr = JSON.parse(r.stdout) as { agent: string; cwd: string; cap: number }[];
    expect(arr.map((x) => [x.agent, x.cwd.slice(d.length), x.cap])).toEqual([
      ["claude-code", "", 4096],
      ["claude-code", "/a", 4096],
      ["codex", "", 32768],
      ["codex", "/a", 32768],
      ["gemini-cli", "", 8192],
      ["gemini-cli", "/a", 8192],
      ["copilot-cli", "", 8192],
      ["copilot-cli", "/a", 8192],
    ]);
  });
});
