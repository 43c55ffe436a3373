#!/usr/bin/env node
// `node scripts/test-durations.mjs LOG...`: rewrites test/support/durations.json, the per-file durations the
// test sequencer (test/support/sequencer.ts) starts the longest files first by on a fresh clone, from the
// output of full runs (Vitest's default reporter: one line per file, `✓  TIER  PATH (N tests) MSms`). A file
// in several logs keeps its last figure; a file no log names keeps its committed one.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const table = join(dirname(fileURLToPath(import.meta.url)), "../test/support/durations.json");
const logs = process.argv.slice(2);
if (logs.length === 0) {
  console.error("agent-context: usage: node scripts/test-durations.mjs LOG... (the output of `npm test`)");
  process.exit(2);
}
let old = {};
try {
  old = JSON.parse(readFileSync(table, "utf8"));
} catch {
  // no table yet
}
const next = { ...old };
let n = 0;
for (const log of logs) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the reporter's colours
  const text = readFileSync(log, "utf8").replace(/\x1b\[[0-9;]*m/g, "");
  for (const m of text.matchAll(/^ [✓×↓❯] +(\w+) +(\S+\.test\.ts) \(\d+ tests?[^)]*\)(?: +(\d+)ms)?/gm)) {
    if (m[3] === undefined) continue;
    next[`${m[1]}:${m[2]}`] = Number(m[3]);
    n++;
  }
}
const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(table, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${table}: ${n} durations read, ${Object.keys(sorted).length} files`);
