/**
 * `init --mcp` end to end with the real pinned GitHub Copilot CLI, offline: Copilot CLI 1.0.102 reads a
 * project's `.mcp.json` (the file init writes for Claude Code; also `.github/mcp.json`), but only in a folder
 * the user trusts (`trusted_folders` in `~/.copilot/config.json`, what its startup prompt writes). The
 * loopback upstream scripts a call of the agent-context `budget` tool; in a trusted folder the CLI starts
 * the server from that file (the command inside the repository), calls it, and the answer arrives in the
 * next request as the tool message; in an untrusted one the server is not started.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoWithLocalInstall } from "../e2e/init-helpers.js";
import { runCopilot } from "../support/copilot.js";

const TOOL = "agent-context-budget";

async function run(dir: string, trusted: boolean) {
  const home = mkdtempSync(join(tmpdir(), "ac-copilot-mcp-home-"));
  if (trusted) {
    mkdirSync(join(home, ".copilot"));
    writeFileSync(
      join(home, ".copilot/config.json"),
      JSON.stringify({ trusted_folders: [realpathSync(dir)] }),
    );
  }
  const r = await runCopilot({
    cwd: dir,
    home,
    script: [{ toolCalls: [{ name: TOOL, args: { path: "CLAUDE.md" } }] }, { text: "done" }],
    timeoutMs: 120_000,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAI API's JSON
  const tools: string[] = ((r.requests[0]?.body as any)?.tools ?? []).map((t: any) => t.function?.name);
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAI API's JSON
  const messages: any[] = (r.requests.at(-1)?.body as any)?.messages ?? [];
  const answer = String(messages.find((m) => m.role === "tool")?.content ?? "");
  return { r, tools, answer };
}

describe("the agent-context MCP server under the real GitHub Copilot CLI", () => {
  it("copilot_cli_starts_the_server_init_mcp_configured_in_a_trusted_folder_calls_budget_and_gets_the_answer", async () => {
    const { dir, cli } = repoWithLocalInstall();
    spawnSync("git", ["init", "-q"], { cwd: dir });
    writeFileSync(join(dir, ".gitignore"), "node_modules/\n");
    expect(spawnSync(process.execPath, [cli, "init", "--mcp"], { cwd: dir, encoding: "utf8" }).status).toBe(
      0,
    );
    const trusted = await run(dir, true);
    expect(trusted.r.code, trusted.r.stderr).toBe(0);
    for (const name of ["cap", "explain", "lint", "route", "report", "budget", "fix"])
      expect(trusted.tools).toContain(`agent-context-${name}`);
    const cap = JSON.parse(
      spawnSync(process.execPath, [cli, "cap", "--json"], { cwd: dir, encoding: "utf8" }).stdout,
    );
    // The tool message holds the budget's JSON (then the CLI's own note): Claude Code's cap, total, room.
    expect(trusted.answer).toContain(`"agent": "claude-code"`);
    expect(trusted.answer).toContain(`"cap": ${cap.cap},\n      "total": ${cap.total},`);
    expect(trusted.answer).toContain(`"mayAdd": ${cap.cap - cap.total}`);
    // Not trusted: the project's servers are not started, the tool does not exist.
    const untrusted = await run(dir, false);
    expect(untrusted.tools.filter((t) => t.startsWith("agent-context-"))).toEqual([]);
    expect(untrusted.answer).toContain(`Tool '${TOOL}' does not exist`);
  }, 300_000);
});
