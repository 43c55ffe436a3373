/**
 * Conformance: the gemini-cli launch model against the pinned Gemini CLI, run offline on small fixture
 * repositories. For each case: the CLI sends exactly `expect` (the settled behaviour), and the model yields
 * the same blocks in the same order, byte for byte, with every inlined import inside its file's block.
 */
import { mkdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GEMINI_CLI_VERIFIED_VERSION, geminiCli } from "../../src/agents/gemini-cli/index.js";
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

beforeAll(async () => {
  for (let i = 0; i < GEMINI_LAUNCH_CASES.length; i += BATCH) {
    const batch = GEMINI_LAUNCH_CASES.slice(i, i + BATCH);
    const results = await Promise.all(batch.map(runCase));
    batch.forEach((c, j) => {
      outcomes.set(c.name, results[j] as Outcome);
    });
  }
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
      const memory = o.model.items.filter((it) => it.importedBy === null);
      expect(memory.map((it) => ({ path: abs(o.root, it.path), block: o.model.texts.get(it.path) }))).toEqual(
        o.blocks.map((b) => ({ path: b.path, block: b.block })),
      );
      for (const it of memory)
        expect(it.bytes).toBe(Buffer.byteLength(o.model.texts.get(it.path) ?? "", "utf8"));
      // Every inlined import sits inside its importer's top-level block, and is never charged.
      for (const it of o.model.items.filter((x) => x.importedBy !== null)) {
        expect(it.charged).toBe(false);
        const text = o.model.texts.get(it.path) ?? "";
        expect(o.blocks.some((b) => b.block.includes(text))).toBe(true);
      }
    });
  }
});
