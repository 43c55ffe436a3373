#!/usr/bin/env node
/** Executable of the Action's comment step: `node dist/ci/pr-comment-main.js REPORT.md`. */
import { main } from "./pr-comment.js";

process.exitCode = await main(process.argv.slice(2));
