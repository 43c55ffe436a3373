/**
 * `verify` (the library pipeline the command runs) on repositories of the shared corpus, straight from the
 * read-only corpus (verify writes nothing into a repository), with both pinned Claude Code releases and the
 * pinned Codex. verify-corpus.test.ts (`npm test`) runs {@link VERIFY_CORPUS_SAMPLE}, the long tier's
 * verify-corpus-long.test.ts every repository.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CORPUS_DIR as CORPUS } from "../../scripts/corpus.mjs";
import { agentById } from "../../src/agents/index.js";
import { type VerifyReport, verifyRepository } from "../../src/app/verify.js";
import type { AgentModel } from "../../src/model/index.js";
import { claudeBin } from "../support/claude.js";
import { codexBin } from "../support/codex.js";
import { seededPick } from "../support/tier-sample.js";

/** Every corpus repository (`owner__name` folders), sorted. */
export const CORPUS_REPOS = existsSync(CORPUS)
  ? readdirSync(CORPUS)
      .filter((n) => n.includes("__"))
      .sort()
  : [];
/** Corpus repositories whose only Claude Code memory is AGENTS.md, which 2.1.197 does not load. */
const AGENTS_MD_ONLY = ["Azure__azure-dev", "dotnet__msbuild"];
/**
 * The sample of `npm test`: five repositories chosen by a fixed seed, one of them a repository whose only
 * Claude Code memory is AGENTS.md (where 2.1.197 differs).
 */
export const VERIFY_CORPUS_SAMPLE = seededPick(CORPUS_REPOS, 5, 28, AGENTS_MD_ONLY.slice(0, 1));

const claude = agentById("claude-code");
const codex = agentById("codex");
const runs: { key: string; agent: AgentModel; bin: () => string }[] = [
  { key: "2.1.332", agent: claude, bin: () => claudeBin("2.1.332") },
  { key: "2.1.197", agent: claude, bin: () => claudeBin("2.1.197") },
  { key: "codex", agent: codex, bin: () => codexBin() },
];
const reports = new Map<string, VerifyReport>();
const errors = new Map<string, string>();

/** The tests of `repos`: each verified by the three CLIs, three at a time, before the tests read them. */
export function verifyCorpusSuite(repos: readonly string[]): void {
  beforeAll(async () => {
    const jobs = repos.flatMap((repo) => runs.map((r) => ({ repo, ...r })));
    const worker = async () => {
      for (let j = jobs.shift(); j; j = jobs.shift()) {
        const root = join(CORPUS, j.repo);
        try {
          reports.set(
            `${j.key}:${j.repo}`,
            await verifyRepository({ agent: j.agent, cli: j.bin(), root, cwd: root }),
          );
        } catch (e) {
          errors.set(`${j.key}:${j.repo}`, (e as Error).message);
        }
      }
    };
    await Promise.all([worker(), worker(), worker()]);
  }, 600_000);

  describe.skipIf(repos.length === 0)("verify on the shared corpus", () => {
    for (const repo of repos) {
      const name = repo.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase();
      it(`${name}_claude_code_2_1_332_agrees_with_the_model`, () => {
        expect(errors.get(`2.1.332:${repo}`)).toBeUndefined();
        const r = reports.get(`2.1.332:${repo}`);
        expect(r?.disagreements).toEqual([]);
        expect(r?.model).toEqual({ release: "2.1.332", exact: true, chosen: "detected", basis: "verified" });
        expect(r?.traffic).toEqual({ loopback: [], refused: [] });
      });

      it(`${name}_claude_code_2_1_197_agrees_with_the_model_of_its_release_or_differs_only_where_2_1_197_differs`, () => {
        expect(errors.get(`2.1.197:${repo}`)).toBeUndefined();
        const r = reports.get(`2.1.197:${repo}`) as VerifyReport;
        expect(r.cli.release).toBe("2.1.197");
        expect(r.traffic.refused).toEqual([]);
        if (claude.releases.includes("2.1.197")) {
          expect(r.model.exact).toBe(true);
          expect(r.disagreements).toEqual([]);
        } else {
          // Compared with the nearest known release (2.1.332), said so; AGENTS.md is the only difference.
          expect(r.model).toEqual({ release: "2.1.332", exact: false, chosen: "detected" });
          expect(r.disagreements.map((d) => [d.kind, d.file])).toEqual(
            AGENTS_MD_ONLY.includes(repo) ? [["extra", "AGENTS.md"]] : [],
          );
        }
      });

      it(`${name}_codex_agrees_with_the_model`, () => {
        expect(errors.get(`codex:${repo}`)).toBeUndefined();
        const r = reports.get(`codex:${repo}`);
        expect(r?.disagreements).toEqual([]);
        expect(r?.traffic).toEqual({ loopback: [], refused: [] });
      });
    }
  });
}
