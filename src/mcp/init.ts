/**
 * `init --mcp` (opt-in): adds the agent-context MCP server to the project's MCP configuration of every
 * registered agent that reads one from the repository (src/agents/mcp-config.ts: Claude Code's and Copilot
 * CLI's `.mcp.json`, Gemini CLI's `.gemini/settings.json`, Codex's `.codex/config.toml`), as a command
 * inside the repository, like the hook: it runs the copy of agent-context installed in the project
 * (`node_modules/agent-context/dist/cli/main.js`), found from the directory the agent starts in upward, and
 * says so on stderr in a clone where it is not installed. A global copy (not inside the repository) is
 * written by absolute path, with a note that teammates cannot share it. Agents that read no project MCP
 * configuration are named as skipped.
 *
 * Every edit is lossless (the server is inserted; every other byte of the file is kept) and bounded (the
 * file is read by the bounded reader); a file reached through a link out of the repository is refused
 * before it is read, and applyInit writes all files together or none.
 */
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import {
  findNodeAtLocation,
  type Node as JsonNode,
  type ParseError,
  parse,
  parseTree,
  printParseErrorCode,
} from "jsonc-parser";
import { agents } from "../agents/index.js";
import { type AgentMcpConfig, MCP_CONFIG } from "../agents/mcp-config.js";
import { UsageError } from "../errors.js";
import { checkWriteInside } from "../fs/atomic.js";
import { describeReadFailure, readTextFile } from "../fs/read.js";
import { hookEntryPath, type InitPlanItem, shellQuote } from "../install/init.js";
import { lazyToml } from "../markdown/lazy.js";

/** The project MCP configuration file Claude Code reads, relative to the root. */
export const MCP_CONFIG_FILE = ".mcp.json";

/** The server's name in every configuration. */
export const MCP_SERVER_NAME = "agent-context";

/** The line the committed server command prints on stderr in a clone where the package is not installed. */
export const MCP_MISSING_LINE = "agent-context mcp: not installed in this clone (run npm ci)";

/** The CLI entry of this installation (`<package>/dist/cli/main.js`), beside the hook's. */
export function cliEntryPath(): string {
  return join(dirname(hookEntryPath()), "cli", "main.js");
}

/** The server's command and arguments for the repository at `root` (real path), and whether teammates can share it. */
export function mcpServerCommand(
  root: string,
  entry: string = cliEntryPath(),
): { command: string; args: string[]; portable: boolean } {
  const rel = relative(root, entry);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel))
    return { command: "node", args: [entry, "mcp"], portable: false };
  const path = rel.split(sep).join("/");
  // From the agent's working directory upward to the folder holding the installed copy: the repository's.
  const script = `d=$PWD; while [ ! -f "$d/${path}" ] && [ "$d" != / ]; do d=$(dirname "$d"); done; f="$d/${path}"; [ -f "$f" ] && exec node "$f" mcp "$d"; echo ${shellQuote(MCP_MISSING_LINE)} >&2; exit 1`;
  return { command: "sh", args: ["-c", script], portable: true };
}

/** The `mcpServers` entry of `.mcp.json` for the repository at `root` and whether teammates can share it. */
export function mcpServerEntry(
  root: string,
  entry: string = cliEntryPath(),
): { entry: Record<string, unknown>; portable: boolean } {
  const { command, args, portable } = mcpServerCommand(root, entry);
  return { entry: { type: "stdio", command, args }, portable };
}

/** The project MCP configuration files the registered agents read (each once). */
export function mcpConfigFiles(): string[] {
  return [...new Set(agents().flatMap((a) => MCP_CONFIG[a.id]?.file ?? []))];
}

/** One file's planned change, with the agents that read it and whether the command is shareable. */
export type McpPlanItem = InitPlanItem & {
  portable: boolean;
  agents: string[];
  /** What an agent reading this file needs before it starts the server ("Codex: the project trusted ..."). */
  needs: string[];
};

/** What `init --mcp` changes: one item per configuration file, and the agents that read none. */
export interface McpPlan {
  items: McpPlanItem[];
  /** Display names of the registered agents that read no project MCP configuration. */
  skipped: string[];
}

/**
 * The changes `init --mcp` makes, one per configuration file of the registered agents: created with the
 * one server; the server inserted into an existing file (every other byte kept); unchanged when an
 * `agent-context` server is already there (the user's own entry is never replaced). Throws UsageError for
 * a file that cannot take the server without guessing, or that leads out of the repository (nothing is
 * written then).
 */
export function planMcpConfigs(root: string, entry: string = cliEntryPath()): McpPlan {
  const byFile = new Map<string, { config: AgentMcpConfig; names: string[]; needs: string[] }>();
  const skipped: string[] = [];
  for (const a of agents()) {
    const config = MCP_CONFIG[a.id];
    if (!config) {
      skipped.push(a.name);
      continue;
    }
    const needs = config.needs === "" ? [] : [`${a.name} starts it in ${config.needs}`];
    const have = byFile.get(config.file);
    if (have) {
      have.names.push(a.name);
      have.needs.push(...needs);
    } else byFile.set(config.file, { config, names: [a.name], needs });
  }
  const cmd = mcpServerCommand(root, entry);
  const items = [...byFile.values()].map(({ config, names, needs }) => ({
    ...planOne(root, config, names, cmd),
    needs,
  }));
  return { items, skipped };
}

function planOne(
  root: string,
  config: AgentMcpConfig,
  names: string[],
  cmd: { command: string; args: string[]; portable: boolean },
): Omit<McpPlanItem, "needs"> {
  const file = config.file;
  const path = join(root, file);
  checkWriteInside(path, root, `the repository ${root}`);
  const who = names.length > 0 ? ` (${names.join(", ")})` : "";
  const base = { file, portable: cmd.portable, agents: names };
  const r = readTextFile(path);
  if (!r.ok && r.reason !== "missing")
    throw new UsageError(`${describeReadFailure(r, file)}; nothing written`);
  const text = r.ok ? r.text : null;
  const next =
    config.format.kind === "toml"
      ? tomlWithServer(file, text, cmd)
      : jsonWithServer(file, text, config.format.typed, cmd);
  if (next === null)
    return {
      ...base,
      action: "unchanged",
      note: `${file} already has an "${MCP_SERVER_NAME}" MCP server${who}; left as it is`,
    };
  return text === null
    ? {
        ...base,
        action: "create",
        content: next,
        expected: null,
        note: `created ${file} with the agent-context MCP server${who}`,
      }
    : {
        ...base,
        action: "update",
        content: next,
        expected: text,
        note: `added the agent-context MCP server to ${file}${who}`,
      };
}

/** The JSON text with the server inserted under `mcpServers` (null: already there). Throws UsageError. */
function jsonWithServer(
  file: string,
  text: string | null,
  typed: boolean,
  cmd: { command: string; args: string[] },
): string | null {
  const server = typed
    ? { type: "stdio", command: cmd.command, args: cmd.args }
    : { command: cmd.command, args: cmd.args };
  if (text === null || text.trim() === "")
    return `${JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: server } }, null, 2)}\n`;
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  const body = bom ? text.slice(1) : text;
  const errors: ParseError[] = [];
  const json = parse(body, errors, { allowTrailingComma: true });
  if (errors.length > 0)
    throw new UsageError(
      `${file}: not valid JSON (${printParseErrorCode((errors[0] as ParseError).error)} at offset ${(errors[0] as ParseError).offset}); fix it or remove it and rerun init --mcp; nothing written`,
    );
  const servers = (json as { mcpServers?: unknown } | null)?.mcpServers;
  if (
    typeof json !== "object" ||
    json === null ||
    Array.isArray(json) ||
    (servers !== undefined && (typeof servers !== "object" || servers === null || Array.isArray(servers)))
  )
    throw new UsageError(
      `${file}: must be a JSON object whose "mcpServers" is an object keyed by server name; fix it and rerun init --mcp; nothing written`,
    );
  if (servers !== undefined && MCP_SERVER_NAME in (servers as object)) return null;
  const unit = /\n([ \t]+)"/.exec(body)?.[1] ?? "  ";
  const eol = body.includes("\r\n") ? "\r\n" : "\n";
  const tree = parseTree(body, [], { allowTrailingComma: true }) as JsonNode;
  const at = servers === undefined ? tree : (findNodeAtLocation(tree, ["mcpServers"]) as JsonNode);
  const [key, value] =
    servers === undefined ? ["mcpServers", { [MCP_SERVER_NAME]: server }] : [MCP_SERVER_NAME, server];
  return `${bom}${insertProperty(body, at, key, value, unit, eol)}`;
}

/** The indentation of the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? "";
}

/**
 * `text` with the property `key: value` added to the object `obj` as its last property, on a line of its
 * own indented like its siblings; no other byte of the text changes.
 */
function insertProperty(
  text: string,
  obj: JsonNode,
  key: string,
  value: unknown,
  unit: string,
  eol: string,
): string {
  const kids = obj.children ?? [];
  const last = kids[kids.length - 1];
  const ind = last ? lineIndent(text, last.offset) : lineIndent(text, obj.offset) + unit;
  const prop = `${JSON.stringify(key)}: ${JSON.stringify(value, null, unit)
    .split("\n")
    .join(eol + ind)}`;
  if (last) {
    const end = last.offset + last.length;
    return `${text.slice(0, end)},${eol}${ind}${prop}${text.slice(end)}`;
  }
  const close = `${eol}${lineIndent(text, obj.offset)}}`;
  return `${text.slice(0, obj.offset)}{${eol}${ind}${prop}${close}${text.slice(obj.offset + obj.length)}`;
}

/** The TOML text with a `[mcp_servers.agent-context]` table appended (null: already there). Throws UsageError. */
function tomlWithServer(
  file: string,
  text: string | null,
  cmd: { command: string; args: string[] },
): string | null {
  const toml = lazyToml();
  let have: Record<string, unknown> = {};
  if (text !== null) {
    try {
      have = toml.parse(text) as Record<string, unknown>;
    } catch (e) {
      throw new UsageError(
        `${file}: not valid TOML (${(e as Error).message.split("\n")[0]}); fix it and rerun init --mcp; nothing written`,
      );
    }
    const servers = have.mcp_servers;
    if (servers !== undefined && (typeof servers !== "object" || servers === null || Array.isArray(servers)))
      throw new UsageError(
        `${file}: "mcp_servers" must be a table; fix it and rerun init --mcp; nothing written`,
      );
    if (servers !== undefined && MCP_SERVER_NAME in (servers as object)) return null;
  }
  const eol = text?.includes("\r\n") ? "\r\n" : "\n";
  // JSON's string escapes are TOML basic strings'.
  const table = [
    `[mcp_servers.${MCP_SERVER_NAME}]`,
    `command = ${JSON.stringify(cmd.command)}`,
    `args = [${cmd.args.map((a) => JSON.stringify(a)).join(", ")}]`,
    "",
  ].join(eol);
  const sepr = text === null || text === "" ? "" : text.endsWith("\n") ? eol : `${eol}${eol}`;
  const next = `${text ?? ""}${sepr}${table}`;
  try {
    toml.parse(next);
  } catch {
    throw new UsageError(
      `${file}: the [mcp_servers.${MCP_SERVER_NAME}] table cannot be added to it as written (an inline mcp_servers table?); add it by hand and rerun init --mcp; nothing written`,
    );
  }
  return next;
}
