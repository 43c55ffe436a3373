// Benchmark for `agent-context pointers` (issue 4). Exports `run({ workDir, log })` for bench/run.mjs.
// Three workloads, each reported as wall time, a ratio against a baseline measured in the same run (a bare
// recursive readdir + stat of the same trees, following symlinks with a visited set), and the pointer bytes
// written (checked against the bounds: total <= 128 KiB, at most 128 pointers, largest < 4 KiB).
import { mkdirSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

function w(p, t) {
  mkdirSync(join(p, ".."), { recursive: true });
  writeFileSync(p, t);
}

function bareWalk(root) {
  const seen = new Set();
  let n = 0;
  const visit = (d) => {
    let real;
    try {
      real = realpathSync(d);
    } catch {
      return;
    }
    if (seen.has(real)) return;
    seen.add(real);
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      let st;
      try {
        st = statSync(p);
      } catch {
        continue;
      }
      n++;
      if (st.isDirectory() && name !== ".git" && name !== "node_modules") visit(p);
    }
  };
  visit(root);
  return n;
}

function symlinkChains(root) {
  const lib = join(root, "chains");
  const outside = join(root, "chains-outside");
  w(join(outside, "CLAUDE.md"), "outside\n");
  for (let i = 0; i < 128; i++) {
    const d = join(lib, `d${String(i).padStart(3, "0")}`);
    w(join(d, "real/CLAUDE.md"), `memory ${i}\n`);
    // a chain of 8 directory symlinks ending in real/, a cycle back to d, and every 8th one leaving the repo
    let prev = "real";
    for (let k = 0; k < 8; k++) {
      symlinkSync(prev, join(d, `l${k}`));
      prev = `l${k}`;
    }
    symlinkSync("..", join(d, "real/loop"));
    if (i % 8 === 0) symlinkSync(outside, join(d, "escape"));
  }
  return [lib];
}

function imports(root) {
  const lib = join(root, "imports");
  for (let i = 0; i < 128; i++) {
    const d = join(lib, `d${String(i).padStart(3, "0")}`);
    const names = Array.from({ length: 125 }, (_, k) => `docs/topic-${String(k).padStart(3, "0")}.md`);
    w(join(d, "CLAUDE.md"), `${names.map((n) => `- @${n}`).join("\n")}\n`);
    for (const n of names) w(join(d, n), "doc\n");
  }
  return [lib];
}

function manyRules(root) {
  const dirs = [];
  const long = "a-rather-long-directory-name-for-rules".repeat(2);
  for (let r = 0; r < 3; r++) {
    const lib = join(root, `rules-${r}`);
    dirs.push(lib);
    for (let i = 0; i < 6300; i++) {
      const sub = join(lib, ".claude/rules", `${long}-${i % 30}`, `${long}-${i % 7}`);
      const globs = [`packages/${long}/module-${i}/src/**/*.ts`, `packages/${long}/module-${i}/test/`];
      w(
        join(sub, `rule-${String(i).padStart(5, "0")}-${long}.md`),
        `---\npaths:\n${globs.map((g) => `  - "${g}"\n`).join("")}---\nrule ${i}\n`,
      );
    }
  }
  return dirs;
}

/** Runs the three workloads. */
export async function run({ workDir, log }) {
  const dist = pathToFileURL(join(process.cwd(), "dist/pointers/index.js")).href;
  const { generatePointers, MAX_POINTER_BYTES, MAX_TOTAL_BYTES, MAX_POINTERS } = await import(dist);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const cwd = join(workDir, "app");
  mkdirSync(cwd, { recursive: true });
  for (const [name, make] of [
    ["128 dirs of symlink chains", symlinkChains],
    ["128 dirs naming 16,000 imports", imports],
    ["3 dirs of 6,300 rules with long paths", manyRules],
  ]) {
    const addDirs = make(join(workDir, "trees"));
    const configDir = join(workDir, `cfg-${name.split(" ")[0]}-${addDirs.length}`);
    const t0 = performance.now();
    let entries = 0;
    for (const d of addDirs) entries += bareWalk(d);
    const base = performance.now() - t0;
    const t1 = performance.now();
    const r = generatePointers({ configDir, cwd, addDirs });
    const first = performance.now() - t1;
    const t2 = performance.now();
    const again = generatePointers({ configDir, cwd, addDirs });
    const second = performance.now() - t2;
    const largest = Math.max(0, ...r.pointers.map((p) => p.bytes));
    const within =
      r.totalBytes <= MAX_TOTAL_BYTES && r.pointers.length <= MAX_POINTERS && largest < MAX_POINTER_BYTES;
    log(
      `${name}: ${first.toFixed(0)} ms (${(first / base).toFixed(2)}x a bare walk of ${entries} entries, ` +
        `${base.toFixed(0)} ms); second run ${second.toFixed(0)} ms, ${again.written.length} files changed`,
    );
    log(
      `  ${r.pointers.length} pointers, ${r.totalBytes} bytes total, largest ${largest} bytes, ` +
        `${r.notices.length} notices — ${within ? "within bounds" : "OUT OF BOUNDS"}`,
    );
    if (!within) throw new Error(`${name}: pointers out of bounds`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { tmpdir } = await import("node:os");
  await run({ workDir: join(tmpdir(), "ac-bench-pointers"), log: (l) => console.log(l) });
}
