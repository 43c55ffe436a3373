import type { Command } from "commander";
import { UsageError } from "../../errors.js";

/** Registers `agent-context route`. Not built yet: its issue replaces this file. */
export function registerRoute(program: Command): void {
  program
    .command("route")
    .description("(not built yet)")
    .allowUnknownOption()
    .action(() => {
      throw new UsageError("route is not built yet");
    });
}
