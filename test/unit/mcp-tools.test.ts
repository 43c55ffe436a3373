/**
 * `agent-context mcp` in process: the SDK's own Client over its in-memory transport lists the tools and
 * calls each on the example repository; each answer is what the command prints with `--json` (run in
 * this process, src/cli/program.ts). Bad arguments are tool errors, and the server answers the next call.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveMcp, TOOL_NAMES } from "../../src/mcp/server.js";
import { cliInProcess } from "../support/cli-in-process.js";

const EXAMPLE = resolve(import.meta.dirname, "../../examples/acme-shop");
let client: Client;

beforeAll(async () => {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await serveMcp(EXAMPLE, b);
  client = new Client({ name: "test", version: "0" });
  await client.connect(a);
});
afterAll(async () => {
  await client.close();
});

async function call(name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
    content: { type: string; text: string }[];
  };
}

async function cliJson(...args: string[]): Promise<unknown> {
  const r = await cliInProcess(...args);
  return JSON.parse(r.stdout);
}

describe("agent-context mcp, in process", () => {
  it("lists_the_seven_tools_each_with_an_input_and_an_output_schema_and_no_verify", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["cap", "explain", "lint", "route", "report", "budget", "fix"]);
    expect(TOOL_NAMES).not.toContain("verify");
    for (const t of tools) {
      expect(t.inputSchema.type).toBe("object");
      expect(t.outputSchema?.type).toBe("object");
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
    const cap = tools.find((t) => t.name === "cap");
    expect(Object.keys(cap?.outputSchema?.properties ?? {})).toEqual(["runs"]);
  });

  it("each_tools_output_schema_is_the_generated_schema_of_its_json_output_and_each_answer_validates_against_the_clis", async () => {
    const { tools } = await client.listTools();
    const files: Record<string, string> = {
      cap: "cap-matrix",
      explain: "explain",
      lint: "lint",
      route: "route",
      report: "mcp-report",
      budget: "mcp-budget",
      fix: "mcp-fix",
    };
    const args: Record<string, Record<string, unknown>> = {
      explain: { path: "CLAUDE.md", view: "fresh-clone" },
      route: { target: "packages/api/src/routes/users.ts" },
      budget: { path: "CLAUDE.md" },
    };
    const ajv = new Ajv({ allErrors: true, strict: false });
    for (const t of tools) {
      // The file the build generated from the output's TypeScript type (dist/schemas/), read here directly.
      const shipped = JSON.parse(readFileSync(resolve(`dist/schemas/${files[t.name]}.schema.json`), "utf8"));
      const type = shipped.definitions[String(shipped.$ref).slice("#/definitions/".length)];
      const listed = t.outputSchema as { properties: Record<string, unknown>; required?: string[] };
      // The listed schema has the generated type's fields and required fields (cap: {runs: <the matrix>}).
      if (t.name === "cap") {
        expect(Object.keys(listed.properties)).toEqual(["runs"]);
        expect(listed.required).toEqual(["runs"]);
      } else {
        expect(Object.keys(listed.properties).sort(), t.name).toEqual(Object.keys(type.properties).sort());
        expect([...(listed.required ?? [])].sort(), t.name).toEqual([...(type.required ?? [])].sort());
      }
      // The answer validates against the CLI's schema, and the CLI's schema's answer against the listed one.
      const r = await call(t.name, args[t.name] ?? {});
      expect(r.isError, r.content[0]?.text).toBeFalsy();
      const answer = t.name === "cap" ? r.structuredContent?.runs : r.structuredContent;
      const cliCheck = ajv.compile(shipped);
      expect(cliCheck(answer), `${t.name}: ${ajv.errorsText(cliCheck.errors)}`).toBe(true);
      const listedCheck = ajv.compile(listed);
      expect(listedCheck(r.structuredContent), `${t.name}: ${ajv.errorsText(listedCheck.errors)}`).toBe(true);
      if (t.name === "report") rmSync(dirname(r.structuredContent?.path as string), { recursive: true });
    }
    // A field the generated type does not allow is refused by the listed schema too (they are one schema).
    const lint = tools.find((t) => t.name === "lint")?.outputSchema as object;
    expect(ajv.compile(lint)({ root: "/", ok: "yes", counts: {}, fixed: [], diagnostics: [] })).toBe(false);
  });

  it("cap_answers_the_runs_cap_json_prints_for_one_agent_and_for_all", async () => {
    const one = await call("cap");
    expect(one.isError).toBeFalsy();
    expect(one.structuredContent?.runs).toEqual([await cliJson("cap", EXAMPLE, "--json")]);
    const all = await call("cap", { agent: "all" });
    expect(all.structuredContent?.runs).toEqual(await cliJson("cap", EXAMPLE, "--json", "--agent", "all"));
    expect(JSON.parse(one.content[0]?.text ?? "")).toEqual(one.structuredContent);
  });

  it("explain_answers_what_explain_json_prints_for_the_same_path_and_view", async () => {
    const path = "packages/api/src/routes/users.ts";
    const r = await call("explain", { path, view: "fresh-clone" });
    expect(r.isError).toBeFalsy();
    const cli = await cliJson("explain", join(EXAMPLE, path), EXAMPLE, "--fresh-clone", "--json");
    expect(r.structuredContent).toEqual(cli);
    expect((r.structuredContent?.onRead as unknown[] | undefined)?.length).toBeGreaterThan(0);
  });

  it("lint_answers_what_lint_json_prints", async () => {
    const r = await call("lint");
    expect(r.structuredContent).toEqual(await cliJson("lint", EXAMPLE, "--json"));
  });

  it("route_answers_what_route_json_prints_for_a_path_and_for_a_command", async () => {
    const path = "packages/api/src/routes/users.ts";
    const r = await call("route", { target: path });
    expect(r.structuredContent).toEqual(await cliJson("route", join(EXAMPLE, path), EXAMPLE, "--json"));
    expect(JSON.stringify(r.structuredContent)).toContain("RULE-API");
    const b = await call("route", { target: "git commit -m x", tool: "Bash" });
    expect(b.structuredContent).toEqual(
      await cliJson("route", "git commit -m x", EXAMPLE, "--tool", "Bash", "--json", "--cwd", EXAMPLE),
    );
  });

  it("report_writes_its_html_outside_the_repository_and_answers_its_path", async () => {
    const r = await call("report");
    const path = r.structuredContent?.path as string;
    expect(path.startsWith(EXAMPLE)).toBe(false);
    expect(readFileSync(path, "utf8")).toContain('<meta name="generator" content="agent-context">');
    expect(existsSync(join(EXAMPLE, "agent-context-report.html"))).toBe(false);
    rmSync(dirname(path), { recursive: true });
  });

  it("budget_answers_the_cap_minus_the_launch_per_agent_and_whether_a_file_counts", async () => {
    const caps = (await cliJson("cap", EXAMPLE, "--json", "--agent", "all")) as {
      agent: string;
      cap: number;
      total: number;
      items: { path: string; charged: boolean }[];
    }[];
    const r = await call("budget", { path: "CLAUDE.md" });
    const rows = r.structuredContent?.agents as { agent: string; headroom: number; mayAdd: number | null }[];
    expect(rows.map((x) => x.agent)).toEqual(caps.map((c) => c.agent));
    for (const c of caps) {
      const row = rows.find((x) => x.agent === c.agent);
      expect(row?.headroom).toBe(Math.max(0, c.cap - c.total));
      const charged = c.items.some((i) => i.path === "CLAUDE.md" && i.charged);
      expect(row?.mayAdd).toBe(charged ? Math.max(0, c.cap - c.total) : null);
    }
    // Claude Code loads CLAUDE.md at launch and charges it; Codex never reads it.
    expect(rows.find((x) => x.agent === "claude-code")?.mayAdd).not.toBeNull();
    expect(rows.find((x) => x.agent === "codex")?.mayAdd).toBeNull();
  });

  it("fix_proposes_nothing_on_the_clean_example_and_writes_nothing", async () => {
    const r = await call("fix");
    expect(r.structuredContent).toEqual({ root: EXAMPLE, proposals: [] });
  });

  it("fix_proposes_the_text_lint_fix_would_write_and_leaves_the_file_as_it_was", async () => {
    const root = mkdtempSync(join(tmpdir(), "mcp-fix-"));
    try {
      mkdirSync(join(root, ".claude/rules"), { recursive: true });
      const rule = "---\nglobs: src/**/*.ts\n---\nUse strict types.\n";
      writeFileSync(join(root, ".claude/rules/ts.md"), rule);
      writeFileSync(join(root, "CLAUDE.md"), "# x\n");
      const [a, b] = InMemoryTransport.createLinkedPair();
      await serveMcp(root, b);
      const c = new Client({ name: "fix", version: "0" });
      await c.connect(a);
      const r = (await c.callTool({ name: "fix", arguments: {} })) as unknown as {
        structuredContent: { proposals: unknown[] };
      };
      expect(r.structuredContent.proposals).toEqual([
        {
          file: ".claude/rules/ts.md",
          ruleIds: ["rule-globs-key"],
          startLine: 2,
          endLine: 2,
          before: "globs: src/**/*.ts\n",
          after: "paths: src/**/*.ts\n",
          text: "---\npaths: src/**/*.ts\n---\nUse strict types.\n",
        },
      ]);
      expect(readFileSync(join(root, ".claude/rules/ts.md"), "utf8")).toBe(rule);
      await c.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a_path_outside_the_root_and_an_unknown_agent_are_tool_errors_and_the_server_keeps_answering", async () => {
    const out = await call("explain", { path: "../../package.json" });
    expect(out.isError).toBe(true);
    expect(out.content[0]?.text).toMatch(
      /^agent-context: \.\.\/\.\.\/package\.json: lies outside the repository/,
    );
    const agent = await call("cap", { agent: "nope" });
    expect(agent.isError).toBe(true);
    expect(agent.content[0]?.text).toMatch(/^agent-context: --agent nope: must be one of claude-code/);
    const bad = await call("route", { target: 3 });
    expect(bad.isError).toBe(true);
    const abs = await call("budget", { path: "/etc/passwd" });
    expect(abs.isError).toBe(true);
    expect((await call("cap")).isError).toBeFalsy();
  });
});
