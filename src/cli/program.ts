/**
 * The agent-context command line as a function: builds the commander program (one thin file per command
 * under ./commands) and runs it on an argument vector. Exit status: 0 ok, 1 check failed, 2 usage or
 * configuration error. `main.ts` is the executable; tests and embedders call {@link runCli}.
 */
import { Command, CommanderError } from "commander";
import { forgetConfigWarnings } from "../config/warned.js";
import { InputFileError, UsageError } from "../errors.js";
import { showInvisible } from "../report/escape.js";
import { guardStream } from "../report/terminal.js";
import { VERSION } from "../version.js";

type Register = (program: Command) => void;

/**
 * Every command, in help order, with a loader for its one thin file under ./commands. A run imports only
 * the command it invokes (and with it only what that command needs), so `--version` and `cap` do not pay
 * for the verifier, the router or the linter at start-up; help and unknown commands load all of them.
 */
const COMMANDS: ReadonlyArray<readonly [name: string, load: () => Promise<Register>]> = [
  ["cap", async () => (await import("./commands/cap.js")).registerCap],
  ["route", async () => (await import("./commands/route.js")).registerRoute],
  ["hook", async () => (await import("./commands/hook.js")).registerHook],
  ["explain", async () => (await import("./commands/explain.js")).registerExplain],
  ["pointers", async () => (await import("./commands/pointers.js")).registerPointers],
  ["lint", async () => (await import("./commands/lint.js")).registerLint],
  ["init", async () => (await import("./commands/init.js")).registerInit],
  ["verify", async () => (await import("./commands/verify.js")).registerVerify],
  ["report", async () => (await import("./commands/report.js")).registerReport],
  ["mcp", async () => (await import("./commands/mcp.js")).registerMcp],
  ["lsp", async () => (await import("./commands/lsp.js")).registerLsp],
];

/**
 * The commands a run on `args` (the arguments after node and the script) needs: the named command when
 * the first non-option argument names one; none for a bare `--version` / `-V`; otherwise (help, no
 * arguments, an unknown command) all of them, so commander can list them and suggest the nearest.
 */
export function commandsFor(args: readonly string[]): string[] {
  const first = args.find((a) => !a.startsWith("-"));
  if (
    first !== undefined &&
    COMMANDS.some(([name]) => name === first) &&
    !args.includes("--help") &&
    !args.includes("-h")
  )
    return [first];
  if (first === undefined && args.length > 0 && args.every((a) => a === "--version" || a === "-V")) return [];
  return COMMANDS.map(([name]) => name);
}

/**
 * A fresh commander program with the named commands registered (default: every command).
 * @param names command names from {@link commandsFor}; an unknown name is ignored
 */
export async function buildProgram(names?: readonly string[]): Promise<Command> {
  const program = new Command("agent-context")
    .description("Measure, cap, route and explain what AI coding agents load into their context.")
    .version(VERSION)
    .exitOverride()
    // After commander's error and its suggestion, one line pointing at the help, not the whole help
    // (issue 29: a typo printed every command's description under the suggestion).
    .showHelpAfterError("(run `agent-context --help` for the commands)");
  const wanted = COMMANDS.filter(([name]) => names === undefined || names.includes(name));
  for (const register of await Promise.all(wanted.map(([, load]) => load()))) register(program);
  for (const c of program.commands)
    c.showHelpAfterError(`(run \`agent-context ${c.name()} --help\` for its options)`);
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
  forgetConfigWarnings();
  // Everything any command writes reaches the terminal through toTerminal (src/report/terminal.ts).
  const restore = [guardStream(process.stdout), guardStream(process.stderr)];
  try {
    await (await buildProgram(commandsFor(argv.slice(2)))).parseAsync([...argv]);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode === 0 ? 0 : 2;
    } else if (e instanceof UsageError || e instanceof InputFileError) {
      // One line, whatever the names in it hold.
      process.stderr.write(`agent-context: ${showInvisible(e.message)}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`agent-context: internal error: ${(e as Error)?.stack ?? String(e)}\n`);
      process.exitCode = 2;
    }
  } finally {
    for (const r of restore) r();
  }
  return Number(process.exitCode ?? 0);
}
