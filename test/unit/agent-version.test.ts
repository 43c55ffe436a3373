/**
 * `--agent-version` selects the release a model answers for; a release the model does not know is a usage
 * error that lists the known ones, and every output names the release used.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentById } from "../../src/agents/index.js";
import { cliInProcess } from "../support/cli-in-process.js";

const cli = cliInProcess;

const repo = () => {
  const d = realpathSync(mkdtempSync(join(tmpdir(), "ac-release-")));
  writeFileSync(join(d, "CLAUDE.md"), "Be brief.\n");
  return d;
};

describe("--agent-version", () => {
  it("a_known_release_is_modelled_and_named_in_the_output", async () => {
    const known = agentById("claude-code").releases[0] as string;
    const r = await cli("cap", repo(), "--agent-version", known, "--json");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).agentVersion).toBe(known);
  });

  it("an_unknown_release_is_a_usage_error_listing_the_known_ones_in_cap_and_explain", async () => {
    const d = repo();
    const c = await cli("cap", d, "--agent-version", "9.9.9");
    expect(c.status).toBe(2);
    expect(c.stderr).toContain(
      `--agent-version 9.9.9: the Claude Code model knows ${agentById("claude-code").releases.join(", ")} and the releases between them`,
    );
    const e = await cli("explain", join(d, "x.ts"), d, "--agent", "codex", "--agent-version", "9.9.9");
    expect(e.status).toBe(2);
    expect(e.stderr).toContain(
      `--agent-version 9.9.9: the Codex model knows ${agentById("codex").releases.join(", ")}`,
    );
  });

  it("every_command_refuses_an_unknown_release_with_the_same_one_line", async () => {
    const d = repo();
    const line = `agent-context: --agent-version 9.9.9: the Claude Code model knows ${agentById("claude-code").releases.join(", ")} and the releases between them; pass one of them with --agent-version\n`;
    const commands = [
      ["cap", d],
      ["explain", join(d, "CLAUDE.md"), d],
      ["lint", d],
      ["init", d, "--dry-run"],
      ["pointers", "--config-dir", join(d, "cfg"), "--cwd", d, "--dry-run"],
      ["route", join(d, "x.ts"), d],
      ["verify", d, "--cli", join(d, "no-such-claude")],
      ["verify", "--probes", "--cli", join(d, "no-such-claude")],
    ];
    const got = [];
    // One at a time: the in-process CLI takes over this process's stdout and stderr while it runs.
    for (const args of commands) got.push(await cli(...args, "--agent-version", "9.9.9"));
    expect(got.map((r, i) => [commands[i]?.[0], r.status, r.stderr])).toEqual(
      commands.map((args) => [args[0], 2, line]),
    );
  });

  it("claude_code_knows_2_1_332_first_then_2_1_197", () => {
    expect(agentById("claude-code").releases).toEqual(["2.1.332", "2.1.197"]);
  });

  it("an_agents_md_only_repository_is_charged_on_2_1_332_and_costs_nothing_on_2_1_197", async () => {
    const d = realpathSync(mkdtempSync(join(tmpdir(), "ac-release-")));
    writeFileSync(join(d, "AGENTS.md"), "Use pnpm.\n");
    const newest = JSON.parse((await cli("cap", d, "--json")).stdout);
    const older = JSON.parse((await cli("cap", d, "--agent-version", "2.1.197", "--json")).stdout);
    expect(newest.agentVersion).toBe("2.1.332");
    expect(newest.total).toBe(Buffer.byteLength("Use pnpm.", "utf8"));
    expect(older.agentVersion).toBe("2.1.197");
    expect(older.total).toBe(0);
  });

  it("lint_init_and_pointers_take_the_release_name_it_and_refuse_an_unknown_one", async () => {
    const d = repo();
    const known = agentById("claude-code").releases.join(", ");
    for (const args of [
      ["lint", d],
      ["init", d, "--dry-run"],
      ["pointers", "--config-dir", join(d, "cfg"), "--cwd", d, "--dry-run"],
    ]) {
      const bad = await cli(...args, "--agent-version", "1.0.0");
      expect(bad.status, args[0]).toBe(2);
      expect(bad.stderr, args[0]).toContain("1.0.0");
      expect(bad.stderr, args[0]).toMatch(/Claude Code/);
      expect(bad.stderr, args[0]).toContain(`model knows ${known}`);
    }
    const lint = await cli("lint", d, "--agent-version", "2.1.197");
    expect(lint.stderr).toContain("Claude Code 2.1.197");
    // an AGENTS.md-only repository: 10 bytes on 2.1.332, nothing on 2.1.197
    const agentsOnly = realpathSync(mkdtempSync(join(tmpdir(), "ac-release-")));
    writeFileSync(join(agentsOnly, "AGENTS.md"), "Use pnpm.\n");
    const init = await cli("init", agentsOnly, "--dry-run", "--agent-version", "2.1.197");
    expect(init.status).toBe(0);
    expect(init.stdout).toContain("launch total: 0 bytes as Claude Code 2.1.197 loads it");
    const initNewest = await cli("init", agentsOnly, "--dry-run", "--agent-version", "2.1.332");
    expect(initNewest.stdout).toContain("launch total: 9 bytes as Claude Code 2.1.332 loads it");
    mkdirSync(join(d, "cfg"), { recursive: true });
    const ptr = await cli(
      "pointers",
      "--config-dir",
      join(d, "cfg"),
      "--cwd",
      d,
      "--dry-run",
      "--json",
      "--agent-version",
      "2.1.197",
    );
    expect(ptr.status).toBe(0);
    expect(JSON.parse(ptr.stdout).agentVersion).toBe("2.1.197");
  });
});
