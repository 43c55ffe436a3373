#!/usr/bin/env node
/** The agent-context executable: runs the command line (./program.ts) on this process's arguments. */
import { runCli } from "./program.js";

await runCli(process.argv);
