// Hook benchmark (issues 3 and 12, "Speed"). Builds the fixture router (588 rule documents, 15 shards, 476
// trigger rows), then reports:
//  - the median wall time of one call of the hook as `init` installs it — the command chooseHookCommand
//    writes into .claude/settings.json, run as Claude Code runs a command hook (`/bin/sh -c COMMAND`, with
//    CLAUDE_PROJECT_DIR set) — on a matching target (a Write the router answers with 5 rows and 12 rules;
//    the benchmark fails if that call injects nothing), as a ratio to `/bin/sh -c 'node -e 0'` measured in
//    the same run, interleaved call by call (target: at most 1.3x);
//  - the same for a cold cache (index rebuilt from the shards) and for a call that matches nothing;
//  - in-process matching throughput: targets per second through the compiled index.
// With AGENT_CONTEXT_BENCH_BEFORE=/path/to/an/earlier/dist/hook.cjs (say, a copy of main's build), that hook
// is run too, on the same matching and missing calls, interleaved with the others: a before/after pair
// measured under the same load.
// Entry for bench/run.mjs: `["hook", () => import("./hook.mjs")]`. Standalone: `node bench/hook.mjs`.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { makeRouter } from "../test/fixtures/router/make-router.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const defaultDist = join(here, "..", "dist");
const PROFILE =
  "workspaces/org/fieldkit/source/fieldkit/feature/profile/src/commonMain/kotlin/ProfileScreen.kt";

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** CPU time (user + system, ms) of this process's reaped children, from /proc (Linux; null elsewhere). */
function childrenCpuMs() {
  try {
    const f = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return ((Number(f[13]) + Number(f[14])) * 1000) / 100; // cutime + cstime, in USER_HZ (100/s)
  } catch {
    return null;
  }
}

/** One `/bin/sh -c command` run (as Claude Code runs a command hook): wall ms, children's CPU ms, stdout. */
function timeSpawn(command, input, env) {
  const c0 = childrenCpuMs();
  const t0 = process.hrtime.bigint();
  const r = spawnSync("/bin/sh", ["-c", command], { input, encoding: "utf8", env });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const c1 = childrenCpuMs();
  if (r.status !== 0) throw new Error(`${command} exited ${r.status}: ${r.stderr}`);
  return { ms, cpu: c0 === null || c1 === null ? null : c1 - c0, stdout: r.stdout };
}

/** The rule ids a hook answer injects (empty for no answer). */
function injectedRules(stdout) {
  if (!stdout.trim()) return [];
  const ctx = JSON.parse(stdout).hookSpecificOutput?.additionalContext ?? "";
  return [...new Set(ctx.match(/RULE-[A-Z0-9-]+/g) ?? [])];
}

const sum = (xs) => xs.reduce((a, b) => a + (b ?? 0), 0);

/**
 * Runs the benchmark. Returns the measurements (milliseconds, ratios, targets per second). `dist` is the
 * build to measure; `throughput: false` skips the in-process matching (the CI guard, bench/guard.mjs).
 */
export async function run({
  workDir,
  log = console.log,
  calls = 41,
  dist = defaultDist,
  throughput = true,
} = {}) {
  const root = join(workDir, "repo");
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, ".git"), { recursive: true });
  const sizes = makeRouter(root);
  log(`corpus: ${sizes.rules} rule documents in ${sizes.shards} shards (${sizes.rows} trigger rows)`);
  const hook = join(dist, "hook.cjs");
  const payload = (file, sid) =>
    JSON.stringify({
      session_id: sid,
      cwd: root,
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_input: { file_path: join(root, file), content: "x" },
    });
  const { cacheFile } = await import(pathToFileURL(join(dist, "router/index-build.js")).href);
  const { chooseHookCommand } = await import(pathToFileURL(join(dist, "install/init.js")).href);
  const command = chooseHookCommand(root, hook).command;
  // A generous watchdog: on a loaded machine a call can pass the default 4 s deadline and inject nothing,
  // which would time the cut, not the work (the matching call is checked to inject below).
  const env = { ...process.env, CLAUDE_PROJECT_DIR: root, AGENT_CONTEXT_HOOK_TIMEOUT_MS: "60000" };
  const node = "node"; // init writes `node ...`: the node on PATH, for the baseline too
  log(`hook command (as init writes it): ${command}`);

  // Cold: no cache file.
  const cold = [];
  for (let i = 0; i < 5; i++) {
    rmSync(cacheFile(root), { force: true });
    cold.push(timeSpawn(command, payload(PROFILE, `bench-cold-${i}-${Date.now()}`), env).ms);
  }
  const before = process.env.AGENT_CONTEXT_BENCH_BEFORE;
  const beforeCommand = before ? `${node} ${before}` : null;
  // The earlier hook keeps its own state directory: one with another index format would otherwise find the
  // cache written by this one stale, and rebuild it on every call (and this one, after it).
  const beforeEnv = { ...env, TMPDIR: join(workDir, "before-tmp") };
  if (before) mkdirSync(beforeEnv.TMPDIR, { recursive: true });
  const base = [];
  const warm = [];
  const miss = [];
  const prior = { warm: [], miss: [] };
  const cpu = { base: [], warm: [], miss: [], priorWarm: [], priorMiss: [] };
  let injected = 0;
  let rulesInjected = 0;
  for (let i = 0; i < calls; i++) {
    const b = timeSpawn(`${node} -e 0`, "", env);
    base.push(b.ms);
    cpu.base.push(b.cpu);
    const r = timeSpawn(command, payload(PROFILE, `bench-${i}-${Date.now()}`), env);
    injected = r.stdout.length;
    rulesInjected = injectedRules(r.stdout).length;
    if (rulesInjected === 0) throw new Error(`the matching call injected nothing: ${r.stdout}`);
    warm.push(r.ms);
    cpu.warm.push(r.cpu);
    const m = timeSpawn(command, payload("README.md", `bench-miss-${i}`), env);
    if (injectedRules(m.stdout).length > 0) throw new Error("the miss call injected rules");
    miss.push(m.ms);
    cpu.miss.push(m.cpu);
    if (beforeCommand) {
      const pw = timeSpawn(beforeCommand, payload(PROFILE, `bench-before-${i}-${Date.now()}`), beforeEnv);
      if (pw.stdout !== r.stdout) throw new Error(`the earlier hook answers otherwise: ${pw.stdout}`);
      prior.warm.push(pw.ms);
      cpu.priorWarm.push(pw.cpu);
      const pm = timeSpawn(beforeCommand, payload("README.md", `bench-before-miss-${i}`), beforeEnv);
      prior.miss.push(pm.ms);
      cpu.priorMiss.push(pm.cpu);
    }
  }
  const b = median(base);
  const out = {
    nodeMs: b,
    hookMs: median(warm),
    ratio: median(warm) / b,
    missMs: median(miss),
    missRatio: median(miss) / b,
    coldMs: median(cold),
    coldRatio: median(cold) / b,
    injectedBytes: injected,
  };
  out.rulesInjected = rulesInjected;
  log(`sh -c 'node -e 0':          median ${b.toFixed(1)} ms over ${calls} calls (baseline)`);
  log(
    `hook, matching (injects):   median ${out.hookMs.toFixed(1)} ms = ${out.ratio.toFixed(2)}x baseline (target <= 1.3x; ${rulesInjected} rules, ${injected} bytes out)`,
  );
  log(
    `hook, no match:             median ${out.missMs.toFixed(1)} ms = ${out.missRatio.toFixed(2)}x baseline`,
  );
  log(
    `hook, cold index cache:     median ${out.coldMs.toFixed(1)} ms = ${out.coldRatio.toFixed(2)}x baseline`,
  );
  if (beforeCommand) {
    out.beforeRatio = median(prior.warm) / b;
    out.beforeMissRatio = median(prior.miss) / b;
    log(
      `before (${before}): matching ${median(prior.warm).toFixed(1)} ms = ${out.beforeRatio.toFixed(2)}x; no match ${out.beforeMissRatio.toFixed(2)}x`,
    );
    if (cpu.base[0] !== null)
      log(
        `before, CPU per call:       ${(sum(cpu.priorWarm) / calls).toFixed(1)} ms = ${(sum(cpu.priorWarm) / sum(cpu.base)).toFixed(2)}x; no match ${(sum(cpu.priorMiss) / sum(cpu.base)).toFixed(2)}x`,
      );
  }
  if (cpu.base[0] !== null) {
    // CPU time is steadier than wall time on a loaded machine (USER_HZ ticks, summed over all calls).
    out.cpuRatio = sum(cpu.warm) / sum(cpu.base);
    out.cpuMissRatio = sum(cpu.miss) / sum(cpu.base);
    log(
      `CPU per call (user+sys):    node -e 0 ${(sum(cpu.base) / calls).toFixed(1)} ms; hook ${(sum(cpu.warm) / calls).toFixed(1)} ms = ${out.cpuRatio.toFixed(2)}x; no match ${out.cpuMissRatio.toFixed(2)}x`,
    );
  }

  if (!throughput) return out;
  // In-process matching throughput.
  const { loadIndex } = await import(pathToFileURL(join(dist, "router/index-build.js")).href);
  const { matchRows } = await import(pathToFileURL(join(dist, "router/match.js")).href);
  const { routerTarget, toolTarget } = await import(pathToFileURL(join(dist, "hook/targets.js")).href);
  const targetOf = (tool, input) => routerTarget(toolTarget(tool, input, root), root);
  const idx = loadIndex(root);
  const targets = [];
  for (let i = 0; i < 2000; i++) {
    const k = i % 4;
    if (k === 0) targets.push(targetOf("Write", { file_path: `${PROFILE.replace("profile", `p${i}`)}` }));
    else if (k === 1) targets.push(targetOf("Write", { file_path: `services/x/api${i}/src/a/b.ts` }));
    else if (k === 2) targets.push(targetOf("Bash", { command: `git add -A && cat docs/n${i}.md` }));
    else targets.push(targetOf("Edit", { file_path: `workspaces/org/w${i}/secrets-manifest.yaml` }));
  }
  let fired = 0;
  const t0 = process.hrtime.bigint();
  let n = 0;
  while (Number(process.hrtime.bigint() - t0) < 1e9) {
    for (const t of targets) fired += matchRows(idx, t).length;
    n += targets.length;
  }
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  out.targetsPerSecond = Math.round(n / secs);
  log(
    `matching in-process:        ${out.targetsPerSecond.toLocaleString("en-US")} targets/s against ${idx.rows.length} rows (${(fired / n).toFixed(2)} rows fired per target)`,
  );
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const workDir = join(here, ".work", "hook");
  mkdirSync(workDir, { recursive: true });
  await run({ workDir });
}
