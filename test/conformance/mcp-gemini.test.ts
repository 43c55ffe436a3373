/**
 * `init --mcp` end to end with the real pinned Gemini CLI (0.61.0), offline: Gemini CLI reads a project's
 * MCP servers from `.gemini/settings.json` (`mcpServers`) in a trusted folder (the harness trusts the
 * workspace, GEMINI_CLI_TRUST_WORKSPACE). With `-p` it offers an MCP tool (`mcp_<server>_<tool>`) only when
 * the tool is allowed; the loopback upstream scripts a call of the agent-context `budget` tool, and the
 * server init configured answers in the next request as the function response.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoWithLocalInstall } from "../e2e/init-helpers.js";
import { runGemini } from "../support/gemini.js";

const TOOL = "mcp_agent-context_budget";

async function run(dir: string, allowed: boolean) {
  const r = await runGemini({
    cwd: dir,
    args: allowed ? ["--allowed-tools", TOOL] : [],
    script: [[{ functionCall: { name: TOOL, args: { path: "CLAUDE.md" } } }], [{ text: "done" }]],
    timeoutMs: 120_000,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the Gemini API's JSON
  const declared = (r.mainRequests[0]?.body?.tools ?? []).flatMap((t: any) =>
    // biome-ignore lint/suspicious/noExplicitAny: the Gemini API's JSON
    (t.functionDeclarations ?? []).map((f: any) => f.name as string),
  );
  // biome-ignore lint/suspicious/noExplicitAny: the Gemini API's JSON
  const contents: any[] = r.mainRequests.at(-1)?.body?.contents ?? [];
  const answer = JSON.stringify(
    contents.flatMap((c) => c.parts ?? []).find((p) => p.functionResponse)?.functionResponse ?? null,
  );
  return { r, declared: declared as string[], answer };
}

describe("the agent-context MCP server under the real Gemini CLI", () => {
  it("gemini_cli_starts_the_server_init_mcp_configured_calls_budget_and_gets_the_answer", async () => {
    const { dir, cli } = repoWithLocalInstall();
    spawnSync("git", ["init", "-q"], { cwd: dir });
    writeFileSync(join(dir, ".gitignore"), "node_modules/\n");
    const init = spawnSync(process.execPath, [cli, "init", "--mcp"], { cwd: dir, encoding: "utf8" });
    expect(init.status, init.stderr).toBe(0);
    expect(init.stdout).toContain(
      "created .gemini/settings.json with the agent-context MCP server (Gemini CLI)",
    );
    const allowed = await run(dir, true);
    expect(allowed.r.code, allowed.r.stderr).toBe(0);
    expect(allowed.declared).toContain(TOOL);
    const cap = JSON.parse(
      spawnSync(process.execPath, [cli, "cap", "--json"], { cwd: dir, encoding: "utf8" }).stdout,
    );
    expect(allowed.answer).toContain(`up to ${cap.cap - cap.total} more bytes fit here`);
    // -p without the tool allowed: the server's tools are not offered, the call finds no such tool.
    const plain = await run(dir, false);
    expect(plain.declared.filter((t) => t.startsWith("mcp_agent-context_"))).toEqual([]);
    expect(plain.answer).toContain(`Tool \\"${TOOL}\\" not found`);
  }, 300_000);
});
