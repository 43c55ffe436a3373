import type { Command } from "commander";
import { UsageError } from "../../errors.js";

/** Registers `agent-context hook`. Not built yet: its issue replaces this file. */
export function registerHook(program: Command): void {
  program
    .command("hook")
    .description("(not built yet)")
    .allowUnknownOption()
    .action(() => {
      throw new UsageError("hook is not built yet");
    });
}
