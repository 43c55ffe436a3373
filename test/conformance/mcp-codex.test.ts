/**
 * Codex 0.171.0 reads a project's MCP servers from `.codex/config.toml` (`[mcp_servers.<name>]`) only in a
 * project the user trusts (`[projects."<dir>"] trust_level = "trusted"` in CODEX_HOME's config.toml):
 * `codex mcp list --json` run in the repository lists the server `init --mcp` wrote there, with the
 * command inside the repository, and lists nothing in an untrusted one. (No end-to-end call: the loopback
 * upstreams speak Anthropic's, Gemini's and the chat completions API; Codex speaks the Responses API.)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoWithLocalInstall } from "../e2e/init-helpers.js";
import { codexBin } from "../support/codex.js";

function mcpList(
  dir: string,
  trusted: boolean,
): {
  status: number | null;
  servers: { name: string; transport: { command: string; args: string[] } }[];
  stderr: string;
} {
  const home = mkdtempSync(join(tmpdir(), "ac-codex-mcp-home-"));
  const codexHome = mkdtempSync(join(tmpdir(), "ac-codex-mcp-ch-"));
  if (trusted)
    writeFileSync(
      join(codexHome, "config.toml"),
      `[projects.${JSON.stringify(realpathSync(dir))}]\ntrust_level = "trusted"\n`,
    );
  const r = spawnSync(codexBin(), ["mcp", "list", "--json"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CODEX_HOME: codexHome },
    encoding: "utf8",
    timeout: 60_000,
  });
  let servers = [];
  try {
    servers = JSON.parse(r.stdout);
  } catch {
    servers = [];
  }
  return { status: r.status, servers, stderr: r.stderr };
}

describe("the agent-context MCP server in Codex's project configuration", () => {
  it("codex_lists_the_server_init_mcp_wrote_to_codex_config_toml_in_a_trusted_project_only", () => {
    const { dir, cli } = repoWithLocalInstall();
    spawnSync("git", ["init", "-q"], { cwd: dir });
    const init = spawnSync(process.execPath, [cli, "init", "--mcp"], { cwd: dir, encoding: "utf8" });
    expect(init.status, init.stderr).toBe(0);
    expect(init.stdout).toContain("created .codex/config.toml with the agent-context MCP server (Codex)");
    const trusted = mcpList(dir, true);
    expect(trusted.status, trusted.stderr).toBe(0);
    const server = trusted.servers.find((s) => s.name === "agent-context");
    expect(server?.transport.command).toBe("sh");
    expect(server?.transport.args[1]).toContain("node_modules/agent-context/dist/cli/main.js");
    expect(readFileSync(join(dir, ".codex/config.toml"), "utf8")).toContain("[mcp_servers.agent-context]");
    const untrusted = mcpList(dir, false);
    expect(untrusted.status, untrusted.stderr).toBe(0);
    expect(untrusted.servers).toEqual([]);
  }, 120_000);
});
