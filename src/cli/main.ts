#!/usr/bin/env node
/**
 * The agent-context executable: runs the command line (./program.ts) on this process's arguments. A bare
 * `--version` / `-V` answers before the command-line parser loads (the bundled bin's start-up is measured
 * by bench/startup.mjs); everything else, including help, goes through commander.
 */
import { VERSION } from "../version.js";

// A reader that stops early (`agent-context cap | head -1`) closes the pipe: stop writing, quietly, as
// other Unix tools do, with the status of SIGPIPE. Any other stream error is left to surface.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE") throw e;
    process.exit(process.exitCode && process.exitCode !== 0 ? process.exitCode : 141);
  });
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const { runCli } = await import("./program.js");
  await runCli(process.argv);
}
