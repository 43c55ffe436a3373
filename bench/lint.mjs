// Benchmark for `agent-context lint` against `cap` on the same synthetic monorepo, at 2,000, 10,000 and
// 50,000 rules: lint's time (wall and CPU) as a ratio to cap's, both measured in this run (never an
// absolute threshold). The
// repository: rule files in `.claude/rules/area*/`, half of them scoped with a `paths:` glob naming one
// package (`packages/p<i>/**/*.ts`: live for the first 200 packages, which exist, dead for the rest — the
// dead-glob check's worst case, every glob tried), 2,000 documentation files and 200 packages of sources.
// Target (issue 15): lint within 2x cap at 50,000 rules. `npm run bench -- lint` runs every size; the
// 50,000-rule repository takes a minute to generate, so cap and lint run once there (3 times below it).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const GENERATOR_VERSION = "lint-bench-1";

function generate(root, rules) {
  rmSync(root, { recursive: true, force: true });
  const write = (rel, text) => {
    const p = join(root, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  };
  write("CLAUDE.md", "# Synthetic monorepo\n\nSee @docs/d0.md\n");
  for (let i = 0; i < 2000; i++) write(`docs/d${i}.md`, `# Doc ${i}\n\nGuidance for area ${i}.\n`);
  for (let p = 0; p < 200; p++) write(`packages/p${p}/src/index.ts`, `export const p${p} = ${p};\n`);
  for (let i = 0; i < rules; i++) {
    const fm = i % 2 === 0 ? `---\npaths:\n  - "packages/p${i}/**/*.ts"\n---\n` : "";
    write(
      `.claude/rules/area${Math.floor(i / 100)}/r${i}.md`,
      `${fm}# Rule ${i}\n\nDo the right thing in case ${i}.\n`,
    );
  }
  writeFileSync(join(root, ".stamp"), `${GENERATOR_VERSION}:${rules}`);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median wall time and median CPU time (user + system of this process) of `runs` calls, in ms. */
function time(fn, runs) {
  const ts = [];
  const cs = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    ts.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cs.push((c.user + c.system) / 1000);
  }
  return { ms: median(ts), cpu: median(cs) };
}

export async function run({ workDir, log }) {
  const { runCap } = await import(join(projectRoot, "dist/index.js"));
  const { lintRepository } = await import(join(projectRoot, "dist/lint/index.js"));
  for (const rules of [2_000, 10_000, 50_000]) {
    const root = join(workDir, `repo-${rules}`);
    const stamp = join(root, ".stamp");
    if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== `${GENERATOR_VERSION}:${rules}`)
      generate(root, rules);
    const runs = rules > 10_000 ? 1 : 3;
    const cap = time(() => runCap({ dir: root, env: {} }), runs);
    let findings = 0;
    const lint = time(() => {
      findings = lintRepository({ root }).findings.length;
    }, runs);
    log(
      `${rules.toLocaleString("en-US")} rules: cap ${cap.ms.toFixed(0)} ms, lint ${lint.ms.toFixed(0)} ms = ${(lint.ms / cap.ms).toFixed(2)}x cap wall; CPU ${cap.cpu.toFixed(0)} / ${lint.cpu.toFixed(0)} ms = ${(lint.cpu / cap.cpu).toFixed(2)}x (${findings.toLocaleString("en-US")} findings; median of ${runs})`,
    );
  }
  log("target: lint within 2x cap at 50,000 rules");
}
