import type { Command } from "commander";

/**
 * Registers `agent-context lsp [--stdio]`: a language server for agents' instruction files on stdin and
 * stdout (src/lsp/server.ts). Each workspace folder the editor opens is a repository root. The server's
 * modules load only when this command runs.
 */
export function registerLsp(program: Command): void {
  program
    .command("lsp")
    .description(
      "Serve diagnostics, hovers, definitions, code lenses and quick fixes for instruction files (LSP on stdio)",
    )
    .option("--stdio", "talk over stdin and stdout (the default and only transport; editors pass it)")
    .action(async () => {
      const { runLspStdio } = await import("../../lsp/server.js");
      await runLspStdio();
    });
}
