// Benchmark for `agent-context cap`: a synthetic monorepo with 10,000 rule files, 16,000 @imports,
// 128 nested directories of symlink chains, and 300 skills, 200 subagents and 200 commands (issue 26: these
// sources add at most 10% to `cap`; the run measures a copy without them beside it). Prints cap's wall time (in process and through the built CLI)
// and its ratio to a plain read of the same files, measured in the same run: in process against a read in
// this process, and through the built CLI against a fresh `node` process reading the same files (target,
// issue 12: within 3×). The repository is a git repository of its own (`git init`), so what an agent
// finds above it (a git root, a project root) is never this project's checkout.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const GENERATOR_VERSION = "cap-bench-3";
const RULES = 10_000;
const DOCS = 2_000;
const IMPORTS_PER_DOC = 8; // 2,000 × 8 = 16,000 import tokens
const CHAIN_DEPTH = 128;
const SKILLS = 300;
const SUBAGENTS = 200;
const COMMANDS = 200;

/**
 * Writes the synthetic repository under `root`; returns the list of regular files written. `scale` (0 to 1)
 * shrinks the rules, documents, skills, subagents and commands (the CI guard, bench/guard.mjs, runs a fifth);
 * `sources: false` leaves out the skills, subagents and commands (the baseline of their cost).
 */
export function generate(root, scale = 1, { sources = true } = {}) {
  const RULES_N = Math.round(RULES * scale);
  const DOCS_N = Math.round(DOCS * scale);
  rmSync(root, { recursive: true, force: true });
  const files = [];
  const write = (rel, text) => {
    const p = join(root, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
    files.push(rel);
  };
  const rootImports = Array.from({ length: Math.min(100, DOCS_N) }, (_, i) => `@docs/d${i}.md`).join("\n");
  write("CLAUDE.md", `# Synthetic monorepo\n\nSee the docs.\n\n${rootImports}\n`);
  for (let i = 0; i < DOCS_N; i++) {
    const imports = [];
    for (let k = 1; k <= IMPORTS_PER_DOC; k++) imports.push(`@d${(i * 7 + k * 13) % DOCS_N}.md`);
    write(`docs/d${i}.md`, `# Doc ${i}\n\nSome guidance for area ${i}.\n\n${imports.join("\n")}\n`);
  }
  for (let i = 0; i < RULES_N; i++) {
    const dir = `.claude/rules/area${Math.floor(i / 100)}`;
    const scoped = i % 2 === 0;
    const fm = scoped ? `---\npaths:\n  - "packages/p${i % 50}/**/*.ts"\n---\n` : "";
    write(`${dir}/r${i}.md`, `${fm}# Rule ${i}\n\nDo the right thing in case ${i}.\n`);
  }
  if (sources) {
    for (let i = 0; i < Math.round(SKILLS * scale); i++)
      write(
        `.claude/skills/skill-${i}/SKILL.md`,
        `---\nname: skill-${i}\ndescription: Handle task ${i} in packages/p${i % 50}; use when asked about area ${i}.\n---\n# Skill ${i}\n\nStep one for task ${i}.\nStep two: run the checks of packages/p${i % 50}.\n`,
      );
    for (let i = 0; i < Math.round(SUBAGENTS * scale); i++)
      write(
        `.claude/agents/area${i % 10}/agent-${i}.md`,
        `---\nname: agent-${i}\ndescription: Reviews changes to packages/p${i % 50} for case ${i}.\ntools: Read, Grep, Glob\n---\nYou review a diff of packages/p${i % 50} and list each problem with its file and line.\n`,
      );
    for (let i = 0; i < Math.round(COMMANDS * scale); i++)
      write(
        `.claude/commands/group${i % 10}/cmd-${i}.md`,
        `---\ndescription: Run workflow ${i} on packages/p${i % 50}\nargument-hint: [target]\n---\nRun workflow ${i} on $ARGUMENTS and report what changed.\n`,
      );
  }
  // 128 nested directories; each level links back to its parent (a cycle) and re-exposes the level
  // above's rule through a symlink, so one real file is reachable through a chain of up to 32 links.
  let rel = ".claude/rules/chains";
  write(`${rel}/rule.md`, "# Chain rule\n\nReached many ways, charged once.\n");
  for (let d = 0; d < CHAIN_DEPTH; d++) {
    rel = `${rel}/n${d}`;
    mkdirSync(join(root, rel), { recursive: true });
    symlinkSync("..", join(root, rel, "up"));
    // Symlink chains restart every 32 levels: Linux gives up resolving after 40 links (ELOOP).
    if (d % 32 === 31) write(`${rel}/rule.md`, `# Chain rule ${d}\n`);
    else symlinkSync("../rule.md", join(root, rel, "rule.md"));
  }
  execFileSync("git", ["init", "-q", root]);
  writeFileSync(join(root, ".stamp"), `${GENERATOR_VERSION}:${scale}:${sources}`);
  writeFileSync(join(root, ".files.json"), JSON.stringify(files));
  return files;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median wall time and median CPU time (user + system, this process) of `runs` calls, in ms. */
function time(fn, runs) {
  const ts = [];
  const cpus = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    last = fn();
    ts.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  return { ms: median(ts), cpu: median(cpus), last };
}

/**
 * The synthetic monorepo at `root`, generated unless a copy of this generator version is there; returns
 * its regular files. Shared with the report benchmark (bench/report.mjs).
 */
export function syntheticRepo(root, log, scale = 1, { sources = true } = {}) {
  const stamp = join(root, ".stamp");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === `${GENERATOR_VERSION}:${scale}:${sources}`)
    return JSON.parse(readFileSync(join(root, ".files.json"), "utf8"));
  const t0 = performance.now();
  const files = generate(root, scale, { sources });
  log(`generated ${files.length} files in ${(performance.now() - t0).toFixed(0)} ms at ${root}`);
  return files;
}

/**
 * The built CLI's `cap --json` against a fresh `node` that reads the same files (given their list, so it
 * walks nothing), spawned alternately, medians of `runs` each: both pay Node's start-up; neither is warm.
 * `dist` is the build to measure.
 */
export function measureCapProcess({ root, runs, dist = join(projectRoot, "dist") }) {
  const plainScript = `const fs=require("fs"),p=require("path");const r=process.argv[1];let b=0;for(const f of JSON.parse(fs.readFileSync(p.join(r,".files.json"),"utf8")))b+=fs.readFileSync(p.join(r,f)).length;console.log(b)`;
  const spawnPlain = () => spawnSync(process.execPath, ["-e", plainScript, root], { encoding: "utf8" });
  const spawnCli = () =>
    spawnSync(process.execPath, [join(dist, "cli/main.js"), "cap", root, "--json"], {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, CI: "" },
    });
  const proc = { plain: [], cli: [] };
  for (let i = 0; i < runs; i++) {
    proc.plain.push(time(spawnPlain, 1).ms);
    const cli = time(spawnCli, 1);
    if (cli.last.status !== 0 && cli.last.status !== 1)
      throw new Error(`cap exited ${cli.last.status}: ${cli.last.stderr}`);
    proc.cli.push(cli.ms);
  }
  const plainMs = median(proc.plain);
  const cliMs = median(proc.cli);
  return { plainMs, cliMs, ratio: cliMs / plainMs };
}

/**
 * The cost of the skills, subagents and commands: the built CLI's `cap --json` on `root` (with them) and on
 * `bare` (the same repository without them), spawned alternately, medians of `runs` of wall and child CPU.
 */
export function measureSourcesCost({ root, bare, runs }) {
  const spawnCap = (dir) =>
    spawnSync(
      process.execPath,
      [
        "--require",
        join(projectRoot, "bench/cpu-report.cjs"),
        join(projectRoot, "dist/cli/main.js"),
        "cap",
        dir,
        "--json",
      ],
      { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CI: "" } },
    );
  const cpuOf = (res) => Number(/cpu-ms ([\d.]+)\s*$/.exec(res.stderr)?.[1] ?? Number.NaN);
  const w = { with: [], without: [] };
  const c = { with: [], without: [] };
  let items = { with: 0, without: 0 };
  for (let i = 0; i < runs; i++) {
    for (const [key, dir] of [
      ["without", bare],
      ["with", root],
    ]) {
      const t = time(() => spawnCap(dir), 1);
      if (t.last.status !== 0 && t.last.status !== 1)
        throw new Error(`cap exited ${t.last.status}: ${t.last.stderr}`);
      w[key].push(t.ms);
      c[key].push(cpuOf(t.last));
      items = { ...items, [key]: JSON.parse(t.last.stdout).items.length };
    }
  }
  return {
    withMs: median(w.with),
    withoutMs: median(w.without),
    withCpu: median(c.with),
    withoutCpu: median(c.without),
    items,
  };
}

export async function run({ workDir, log }) {
  const root = join(workDir, "repo");
  const files = syntheticRepo(root, log);
  // The pipeline and its parts, from the built modules (the library's entry exports the commands only).
  const { runCap } = await import(join(projectRoot, "dist/app/cap.js"));
  const { claudeLaunchSet } = await import(join(projectRoot, "dist/agents/library.js"));
  const { evaluateCap } = await import(join(projectRoot, "dist/budget/evaluate.js"));
  const { renderCapJson } = await import(join(projectRoot, "dist/report/cap-json.js"));

  // Baseline: a plain read of every regular file of the repository, in the same process.
  const plain = time(() => {
    let bytes = 0;
    for (const f of files) bytes += readFileSync(join(root, f)).length;
    return bytes;
  }, 5);
  const lib = time(() => runCap({ dir: root, env: {} }), 5);
  const r = lib.last;
  // Where the time goes: the launch model alone, then the budget and the JSON renderer on its items.
  const model = time(() => claudeLaunchSet({ root, cwd: root }), 3);
  const budget = time(() => evaluateCap(r.items, 4096), 5);
  const render = time(() => renderCapJson(r), 5);
  // The same comparison through a process (see measureCapProcess).
  const { plainMs: procPlain, cliMs: procCli } = measureCapProcess({ root, runs: 5 });
  const cli = time(
    () =>
      spawnSync(
        process.execPath,
        [
          "--require",
          join(projectRoot, "bench/cpu-report.cjs"),
          join(projectRoot, "dist/cli/main.js"),
          "cap",
          root,
          "--json",
        ],
        {
          encoding: "utf8",
          maxBuffer: 256 * 1024 * 1024,
          env: { ...process.env, CI: "" },
        },
      ),
    3,
  );
  const childCpu = (res) => Number(/cpu-ms ([\d.]+)\s*$/.exec(res.stderr)?.[1] ?? Number.NaN);
  const cliCpu = childCpu(cli.last);
  const startCpu = childCpu(
    spawnSync(
      process.execPath,
      [
        "--require",
        join(projectRoot, "bench/cpu-report.cjs"),
        join(projectRoot, "dist/cli/main.js"),
        "--version",
      ],
      { encoding: "utf8" },
    ),
  );
  const nodeStart = time(() => spawnSync(process.execPath, ["-e", "0"]), 3);
  const cliTotal = JSON.parse(cli.last.stdout).total;
  // The skills, subagents and commands: the same repository without them, measured alternately.
  const bare = join(workDir, "repo-without-sources");
  syntheticRepo(bare, log, 1, { sources: false });
  const src = measureSourcesCost({ root, bare, runs: 5 });

  log(
    `files: ${files.length} regular (${RULES} rules, ${DOCS} docs with ${DOCS * IMPORTS_PER_DOC} imports, ${SKILLS} skills, ${SUBAGENTS} subagents, ${COMMANDS} commands), ${CHAIN_DEPTH}-deep symlink chain`,
  );
  log(
    `launch set: ${r.items.length} items, ${r.evaluation.total} charged bytes (CLI agrees: ${cliTotal === r.evaluation.total})`,
  );
  log(
    `plain read of the same files:  ${plain.ms.toFixed(1)} ms wall, ${plain.cpu.toFixed(1)} ms CPU (median of 5)`,
  );
  log(
    `cap, in process (runCap):      ${lib.ms.toFixed(1)} ms wall = ${(lib.ms / plain.ms).toFixed(2)}× plain read; ${lib.cpu.toFixed(1)} ms CPU = ${(lib.cpu / plain.cpu).toFixed(2)}×`,
  );
  log(
    `cap, built CLI (wall):         ${cli.ms.toFixed(1)} ms  = ${(cli.ms / plain.ms).toFixed(2)}× plain read; node -e 0 = ${nodeStart.ms.toFixed(1)} ms`,
  );
  log(
    `cap, built CLI vs a plain read in a fresh process (alternating, median of 5): ${procCli.toFixed(1)} ms / ${procPlain.toFixed(1)} ms = ${(procCli / procPlain).toFixed(2)}× (target 3×)`,
  );
  log(
    `cap, built CLI (CPU, last run): ${cliCpu.toFixed(1)} ms = ${(cliCpu / plain.cpu).toFixed(2)}× plain read; of which CLI startup (--version) ${startCpu.toFixed(1)} ms`,
  );
  log(
    `  of which: launch model ${model.ms.toFixed(1)} ms, evaluateCap ${budget.ms.toFixed(1)} ms, JSON render ${render.ms.toFixed(1)} ms`,
  );
  log(
    `skills, subagents, commands (${SKILLS}, ${SUBAGENTS}, ${COMMANDS}; ${src.items.with - src.items.without} more items): cap ${src.withMs.toFixed(1)} ms with, ${src.withoutMs.toFixed(1)} ms without = +${((src.withMs / src.withoutMs - 1) * 100).toFixed(1)}% wall; CPU ${src.withCpu.toFixed(1)} / ${src.withoutCpu.toFixed(1)} ms = +${((src.withCpu / src.withoutCpu - 1) * 100).toFixed(1)}% (alternating, median of 5; target +10%)`,
  );
  log(
    `load average now: ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (wall times inflate under load)`,
  );
}
