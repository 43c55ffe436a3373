#!/usr/bin/env node
/** The agent-context executable: runs the command line (./program.ts) on this process's arguments. */
import { runCli } from "./program.js";

// A reader that stops early (`agent-context cap | head -1`) closes the pipe: stop writing, quietly, as
// other Unix tools do, with the status of SIGPIPE. Any other stream error is left to surface.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE") throw e;
    process.exit(process.exitCode && process.exitCode !== 0 ? process.exitCode : 141);
  });
}

await runCli(process.argv);
