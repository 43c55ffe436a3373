/**
 * The agent-context command line as a function: builds the commander program (one thin file per command
 * under ./commands) and runs it on an argument vector. Exit status: 0 ok, 1 check failed, 2 usage or
 * configuration error. `main.ts` is the executable; tests and embedders call {@link runCli}.
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
import { registerReport } from "./commands/report.js";
import { registerRoute } from "./commands/route.js";
import { registerVerify } from "./commands/verify.js";

/** A fresh commander program with every command registered. */
export function buildProgram(): Command {
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
    registerVerify,
    registerReport,
  ]) {
    register(program);
  }
  return program;
}

/**
 * Runs the command line on `argv` (as `process.argv`: node, script, then the arguments). Writes to
 * process.stdout / process.stderr and returns the exit status (also left in `process.exitCode`). A usage
 * or configuration error is one `agent-context:` line on stderr and status 2; anything else that escapes
 * is reported as an internal error (status 2), never thrown.
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  process.exitCode = 0;
  try {
    await buildProgram().parseAsync([...argv]);
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
  return Number(process.exitCode ?? 0);
}
