import type { Command } from "commander";
import { dirArgument, resolvePlace } from "../options.js";

/**
 * Registers `agent-context mcp [DIR]`: a stdio MCP server (src/mcp/server.ts) whose tools answer about the
 * repository at DIR (found upward from the current directory as every command finds it: ../options.ts).
 * The SDK loads only when this command runs.
 */
export function registerMcp(program: Command): void {
  dirArgument(
    program
      .command("mcp")
      .description("Serve cap, explain, lint, route, report, budget and fix as MCP tools on stdio"),
  ).action(async (dir: string | undefined) => {
    const { root } = resolvePlace(dir, undefined);
    const { runMcpStdio } = await import("../../mcp/server.js");
    await runMcpStdio(root);
  });
}
