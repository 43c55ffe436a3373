/**
 * One differential check: write a generated case, run the pinned real CLI on it (launch, then one read per
 * scripted turn) and the model (`launch`, then `onDemand(snapshot).read`), and compare the launch set
 * (path, label, text byte for byte, order) and each read's attachments. The agent is a {@link FuzzAgent}
 * (./agents.ts); Claude Code's ({@link claudeAgent}, defined here) is the default.
 */
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
import { join, resolve } from "node:path";
import { claudeCode } from "../../../src/agents/claude-code/index.js";
import { attachedPerTurn, claudeListEntries, runClaudeCli } from "../../../src/agents/claude-code/verify.js";
import { releaseBasisOf } from "../../../src/agents/release.js";
import {
  CLAUDE_LABELS,
  claudeReleases,
  launchFiles,
  type RunClaudeOptions,
  runClaude,
} from "../../support/claude.js";
import { writeFixture } from "../../support/fixture.js";
import { agentSlots } from "../../support/process.js";
import { logSession } from "../../support/session-log.js";
import type { FuzzAgent } from "./agents.js";
import { FUZZ_FOUND_CASES } from "./found.js";
import { FOLDER_FILE, type FuzzCase, generateCase, RAW_BYTES } from "./generate.js";

/** One loaded file as both sides report it (absolute path; `label` only at launch). */
export interface Loaded {
  path: string;
  label?: string;
  text: string;
}

/** What one side loaded: the launch set and, per read, the attachments in order. */
export interface Observation {
  launch: Loaded[];
  reads: Loaded[][];
  /**
   * Optional whole texts as sent (e.g. Copilot's instruction part of the system message, then each
   * reminder message), compared byte for byte after the files: framing the per-file lists do not show.
   */
  messages?: string[];
  /**
   * The entries of the lists skills, commands and subagents add (`LIST: TEXT`, each list in the agent's
   * order, the CLI's own entries left out), compared in order after the files.
   */
  entries?: string[];
}

/** The outcome of one case. */
export interface Verdict {
  case: FuzzCase;
  /** The release the model answered for (the case's, or the model's default when it does not know it). */
  modelRelease: string;
  cli?: Observation;
  model?: Observation;
  /** Human-readable differences; empty when the model agrees with the CLI. */
  diffs: string[];
  /** The harness failed (the CLI sent no request, a timeout): not a disagreement. */
  error?: string;
  /** Wall time of the CLI run, in ms. */
  ms: number;
}

/** Where a written case lives. */
export interface Written {
  root: string;
  cwd: string;
  home: string;
  configDir: string;
}

/**
 * Claude Code releases installed beside the pinned ones, release → binary: `claude-V/node_modules/
 * @anthropic-ai/claude-code` under `$AC_CLAUDE_RELEASES_DIR` (the layout of the bisection's scratch
 * directory, test/support/claude-bisect.ts), kept when the model knows the release (src/agents/release.ts)
 * and the binary is not npm's stub. Opt-in, so that the fixed-seed CI files draw the pinned releases only
 * and give the same cases on every machine.
 */
export function installedClaudeReleases(): Map<string, string> {
  const out = new Map<string, string>();
  const dir = process.env.AC_CLAUDE_RELEASES_DIR;
  if (!dir || !existsSync(dir)) return out;
  const pinned = new Set(claudeReleases());
  for (const name of readdirSync(dir).sort()) {
    const m = /^claude-(\d+\.\d+\.\d+)$/.exec(name);
    const release = m?.[1];
    if (!release || pinned.has(release) || releaseBasisOf(claudeCode, release) === undefined) continue;
    const pkg = join(dir, name, "node_modules/@anthropic-ai/claude-code");
    try {
      const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as {
        version?: string;
        bin?: { claude?: string };
      };
      const bin = join(pkg, manifest.bin?.claude ?? "bin/claude.exe");
      if (manifest.version === release && statSync(bin).size > 1_000_000) out.set(release, bin);
    } catch {
      // not a complete install
    }
  }
  return out;
}

/** The pinned releases, then those {@link installedClaudeReleases} finds: the releases a case may draw. */
export function claudeFuzzReleases(): string[] {
  return [...claudeReleases(), ...installedClaudeReleases().keys()];
}

/** Runs a pinned release, or one {@link installedClaudeReleases} found, by its binary. */
function runClaudeRelease(opts: RunClaudeOptions): ReturnType<typeof runClaude> {
  const bin = opts.release ? installedClaudeReleases().get(opts.release) : undefined;
  if (!bin) return runClaude(opts);
  const { release: _release, ...rest } = opts;
  logSession("claude-code", opts.release ?? "", rest);
  return runClaudeCli({ ...rest, bin });
}

/** Writes the case into a fresh temp directory (real path). */
export function writeCase(c: FuzzCase): Written {
  // Two markers (./generate.ts): raw bytes (`rawBytes`) and a folder (`FOLDER_FILE`) where a file is expected.
  const files: Record<string, string | Buffer | null> = {};
  for (const [p, t] of Object.entries(c.files))
    files[p] =
      t === FOLDER_FILE ? null : t.startsWith(RAW_BYTES) ? Buffer.from(t.slice(RAW_BYTES.length), "hex") : t;
  const root = writeFixture({ files, links: c.links, git: c.git }, "ac-fuzz-");
  const cwd = join(root, c.cwd);
  const home = join(root, c.home);
  const configDir = join(root, ".cfg");
  for (const d of [cwd, home, configDir]) mkdirSync(d, { recursive: true });
  return { root, cwd, home, configDir };
}

/** Runs the real CLI on a written case. Throws when the CLI did not play the whole script. */
export async function observeCli(c: FuzzCase, w: Written): Promise<Observation> {
  const run = await runClaudeRelease({
    cwd: w.cwd,
    home: w.home,
    configDir: w.configDir,
    release: c.release,
    env: c.env,
    script: c.reads.map((r) => [{ type: "tool_use", name: "Read", input: { file_path: join(w.root, r) } }]),
    args: [
      "--permission-mode",
      "acceptEdits",
      "--allowedTools",
      "Read,Write,Edit,Bash",
      ...c.addDirs.flatMap((d) => ["--add-dir", join(w.root, d)]),
    ],
    timeoutMs: 120_000,
  });
  if (run.mainRequests.length !== c.reads.length + 1) {
    throw new Error(
      `expected ${c.reads.length + 1} main requests, got ${run.mainRequests.length} (exit ${run.code}): ${run.stderr.slice(0, 500)}`,
    );
  }
  // The one parser of what the CLI sent (the verify runner's: it reads both releases' formats).
  const launch = launchFiles(run).map((s) => ({ path: s.path, label: s.label, text: s.text }));
  const reads: Loaded[][] = attachedPerTurn(run).map((t) => t.map((f) => ({ path: f.path, text: f.text })));
  while (reads.length < c.reads.length) reads.push([]);
  const own = await builtIns(c.release);
  const all = claudeListEntries(run.mainRequests[0]?.body)
    .map((e) => `${e.list}: ${e.text}`)
    .filter((e) => !own.has(e));
  // Each list in its own order, the subagents first (as the model's side).
  const entries = [
    ...all.filter((e) => e.startsWith("agents: ")),
    ...all.filter((e) => e.startsWith("skills: ")),
  ];
  return { launch, reads, entries };
}

/** The CLI's own list entries per release: those it lists in an empty folder with an empty home. */
const builtInRuns = new Map<string, Promise<Set<string>>>();

function builtIns(release: string): Promise<Set<string>> {
  const known = builtInRuns.get(release);
  if (known) return known;
  const made = (async () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), "ac-fuzz-builtin-")));
    try {
      const home = join(base, "h");
      const cwd = join(base, "w");
      mkdirSync(cwd, { recursive: true });
      mkdirSync(join(home, ".cfg"), { recursive: true });
      const run = await runClaudeRelease({
        cwd,
        home,
        configDir: join(home, ".cfg"),
        release,
        timeoutMs: 120_000,
      });
      if (!run.mainRequests[0])
        throw new Error(`the baseline run sent no request: ${run.stderr.slice(0, 300)}`);
      return new Set(claudeListEntries(run.mainRequests[0].body).map((e) => `${e.list}: ${e.text}`));
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  })();
  builtInRuns.set(release, made);
  made.catch(() => builtInRuns.delete(release));
  return made;
}

/** The item kinds Claude Code sends as a memory file's section (the other kinds are list entries). */
const SECTION_KINDS: ReadonlySet<string> = new Set(["memory", "import", "rule", "local"]);

/**
 * Runs `f` with HOME set to `home`. The fresh-clone view resolves `~/` imports against the machine's home
 * (os.homedir(), which reads HOME), and the CLI ran with HOME=`home`; the model calls are synchronous, so
 * no other case runs in between.
 */
function withHome<T>(home: string, f: () => T): T {
  const saved = process.env.HOME;
  process.env.HOME = home;
  try {
    return f();
  } finally {
    if (saved === undefined) delete process.env.HOME;
    else process.env.HOME = saved;
  }
}

/**
 * The release the model answers for: the case's when the model knows it (verified, or between the
 * verified ones through its release ranges), else its default.
 */
export function modelReleaseFor(release: string): string {
  return releaseBasisOf(claudeCode, release) !== undefined ? release : (claudeCode.releases[0] as string);
}

/** Runs the model on a written case. */
export function observeModel(c: FuzzCase, w: Written): Observation {
  return withHome(w.home, () => {
    // The user view with the CLI's own home, config dir and environment: the user layer, the user's and
    // the local settings and the switches apply on both sides.
    const snapshot = claudeCode.launch({
      root: w.root,
      cwd: w.cwd,
      release: modelReleaseFor(c.release),
      view: "user",
      user: { home: w.home, env: { HOME: w.home, CLAUDE_CONFIG_DIR: w.configDir, ...c.env } },
      addDirs: c.addDirs.map((d) => join(w.root, d)),
    });
    // The CLI labels a file by the layer of the memory file or rule its import chain starts from.
    const byPath = new Map(snapshot.items.map((it) => [it.path, it]));
    const fromUserLayer = (path: string): boolean => {
      const seen = new Set<string>();
      let p: string | null = path;
      while (p !== null && !seen.has(p)) {
        if (resolve(w.root, p).startsWith(`${w.configDir}/`)) return true;
        seen.add(p);
        p = byPath.get(p)?.importedBy ?? null;
      }
      return false;
    };
    const launch = snapshot.items
      .filter((it) => SECTION_KINDS.has(it.kind))
      .map((it) => ({
        path: resolve(w.root, it.path),
        label: fromUserLayer(it.path)
          ? CLAUDE_LABELS.user
          : it.charged
            ? CLAUDE_LABELS.project
            : CLAUDE_LABELS.local,
        text: snapshot.texts.get(it.path) ?? "",
      }));
    const session = claudeCode.onDemand?.(snapshot);
    const reads = c.reads.map((r) => {
      if (!session) return [];
      const res = session.read(join(w.root, r));
      return res.items.map((it) => ({ path: resolve(w.root, it.path), text: res.texts.get(it.path) ?? "" }));
    });
    // The lists' entries, each list in the model's order: the subagents, then the skills list.
    const listed = (list: string) =>
      snapshot.items.flatMap((it) =>
        it.extra?.list === list && typeof it.extra.entry === "string" ? [`${list}: ${it.extra.entry}`] : [],
      );
    return { launch, reads, entries: [...listed("agents"), ...listed("skills")] };
  });
}

const show = (root: string, l: Loaded) =>
  `${l.path.replace(`${root}/`, "")}${l.label ? ` (${l.label})` : ""}`;
const clip = (s: string) => JSON.stringify(s.length > 120 ? `${s.slice(0, 120)}…` : s);

/** The differences between two lists of loaded files, as lines. */
function diffList(root: string, what: string, cli: Loaded[], model: Loaded[]): string[] {
  if (JSON.stringify(cli) === JSON.stringify(model)) return [];
  const out: string[] = [];
  const key = (l: Loaded) => l.path;
  const modelKeys = new Set(model.map(key));
  const cliKeys = new Set(cli.map(key));
  for (const l of cli)
    if (!modelKeys.has(key(l))) out.push(`${what}: the CLI loads ${show(root, l)}; the model does not`);
  for (const l of model)
    if (!cliKeys.has(key(l))) out.push(`${what}: the model loads ${show(root, l)}; the CLI does not`);
  for (const l of cli) {
    const m = model.find((x) => x.path === l.path);
    if (!m) continue;
    if (m.text !== l.text)
      out.push(`${what}: text of ${show(root, l)}: CLI ${clip(l.text)}, model ${clip(m.text)}`);
    if (m.label !== l.label) out.push(`${what}: label of ${show(root, l)}: CLI ${l.label}, model ${m.label}`);
  }
  if (out.length === 0) {
    out.push(
      `${what}: order: CLI [${cli.map((l) => show(root, l)).join(", ")}], model [${model.map((l) => show(root, l)).join(", ")}]`,
    );
  }
  return out;
}

/** Every difference between the CLI's and the model's observation of one case. */
export function compare(root: string, c: FuzzCase, cli: Observation, model: Observation): string[] {
  const out = diffList(root, "launch", cli.launch, model.launch);
  c.reads.forEach((r, i) => {
    out.push(...diffList(root, `read ${i + 1} (${r})`, cli.reads[i] ?? [], model.reads[i] ?? []));
  });
  if (cli.entries && model.entries && cli.entries.join("\n") !== model.entries.join("\n")) {
    const c2 = cli.entries;
    const m2 = model.entries;
    for (const e of c2) if (!m2.includes(e)) out.push(`launch: the CLI lists ${clip(e)}; the model does not`);
    for (const e of m2) if (!c2.includes(e)) out.push(`launch: the model lists ${clip(e)}; the CLI does not`);
    if (c2.every((e) => m2.includes(e)) && m2.every((e) => c2.includes(e)))
      out.push(`launch: entry order: CLI [${c2.map(clip).join(", ")}], model [${m2.map(clip).join(", ")}]`);
  }
  if (out.length === 0 && cli.messages && model.messages) {
    cli.messages.forEach((m, i) => {
      const mm = model.messages?.[i] ?? "";
      if (m === mm) return;
      let k = 0;
      while (k < m.length && m[k] === mm[k]) k++;
      const where = i === 0 ? "launch" : `read ${i} (${c.reads[i - 1]})`;
      out.push(`${where}: message framing at byte ${k}: CLI ${clip(m.slice(k))}, model ${clip(mm.slice(k))}`);
    });
  }
  return out;
}

/** Claude Code's fuzz agent: the generator, harness and model comparison of this file and ./generate.ts. */
export const claudeAgent: FuzzAgent = {
  model: claudeCode,
  releases: claudeFuzzReleases,
  modelRelease: modelReleaseFor,
  generate: (seed, o) => generateCase(seed, o),
  observeCli,
  observeModel,
  found: FUZZ_FOUND_CASES,
};

/**
 * Checks one case end to end with `opts.agent` (default Claude Code); removes its fixture unless `keep`.
 * A harness error is retried once.
 */
export async function checkCase(
  c: FuzzCase,
  opts: { keep?: boolean; agent?: FuzzAgent } = {},
): Promise<Verdict & { root: string }> {
  const agent = opts.agent ?? claudeAgent;
  const w = writeCase(c);
  const modelRelease = agent.modelRelease(c.release);
  const t0 = Date.now();
  try {
    let cli: Observation;
    try {
      cli = await agent.observeCli(c, w);
    } catch {
      cli = await agent.observeCli(c, w);
    }
    const ms = Date.now() - t0;
    let model: Observation;
    try {
      model = agent.observeModel(c, w);
    } catch (e) {
      return {
        case: c,
        modelRelease,
        cli,
        diffs: [`the model threw: ${(e as Error).stack ?? e}`],
        ms,
        root: w.root,
      };
    }
    return { case: c, modelRelease, cli, model, diffs: compare(w.root, c, cli, model), ms, root: w.root };
  } catch (e) {
    return {
      case: c,
      modelRelease,
      diffs: [],
      error: (e as Error).message,
      ms: Date.now() - t0,
      root: w.root,
    };
  } finally {
    if (!opts.keep) rmSync(w.root, { recursive: true, force: true });
  }
}

/** Maps `items` through `f` with at most `n` in flight, results in input order. */
export async function pool<T, R>(
  items: readonly T[],
  n: number,
  f: (t: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(agentSlots(n), items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await f(items[i] as T, i);
      }
    }),
  );
  return out;
}
