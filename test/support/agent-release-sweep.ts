/**
 * Do the other agents' releases differ in what they load? A differential sweep: every fixture repository
 * of an agent's conformance suite that its verify runner can run (Gemini CLI's launch fixtures, Copilot
 * CLI's fixtures with their `view` reads), the runner's bundled probes, and the shared corpus's
 * repositories, run with the product's own harness (`VerifyRunner.observe`, offline, the trap proxy for
 * anything else) on a candidate release and on the pinned one; every case whose delivery differs is
 * reported with both sides. The model is never consulted: the pinned release is the reference.
 * `node scripts/bisect-claude.mjs others --agent ID --release V...` runs it
 * (results: the "Releases" sections of docs/findings-gemini-cli.md, findings-copilot-cli.md, findings-codex.md).
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CORPUS_DIR } from "../../scripts/corpus.mjs";
import { agentById, agents } from "../../src/agents/index.js";
import type { VerifyObservation, VerifyProbe, VerifyRunner } from "../../src/model/index.js";
import { runProcess } from "../../src/verify/process.js";
import { makeSandbox } from "../../src/verify/sandbox.js";
import { startTrap } from "../../src/verify/upstream.js";
import { LAUNCH_CASES } from "../conformance/claude-launch.fixtures.js";
import { COPILOT_CASES } from "../conformance/copilot-cli.fixtures.js";
import { GEMINI_LAUNCH_CASES } from "../conformance/gemini-launch.fixtures.js";
import { claudeBin, claudeReleases } from "./claude.js";
import { writeLayout } from "./codex-layout.js";
import { writeFixture } from "./fixture.js";
import { AGENTS_DIR } from "./process.js";

interface Made {
  root: string;
  remove: string;
}

interface SweepCase {
  name: string;
  /** Writes the repository into a fresh directory: its real path, and the directory to remove after. */
  make(): Made;
  cwd?: string;
  reads?: string[];
}

interface AgentSpec {
  pkg: string;
  /** The executable of an install whose node_modules is `nm`. */
  bin(nm: string): string;
  cases(): SweepCase[];
  /** The pinned releases compared with (default: the package's one pin), as release → executable. */
  references?(): [string, string][];
}

const nativeSuffix = () => {
  const report = process.report?.getReport?.() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const musl = process.platform === "linux" && report?.header?.glibcVersionRuntime === undefined;
  return { plat: musl ? "linuxmusl" : process.platform, arch: process.arch };
};

/** A fresh empty directory (real path). */
function fresh(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), "ac-sweep-")));
}

const runnerOf = (id: string) => agentById(id).capabilities?.verify as VerifyRunner;

function binFromManifest(dir: string, name: string): string {
  const m = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  return join(dir, typeof m.bin === "string" ? m.bin : (m.bin?.[name] ?? ""));
}

function probeCases(runner: VerifyRunner): SweepCase[] {
  return runner.probes.map((p: VerifyProbe) => ({
    name: `probe ${p.id}`,
    make: () => {
      const root = fresh();
      writeLayout(root, {
        ...Object.fromEntries(Object.entries(p.files)),
        ...Object.fromEntries(Object.entries(p.links ?? {}).map(([k, t]) => [k, { link: t }])),
        ...Object.fromEntries(
          (p.git ?? []).map((g) => [g === "." ? ".git" : `${g}/.git`, { git: true as const }]),
        ),
      });
      return { root, remove: root };
    },
    ...(p.cwd ? { cwd: p.cwd } : {}),
    ...(p.reads ? { reads: [...p.reads] } : {}),
  }));
}

/**
 * The corpus's repositories, each copied as `verify` copies a repository (src/verify/sandbox.ts: an
 * allowlist of every agent's memory files, what they import, and the runner's files, settings sanitized:
 * no hook, helper or server of a repository runs), then made a git repository (Codex needs one).
 */
function corpusCases(runner: VerifyRunner): SweepCase[] {
  if (!existsSync(CORPUS_DIR)) return [];
  const memoryNames = new Set(agents().flatMap((a) => a.memoryFileNames));
  return readdirSync(CORPUS_DIR)
    .filter((d) => d.includes("__") && statSync(join(CORPUS_DIR, d)).isDirectory())
    .map((d) => ({
      name: `corpus ${d}`,
      make: () => {
        const base = fresh();
        const copyRoot = join(base, d);
        mkdirSync(copyRoot);
        makeSandbox({
          root: realpathSync(join(CORPUS_DIR, d)),
          copyRoot,
          memoryNames,
          instructionFile: (rel) =>
            agents().some((a) => a.capabilities?.verify?.instructionFile(rel) === true),
          runner,
          reads: [],
          seeds: () => [],
        });
        if (!existsSync(join(copyRoot, ".git"))) execFileSync("git", ["init", "-q"], { cwd: copyRoot });
        return { root: copyRoot, remove: base };
      },
    }));
}

const AGENTS: Record<string, AgentSpec> = {
  "claude-code": {
    pkg: "@anthropic-ai/claude-code",
    bin: (nm) => binFromManifest(join(nm, "@anthropic-ai/claude-code"), "claude"),
    references: () => claudeReleases().map((r) => [r, claudeBin(r)]),
    cases: () => [
      ...LAUNCH_CASES.filter((c) => c.home === undefined).map((c) => ({
        name: c.name,
        make: () => {
          const root = writeFixture(c, "ac-sweep-");
          return { root, remove: root };
        },
        ...(c.cwd ? { cwd: c.cwd } : {}),
      })),
      ...probeCases(runnerOf("claude-code")),
      ...corpusCases(runnerOf("claude-code")),
    ],
  },
  codex: {
    pkg: "@openai/codex",
    bin: (nm) => binFromManifest(join(nm, "@openai/codex"), "codex"),
    cases: () => [...probeCases(runnerOf("codex")), ...corpusCases(runnerOf("codex"))],
  },
  "gemini-cli": {
    pkg: "@google/gemini-cli",
    bin: (nm) => binFromManifest(join(nm, "@google/gemini-cli"), "gemini"),
    cases: () => [
      ...GEMINI_LAUNCH_CASES.filter(
        (c) => c.home === undefined && c.userSettings === undefined && c.addDirs === undefined,
      ).map((c) => ({
        name: c.name,
        make: () => {
          const root = writeFixture(c, "ac-sweep-");
          return { root, remove: root };
        },
        ...(c.cwd ? { cwd: c.cwd } : {}),
      })),
      ...probeCases(runnerOf("gemini-cli")),
      ...corpusCases(runnerOf("gemini-cli")),
    ],
  },
  "copilot-cli": {
    pkg: "@github/copilot",
    bin: (nm) => {
      const { plat, arch } = nativeSuffix();
      return join(nm, "@github", `copilot-${plat}-${arch}`, "copilot");
    },
    cases: () => [
      ...COPILOT_CASES.filter((c) => c.home === undefined).map((c) => ({
        name: c.name,
        make: () => {
          const root = fresh();
          const files = Object.fromEntries(
            Object.entries(c.files).map(([k, e]) => [
              k,
              typeof e === "string" ? e.replaceAll("<R>", root) : e,
            ]),
          );
          writeLayout(root, { ...(c.git === false ? {} : { ".git": { git: true } }), ...files });
          return { root, remove: root };
        },
        ...(c.cwd ? { cwd: c.cwd } : {}),
        ...(c.views ? { reads: c.views } : {}),
      })),
      ...probeCases(runnerOf("copilot-cli")),
      ...corpusCases(runnerOf("copilot-cli")),
    ],
  },
};

/** The pinned install's node_modules when it holds `release` of the agent, else undefined. */
function pinnedModules(spec: AgentSpec, release: string): string | undefined {
  const nm = join(AGENTS_DIR, "node_modules");
  const manifest = join(nm, spec.pkg, "package.json");
  if (!existsSync(manifest)) return undefined;
  return JSON.parse(readFileSync(manifest, "utf8")).version === release ? nm : undefined;
}

/** Installs `pkg@release` into `scratch`/ID-RELEASE unless pinned; the bin and the folder to remove. */
function install(
  id: string,
  spec: AgentSpec,
  release: string,
  scratch: string,
): { bin: string; dir?: string } {
  const pinned = pinnedModules(spec, release);
  if (pinned) return { bin: spec.bin(pinned) };
  const dir = join(scratch, `${id}-${release}`);
  const nm = join(dir, "node_modules");
  if (!existsSync(join(nm, spec.pkg, "package.json"))) {
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
        `${spec.pkg}@${release}`,
      ],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    if (r.status !== 0) throw new Error(`npm install ${spec.pkg}@${release} failed: ${r.stderr.slice(-800)}`);
  }
  const bin = spec.bin(nm);
  if (!existsSync(bin)) throw new Error(`${spec.pkg}@${release}: no executable at ${bin}`);
  return { bin, dir };
}

/** The delivery of one case as a comparable string (root-relative paths, the root written `$ROOT`). */
function fingerprint(o: VerifyObservation, root: string): string {
  const d = (x: VerifyObservation["launch"]) => ({
    files: x.files.map((f) => ({ path: f.path, text: f.text })),
    ...(x.message !== undefined ? { message: x.message } : {}),
  });
  return JSON.stringify({ launch: d(o.launch), reads: o.reads.map(d) }).replaceAll(root, "$ROOT");
}

async function observeCase(
  runner: VerifyRunner,
  bin: string,
  c: SweepCase,
  proxyEnv: Record<string, string>,
): Promise<string> {
  let made: Made | undefined;
  const home = fresh();
  try {
    made = c.make();
    const root = made.root;
    const cwd = join(root, c.cwd ?? "");
    mkdirSync(cwd, { recursive: true });
    const reads = runner.reads ? (c.reads ?? []).map((r) => join(root, r)) : [];
    const run = () =>
      runner.observe({
        bin,
        root,
        cwd,
        home,
        reads,
        timeoutMs: 180_000,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...proxyEnv },
        run: runProcess,
      });
    let o: VerifyObservation;
    try {
      o = await run();
    } catch {
      o = await run();
    }
    return fingerprint(o, root);
  } catch (e) {
    return `ERROR ${e instanceof Error ? e.message.slice(0, 300) : String(e)}`;
  } finally {
    if (made) rmSync(made.remove, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

async function observeAll(
  runner: VerifyRunner,
  bin: string,
  cases: SweepCase[],
  concurrency: number,
): Promise<Map<string, string>> {
  const trap = await startTrap();
  const noProxy = "127.0.0.1,localhost,::1";
  const proxyEnv = {
    HTTPS_PROXY: trap.url,
    HTTP_PROXY: trap.url,
    ALL_PROXY: trap.url,
    https_proxy: trap.url,
    http_proxy: trap.url,
    all_proxy: trap.url,
    NO_PROXY: noProxy,
    no_proxy: noProxy,
  };
  const out = new Map<string, string>();
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < cases.length) {
          const c = cases[next++] as SweepCase;
          out.set(c.name, await observeCase(runner, bin, c, proxyEnv));
        }
      }),
    );
  } finally {
    await trap.close();
  }
  if (trap.attempts.length > 0)
    console.log(`  refused traffic: ${trap.attempts.map((a) => `${a.method} ${a.target}`).join(", ")}`);
  return out;
}

/**
 * Runs every case of `id` on the pinned release(s) and on each of `releases`, printing per release the
 * cases run and each case whose delivery differs from every pinned release's (with the pinned release it
 * equals, where one does).
 */
export async function sweepOthers(
  id: string,
  releases: string[],
  opts: { scratch: string; keep: boolean; concurrency: number },
): Promise<number> {
  const spec = AGENTS[id];
  if (!spec) throw new Error(`no sweep for ${id} (${Object.keys(AGENTS).join(", ")})`);
  const agent = agentById(id);
  const runner = agent.capabilities?.verify as VerifyRunner;
  const refs: [string, string][] = spec.references?.() ?? [
    (() => {
      const v = JSON.parse(readFileSync(join(AGENTS_DIR, "node_modules", spec.pkg, "package.json"), "utf8"))
        .version as string;
      return [v, install(id, spec, v, opts.scratch).bin] as [string, string];
    })(),
  ];
  const cases = spec.cases();
  const reference = new Map<string, Map<string, string>>();
  for (const [release, bin] of refs) {
    const t0 = Date.now();
    const got = await observeAll(runner, bin, cases, opts.concurrency);
    reference.set(release, got);
    const errors = [...got.values()].filter((v) => v.startsWith("ERROR")).length;
    console.log(
      `${id} ${release} (pinned): ${cases.length} cases, ${errors} errors, ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );
    const first = reference.get(refs[0]?.[0] ?? "");
    if (first && first !== got)
      for (const c of cases.filter((x) => got.get(x.name) !== first.get(x.name)))
        console.log(`  differs from ${refs[0]?.[0]}: ${c.name}`);
  }
  let differing = 0;
  for (const release of releases) {
    const t = Date.now();
    const { bin, dir } = install(id, spec, release, opts.scratch);
    const got = await observeAll(runner, bin, cases, opts.concurrency);
    const same = (c: SweepCase) =>
      refs.filter(([r]) => reference.get(r)?.get(c.name) === got.get(c.name)).map(([r]) => r);
    const tally = new Map<string, number>();
    for (const c of cases) {
      const k = same(c).join("+") || "none";
      tally.set(k, (tally.get(k) ?? 0) + 1);
    }
    const diffs = cases.filter((c) => same(c).length === 0);
    differing += diffs.length;
    console.log(
      `${id} ${release}: ${cases.length} cases; the same as ${[...tally].map(([k, n]) => `${k}: ${n}`).join(", ")} (${((Date.now() - t) / 1000).toFixed(0)} s)`,
    );
    for (const c of cases.filter((x) => refs.length > 1 && same(x).length === 1))
      console.log(`  as ${same(c)[0]}: ${c.name}`);
    for (const c of diffs) {
      console.log(`  differs from every pinned release: ${c.name}`);
      for (const [r] of refs) console.log(`    ${r}: ${reference.get(r)?.get(c.name)?.slice(0, 1200)}`);
      console.log(`    ${release}: ${got.get(c.name)?.slice(0, 1200)}`);
    }
    if (dir && !opts.keep) rmSync(dir, { recursive: true, force: true });
  }
  return differing > 0 ? 1 : 0;
}
