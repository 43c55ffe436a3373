// Benchmark for `agent-context cap` on the largest inputs of the bad-input corpus (issue 15;
// test/bad-input/generate.ts, the same generators test/slow/bad-input-corpus.test.ts runs every command
// against): a link to / in the rules folder, 200 MB files, 50,000 rules, a 5,000-file import chain,
// 10,000 imports in one file, 10 MB single lines. For each, cap's wall time and peak memory through the
// built CLI, as RATIOS to a plain read of the same files — a child Node process that walks the repository
// without following links and reads every regular file in full — measured in the same run; CPU time too
// (the steadier number on a loaded machine). No thresholds.
import { spawnSync } from "node:child_process";
import { mkdirSync, realpathSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RSS = join(projectRoot, "bench/rss-report.cjs");
/** The corpus rows measured: the largest inputs. */
const LARGEST = [
  "a_link_to_root_in_the_rules_folder",
  "a_200_mb_memory_file_rule_and_import",
  "fifty_thousand_rules",
  "an_import_chain_of_5000_files",
  "ten_thousand_imports_in_one_file",
  "ten_megabyte_single_lines",
];

/** The plain read: every regular file under argv[1], links not followed, read whole; prints the bytes. */
const PLAIN_READ = `
const { readdirSync, lstatSync, readFileSync } = require("node:fs");
const { join } = require("node:path");
let bytes = 0, files = 0;
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = join(d, n);
    const st = lstatSync(p);
    if (st.isDirectory()) walk(p);
    else if (st.isFile()) { bytes += readFileSync(p).length; files++; }
  }
};
walk(process.argv[1]);
process.stdout.write(JSON.stringify({ bytes, files }));
`;

/** Bundles the TypeScript generator into `workDir` with esbuild (a dev dependency) and imports it. */
async function loadGenerators(workDir) {
  const { build } = await import("esbuild");
  const out = join(workDir, "generate.mjs");
  await build({
    entryPoints: [join(projectRoot, "test/bad-input/generate.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: out,
    logLevel: "warning",
  });
  return import(`${pathToFileURL(out).href}?t=${Date.now()}`);
}

/** Runs node with the rss/cpu reporter preloaded; returns wall ms, peak RSS (KB), CPU ms, status, output. */
function measured(args) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ["--require", RSS, ...args], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, CI: "" },
    timeout: 600_000,
  });
  const ms = performance.now() - t0;
  const m = /bench-report max-rss-kb (\d+) cpu-ms ([\d.]+)\s*$/.exec(r.stderr ?? "");
  return {
    ms,
    rssKb: Number(m?.[1] ?? Number.NaN),
    cpuMs: Number(m?.[2] ?? Number.NaN),
    status: r.status,
    r,
  };
}

export async function run({ workDir, log }) {
  const { BAD_INPUTS } = await loadGenerators(workDir);
  const node = measured(["-e", "0"]);
  log(`node -e 0: ${node.ms.toFixed(0)} ms wall, ${(node.rssKb / 1024).toFixed(0)} MB peak`);
  log(
    "input | plain read (files, MB, wall, CPU, peak) | cap wall = × plain | cap CPU = × plain | cap peak = × plain | cap exit",
  );
  for (const name of LARGEST) {
    const input = BAD_INPUTS.find((i) => i.name === name);
    if (!input) throw new Error(`no corpus input named ${name}`);
    const root = join(workDir, name);
    rmSync(root, { recursive: true, force: true });
    mkdirSync(join(root, ".git"), { recursive: true });
    const g0 = performance.now();
    input.make(root);
    const gen = performance.now() - g0;
    const real = realpathSync(root);
    const plain = measured(["-e", PLAIN_READ, real]);
    const { bytes, files } = JSON.parse(plain.r.stdout);
    const cap = measured([join(projectRoot, "dist/cli/main.js"), "cap", real]);
    log(
      `${name} | ${files} files, ${(bytes / 1048576).toFixed(1)} MB, ${plain.ms.toFixed(0)} ms, ${plain.cpuMs.toFixed(0)} ms CPU, ${(plain.rssKb / 1024).toFixed(0)} MB` +
        ` | ${cap.ms.toFixed(0)} ms = ${(cap.ms / plain.ms).toFixed(2)}×` +
        ` | ${cap.cpuMs.toFixed(0)} ms CPU = ${(cap.cpuMs / plain.cpuMs).toFixed(2)}×` +
        ` | ${(cap.rssKb / 1024).toFixed(0)} MB = ${(cap.rssKb / plain.rssKb).toFixed(2)}×` +
        ` | ${cap.status} (generated in ${(gen / 1000).toFixed(1)} s)`,
    );
    rmSync(root, { recursive: true, force: true });
  }
  log(
    `load average now: ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (wall times inflate under load; the ratios less so)`,
  );
}
