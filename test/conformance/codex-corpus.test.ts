/**
 * The codex model on real repositories' agent files (../shared/corpus): structural facts per working
 * directory, and for a sample of directories per repository a byte-for-byte comparison with the pinned
 * Codex CLI run on a temporary git copy of the repository (the corpus has no .git; Codex needs one to
 * find the project root, so the model runs with assumeRootIsProject and the copy gets `git init`).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CORPUS_DIR as CORPUS } from "../../scripts/corpus.mjs";
import { codexChain } from "../../src/agents/codex/chain.js";
import { type CodexDirRow, codexChainsByDir, rowsWithChain } from "../../src/agents/codex-dirs.js";
import { runCodex } from "../support/codex.js";
import { tempDir } from "../support/codex-layout.js";

const hasCorpus = existsSync(CORPUS);
const repos = hasCorpus ? readdirSync(CORPUS).filter((d) => statSync(join(CORPUS, d)).isDirectory()) : [];

const byRepo = new Map<string, CodexDirRow[]>();
for (const r of repos) byRepo.set(r, codexChainsByDir({ root: join(CORPUS, r), assumeRootIsProject: true }));

function row(repo: string, cwd: string) {
  const r = byRepo.get(repo)?.find((x) => x.cwd === cwd);
  if (!r) throw new Error(`${repo}: no row for ${cwd}`);
  return r.result;
}

describe.skipIf(!hasCorpus)("codex chains over the shared corpus", () => {
  it("every_repository_with_an_agents_md_gets_per_directory_rows", () => {
    const withChain = repos.filter((r) => rowsWithChain(byRepo.get(r) ?? []).length > 0);
    expect(withChain.sort()).toEqual([
      "Azure__azure-dev",
      "Cratis__Chronicle",
      "Effect-TS__effect-smol",
      "Mr-DooSun__fastapi-agent-blueprint",
      "NVIDIA__cccl",
      "TechNickAI__ai-coding-config",
      "biomejs__biome",
      "bytedance__deer-flow",
      "clerk__cli",
      "dotnet__msbuild",
      "getsentry__sentry-javascript",
      "langfuse__langfuse",
      "me2resh__apexyard",
      "microsoft__agent-framework",
      "open-mercato__open-mercato",
      "openai__openai-agents-python",
      "pydantic__pydantic-ai",
      "triggerdotdev__trigger.dev",
    ]);
  });

  it("open_mercato_chains_over_32_kib_are_flagged_truncated_at_the_nested_file", () => {
    expect(row("open-mercato__open-mercato", ".").truncated).toBeNull();
    const core = row("open-mercato__open-mercato", "packages/core");
    expect(core.budget).toMatchObject({ maxBytes: 32768, usedBytes: 32768 });
    expect(core.truncated?.file).toBe("packages/core/AGENTS.md");
    // A module under packages/core: its own AGENTS.md never arrives at all.
    const auth = row("open-mercato__open-mercato", "packages/core/src/modules/auth");
    expect(auth.items.at(-1)).toMatchObject({ path: "packages/core/src/modules/auth/AGENTS.md", bytes: 0 });
    expect(auth.truncated?.lostBytes.map((l) => l.file)).toEqual([
      "packages/core/AGENTS.md",
      "packages/core/src/modules/auth/AGENTS.md",
    ]);
    for (const { result } of byRepo.get("open-mercato__open-mercato") ?? []) {
      const fileTotal = result.items.reduce((s, i) => s + i.fileBytes, 0);
      expect(result.truncated !== null).toBe(fileTotal > 32768);
    }
  });

  it("pydantic_ai_tests_chain_is_truncated_and_the_root_is_not", () => {
    expect(row("pydantic__pydantic-ai", ".").truncated).toBeNull();
    const t = row("pydantic__pydantic-ai", "tests");
    expect(t.items.map((i) => i.path)).toEqual(["AGENTS.md", "tests/AGENTS.md"]);
    expect(t.truncated).toMatchObject({ file: "tests/AGENTS.md", totalLostBytes: 15525 + 20903 - 32768 });
  });

  it("a_single_root_file_over_the_budget_is_truncated_by_itself", () => {
    const r = row("Mr-DooSun__fastapi-agent-blueprint", ".");
    expect(r.truncated).toMatchObject({ file: "AGENTS.md", totalLostBytes: 34534 - 32768 });
  });

  // Real CLI on git copies: the root, the deepest directory and up to three truncated directories each.
  const sample: { repo: string; cwd: string }[] = [];
  for (const repo of repos) {
    const rows = rowsWithChain(byRepo.get(repo) ?? []);
    if (rows.length === 0) continue;
    const pick = new Set<string>(["."]);
    const deepest = [...rows].sort((a, b) => b.cwd.split("/").length - a.cwd.split("/").length)[0];
    if (deepest) pick.add(deepest.cwd);
    for (const r of rows.filter((x) => x.result.truncated).slice(0, 3)) pick.add(r.cwd);
    for (const cwd of pick) sample.push({ repo, cwd });
  }
  const copies = new Map<string, string>();
  const runs = new Map<string, string>();

  beforeAll(async () => {
    for (const repo of new Set(sample.map((s) => s.repo))) {
      const dest = join(tempDir("ac-cx-corpus-"), repo);
      cpSync(join(CORPUS, repo), dest, { recursive: true, verbatimSymlinks: true });
      execFileSync("git", ["init", "-q", dest]);
      copies.set(repo, dest);
    }
    const queue = [...sample];
    const worker = async () => {
      for (let s = queue.shift(); s; s = queue.shift()) {
        const root = copies.get(s.repo) as string;
        const run = await runCodex({ cwd: join(root, s.cwd) });
        runs.set(`${s.repo}:${s.cwd}`, run.agentsMessage);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
  }, 240_000);

  it.each(sample.map((s) => [`${s.repo}:${s.cwd}`, s]))("the_real_cli_agrees_on %s", (key, s) => {
    const root = copies.get(s.repo) as string;
    const model = codexChain({ root, cwd: s.cwd });
    expect(model.message).toBe(runs.get(key));
    // The corpus model (no .git, assumeRootIsProject) agrees with the git copy.
    expect(row(s.repo, s.cwd).rendered).toBe(model.rendered);
  });
});
