/**
 * `agent-context mcp` as a user's agent starts it: the built CLI spawned by the SDK's own stdio client
 * transport. Each tool's answer is what the built CLI prints with `--json` on the example repository; bad
 * arguments are tool errors and the server keeps answering; closing stdin ends the process.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const CLI = join(ROOT, "dist/cli/main.js");
const EXAMPLE = join(ROOT, "examples/acme-shop");
let client: Client;
let transport: StdioClientTransport;

/**
 * The CLI's `--json`, run outside CI: on a CI runner (CI set) `cap` compares with the merge base by itself,
 * which the MCP tools never do.
 */
function cliJson(...args: string[]): unknown {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== "CI" && !k.startsWith("GITHUB_")),
  );
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: EXAMPLE, encoding: "utf8", env });
  return JSON.parse(r.stdout);
}

async function call(name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
    content: { type: string; text: string }[];
  };
}

beforeAll(async () => {
  // Started in the repository with no DIR: the root is found upward, as every command finds it.
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "mcp"],
    cwd: join(EXAMPLE, "packages/api"),
    stderr: "pipe",
  });
  client = new Client({ name: "e2e", version: "0" });
  await client.connect(transport);
});
afterAll(async () => {
  await client.close();
});

describe("agent-context mcp over stdio", () => {
  it("answers_each_tool_as_the_built_cli_prints_it_with_json", async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
      "cap",
      "explain",
      "lint",
      "route",
      "report",
      "budget",
      "fix",
    ]);
    expect((await call("cap", { agent: "all" })).structuredContent?.runs).toEqual(
      cliJson("cap", "--json", "--agent", "all"),
    );
    expect((await call("lint")).structuredContent).toEqual(cliJson("lint", "--json"));
    const path = "packages/web/src/api/client.ts";
    expect(
      (await call("explain", { path, view: "fresh-clone", agent: "claude-code" })).structuredContent,
    ).toEqual(cliJson("explain", path, "--fresh-clone", "--json"));
    expect((await call("route", { target: path })).structuredContent).toEqual(
      cliJson("route", path, "--json"),
    );
  });

  it("a_bad_argument_is_a_tool_error_and_the_process_keeps_serving", async () => {
    const r = await call("explain", { path: "/etc/passwd" });
    expect(r.isError).toBe(true);
    expect(r.content[0]?.text).toContain("lies outside the repository");
    expect((await call("route", { target: "x", tool: "Nope" })).isError).toBe(true);
    expect((await call("budget", { agent: "nobody" })).isError).toBe(true);
    expect((await call("budget")).isError).toBeFalsy();
    expect(transport.pid).not.toBeNull();
  });

  it("closing_stdin_ends_the_server_with_status_0", () => {
    const r = spawnSync(process.execPath, [CLI, "mcp", EXAMPLE], {
      input: "",
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
  });
});
