import type { Command } from "commander";
import { UsageError } from "../../errors.js";

/** Registers `agent-context cap`. Not built yet: its issue replaces this file. */
export function registerCap(program: Command): void {
  program
    .command("cap")
    .description("(not built yet)")
    .allowUnknownOption()
    .action(() => {
      throw new UsageError("cap is not built yet");
    });
}
