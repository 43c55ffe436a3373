/**
 * Where each registered agent reads a project's MCP servers from, as its pinned CLI does (plain data, read
 * by `init --mcp`, src/mcp/init.ts; docs/findings-mcp.md names the case that settles each line):
 * - Claude Code 2.1.332: `.mcp.json`, `mcpServers` (test/conformance/mcp-claude.test.ts);
 * - GitHub Copilot CLI 1.0.102: `.mcp.json` too, in a folder the user trusts (mcp-copilot.test.ts);
 * - Gemini CLI 0.61.0: `.gemini/settings.json`, `mcpServers`, in a trusted folder; `-p` offers the tools
 *   only when they are allowed (mcp-gemini.test.ts);
 * - Codex 0.171.0: `.codex/config.toml`, `[mcp_servers.<name>]`, in a project trusted in the user's
 *   config (mcp-codex.test.ts).
 * An agent missing here reads no project MCP configuration; `init --mcp` says it skipped it.
 */

/** The shape of a project MCP configuration file. */
export type McpConfigFormat =
  /** JSON (comments allowed), servers under `mcpServers`, each `{command, args}` (and `type` where `typed`). */
  | { kind: "json"; typed: boolean }
  /** TOML, servers as `[mcp_servers.<name>]` tables with `command` and `args`. */
  | { kind: "toml" };

export interface AgentMcpConfig {
  /** The file, relative to the repository root (POSIX). */
  file: string;
  format: McpConfigFormat;
  /** What else the agent needs before it starts the project's servers (a note for the user), or "". */
  needs: string;
}

/** Per registry id, the project MCP configuration the agent reads. */
export const MCP_CONFIG: Readonly<Record<string, AgentMcpConfig>> = {
  "claude-code": { file: ".mcp.json", format: { kind: "json", typed: true }, needs: "" },
  "copilot-cli": {
    file: ".mcp.json",
    format: { kind: "json", typed: true },
    needs: "a folder the user trusts",
  },
  "gemini-cli": {
    file: ".gemini/settings.json",
    format: { kind: "json", typed: false },
    needs: "a trusted folder (with -p: when its tools are allowed, --allowed-tools)",
  },
  codex: {
    file: ".codex/config.toml",
    format: { kind: "toml" },
    needs: "a project trusted in ~/.codex/config.toml",
  },
};
