/**
 * The copilot-cli model on real repositories (../shared/corpus): each repository is copied to a temporary
 * git repository and the pinned Copilot CLI is run at its root; the model's instruction part of the system
 * message must equal the CLI's byte for byte (blocks, always-on instruction files, the table of scoped ones).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CORPUS_DIR as CORPUS } from "../../scripts/corpus.mjs";
import { copilotLaunch } from "../../src/agents/copilot-cli/launch.js";
import { tempDir } from "../support/codex-layout.js";
import { type CopilotRun, pool, runCopilot } from "../support/copilot.js";

const hasCorpus = existsSync(CORPUS);
const repos = hasCorpus ? readdirSync(CORPUS).filter((d) => statSync(join(CORPUS, d)).isDirectory()) : [];
const ran = new Map<string, { dest: string; run: CopilotRun }>();

describe.skipIf(!hasCorpus)("copilot-cli over the shared corpus (the pinned Copilot CLI, offline)", () => {
  beforeAll(async () => {
    const results = await pool(
      repos.map((repo) => async () => {
        const dest = join(tempDir("ac-cp-corpus-"), repo);
        cpSync(join(CORPUS, repo), dest, { recursive: true, verbatimSymlinks: true });
        execFileSync("git", ["init", "-q", dest]);
        return { dest, run: await runCopilot({ cwd: dest }) };
      }),
      3,
    );
    for (const [i, r] of repos.entries()) ran.set(r, results[i] as { dest: string; run: CopilotRun });
  }, 600_000);

  it("repositories_with_copilot_instructions_send_them_first", () => {
    const withCi = repos.filter((r) => existsSync(join(CORPUS, r, ".github/copilot-instructions.md")));
    expect(withCi.length).toBeGreaterThanOrEqual(5);
    for (const r of withCi) {
      const launch = copilotLaunch({ root: join(CORPUS, r), assumeRootIsGitRoot: true });
      expect(launch.items[0]?.path).toBe(".github/copilot-instructions.md");
    }
  });

  for (const repo of repos) {
    it(`${repo.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}_launch_matches_the_cli`, () => {
      const r = ran.get(repo);
      const launch = copilotLaunch({ root: r?.dest as string });
      if (`${r?.run.stdout}${r?.run.stderr}`.includes("exceed the model's usable context budget")) {
        // The CLI refuses to start a turn (me2resh__apexyard: 335870 bytes); the model measures it whole.
        expect(r?.run.code).toBe(1);
        expect(launch.items.filter((i) => i.charged).reduce((n, i) => n + i.bytes, 0)).toBeGreaterThan(
          200_000,
        );
        return;
      }
      expect(r?.run.code, r?.run.stderr).toBe(0);
      expect(launch.region).toBe(r?.run.region);
    });
  }
});
