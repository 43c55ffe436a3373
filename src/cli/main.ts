#!/usr/bin/env node
/**
 * The agent-context command line. Argument parsing only: each command lives in one thin file under
 * ./commands and calls into the library. Exit status: 0 ok, 1 check failed, 2 usage or configuration error.
 */
import { Command, CommanderError } from "commander";
import { InputFileError, UsageError } from "../errors.js";
import { VERSION } from "../version.js";
import { registerCap } from "./commands/cap.js";
import { registerExplain } from "./commands/explain.js";
import { registerHook } from "./commands/hook.js";
import { registerInit } from "./commands/init.js";
import { registerLint } from "./commands/lint.js";
import { registerPointers } from "./commands/pointers.js";
import { registerRoute } from "./commands/route.js";

const program = new Command("agent-context")
  .description("Measure, cap, route and explain what AI coding agents load into their context.")
  .version(VERSION)
  .exitOverride()
  .showHelpAfterError();

for (const register of [
  registerCap,
  registerRoute,
  registerHook,
  registerExplain,
  registerPointers,
  registerLint,
  registerInit,
]) {
  register(program);
}

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? 0 : 2;
  } else if (e instanceof UsageError || e instanceof InputFileError) {
    process.stderr.write(`agent-context: ${e.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`agent-context: internal error: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exitCode = 2;
  }
}
