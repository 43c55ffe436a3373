#!/usr/bin/env node
// `npm run bench:guard` (CI, .ci/run): the lint, report, cap and hook benchmarks at a reduced size, each a
// ratio to a baseline measured in the same run, failing when a ratio exceeds its target by a wide margin
// (LIMIT_FACTOR times the target). A tenfold regression cannot land (lint's dead-pattern check once went
// quadratic and nothing noticed: 57x cap at 50,000 rules) while machine noise cannot fail a build. The
// targets are the full-size ones of the issues; the sizes here are smaller, so a ratio is compared with a
// limit far above what a healthy build measures at any size.
//   node bench/guard.mjs [--only lint,report,cap,hook] [--runs N] [--dist DIR]
// `--dist` measures another build (a copy of dist/ inside this project, so its packages resolve); the
// test test/slow/bench-guard.test.ts runs it on a copy with a deliberate regression and wants a failure.
import { mkdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { measureCapProcess, syntheticRepo } from "./cap.mjs";
import { run as hookBench } from "./hook.mjs";
import { measureLint } from "./lint.mjs";
import { measureReport } from "./report.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = resolve(here, "..");

/** A ratio fails the guard only above this many times its target. */
export const LIMIT_FACTOR = 3;

/** One line per guarded ratio: what is measured, against what, the target and where it comes from. */
const GUARDS = [
  {
    name: "lint",
    // Lint launches every agent, so its baseline is cap --agent all: against cap (Claude Code alone) a
    // healthy lint already measures 1.7-3x, too near a limit of 3x a target of 1.5x.
    what: "lint / cap --agent all in process, 10,000 rules (issue 28)",
    target: 1.5,
    measure: async ({ workDir, runs, dist }) =>
      (await measureLint({ workDir: join(workDir, "lint"), rules: 10_000, runs: runs ?? 3, dist })).ratioAll,
  },
  {
    name: "report",
    what: "report / cap --agent all through the CLI, a fifth of the cap benchmark's repository (issue 28)",
    target: 2,
    measure: async ({ workDir, runs, dist }) => {
      const root = join(workDir, "cap-repo");
      syntheticRepo(root, () => {}, 0.2);
      return measureReport({ root, runs: runs ?? 3, dist }).ratio;
    },
  },
  {
    name: "cap",
    what: "cap --json through the CLI / a plain read in a fresh process, a fifth of its repository (issue 12)",
    target: 3,
    measure: async ({ workDir, runs, dist }) => {
      const root = join(workDir, "cap-repo");
      syntheticRepo(root, () => {}, 0.2);
      return measureCapProcess({ root, runs: runs ?? 5, dist }).ratio;
    },
  },
  {
    name: "hook",
    what: "the installed hook on a matching call / sh -c 'node -e 0' (issue 12)",
    target: 1.3,
    measure: async ({ workDir, runs, dist }) => {
      const out = await hookBench({
        workDir: join(workDir, "hook"),
        log: () => {},
        calls: runs ?? 11,
        dist,
        throughput: false,
      });
      return out.ratio;
    },
  },
];

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: "string" },
      runs: { type: "string" },
      dist: { type: "string" },
    },
  });
  const only = values.only?.split(",").map((s) => s.trim());
  for (const name of only ?? [])
    if (!GUARDS.some((g) => g.name === name)) throw new Error(`unknown guard ${name}`);
  const runs = values.runs === undefined ? undefined : Number(values.runs);
  const dist = resolve(values.dist ?? join(projectRoot, "dist"));
  const workDir = join(here, ".work", "guard");
  mkdirSync(workDir, { recursive: true });
  console.log(`bench:guard on ${dist} (fails above ${LIMIT_FACTOR}x a target)`);
  let failed = 0;
  for (const g of GUARDS) {
    if (only && !only.includes(g.name)) continue;
    const limit = g.target * LIMIT_FACTOR;
    let ratio;
    try {
      ratio = await g.measure({ workDir, runs, dist });
    } catch (e) {
      failed++;
      console.log(`FAIL ${g.name}: the benchmark failed: ${e?.message ?? e}`);
      continue;
    }
    const ok = ratio <= limit;
    if (!ok) failed++;
    console.log(
      `${ok ? "ok  " : "FAIL"} ${g.name}: ${ratio.toFixed(2)}x (target ${g.target}x, limit ${limit.toFixed(1)}x) — ${g.what}`,
    );
  }
  console.log(`load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
  if (failed > 0) {
    console.log(
      `bench:guard: ${failed} ratio(s) above ${LIMIT_FACTOR}x their target: a regression (run \`npm run bench -- NAME\` for the full benchmark)`,
    );
    process.exitCode = 1;
  }
}

await main();
