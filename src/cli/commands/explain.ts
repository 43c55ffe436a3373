import type { Command } from "commander";
import { UsageError } from "../../errors.js";

/** Registers `agent-context explain`. Not built yet: its issue replaces this file. */
export function registerExplain(program: Command): void {
  program
    .command("explain")
    .description("(not built yet)")
    .allowUnknownOption()
    .action(() => {
      throw new UsageError("explain is not built yet");
    });
}
