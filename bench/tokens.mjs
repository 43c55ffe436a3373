// Benchmark for tokens in `cap` (issue 27, Speed): the built CLI's `cap --json` with tokens (the default,
// `--tokens auto`) against `--tokens off`, on the synthetic monorepo of bench/cap.mjs, spawned alternately,
// medians: Claude Code (its character-kind estimate on every item) and GitHub Copilot CLI (o200k, the
// tokenizer loaded on the first count). Target: with tokens within 1.2× without. Also the CPU of each
// child (bench/cpu-report.cjs), the steadier number on a loaded machine.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { syntheticRepo } from "./cap.mjs";

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = 7;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** One `cap --json` child: wall ms, its own CPU ms, and its JSON. */
function capOnce(root, agent, tokens) {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [
      "--require",
      join(projectRoot, "bench/cpu-report.cjs"),
      join(projectRoot, "dist/cli/main.js"),
      "cap",
      root,
      "--agent",
      agent,
      "--json",
      "--tokens",
      tokens,
    ],
    { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CI: "" } },
  );
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 1) throw new Error(`cap exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  const cpu = Number(/cpu-ms ([\d.]+)\s*$/.exec(r.stderr)?.[1] ?? Number.NaN);
  return { ms, cpu, json: JSON.parse(r.stdout) };
}

export async function run({ workDir, log }) {
  const root = join(workDir, "..", "cap", "repo");
  syntheticRepo(root, log);
  log(`synthetic monorepo: ${root}; load average ${loadavg()[0].toFixed(1)} at start`);
  for (const agent of ["claude-code", "copilot-cli"]) {
    const off = { ms: [], cpu: [] };
    const on = { ms: [], cpu: [] };
    let sample;
    for (let i = 0; i < RUNS; i++) {
      const a = capOnce(root, agent, "off");
      off.ms.push(a.ms);
      off.cpu.push(a.cpu);
      const b = capOnce(root, agent, "auto");
      on.ms.push(b.ms);
      on.cpu.push(b.cpu);
      sample = b.json;
    }
    const items = sample.items.length;
    log(
      `${agent}: ${items} items, ${sample.total} bytes, ${sample.tokens.total} tokens (${sample.tokens.method})`,
    );
    log(
      `  cap --tokens off: ${median(off.ms).toFixed(0)} ms wall, ${median(off.cpu).toFixed(0)} ms CPU; with tokens: ${median(on.ms).toFixed(0)} ms wall, ${median(on.cpu).toFixed(0)} ms CPU (medians of ${RUNS})`,
    );
    log(
      `  with tokens / without: ${(median(on.ms) / median(off.ms)).toFixed(2)}× wall, ${(median(on.cpu) / median(off.cpu)).toFixed(2)}× CPU (target ≤ 1.2×)`,
    );
  }
  log(`load average ${loadavg()[0].toFixed(1)} at end`);
}
