#!/usr/bin/env node
// `npm run bench`: runs every benchmark module in turn. Each module exports `run({ workDir, log })` and
// prints ratios against a baseline it measures in the same run (never absolute pass/fail thresholds).
// Adding a benchmark is one line in BENCHES. `npm run bench -- NAME...` runs only the named ones.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** [name, loader] — one line per benchmark module. */
const BENCHES = [
  ["startup", () => import("./startup.mjs")],
  ["cap", () => import("./cap.mjs")],
  ["tokens", () => import("./tokens.mjs")],
  ["markdown", () => import("./markdown.mjs")],
  ["hook", () => import("./hook.mjs")],
  ["pointers", () => import("./pointers.mjs")],
  ["report", () => import("./report.mjs")],
  ["lint", () => import("./lint.mjs")],
  ["bad-input", () => import("./bad-input.mjs")],
];

const only = process.argv.slice(2);
let failed = false;
for (const [name, load] of BENCHES) {
  if (only.length > 0 && !only.includes(name)) continue;
  const workDir = join(here, ".work", name);
  mkdirSync(workDir, { recursive: true });
  console.log(`\n== ${name} ==`);
  try {
    const mod = await load();
    await mod.run({ workDir, log: (line) => console.log(line) });
  } catch (e) {
    failed = true;
    console.log(`benchmark ${name} failed: ${e?.stack ?? e}`);
  }
}
process.exitCode = failed ? 1 : 0;
