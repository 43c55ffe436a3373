/**
 * `init --mcp`'s plan (src/mcp/init.ts) on real files: the server is inserted into each agent's project MCP
 * configuration with every other byte kept — an empty `mcpServers`, a file without one, CRLF line ends, a
 * tab-indented file — and a TOML table is appended after the user's text.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { MCP_SERVER_NAME, mcpServerCommand, planMcpConfigs } from "../../src/mcp/init.js";

const ENTRY = "/opt/agent-context/lib/main.js";

function planWith(files: Record<string, string>) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-mcp-init-")));
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(root, f, ".."), { recursive: true });
    writeFileSync(join(root, f), text);
  }
  const plan = planMcpConfigs(root, ENTRY);
  return (f: string) => plan.items.find((i) => i.file === f);
}

describe("init --mcp's edits", () => {
  const server = { command: "node", args: [ENTRY, "mcp"] };

  it("the_server_goes_into_an_empty_mcp_servers_object_and_nothing_else_moves", () => {
    const text = '{\n  "ui": {"theme": "x"},\n  "mcpServers": {}\n}\n';
    const item = planWith({ ".gemini/settings.json": text })(".gemini/settings.json");
    expect(item?.action).toBe("update");
    expect(item?.content).toBe(
      `{\n  "ui": {"theme": "x"},\n  "mcpServers": {\n    "${MCP_SERVER_NAME}": {\n      "command": "node",\n      "args": [\n        "${ENTRY}",\n        "mcp"\n      ]\n    }\n  }\n}\n`,
    );
  });

  it("a_file_without_mcp_servers_gets_the_key_after_its_last_one_with_its_crlf_line_ends", () => {
    const text = '{\r\n\t"a": 1 // why\r\n}\r\n';
    const item = planWith({ ".mcp.json": text })(".mcp.json");
    const out = item?.content as string;
    expect(out.startsWith('{\r\n\t"a": 1,\r\n\t"mcpServers": {\r\n\t\t"agent-context": {')).toBe(true);
    expect(out.endsWith(" // why\r\n}\r\n")).toBe(true);
    expect(out.replace(/\r\n/g, "")).not.toContain("\n");
    expect(parse(out).mcpServers[MCP_SERVER_NAME]).toEqual({ type: "stdio", ...server });
  });

  it("a_toml_table_is_appended_after_the_users_text_which_stays_as_it_was", () => {
    const text = "# mine\nmodel = 'm'";
    const item = planWith({ ".codex/config.toml": text })(".codex/config.toml");
    const cmd = mcpServerCommand("/elsewhere", ENTRY);
    expect(item?.content).toBe(
      `${text}\n\n[mcp_servers.${MCP_SERVER_NAME}]\ncommand = "node"\nargs = [${cmd.args.map((a) => JSON.stringify(a)).join(", ")}]\n`,
    );
  });

  it("a_server_named_agent_context_already_there_is_left_as_it_is_in_every_file", () => {
    const find = planWith({
      ".mcp.json": '{"mcpServers": {"agent-context": {"command": "mine"}}}',
      ".gemini/settings.json": '{"mcpServers": {"agent-context": {"command": "mine"}}}',
      ".codex/config.toml": '[mcp_servers.agent-context]\ncommand = "mine"\n',
    });
    for (const f of [".mcp.json", ".gemini/settings.json", ".codex/config.toml"])
      expect(find(f)?.action, f).toBe("unchanged");
  });
});
