import type { Command } from "commander";
import { UsageError } from "../../errors.js";

/** Registers `agent-context lint`. Not built yet: its issue replaces this file. */
export function registerLint(program: Command): void {
  program
    .command("lint")
    .description("(not built yet)")
    .allowUnknownOption()
    .action(() => {
      throw new UsageError("lint is not built yet");
    });
}
