/**
 * `agent-context mcp`: the product's answers as MCP tools (the official TypeScript SDK), for an agent to
 * ask before it adds to its own instruction files. Every tool answers about one repository, the root the
 * server was started for; each answer is the JSON the matching command prints with `--json` (./product.ts,
 * the one adapter to the product), as `structuredContent` and as text. Nothing is written into the
 * repository (`fix` proposes; `report` writes its HTML into a private temporary folder), nothing of the
 * repository runs, and no agent CLI runs (there is no `verify` tool). Bad arguments (a path outside the
 * root, an unknown agent) are tool errors (`isError`), never a crash of the server.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { z } from "zod";
import { InputFileError, UsageError } from "../errors.js";
import { VERSION } from "../version.js";
import {
  budgetJson,
  capJson,
  explainJson,
  fixProposals,
  lintJson,
  ROUTE_TOOLS,
  reportFile,
  routeJsonFor,
} from "./product.js";
import { toolOutputSchema } from "./schemas.js";
import { rawStdout } from "./stdio.js";

const agentArg = z
  .string()
  .optional()
  .describe("agent id (claude-code, codex, gemini-cli, copilot-cli); default: the registry's default");

/** The tools: name, description, input schema, and the answer (the output schema: ./schemas.ts). */
const TOOLS = {
  cap: {
    description:
      "Measure the launch context each agent loads in this repository (fresh clone, as CI judges it) against its cap: the `cap --json` runs",
    input: {
      agent: agentArg.describe("agent id, or `all`; default: the registry's default agent"),
      cwd: z.string().optional().describe("launch directory, relative to the repository root"),
    },
    run: async (root: string, a: { agent?: string; cwd?: string }) => ({ runs: await capJson(root, a) }),
  },
  explain: {
    description:
      "Everything that reaches an agent for PATH, and why: the launch set, what it attaches when it reads PATH, what the agent-context hook adds on a write (`explain PATH --json`)",
    input: {
      path: z.string().describe("file path, relative to the repository root"),
      agent: agentArg,
      view: z
        .enum(["user", "fresh-clone"])
        .optional()
        .describe("user (default, as the CLI: this machine's user layer) or fresh-clone (what cap judges)"),
    },
    run: (root: string, a: { path: string; agent?: string; view?: "user" | "fresh-clone" }) =>
      explainJson(root, a),
  },
  lint: {
    description:
      "Instruction files that fail silently (broken imports, unrecognised scopes, dead rules...): `lint --json`, never fixing",
    input: {},
    run: (root: string) => lintJson(root),
  },
  route: {
    description:
      "The rules the agent-context PreToolUse hook injects for a tool target: a path, or with tool Bash a command (`route TARGET --json`)",
    input: {
      target: z.string().describe("file path relative to the repository root, or with tool Bash the command"),
      tool: z.enum(ROUTE_TOOLS).optional().describe("the tool of the call (default Write)"),
    },
    run: (root: string, a: { target: string; tool?: string }) => routeJsonFor(root, a),
  },
  report: {
    description:
      "Write the self-contained HTML report (where the bytes go, what loads on demand, lint's findings) into a private temporary folder, never the repository, and return its path",
    input: { agent: agentArg.describe("agent id, or `all` (default: every agent)") },
    run: (root: string, a: { agent?: string }) => reportFile(root, a),
  },
  budget: {
    description:
      "How many bytes may be added here before the cap fails, per agent: each agent's launch against its cap and, for PATH, whether bytes added to it count at launch",
    input: {
      path: z.string().optional().describe("the file about to grow, relative to the repository root"),
      agent: agentArg.describe("agent id, or `all` (default: every agent)"),
    },
    run: (root: string, a: { path?: string; agent?: string }) => budgetJson(root, a),
  },
  fix: {
    description:
      "Propose the safe fixes `lint --fix` would apply (each file's fixed text and the lines that change); writes nothing",
    input: { file: z.string().optional().describe("only this file, relative to the repository root") },
    run: (root: string, a: { file?: string }) => fixProposals(root, a),
  },
} as const;

/** The names of the tools, in listing order. */
export const TOOL_NAMES = Object.keys(TOOLS) as (keyof typeof TOOLS)[];

/** A tool error: the `agent-context:` line the CLI would print for the same bad input. */
function toolError(e: unknown): { isError: true; content: { type: "text"; text: string }[] } {
  const known = e instanceof UsageError || e instanceof InputFileError;
  const text = known
    ? `agent-context: ${(e as Error).message}`
    : `agent-context: internal error: ${String(e)}`;
  return { isError: true, content: [{ type: "text", text }] };
}

/** The MCP server for the repository at `root` (absolute, real), its tools registered; not yet connected. */
export function createMcpServer(root: string): McpServer {
  const server = new McpServer({ name: "agent-context", version: VERSION });
  for (const name of TOOL_NAMES) {
    const t = TOOLS[name];
    const run = t.run as (root: string, a: Record<string, unknown>) => unknown;
    server.registerTool(
      name,
      {
        description: t.description,
        inputSchema: t.input,
        // The JSON schema the build generated for the answer's type (./schemas.ts): the same as `--json`'s.
        outputSchema: toolOutputSchema(name),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (args: Record<string, unknown>) => {
        try {
          const json = (await run(root, args)) as Record<string, unknown>;
          return {
            content: [{ type: "text" as const, text: JSON.stringify(json, null, 2) }],
            structuredContent: json,
          };
        } catch (e) {
          return toolError(e);
        }
      },
    );
  }
  return server;
}

/** Connects a server for `root` to `transport` (stdio for the command; an in-memory pair in tests). */
export async function serveMcp(root: string, transport: Transport): Promise<McpServer> {
  const server = createMcpServer(root);
  await server.connect(transport);
  return server;
}

/** `agent-context mcp`: serves on this process's stdin and stdout until the client closes them. */
export async function runMcpStdio(root: string): Promise<void> {
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const transport = new StdioServerTransport(process.stdin, rawStdout());
  const server = await serveMcp(root, transport);
  await new Promise<void>((done) => {
    server.server.onclose = () => done();
    process.stdin.once("end", () => done());
  });
  await server.close();
}
