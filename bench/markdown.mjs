// Benchmark for large Markdown through `agent-context cap` (issue 15, "Markdown at the speed of reading"):
// two 4 MB inputs Claude Code would load (it reads files up to 4 MiB):
//   docs — CLAUDE.md = "Memory. See @docs/big.md", big.md = real README/AGENTS.md texts concatenated
//          (from /work/shared/corpus when present, else this repository's own Markdown and its
//          dependencies' READMEs);
//   links — a 4 MB unscoped rule of repeated link-heavy lines.
// Prints cap's wall time and peak memory through the built CLI as RATIOS to a plain read of the same
// files by the same Node binary, measured in the same run. No thresholds.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SIZE = 4_000_000;
const LINK_LINE = 'See [x](http://a/b) and @c.md, <a href="x">y</a> `code` *em*\n';

function markdownSources() {
  const out = [];
  const walk = (d, depth) => {
    let names;
    try {
      names = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      let st;
      try {
        st = statSync(p);
      } catch {
        continue;
      }
      if (st.isDirectory() && depth < 6 && n !== ".git") walk(p, depth + 1);
      else if (st.isFile() && /^(README|AGENTS)\.md$/i.test(n)) out.push(p);
    }
  };
  const corpus = resolve(projectRoot, "../shared/corpus");
  if (existsSync(corpus)) walk(corpus, 0);
  if (out.length === 0) walk(join(projectRoot, "node_modules"), 0);
  return out;
}

function generate(root) {
  rmSync(root, { recursive: true, force: true });
  const docs = join(root, "docs");
  const links = join(root, "links");
  mkdirSync(join(docs, "docs"), { recursive: true });
  mkdirSync(join(links, ".claude/rules"), { recursive: true });
  mkdirSync(join(docs, ".git"));
  mkdirSync(join(links, ".git"));
  const parts = [];
  let n = 0;
  const sources = markdownSources();
  while (n < SIZE && sources.length > 0)
    for (const f of sources) {
      const t = readFileSync(f);
      parts.push(t);
      n += t.length;
      if (n >= SIZE) break;
    }
  // Cut at 4 MB on a character boundary.
  let big = Buffer.concat(parts).subarray(0, SIZE).toString("utf8");
  if (big.endsWith("\ufffd")) big = big.slice(0, -1);
  writeFileSync(join(docs, "docs/big.md"), big);
  writeFileSync(join(docs, "CLAUDE.md"), "Memory. See @docs/big.md\n");
  writeFileSync(join(links, ".claude/rules/big.md"), LINK_LINE.repeat(Math.floor(SIZE / LINK_LINE.length)));
  return {
    docs: { dir: docs, files: [join(docs, "CLAUDE.md"), join(docs, "docs/big.md")] },
    links: { dir: links, files: [join(links, ".claude/rules/big.md")] },
  };
}

/** Runs a node child with the report preload; returns wall ms, peak RSS (KB), exit status. */
function measure(args) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ["--require", join(projectRoot, "bench/rss-report.cjs"), ...args], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - t0;
  const m = /bench-report max-rss-kb (\d+) cpu-ms ([\d.]+)/.exec(r.stderr ?? "");
  return { ms, rssKb: m ? Number(m[1]) : Number.NaN, cpuMs: m ? Number(m[2]) : Number.NaN, status: r.status };
}

const best = (runs) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));

export async function run({ workDir, log }) {
  const cli = join(projectRoot, "dist/cli/main.js");
  const inputs = generate(join(workDir, "repos"));
  for (const [name, input] of Object.entries(inputs)) {
    const readScript = `for (const f of ${JSON.stringify(input.files)}) require("node:fs").readFileSync(f, "utf8");`;
    const reads = [];
    const caps = [];
    // Interleaved, best of 3 each: the machine is shared.
    for (let i = 0; i < 3; i++) {
      reads.push(measure(["-e", readScript]));
      caps.push(measure([cli, "cap", input.dir]));
    }
    const r = best(reads);
    const c = best(caps);
    const bytes = input.files.reduce((s, f) => s + statSync(f).size, 0);
    log(
      `${name} (${(bytes / 1e6).toFixed(1)} MB): cap ${c.ms.toFixed(0)} ms wall / ${c.cpuMs.toFixed(0)} ms CPU, ` +
        `plain read ${r.ms.toFixed(0)} ms wall / ${r.cpuMs.toFixed(0)} ms CPU → time ratio ${(c.ms / r.ms).toFixed(1)}× ` +
        `(CPU ${(c.cpuMs / r.cpuMs).toFixed(1)}×); peak RSS cap ${(c.rssKb / 1024).toFixed(0)} MB, ` +
        `read ${(r.rssKb / 1024).toFixed(0)} MB → memory ratio ${(c.rssKb / r.rssKb).toFixed(1)}× (cap exit ${c.status})`,
    );
  }
}
