/**
 * The bisection of Claude Code's published releases, probe by probe (scripts/bisect-claude.mjs runs it;
 * docs/findings-claude-release-ranges.md has the results and how to read them).
 *
 *   bisect [--from V] [--to V] [--step N] [--probe ID]... [--scratch DIR] [--keep] [--concurrency N]
 *       sample every Nth published release between --from and --to (default 2.1.197 to the npm `latest`),
 *       then bisect every pair of neighbouring samples whose answers differ, probe by probe; prints each
 *       boundary and the ranges (`since`, `until`) as release-ranges.json writes them
 *   run --release V [--probe ID]...     the probes' answers and evidence on one release
 *   shape --release V [--probe ID]      the raw messages after the first tool call (framing discovery)
 *   others --agent ID --release V...    the other agents: their fixtures, probes and the corpus on each
 *       release against the pinned one (test/support/agent-release-sweep.ts)
 *
 * Each release is installed into DIR/claude-V (default /work/scratch or $TMPDIR/agent-context-bisect) with
 * `npm install --prefix DIR/claude-V -E @anthropic-ai/claude-code@V` (its postinstall places the native
 * binary; a 500-byte stub means it did not run), with npm's cache under DIR/npm-cache, and removed after
 * its probes ran unless --keep. The pinned releases of test/agents are used where they are installed.
 * Answers are cached in DIR/claude-probe-answers.json (release → probe → answer, evidence).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sweepOthers } from "./agent-release-sweep.js";
import {
  CLAUDE_RELEASE_PROBES,
  type ClaudeReleaseProbe,
  canonicalShape,
  claudeProbe,
  observeProbe,
  type ProbeAnswer,
  runProbe,
} from "./claude-probes.js";
import { removeFixtures } from "./fixture.js";
import { AGENTS_DIR } from "./process.js";

const PKG = "@anthropic-ai/claude-code";
const STUB_MAX_BYTES = 4096;

/** Compares two `major.minor.patch` versions. */
export function compareVersions(a: string, b: string): number {
  const x = a.split(".").map(Number);
  const y = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

function npmJson(args: string[]): unknown {
  const r = spawnSync("npm", [...args, "--json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`npm ${args.join(" ")} failed: ${r.stderr.slice(0, 800)}`);
  return JSON.parse(r.stdout);
}

/** The published stable releases of Claude Code from `from` to `to` (inclusive), oldest first. */
export function publishedReleases(from: string, to: string): string[] {
  const all = npmJson(["view", PKG, "versions"]) as string[];
  return all
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
    .filter((v) => compareVersions(v, from) >= 0 && compareVersions(v, to) <= 0)
    .sort(compareVersions);
}

/** The pinned install of `release` in test/agents, when there is one. */
function pinnedBinOf(release: string): string | undefined {
  const nm = join(AGENTS_DIR, "node_modules");
  for (const dir of [join(nm, PKG), join(nm, `claude-code-${release}`)]) {
    const manifest = join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    const m = JSON.parse(readFileSync(manifest, "utf8"));
    const bin = join(dir, m.bin?.claude ?? "bin/claude.exe");
    if (m.version === release && existsSync(bin) && statSync(bin).size > STUB_MAX_BYTES) return bin;
  }
  return undefined;
}

/** Installs `release` into `scratch`/claude-RELEASE (kept if complete already); returns its binary. */
export function installRelease(release: string, scratch: string): { bin: string; scratchDir?: string } {
  const pinned = pinnedBinOf(release);
  if (pinned) return { bin: pinned };
  const dir = join(scratch, `claude-${release}`);
  const pkgDir = join(dir, "node_modules", PKG);
  const binOf = () => {
    const manifest = join(pkgDir, "package.json");
    if (!existsSync(manifest)) return undefined;
    const m = JSON.parse(readFileSync(manifest, "utf8"));
    const bin = join(pkgDir, m.bin?.claude ?? "bin/claude.exe");
    return m.version === release && existsSync(bin) && statSync(bin).size > STUB_MAX_BYTES ? bin : undefined;
  };
  const ready = binOf();
  if (ready) return { bin: ready, scratchDir: dir };
  mkdirSync(dir, { recursive: true });
  const r = spawnSync(
    "npm",
    [
      "install",
      "--prefix",
      dir,
      "-E",
      "--no-audit",
      "--no-fund",
      "--cache",
      join(scratch, "npm-cache"),
      `${PKG}@${release}`,
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const bin = binOf();
  if (r.status !== 0 || !bin)
    throw new Error(
      `could not install ${PKG}@${release} into ${dir} (exit ${r.status}; the bin is the stub when the postinstall did not run): ${r.stderr.slice(-800)}`,
    );
  return { bin, scratchDir: dir };
}

type Answers = Record<
  string,
  Record<string, { answer: boolean; evidence: string; shape?: string } | { error: string }>
>;

function loadAnswers(file: string): Answers {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Answers) : {};
}

async function pool<T>(items: T[], n: number, f: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await f(items[next++] as T);
    }),
  );
}

interface Ctx {
  scratch: string;
  keep: boolean;
  concurrency: number;
  answersFile: string;
  answers: Answers;
}

/** One probe on one binary; a failed run is retried once (the machine is shared, a run can time out). */
async function answerOnce(p: ClaudeReleaseProbe, bin: string): Promise<ProbeAnswer> {
  try {
    return await runProbe(p, bin);
  } catch {
    return await runProbe(p, bin, { timeoutMs: 180_000 });
  }
}

/** Runs `probes` on `release` (installing it), caching the answers. */
async function probeRelease(ctx: Ctx, release: string, probes: readonly ClaudeReleaseProbe[]): Promise<void> {
  const have = ctx.answers[release] ?? {};
  const todo = probes.filter((p) => !(p.id in have) || "error" in (have[p.id] ?? {}));
  if (todo.length === 0) return;
  const t0 = Date.now();
  const { bin, scratchDir } = installRelease(release, ctx.scratch);
  const installed = Date.now();
  await pool(todo, ctx.concurrency, async (p) => {
    try {
      const a = await answerOnce(p, bin);
      have[p.id] = { answer: a.answer, evidence: a.evidence, ...(a.shape ? { shape: a.shape } : {}) };
    } catch (e) {
      have[p.id] = { error: e instanceof Error ? e.message : String(e) };
    }
  });
  removeFixtures();
  ctx.answers[release] = have;
  writeFileSync(ctx.answersFile, `${JSON.stringify(ctx.answers, null, 1)}\n`);
  if (scratchDir && !ctx.keep) rmSync(scratchDir, { recursive: true, force: true });
  const line = todo
    .map((p) => {
      const a = have[p.id];
      return `${p.id}=${a && "answer" in a ? (a.answer ? "yes" : "no") : "ERROR"}`;
    })
    .join(" ");
  console.log(
    `${release}: ${todo.length} probes (install ${((installed - t0) / 1000).toFixed(0)} s, probes ${((Date.now() - installed) / 1000).toFixed(0)} s): ${line}`,
  );
}

function answerOf(ctx: Ctx, release: string, id: string): boolean | undefined {
  const a = ctx.answers[release]?.[id];
  return a && "answer" in a ? a.answer : undefined;
}

/** What is bisected: a probe's answer (`id`) or its framing shape (`id#shape`). */
function keyValue(ctx: Ctx, release: string, key: string): string | undefined {
  const [id = "", part] = key.split("#");
  const a = ctx.answers[release]?.[id];
  if (!a || !("answer" in a)) return undefined;
  return part === "shape" ? canonicalShape(a.shape ?? "") : String(a.answer);
}

/** A change of one probe's answer (or shape) between two neighbouring published releases. */
export interface Boundary {
  /** The probe's id, or `ID#shape` for a change of its framing. */
  id: string;
  /** The last release with the old value. */
  before: string;
  /** The first release with the new value. */
  after: string;
  from: string;
  to: string;
}

/**
 * Bisects every probe: samples every `step`th release (and both ends), then for each pair of neighbouring
 * samples whose answers (or shapes) differ, halves the interval, keeping each half whose ends differ, until
 * the two releases are neighbours. A change and its revert both inside one sampled interval are not seen
 * (the step bounds what a sweep can miss).
 */
async function bisect(
  ctx: Ctx,
  versions: string[],
  probes: readonly ClaudeReleaseProbe[],
  step: number,
): Promise<Boundary[]> {
  const samples = versions.filter((_, i) => i % step === 0 || i === versions.length - 1);
  for (const v of samples) await probeRelease(ctx, v, probes);
  const keys = probes.flatMap((p) => (p.shape ? [p.id, `${p.id}#shape`] : [p.id]));
  const probeOf = (key: string) => claudeProbe(key.split("#")[0] ?? "");
  const v = (i: number) => versions[i] as string;
  // Open intervals [key, lo, hi] whose ends differ.
  const open: [string, number, number][] = [];
  const idx = samples.map((s) => versions.indexOf(s));
  for (const key of keys)
    for (let k = 0; k + 1 < idx.length; k++) {
      const lo = idx[k] as number;
      const hi = idx[k + 1] as number;
      const a = keyValue(ctx, v(lo), key);
      const b = keyValue(ctx, v(hi), key);
      if (a !== undefined && b !== undefined && a !== b) open.push([key, lo, hi]);
    }
  const boundaries: Boundary[] = [];
  const failed = new Set<string>();
  while (open.length > 0) {
    const [key, lo, hi] = open.shift() as [string, number, number];
    const a = keyValue(ctx, v(lo), key) as string;
    const b = keyValue(ctx, v(hi), key) as string;
    if (hi - lo <= 1) {
      boundaries.push({ id: key, before: v(lo), after: v(hi), from: a, to: b });
      continue;
    }
    // The release nearest the middle that has not failed this key twice (a release that does not run
    // offline, or a run killed on an overloaded machine, is passed over, never guessed).
    const centre = (lo + hi) / 2;
    const candidates = Array.from({ length: hi - lo - 1 }, (_, i) => lo + 1 + i)
      .filter((i) => !failed.has(`${key} ${i}`))
      .sort((x, y) => Math.abs(x - centre) - Math.abs(y - centre));
    const mid = candidates[0];
    if (mid === undefined) {
      boundaries.push({
        id: key,
        before: v(lo),
        after: v(hi),
        from: a,
        to: `${b} (releases between failed)`,
      });
      continue;
    }
    // Every key with an open interval around `mid` is answered on the same install.
    const here = new Set([
      probeOf(key),
      ...open.filter(([, l, h]) => l < mid && mid < h).map(([k]) => probeOf(k)),
    ]);
    await probeRelease(ctx, v(mid), [...here]);
    if (keyValue(ctx, v(mid), key) === undefined) await probeRelease(ctx, v(mid), [probeOf(key)]);
    const m = keyValue(ctx, v(mid), key);
    if (m === undefined) {
      console.log(
        `${key}: no answer on ${v(mid)} (${JSON.stringify(ctx.answers[v(mid)]?.[probeOf(key).id])}); passed over`,
      );
      failed.add(`${key} ${mid}`);
      open.push([key, lo, hi]);
      continue;
    }
    if (m !== a) open.push([key, lo, mid]);
    if (m !== b) open.push([key, mid, hi]);
  }
  return boundaries;
}

/** `since` / `until` of each probe from its boundaries (`since` = the range's start when yes there). */
export function ranges(
  probes: readonly ClaudeReleaseProbe[],
  boundaries: Boundary[],
  first: string,
  firstAnswers: Record<string, boolean | undefined>,
): { id: string; since?: string; until?: string; changes: number }[] {
  return probes.map((p) => {
    const bs = boundaries.filter((b) => b.id === p.id).sort((a, b) => compareVersions(a.after, b.after));
    let since = firstAnswers[p.id] ? first : undefined;
    let until: string | undefined;
    for (const b of bs) {
      if (b.to === "true") since = b.after;
      else until = b.before;
    }
    return {
      id: p.id,
      ...(since ? { since } : {}),
      ...(until ? { until } : {}),
      changes: bs.length,
    };
  });
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function options(args: string[], name: string): string[] {
  return args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1] as string] : []));
}

export async function main(argv: string[]): Promise<number> {
  const [command = "bisect", ...args] = argv;
  const scratch =
    option(args, "--scratch") ??
    (existsSync("/work/scratch") ? "/work/scratch" : join(tmpdir(), "agent-context-bisect"));
  mkdirSync(scratch, { recursive: true });
  const answersFile = join(scratch, "claude-probe-answers.json");
  const ctx: Ctx = {
    scratch,
    keep: args.includes("--keep"),
    concurrency: Number(option(args, "--concurrency") ?? 2),
    answersFile,
    answers: args.includes("--fresh") ? {} : loadAnswers(answersFile),
  };
  const ids = options(args, "--probe");
  const probes = ids.length > 0 ? ids.map(claudeProbe) : CLAUDE_RELEASE_PROBES;
  if (command === "run") {
    const release = option(args, "--release");
    if (!release) throw new Error("run needs --release V");
    if (ctx.answers[release]) for (const p of probes) delete ctx.answers[release][p.id];
    await probeRelease(ctx, release, probes);
    for (const p of probes) console.log(`  ${p.id}: ${JSON.stringify(ctx.answers[release]?.[p.id])}`);
    return 0;
  }
  if (command === "shape") {
    const release = option(args, "--release");
    if (!release) throw new Error("shape needs --release V");
    const { bin, scratchDir } = installRelease(release, scratch);
    for (const p of ids.length > 0 ? probes : [claudeProbe("attach-on-read")]) {
      const o = await observeProbe(p, bin);
      console.log(`${p.id} on ${release}:\n${JSON.stringify(o.afterFirstTool, null, 1)}`);
    }
    removeFixtures();
    if (scratchDir && !ctx.keep) rmSync(scratchDir, { recursive: true, force: true });
    return 0;
  }
  if (command === "others") {
    const agent = option(args, "--agent");
    const releases = options(args, "--release");
    if (!agent || releases.length === 0)
      throw new Error("others needs --agent ID and --release V (repeatable)");
    return sweepOthers(agent, releases, { scratch, keep: ctx.keep, concurrency: ctx.concurrency });
  }
  if (command !== "bisect") throw new Error(`unknown command ${command} (bisect, run, shape, others)`);
  const latest = (npmJson(["view", PKG, "dist-tags"]) as Record<string, string>).latest ?? "";
  const from = option(args, "--from") ?? "2.1.197";
  const to = option(args, "--to") ?? latest;
  const versions = publishedReleases(from, to);
  const step = Number(option(args, "--step") ?? 8);
  console.log(
    `bisect: ${versions.length} published releases from ${versions[0]} to ${versions.at(-1)} (npm latest: ${latest}), every ${step}th sampled, ${probes.length} probes`,
  );
  const boundaries = await bisect(ctx, versions, probes, step);
  console.log("\nboundaries (last release with the old answer -> first with the new):");
  for (const b of boundaries.sort((a, b) => a.id.localeCompare(b.id) || compareVersions(a.after, b.after)))
    console.log(`  ${b.id}: ${b.before} (${b.from}) -> ${b.after} (${b.to})`);
  const first = versions[0] as string;
  const firstAnswers = Object.fromEntries(probes.map((p) => [p.id, answerOf(ctx, first, p.id)]));
  console.log("\nranges:");
  for (const r of ranges(probes, boundaries, first, firstAnswers)) console.log(`  ${JSON.stringify(r)}`);
  const errors = Object.entries(ctx.answers).flatMap(([v, m]) =>
    Object.entries(m).flatMap(([id, a]) => ("error" in a ? [`${v} ${id}: ${a.error}`] : [])),
  );
  for (const e of errors) console.log(`error: ${e}`);
  return errors.length > 0 ? 1 : 0;
}
