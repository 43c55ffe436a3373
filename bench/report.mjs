// Benchmark for `agent-context report`: the synthetic monorepo of bench/cap.mjs (10,000 rule files, 16,000
// @imports, a 128-deep symlink chain). Prints report's wall time through the built CLI as a ratio to
// `cap --agent all` (target, issue 28: within 2x; also `cap` and `cap --all-cwds`, the launches report
// measures) in the same run, then where report's time goes in process: the cap runs, lint, the glob match
// counts, the HTML.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { syntheticRepo } from "./cap.mjs";

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CLI = join(projectRoot, "dist/cli/main.js");

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function wall(fn, runs) {
  const ts = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = fn();
    ts.push(performance.now() - t0);
  }
  return { ms: median(ts), last };
}

const cliOf = (main) => (args) =>
  spawnSync(process.execPath, [main, ...args], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, CI: "", GITHUB_ACTIONS: "" },
  });
const cli = cliOf(CLI);

/**
 * `report` against `cap --agent all` through the built CLI on `root`, alternating, medians of `runs`;
 * `dist` is the build to measure. Throws when report fails.
 */
export function measureReport({ root, runs, dist = join(projectRoot, "dist") }) {
  const run = cliOf(join(dist, "cli/main.js"));
  const out = mkdtempSync(join(tmpdir(), "ac-bench-report-"));
  try {
    const caps = [];
    const reports = [];
    for (let i = 0; i < runs; i++) {
      caps.push(wall(() => run(["cap", root, "--agent", "all", "--json"]), 1).ms);
      const r = wall(() => run(["report", root, "--out", join(out, "report.html")]), 1);
      if (r.last.status !== 0) throw new Error(`report failed: ${r.last.stderr}`);
      reports.push(r.ms);
    }
    const capMs = median(caps);
    const reportMs = median(reports);
    return { capMs, reportMs, ratio: reportMs / capMs };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export async function run({ workDir, log }) {
  const root = join(workDir, "repo");
  syntheticRepo(root, log);
  const out = mkdtempSync(join(tmpdir(), "ac-bench-report-"));
  try {
    const file = join(out, "report.html");
    const cap = wall(() => cli(["cap", root, "--json"]), 3);
    const capAll = wall(() => cli(["cap", root, "--all-cwds", "--json"]), 3);
    const capAgents = wall(() => cli(["cap", root, "--agent", "all", "--json"]), 3);
    const report = wall(() => cli(["report", root, "--out", file]), 3);
    if (report.last.status !== 0) throw new Error(`report failed: ${report.last.stderr}`);
    const size = statSync(file).size;

    // In process: the same pipeline, stage by stage.
    const { runCapMatrix } = await import(join(projectRoot, "dist/app/cap.js"));
    const { lintRepository } = await import(join(projectRoot, "dist/lint/index.js"));
    const { collectReport } = await import(join(projectRoot, "dist/report/html/collect.js"));
    const { renderReportHtml } = await import(join(projectRoot, "dist/report/html/page.js"));
    const runs = wall(() => runCapMatrix({ dir: root, allCwds: true, env: {} }), 3);
    const lint = wall(() => lintRepository({ root }), 3);
    const collect = wall(() => collectReport({ root, env: {} }), 3);
    const html = wall(() => renderReportHtml(collect.last), 3);
    const launches = collect.last.agents.reduce((n, a) => n + a.launches.length, 0);
    const files = collect.last.agents.reduce(
      (n, a) => n + a.launches.reduce((m, l) => m + l.files.length + l.filesOmitted, 0),
      0,
    );
    const onDemand = collect.last.agents.reduce(
      (n, a) => n + a.launches.reduce((m, l) => m + l.onDemand.length + l.onDemandOmitted, 0),
      0,
    );

    log(
      `report: ${launches} launch(es), ${files} files at launch, ${onDemand} on-demand sources; HTML ${size} bytes`,
    );
    log(`cap --json, built CLI:              ${cap.ms.toFixed(0)} ms wall (median of 3)`);
    log(`cap --all-cwds --json, built CLI:   ${capAll.ms.toFixed(0)} ms wall`);
    log(`cap --agent all --json, built CLI:  ${capAgents.ms.toFixed(0)} ms wall`);
    log(
      `report, built CLI:                  ${report.ms.toFixed(0)} ms wall = ${(report.ms / capAgents.ms).toFixed(2)}× cap --agent all (target 2×), ${(report.ms / cap.ms).toFixed(2)}× cap, ${(report.ms / capAll.ms).toFixed(2)}× cap --all-cwds`,
    );
    log(
      `  in process: cap runs ${runs.ms.toFixed(0)} ms, lint ${lint.ms.toFixed(0)} ms, collectReport (both + glob counts + router) ${collect.ms.toFixed(0)} ms, HTML ${html.ms.toFixed(0)} ms`,
    );
    log(
      `load average now: ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (wall times inflate under load)`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
