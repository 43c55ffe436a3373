/**
 * `init --mcp`: opt-in; adds the agent-context MCP server to the project's `.mcp.json` (Claude Code's
 * project servers) as a command inside the repository, like the hook. The command it writes is run here as
 * an agent runs it (the SDK's stdio client, from a subdirectory) and answers; in a clone without the
 * package it says so on stderr.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { MCP_MISSING_LINE } from "../../src/mcp/init.js";
import { repoWithLocalInstall } from "./init-helpers.js";

const CLI = resolve("dist/cli/main.js");
const read = (dir: string, f: string) => readFileSync(join(dir, f), "utf8");
const init = (cli: string, dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [cli, "init", ...args], { cwd: dir, encoding: "utf8" });

describe("agent-context init --mcp", () => {
  it("without_the_flag_no_mcp_configuration_is_written", () => {
    const { dir, cli } = repoWithLocalInstall();
    expect(init(cli, dir).status).toBe(0);
    expect(existsSync(join(dir, ".mcp.json"))).toBe(false);
  });

  it("writes_a_command_inside_the_repository_that_an_agent_starting_in_a_subdirectory_can_run", async () => {
    const { dir, cli } = repoWithLocalInstall();
    const r = init(cli, dir, "--mcp");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("created .mcp.json with the agent-context MCP server");
    const server = JSON.parse(read(dir, ".mcp.json")).mcpServers["agent-context"];
    expect(server.command).toBe("sh");
    expect(server.args[1]).not.toContain(dir); // no path of this machine: teammates share it
    mkdirSync(join(dir, "sub"));
    const transport = new StdioClientTransport({
      command: server.command,
      args: server.args,
      cwd: join(dir, "sub"),
    });
    const client = new Client({ name: "init-mcp", version: "0" });
    await client.connect(transport);
    const cap = (await client.callTool({ name: "cap", arguments: {} })) as {
      structuredContent?: { runs: unknown[] };
    };
    const cli2 = JSON.parse(
      spawnSync(process.execPath, [cli, "cap", "--json"], { cwd: dir, encoding: "utf8" }).stdout,
    );
    expect(cap.structuredContent?.runs).toEqual([cli2]);
    await client.close();
    // A second run leaves it alone.
    const text = read(dir, ".mcp.json");
    expect(init(cli, dir, "--mcp").stdout).toContain('.mcp.json already has an "agent-context" MCP server');
    expect(read(dir, ".mcp.json")).toBe(text);
  });

  it("merges_into_an_existing_mcp_json_keeping_every_other_server_and_key", () => {
    const { dir, cli } = repoWithLocalInstall();
    const mine = { mcpServers: { other: { command: "x", args: ["y"] } }, extra: 1 };
    writeFileSync(join(dir, ".mcp.json"), JSON.stringify(mine));
    expect(init(cli, dir, "--mcp").status).toBe(0);
    const after = JSON.parse(read(dir, ".mcp.json"));
    expect(after.extra).toBe(1);
    expect(Object.keys(after.mcpServers)).toEqual(["other", "agent-context"]);
    expect(after.mcpServers.other).toEqual(mine.mcpServers.other);
  });

  it("writes_gemini_settings_and_codex_config_toml_with_the_same_command_and_names_what_each_agent_needs", () => {
    const { dir, cli } = repoWithLocalInstall();
    const r = init(cli, dir, "--mcp");
    expect(r.status, r.stderr).toBe(0);
    const claude = JSON.parse(read(dir, ".mcp.json")).mcpServers["agent-context"];
    expect(r.stdout).toContain(
      "created .mcp.json with the agent-context MCP server (Claude Code, GitHub Copilot CLI)",
    );
    expect(JSON.parse(read(dir, ".gemini/settings.json"))).toEqual({
      mcpServers: { "agent-context": { command: claude.command, args: claude.args } },
    });
    const toml = read(dir, ".codex/config.toml");
    expect(toml).toBe(
      `[mcp_servers.agent-context]\ncommand = "sh"\nargs = [${claude.args.map((a: string) => JSON.stringify(a)).join(", ")}]\n`,
    );
    expect(r.stdout).toMatch(/note: .*Codex starts it in a project trusted in ~\/\.codex\/config\.toml/);
  });

  it("keeps_every_byte_of_existing_gemini_settings_with_comments_and_codex_config_and_adds_only_the_server", () => {
    const { dir, cli } = repoWithLocalInstall();
    mkdirSync(join(dir, ".gemini"));
    mkdirSync(join(dir, ".codex"));
    const gemini =
      '{\n    // mine\n    "ui": { "theme": "x" },\n    "mcpServers": {\n        "other": { "command": "y" }\n    }\n}\n';
    const codex = '# mine\nmodel = "m"\n\n[mcp_servers.other]\ncommand = "y"\n';
    writeFileSync(join(dir, ".gemini/settings.json"), gemini);
    writeFileSync(join(dir, ".codex/config.toml"), codex);
    expect(init(cli, dir, "--mcp").status).toBe(0);
    const g = read(dir, ".gemini/settings.json");
    expect(
      g.startsWith(
        '{\n    // mine\n    "ui": { "theme": "x" },\n    "mcpServers": {\n        "other": { "command": "y" },\n        "agent-context": {',
      ),
    ).toBe(true);
    const c = read(dir, ".codex/config.toml");
    expect(c.startsWith(`${codex}\n[mcp_servers.agent-context]\n`)).toBe(true);
    // Rerun: nothing changes.
    expect(init(cli, dir, "--mcp").stdout).toContain(
      '.codex/config.toml already has an "agent-context" MCP server',
    );
    expect(read(dir, ".gemini/settings.json")).toBe(g);
    expect(read(dir, ".codex/config.toml")).toBe(c);
  });

  it("a_config_linked_out_of_the_repository_is_refused_before_it_is_read_and_nothing_is_written", () => {
    const { dir, cli } = repoWithLocalInstall();
    const outside = mkdtempSync(join(tmpdir(), "ac-outside-"));
    writeFileSync(join(outside, "config.toml"), 'model = "m"\n');
    symlinkSync(outside, join(dir, ".codex"));
    const r = init(cli, dir, "--mcp");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^agent-context: .*\.codex\/config\.toml: leads to .*, outside the repository/);
    expect(read(outside, "config.toml")).toBe('model = "m"\n');
    expect(existsSync(join(dir, ".mcp.json"))).toBe(false);
    expect(existsSync(join(dir, ".agent-context.json"))).toBe(false);
  });

  it("a_codex_config_whose_mcp_servers_is_inline_is_one_line_and_exit_2_with_nothing_written", () => {
    const { dir, cli } = repoWithLocalInstall();
    mkdirSync(join(dir, ".codex"));
    writeFileSync(join(dir, ".codex/config.toml"), 'mcp_servers = { other = { command = "y" } }\n');
    const r = init(cli, dir, "--mcp");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^agent-context: \.codex\/config\.toml: the \[mcp_servers\.agent-context\] table cannot be added/,
    );
    expect(existsSync(join(dir, ".mcp.json"))).toBe(false);
  });

  it("a_malformed_mcp_json_is_one_line_and_exit_2_with_nothing_written", () => {
    const { dir, cli } = repoWithLocalInstall();
    writeFileSync(join(dir, ".mcp.json"), '{"mcpServers": []}');
    const r = init(cli, dir, "--mcp");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^agent-context: \.mcp\.json: must be a JSON object whose "mcpServers" is an object/,
    );
    expect(r.stderr.split("\n")).toHaveLength(2);
    expect(existsSync(join(dir, ".agent-context.json"))).toBe(false);
    expect(read(dir, ".mcp.json")).toBe('{"mcpServers": []}');
  });

  it("a_copy_outside_the_repository_is_written_by_absolute_path_with_a_note", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-init-mcp-"));
    writeFileSync(join(dir, "CLAUDE.md"), "# x\n");
    const r = init(CLI, dir, "--mcp");
    expect(r.status).toBe(0);
    expect(JSON.parse(read(dir, ".mcp.json")).mcpServers["agent-context"]).toEqual({
      type: "stdio",
      command: "node",
      args: [CLI, "mcp"],
    });
    expect(r.stdout).toContain("note: the MCP server names this machine's copy of agent-context");
  });

  it("in_a_clone_without_the_package_the_command_says_so_on_stderr", () => {
    const { dir, cli } = repoWithLocalInstall();
    init(cli, dir, "--mcp");
    const server = JSON.parse(read(dir, ".mcp.json")).mcpServers["agent-context"];
    const clone = mkdtempSync(join(tmpdir(), "ac-clone-"));
    const r = spawnSync(server.command, server.args, { cwd: clone, encoding: "utf8", input: "" });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`${MCP_MISSING_LINE}\n`);
  });
});
