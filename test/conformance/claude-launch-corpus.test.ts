/**
 * Conformance on real repositories: each repository of ../shared/corpus (real projects' agent files) is
 * copied to a temp dir once, launched with every pinned Claude Code release, and compared with
 * claudeLaunchSet of that release byte for byte.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORPUS_DIR as CORPUS } from "../../scripts/corpus.mjs";
import { claudeLaunchSet } from "../../src/agents/claude-code/launch.js";
import { claudeReleases, launchFiles, runClaude } from "../support/claude.js";

const RELEASES = claudeReleases();
const repos = existsSync(CORPUS) ? readdirSync(CORPUS).filter((n) => n.includes("__")) : [];
const roots: string[] = [];
const outcomes = new Map<
  string,
  { cli: { path: string; text: string }[]; model: { path: string; text?: string }[] }
>();

beforeAll(async () => {
  const jobs = repos.flatMap((name) => RELEASES.map((release) => [name, release] as const));
  const copies = new Map<string, string>();
  for (const name of repos) {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-corpus-")));
    roots.push(root);
    cpSync(join(CORPUS, name), root, { recursive: true, verbatimSymlinks: true });
    copies.set(name, root);
  }
  for (let i = 0; i < jobs.length; i += 4) {
    await Promise.all(
      jobs.slice(i, i + 4).map(async ([name, release]) => {
        const root = copies.get(name) as string;
        const run = await runClaude({ cwd: root, release });
        const cli = launchFiles(run).map((s) => ({ path: s.path, text: s.text }));
        const m = claudeLaunchSet({ root, release });
        // The memory sections (skills, commands, subagents and the output style are lists of their own,
        // compared entry by entry in sources-corpus.test.ts).
        const listed = new Set(["skill", "command", "subagent", "output-style"]);
        const model = m.items
          .filter((it) => !listed.has(it.kind))
          .map((it) => ({
            path: isAbsolute(it.path) ? it.path : join(root, it.path),
            text: m.texts.get(it.path),
          }));
        outcomes.set(`${release} ${name}`, { cli, model });
      }),
    );
  }
}, 1_200_000);

for (const release of RELEASES) {
  describe.skipIf(repos.length === 0)(`Claude Code ${release} launch set on the real corpus`, () => {
    for (const name of repos) {
      it(`${name.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}_loads_the_same_files_and_bytes_as_the_cli`, () => {
        const o = outcomes.get(`${release} ${name}`);
        expect(o?.model).toEqual(o?.cli);
      });
    }
  });
}

afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});
