/**
 * `init --mcp` (opt-in): adds the agent-context MCP server to the project's MCP configuration for the
 * agents that read one from the repository — Claude Code's `.mcp.json` (`mcpServers`, the shape its
 * binary names) — as a command inside the repository, like the hook: it runs the copy of agent-context
 * installed in the project (`node_modules/agent-context/dist/cli/main.js`), found from the directory the
 * agent starts in upward, and says so on stderr in a clone where it is not installed. A global copy (not
 * inside the repository) is written by absolute path, with a note that teammates cannot share it.
 */
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { UsageError } from "../errors.js";
import { describeReadFailure, readTextFile } from "../fs/read.js";
import { hookEntryPath, type InitPlanItem, shellQuote } from "../install/init.js";

/** The project MCP configuration file Claude Code reads, relative to the root. */
export const MCP_CONFIG_FILE = ".mcp.json";

/** The server's name in `mcpServers`. */
export const MCP_SERVER_NAME = "agent-context";

/** The line the committed server command prints on stderr in a clone where the package is not installed. */
export const MCP_MISSING_LINE = "agent-context mcp: not installed in this clone (run npm ci)";

/** The CLI entry of this installation (`<package>/dist/cli/main.js`), beside the hook's. */
export function cliEntryPath(): string {
  return join(dirname(hookEntryPath()), "cli", "main.js");
}

/** The `mcpServers` entry for the repository at `root` (real path) and whether teammates can share it. */
export function mcpServerEntry(
  root: string,
  entry: string = cliEntryPath(),
): { entry: Record<string, unknown>; portable: boolean } {
  const rel = relative(root, entry);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel))
    return { entry: { type: "stdio", command: "node", args: [entry, "mcp"] }, portable: false };
  const path = rel.split(sep).join("/");
  // From the agent's working directory upward to the folder holding the installed copy: the repository's.
  const script = `d=$PWD; while [ ! -f "$d/${path}" ] && [ "$d" != / ]; do d=$(dirname "$d"); done; f="$d/${path}"; [ -f "$f" ] && exec node "$f" mcp "$d"; echo ${shellQuote(MCP_MISSING_LINE)} >&2; exit 1`;
  return { entry: { type: "stdio", command: "sh", args: ["-c", script] }, portable: true };
}

/**
 * The change `init --mcp` makes to `.mcp.json`: created with the one server; merged into an existing
 * object (every other server and key kept); unchanged when an `agent-context` server is already there
 * (the user's own entry is never replaced). Throws UsageError for a file that is not a JSON object with an
 * object `mcpServers` (nothing is written then).
 */
export function planMcpConfig(
  root: string,
  entry: string = cliEntryPath(),
): InitPlanItem & { portable: boolean } {
  const { entry: server, portable } = mcpServerEntry(root, entry);
  const path = join(root, MCP_CONFIG_FILE);
  const r = readTextFile(path);
  if (!r.ok && r.reason === "missing") {
    const content = `${JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: server } }, null, 2)}\n`;
    return {
      file: MCP_CONFIG_FILE,
      action: "create",
      content,
      expected: null,
      portable,
      note: `created ${MCP_CONFIG_FILE} with the agent-context MCP server`,
    };
  }
  if (!r.ok) throw new UsageError(`${describeReadFailure(r, MCP_CONFIG_FILE)}; nothing written`);
  let json: unknown;
  try {
    json = JSON.parse(r.text);
  } catch (e) {
    throw new UsageError(
      `${MCP_CONFIG_FILE}: not valid JSON (${(e as Error).message}); fix it or remove it and rerun init --mcp; nothing written`,
    );
  }
  const servers = (json as { mcpServers?: unknown } | null)?.mcpServers;
  if (
    typeof json !== "object" ||
    json === null ||
    Array.isArray(json) ||
    (servers !== undefined && (typeof servers !== "object" || servers === null || Array.isArray(servers)))
  )
    throw new UsageError(
      `${MCP_CONFIG_FILE}: must be a JSON object whose "mcpServers" is an object keyed by server name; fix it and rerun init --mcp; nothing written`,
    );
  const have = (servers ?? {}) as Record<string, unknown>;
  if (MCP_SERVER_NAME in have)
    return {
      file: MCP_CONFIG_FILE,
      action: "unchanged",
      portable,
      note: `${MCP_CONFIG_FILE} already has an "${MCP_SERVER_NAME}" MCP server; left as it is`,
    };
  const next = { ...(json as Record<string, unknown>), mcpServers: { ...have, [MCP_SERVER_NAME]: server } };
  return {
    file: MCP_CONFIG_FILE,
    action: "update",
    content: `${JSON.stringify(next, null, 2)}\n`,
    expected: r.text,
    portable,
    note: `added the agent-context MCP server to ${MCP_CONFIG_FILE}`,
  };
}
