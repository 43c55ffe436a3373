#!/usr/bin/env node
// Sums the lines AGENT_CONTEXT_SESSION_LOG=FILE wrote (test/support/session-log.ts): per test file, its
// real agent CLI sessions, how many distinct inputs they had, and the sessions whose inputs another file
// (or the same file) had already run.
import { readFileSync } from "node:fs";

const file = process.argv[2];
if (!file) {
  console.error(
    "agent-context: usage: node scripts/session-count.mjs LOG (written by AGENT_CONTEXT_SESSION_LOG=LOG)",
  );
  process.exit(2);
}
const lines = readFileSync(file, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l));
const seen = new Map();
const rows = new Map();
for (const l of lines) {
  const r = rows.get(l.file) ?? { sessions: 0, distinct: new Set(), repeats: 0, agents: new Set() };
  r.sessions++;
  r.agents.add(`${l.agent}@${l.release}`);
  if (r.distinct.has(l.hash)) r.repeats++;
  r.distinct.add(l.hash);
  rows.set(l.file, r);
  seen.set(l.hash, [...(seen.get(l.hash) ?? []), l.file]);
}
console.log("file\tsessions\tdistinct\trepeated in the file\tshared with another file");
let total = 0;
for (const [f, r] of [...rows].sort((a, b) => b[1].sessions - a[1].sessions)) {
  const shared = [...r.distinct].filter((h) => new Set(seen.get(h)).size > 1).length;
  console.log(`${f}\t${r.sessions}\t${r.distinct.size}\t${r.repeats}\t${shared}`);
  total += r.sessions;
}
console.log(`total\t${total}\t${seen.size}`);
