/**
 * Conformance on real repositories: each repository of ../shared/corpus (real projects' agent files) is
 * copied to a temp dir, launched with the pinned CLI, and compared with claudeLaunchSet byte for byte.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORPUS_DIR as CORPUS } from "../../scripts/corpus.mjs";
import { claudeLaunchSet } from "../../src/agents/claude-code/index.js";
import { launchFiles, runClaude } from "../support/claude.js";

const repos = existsSync(CORPUS) ? readdirSync(CORPUS).filter((n) => n.includes("__")) : [];
const roots: string[] = [];
const outcomes = new Map<
  string,
  { cli: { path: string; text: string }[]; model: { path: string; text?: string }[] }
>();

beforeAll(async () => {
  for (let i = 0; i < repos.length; i += 4) {
    await Promise.all(
      repos.slice(i, i + 4).map(async (name) => {
        const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-corpus-")));
        roots.push(root);
        cpSync(join(CORPUS, name), root, { recursive: true, verbatimSymlinks: true });
        const cli = launchFiles(await runClaude({ cwd: root })).map((s) => ({ path: s.path, text: s.text }));
        const m = claudeLaunchSet({ root });
        const model = m.items.map((it) => ({
          path: isAbsolute(it.path) ? it.path : join(root, it.path),
          text: m.texts.get(it.path),
        }));
        outcomes.set(name, { cli, model });
      }),
    );
  }
}, 600_000);

describe.skipIf(repos.length === 0)("Claude Code launch set on the real corpus", () => {
  for (const name of repos) {
    it(`${name.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}_loads_the_same_files_and_bytes_as_the_cli`, () => {
      const o = outcomes.get(name);
      expect(o?.model).toEqual(o?.cli);
    });
  }
});

afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});
