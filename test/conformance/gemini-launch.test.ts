/**
 * Conformance: the gemini-cli launch model against the pinned Gemini CLI, run offline on small fixture
 * repositories. For each case: the CLI sends exactly `expect` (the settled behaviour), and the model yields
 * the same blocks in the same order, byte for byte, with every inlined import inside its file's block.
 *
 * Time budget: one CLI run costs about 3 s of CPU. Cases that launch at their own git root with no
 * settings, home or extra directories run together: one CLI run from an empty scratch directory with each
 * case's root as an `--include-directories` directory (each workspace directory is searched up to its own
 * project root, and imports resolve per file: the same code path as the working directory, settled by
 * `include_directories_load_their_own_context_up_to_their_project_root`); each case's blocks are the ones
 * under its root.
 */
import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { geminiCli } from "../../src/agents/gemini-cli/index.js";
import { GEMINI_CLI_VERIFIED_VERSION } from "../../src/agents/gemini-cli/release.js";
import type { Snapshot } from "../../src/model/index.js";
import { removeFixtures, writeFixture } from "../support/fixture.js";
import {
  type GeminiBlock,
  type GeminiRun,
  geminiVersion,
  launchBlocks,
  runGemini,
} from "../support/gemini.js";
import { GEMINI_LAUNCH_CASES, type GeminiLaunchCase } from "./gemini-launch.fixtures.js";

interface Outcome {
  root: string;
  run: GeminiRun;
  blocks: GeminiBlock[];
  model: Snapshot;
}

const outcomes = new Map<string, Outcome>();
/** Concurrent CLI runs: each is a Node process of about 3 s CPU; the machine is shared. */
const BATCH = 3;

/** A case that can share a CLI run: launched at its own git root, nothing else set. */
function combinable(c: GeminiLaunchCase): boolean {
  return (
    c.cwd === undefined &&
    c.home === undefined &&
    c.userSettings === undefined &&
    c.addDirs === undefined &&
    JSON.stringify(c.git) === JSON.stringify(["."]) &&
    !Object.keys(c.files ?? {}).some((f) => f.includes(".gemini/"))
  );
}

/** Runs `cases` in one CLI run, each root a workspace directory; the outcome per case. */
async function runTogether(cases: GeminiLaunchCase[]): Promise<Outcome[]> {
  const roots = cases.map((c) => writeFixture(c, "ac-gemini-"));
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), "ac-gemini-cwd-")));
  const run = await runGemini({ cwd: scratch, args: roots.flatMap((r) => ["--include-directories", r]) });
  const all = launchBlocks(run);
  return roots.map((root) => ({
    root,
    run,
    blocks: all.filter((b) => b.path.startsWith(`${root}/`)),
    model: geminiCli.launch({ root, cwd: root }),
  }));
}

async function runCase(c: GeminiLaunchCase): Promise<Outcome> {
  const root = writeFixture(c, "ac-gemini-");
  const cwd = join(root, c.cwd ?? "");
  mkdirSync(cwd, { recursive: true });
  const home = c.home ? join(root, c.home) : undefined;
  const addDirs = (c.addDirs ?? []).map((d) => join(root, d));
  const run = await runGemini({
    cwd,
    ...(home ? { home } : {}),
    ...(c.userSettings ? { userSettings: c.userSettings } : {}),
    args: addDirs.flatMap((d) => ["--include-directories", d]),
  });
  const model = geminiCli.launch({
    root,
    cwd,
    addDirs,
    ...(home ? { view: "user" as const, user: { home, env: {} } } : {}),
  });
  return { root, run, blocks: launchBlocks(run), model };
}

const rel = (root: string, p: string) => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);
const abs = (root: string, p: string) => (isAbsolute(p) ? p : join(root, p));

/** Combinable cases per shared run (the shared runs go in parallel with the single ones). */
const TOGETHER = 12;

beforeAll(async () => {
  const shared = GEMINI_LAUNCH_CASES.filter(combinable);
  const jobs: (() => Promise<void>)[] = [];
  for (let i = 0; i < shared.length; i += TOGETHER) {
    const group = shared.slice(i, i + TOGETHER);
    jobs.push(async () => {
      const results = await runTogether(group);
      group.forEach((c, j) => {
        outcomes.set(c.name, results[j] as Outcome);
      });
    });
  }
  for (const c of GEMINI_LAUNCH_CASES.filter((x) => !combinable(x)))
    jobs.push(async () => {
      outcomes.set(c.name, await runCase(c));
    });
  for (let i = 0; i < jobs.length; i += BATCH) await Promise.all(jobs.slice(i, i + BATCH).map((j) => j()));
}, 900_000);

afterAll(() => removeFixtures());

describe(`Gemini CLI ${GEMINI_CLI_VERIFIED_VERSION} launch context`, () => {
  it("the_pinned_cli_is_the_version_the_model_was_verified_on", () => {
    expect(geminiVersion()).toBe(GEMINI_CLI_VERIFIED_VERSION);
  });

  it("has_at_least_forty_fixture_repositories", () => {
    expect(GEMINI_LAUNCH_CASES.length).toBeGreaterThanOrEqual(40);
  });

  for (const c of GEMINI_LAUNCH_CASES) {
    it(c.name, () => {
      const o = outcomes.get(c.name) as Outcome;
      expect(o.run.mainRequests.length, o.run.stderr.slice(0, 2000)).toBeGreaterThan(0);
      // The CLI against the settled expectation.
      expect(o.blocks.map((b) => rel(o.root, b.path))).toEqual(c.expect);
      // The model against the CLI: same files, same order, same bytes.
      const memory = o.model.items.filter((it) => it.importedBy === null && it.kind === "memory");
      expect(memory.map((it) => ({ path: abs(o.root, it.path), block: o.model.texts.get(it.path) }))).toEqual(
        o.blocks.map((b) => ({ path: b.path, block: b.block })),
      );
      // Charged bytes plus the machine-dependent framing (absolute paths) are the block's bytes as sent.
      for (const it of memory)
        expect(it.bytes + (it.framingBytes ?? 0)).toBe(
          Buffer.byteLength(o.model.texts.get(it.path) ?? "", "utf8"),
        );
      // Every inlined import sits inside its importer's top-level block, and is never charged.
      for (const it of o.model.items.filter((x) => x.importedBy !== null)) {
        expect(it.charged).toBe(false);
        const text = o.model.texts.get(it.path) ?? "";
        expect(o.blocks.some((b) => b.block.includes(text))).toBe(true);
      }
    });
  }
});
