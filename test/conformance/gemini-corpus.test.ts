/**
 * Conformance on real repositories (../shared/corpus): each repository is materialised in a temp dir as a
 * git work tree and launched with the pinned Gemini CLI from its root, every directory below it that holds
 * a GEMINI.md given as `--include-directories` (so one run covers a launch in each of them); the model
 * with the same `addDirs` must send the same blocks, byte for byte. Repositories without a GEMINI.md share
 * one run (each root a workspace directory). Skipped when the corpus is absent.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORPUS_DIR, corpusPresent, corpusRepos, materialize } from "../../scripts/corpus.mjs";
import { geminiCli } from "../../src/agents/gemini-cli/index.js";
import { walkFiles } from "../../src/fs/walk.js";
import { type GeminiBlock, launchBlocks, runGemini } from "../support/gemini.js";

const present = corpusPresent();
const repos = present ? corpusRepos() : [];
const cleanups: (() => void)[] = [];
const outcomes = new Map<string, { cli: GeminiBlock[]; model: GeminiBlock[]; dirs: number }>();

/** Directories (absolute) below `root` holding a GEMINI.md, the root excluded. */
function geminiDirs(root: string): string[] {
  const { files } = walkFiles(root, {
    enterDir: (_r, name) => name !== ".git",
    includeFile: (_rel, name) => name === "GEMINI.md",
  });
  return [...new Set(files.map((f) => join(root, f.rel, "..")))].filter((d) => d !== root).sort();
}

function modelBlocks(root: string, addDirs: string[]): GeminiBlock[] {
  const s = geminiCli.launch({ root, cwd: root, addDirs });
  return s.items
    .filter((i) => i.importedBy === null && i.kind === "memory")
    .map((i) => ({
      path: isAbsolute(i.path) ? i.path : join(root, i.path),
      block: s.texts.get(i.path) ?? "",
    }));
}

beforeAll(async () => {
  const copies = repos.map((name) => {
    const m = materialize(name);
    cleanups.push(m.cleanup);
    const root = realpathSync(m.dir);
    execFileSync("git", ["init", "-q"], { cwd: root });
    return { name, root, dirs: geminiDirs(root) };
  });
  const own = copies.filter(
    (c) =>
      c.dirs.length > 0 ||
      walkFiles(c.root).files.some((f) => f.rel === "GEMINI.md" || f.rel === ".gemini/settings.json"),
  );
  const rest = copies.filter((c) => !own.includes(c));
  const jobs: (() => Promise<void>)[] = own.map((c) => async () => {
    const run = await runGemini({ cwd: c.root, args: c.dirs.flatMap((d) => ["--include-directories", d]) });
    outcomes.set(c.name, { cli: launchBlocks(run), model: modelBlocks(c.root, c.dirs), dirs: c.dirs.length });
  });
  jobs.push(async () => {
    const scratch = realpathSync(mkdtempSync(join(tmpdir(), "ac-gemini-corpus-cwd-")));
    cleanups.push(() => execFileSync("rm", ["-rf", scratch]));
    const run = await runGemini({
      cwd: scratch,
      args: rest.flatMap((c) => ["--include-directories", c.root]),
    });
    const all = launchBlocks(run);
    for (const c of rest)
      outcomes.set(c.name, {
        cli: all.filter((b) => b.path.startsWith(`${c.root}/`)),
        model: modelBlocks(c.root, []),
        dirs: 0,
      });
  });
  await Promise.all(jobs.map((j) => j()));
}, 600_000);

afterAll(() => {
  for (const c of cleanups) c();
});

describe.skipIf(!present)(`Gemini CLI launch context on the real corpus (${CORPUS_DIR})`, () => {
  it("the_corpus_has_repositories_with_gemini_md", () => {
    expect([...outcomes.values()].filter((o) => o.cli.length > 0).length).toBeGreaterThanOrEqual(2);
  });
  for (const name of repos) {
    it(`${name.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}_sends_the_same_blocks_and_bytes_as_the_cli`, () => {
      const o = outcomes.get(name);
      expect(o?.model).toEqual(o?.cli);
    });
  }
});
