import type { Command } from "commander";
import { UsageError } from "../../errors.js";

/** Registers `agent-context pointers`. Not built yet: its issue replaces this file. */
export function registerPointers(program: Command): void {
  program
    .command("pointers")
    .description("(not built yet)")
    .allowUnknownOption()
    .action(() => {
      throw new UsageError("pointers is not built yet");
    });
}
