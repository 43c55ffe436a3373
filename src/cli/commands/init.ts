import type { Command } from "commander";
import { UsageError } from "../../errors.js";

/** Registers `agent-context init`. Not built yet: its issue replaces this file. */
export function registerInit(program: Command): void {
  program
    .command("init")
    .description("(not built yet)")
    .allowUnknownOption()
    .action(() => {
      throw new UsageError("init is not built yet");
    });
}
