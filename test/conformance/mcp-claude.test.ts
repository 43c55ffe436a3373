/**
 * `init --mcp` end to end with the real pinned Claude Code CLI, offline: the loopback upstream scripts a
 * call of the agent-context `budget` tool; Claude Code starts the server from the `.mcp.json` that init
 * wrote (the command inside the repository), calls it, and the tool's answer arrives in the next request
 * as the tool result.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoWithLocalInstall } from "../e2e/init-helpers.js";
import { type ClaudeRun, runClaude } from "../support/claude.js";

// biome-ignore lint/suspicious/noExplicitAny: API message blocks
function toolResults(run: ClaudeRun): any[] {
  const last = run.mainRequests[run.mainRequests.length - 1];
  // biome-ignore lint/suspicious/noExplicitAny: API message blocks
  return ((last?.body.messages ?? []) as any[]).flatMap((m) =>
    Array.isArray(m.content) ? m.content.filter((b: { type: string }) => b.type === "tool_result") : [],
  );
}

describe("the agent-context MCP server under the real Claude Code CLI", () => {
  it("claude_code_starts_the_server_init_mcp_configured_calls_budget_and_gets_the_answer", async () => {
    const { dir, cli } = repoWithLocalInstall();
    spawnSync("git", ["init", "-q"], { cwd: dir });
    writeFileSync(join(dir, ".gitignore"), "node_modules/\n");
    expect(spawnSync(process.execPath, [cli, "init", "--mcp"], { cwd: dir, encoding: "utf8" }).status).toBe(
      0,
    );
    // No approval is set anywhere: `claude -p` (2.1.332) starts the project's .mcp.json servers as they are.
    const tool = "mcp__agent-context__budget";
    const run = await runClaude({
      cwd: dir,
      args: ["--allowedTools", tool],
      // Claude Code defers MCP tools (2.1.332): their schemas load through ToolSearch, which waits for a
      // server still connecting; then the tool is called.
      script: [
        [{ type: "tool_use", name: "ToolSearch", input: { query: `select:${tool}` } }],
        [{ type: "tool_use", name: tool, input: { path: "CLAUDE.md" } }],
        [{ type: "text", text: "done" }],
      ],
      timeoutMs: 120_000,
    });
    expect(run.code, run.stderr).toBe(0);
    // The server's tools were announced to the model (every one, by name)...
    const announced = JSON.stringify(run.mainRequests.map((r) => r.body.messages));
    for (const name of ["cap", "explain", "lint", "route", "report", "budget", "fix"])
      expect(announced).toContain(`mcp__agent-context__${name}`);
    // ...and the call's answer came back as the tool result: the budget of each agent for CLAUDE.md.
    const results = toolResults(run);
    expect(results).toHaveLength(2);
    const text = JSON.stringify(results[1].content);
    expect(results[1].is_error ?? false).toBe(false);
    const cap = JSON.parse(
      spawnSync(process.execPath, [cli, "cap", "--json"], { cwd: dir, encoding: "utf8" }).stdout,
    );
    expect(text).toContain(`up to ${cap.cap - cap.total} more bytes fit here`);
  });
});
