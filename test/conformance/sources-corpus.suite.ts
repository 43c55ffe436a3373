/**
 * The corpus repositories that carry skills, subagents or commands (the last six of ../shared/corpus's
 * table), run with every pinned CLI offline in a fresh HOME (the fresh-clone view): how many entries and
 * bytes each list adds (built-ins excluded: an entry counts its text and the separator before the next),
 * beside the bytes of the memory files the same run sent. Prints the table that
 * docs/findings-sources-*.md quote; asserts the entry counts, so a CLI that starts or stops listing a
 * folder fails here. sources-corpus.test.ts (`npm test`) runs {@link SOURCES_CORPUS_SAMPLE} (two
 * repositories per CLI, every repository and every non-empty list at least once); the long tier's
 * sources-corpus-long.test.ts every CLI on every repository.
 */
import { execFileSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORPUS_DIR, materialize } from "../../scripts/corpus.mjs";
import { claudeCode } from "../../src/agents/claude-code/index.js";
import { agentById } from "../../src/agents/index.js";
import type { Snapshot } from "../../src/model/index.js";
import { pool } from "../support/copilot.js";
import { removeSourcesDirs, runSourcesCase, runSourcesIn, type SourcesRun } from "../support/sources.js";
import { LIST_SEPARATOR, type ListId, type SourceAgent, type SourcesCase } from "./sources.fixtures.js";

export const REPOS = [
  "TechNickAI__ai-coding-config",
  "biomejs__biome",
  "getsentry__sentry-javascript",
  "openai__openai-agents-python",
  "NVIDIA__cccl",
  "Effect-TS__effect-smol",
] as const;
type Repo = (typeof REPOS)[number];

export const ALL_RUNS: { id: string; agent: SourceAgent; release?: string; lists: ListId[] }[] = [
  {
    id: "claude-code 2.1.332",
    agent: "claude-code",
    release: "2.1.332",
    lists: ["claude-code.skills", "claude-code.agents"],
  },
  {
    id: "claude-code 2.1.197",
    agent: "claude-code",
    release: "2.1.197",
    lists: ["claude-code.skills", "claude-code.agents"],
  },
  { id: "codex 0.171.0", agent: "codex", lists: ["codex.skills", "codex.skill-roots"] },
  { id: "gemini-cli 0.61.0", agent: "gemini-cli", lists: ["gemini-cli.skills", "gemini-cli.subagents"] },
  { id: "copilot-cli 1.0.102", agent: "copilot-cli", lists: ["copilot-cli.skills", "copilot-cli.agents"] },
];

/** `AC_SOURCES_AGENTS=codex,copilot-cli` runs only those agents' CLIs (while settling one model). */
const ONLY = process.env.AC_SOURCES_AGENTS?.split(",");
const RUNS = ONLY ? ALL_RUNS.filter((r) => ONLY.includes(r.agent)) : ALL_RUNS;

/**
 * Entries per list the pinned CLIs send for each repository (built-ins excluded), as measured: the
 * figures in docs/findings-sources-*.md. Claude Code's skills list holds skills and commands.
 */
const EXPECTED_COUNTS: Record<string, Partial<Record<ListId, number>>> = {
  "claude-code TechNickAI__ai-coding-config": { "claude-code.skills": 36, "claude-code.agents": 28 },
  "claude-code biomejs__biome": { "claude-code.skills": 11, "claude-code.agents": 0 },
  "claude-code getsentry__sentry-javascript": { "claude-code.skills": 17, "claude-code.agents": 0 },
  "claude-code openai__openai-agents-python": { "claude-code.skills": 0, "claude-code.agents": 0 },
  "claude-code NVIDIA__cccl": { "claude-code.skills": 3, "claude-code.agents": 0 },
  "claude-code Effect-TS__effect-smol": { "claude-code.skills": 0, "claude-code.agents": 0 },
  "codex TechNickAI__ai-coding-config": { "codex.skills": 0 },
  "codex biomejs__biome": { "codex.skills": 0 },
  "codex getsentry__sentry-javascript": { "codex.skills": 17, "codex.skill-roots": 1 },
  "codex openai__openai-agents-python": { "codex.skills": 11, "codex.skill-roots": 1 },
  "codex NVIDIA__cccl": { "codex.skills": 0 },
  "codex Effect-TS__effect-smol": { "codex.skills": 3, "codex.skill-roots": 1 },
  "gemini-cli TechNickAI__ai-coding-config": { "gemini-cli.skills": 0, "gemini-cli.subagents": 0 },
  "gemini-cli biomejs__biome": { "gemini-cli.skills": 0 },
  "gemini-cli getsentry__sentry-javascript": { "gemini-cli.skills": 17 },
  "gemini-cli openai__openai-agents-python": { "gemini-cli.skills": 14 },
  "gemini-cli NVIDIA__cccl": { "gemini-cli.skills": 0 },
  "gemini-cli Effect-TS__effect-smol": { "gemini-cli.skills": 3 },
  "copilot-cli TechNickAI__ai-coding-config": { "copilot-cli.skills": 36, "copilot-cli.agents": 25 },
  "copilot-cli biomejs__biome": { "copilot-cli.skills": 11, "copilot-cli.agents": 0 },
  "copilot-cli getsentry__sentry-javascript": { "copilot-cli.skills": 16 },
  "copilot-cli openai__openai-agents-python": { "copilot-cli.skills": 14 },
  "copilot-cli NVIDIA__cccl": { "copilot-cli.skills": 3 },
  "copilot-cli Effect-TS__effect-smol": { "copilot-cli.skills": 3 },
};

/** The lists each model is compared on (the repository's own entries; Codex's roots are framing). */
const MODEL_LISTS: Partial<Record<SourceAgent, ListId[]>> = {
  codex: ["codex.skills"],
  "copilot-cli": ["copilot-cli.skills", "copilot-cli.agents"],
  "gemini-cli": ["gemini-cli.skills", "gemini-cli.subagents"],
};

/** An item's bytes in the list (Copilot counts an agent's `,"NAME"` enum text in its item too). */
const listBytes = (i: { bytes: number; extra?: Readonly<Record<string, unknown>> }): number =>
  i.bytes - (typeof i.extra?.enum === "string" ? Buffer.byteLength(i.extra.enum) : 0);

/** The entries as charged: Gemini's locations relative to the repository (the absolute part is framing). */
const charged = (entries: string[], agent: SourceAgent): string[] =>
  agent === "gemini-cli" ? entries.map((e) => e.replaceAll("<R>/", "")) : entries;

const present = existsSync(CORPUS_DIR) && REPOS.every((r) => existsSync(`${CORPUS_DIR}/${r}`));
const runs = new Map<string, SourcesRun>();
const dirs = new Map<string, string>();
/** The materialized repositories, by corpus name (real paths). */
const repoDirs = new Map<string, string>();
const baselines = new Map<string, SourcesRun>();
const cleanups: (() => void)[] = [];

function own(run: SourcesRun, base: SourcesRun, list: ListId): string[] {
  const builtIn = new Set(base.entries[list] ?? []);
  return (run.entries[list] ?? []).filter((e) => !builtIn.has(e));
}

/** The model's entries of one list (Claude Code: the items' `extra.entry`, in item order). */
function modelEntries(s: Snapshot, list: ListId): string[] {
  const id = list === "claude-code.skills" ? "skills" : list === "claude-code.agents" ? "agents" : list;
  return s.items.flatMap((i) =>
    i.extra?.list === id && typeof i.extra.entry === "string" ? [i.extra.entry as string] : [],
  );
}

function bytesOf(entries: string[], list: ListId): number {
  return entries.reduce((n, e) => n + Buffer.byteLength(e) + Buffer.byteLength(LIST_SEPARATOR[list]), 0);
}

/**
 * The sample of `npm test`: per CLI two repositories where its lists hold entries; together every
 * repository, and each CLI's skills (and Claude Code's and Copilot CLI's subagents) non-empty at least once.
 */
export const SOURCES_CORPUS_SAMPLE: Record<string, readonly Repo[]> = {
  "claude-code 2.1.332": ["TechNickAI__ai-coding-config", "biomejs__biome"],
  "claude-code 2.1.197": ["TechNickAI__ai-coding-config", "NVIDIA__cccl"],
  "codex 0.171.0": ["getsentry__sentry-javascript", "Effect-TS__effect-smol"],
  "gemini-cli 0.61.0": ["openai__openai-agents-python", "Effect-TS__effect-smol"],
  "copilot-cli 1.0.102": ["TechNickAI__ai-coding-config", "getsentry__sentry-javascript"],
};

/** Every repository for every CLI. */
export const SOURCES_CORPUS_ALL: Record<string, readonly Repo[]> = Object.fromEntries(
  ALL_RUNS.map((r) => [r.id, REPOS]),
);

/** The tests of each CLI run (by id) on its repositories of `pick`: the CLIs run first, two at a time. */
export function sourcesCorpusSuite(pick: Record<string, readonly Repo[]>): void {
  const reposOf = (id: string): readonly Repo[] => pick[id] ?? [];
  const used = REPOS.filter((name) => RUNS.some((r) => reposOf(r.id).includes(name)));
  describe.skipIf(!present)(
    "what the pinned CLIs list for the corpus repositories with skills, subagents and commands",
    () => {
      beforeAll(async () => {
        for (const name of used) {
          const m = materialize(name);
          cleanups.push(m.cleanup);
          execFileSync("git", ["init", "-q"], { cwd: m.dir });
          dirs.set(name, realpathSync(m.dir));
          repoDirs.set(name, realpathSync(m.dir));
        }
        const jobs: (() => Promise<void>)[] = [];
        for (const r of RUNS) {
          const c: SourcesCase = {
            name: r.id,
            agent: r.agent,
            ...(r.release ? { release: r.release } : {}),
            files: {},
            expected: {},
          };
          jobs.push(async () => {
            // The CLI's own entries: those of a repository with nothing but a memory file.
            baselines.set(r.id, await runSourcesCase({ ...c, files: { "README.md": "# x\n" } }));
          });
          for (const name of reposOf(r.id))
            jobs.push(async () => {
              runs.set(`${r.id} ${name}`, await runSourcesIn(c, dirs.get(name) as string));
            });
        }
        await pool(jobs, 2);
      }, 1_800_000);

      afterAll(() => {
        for (const c of cleanups) c();
        removeSourcesDirs();
      });

      it("prints_the_table", () => {
        const rows: string[] = [];
        for (const r of RUNS)
          for (const name of reposOf(r.id)) {
            const run = runs.get(`${r.id} ${name}`);
            const base = baselines.get(r.id);
            if (!run || !base) continue;
            const cells = r.lists.map((l) => {
              const e = own(run, base, l);
              return `${e.length} / ${bytesOf(e, l)}`;
            });
            rows.push(`| ${r.id} | ${name} | ${cells.join(" | ")} | ${run.memoryBytes} |`);
          }
        console.log(
          `| CLI | repository | ${RUNS[0]?.lists.map(() => "entries / bytes").join(" | ")} | memory bytes |\n${rows.join("\n")}`,
        );
        expect(rows.length).toBe(RUNS.reduce((n, r) => n + reposOf(r.id).length, 0));
      });

      for (const r of RUNS)
        for (const name of reposOf(r.id))
          it(`${r.id.replace(/[^a-z0-9]+/g, "_")}_lists_the_recorded_number_of_entries_for_${name.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}`, () => {
            const run = runs.get(`${r.id} ${name}`) as SourcesRun;
            const base = baselines.get(r.id) as SourcesRun;
            expect(run.code, run.stderr.slice(0, 1000)).toBe(0);
            expect(base.code, base.stderr.slice(0, 1000)).toBe(0);
            for (const [list, n] of Object.entries(EXPECTED_COUNTS[`${r.agent} ${name}`] ?? {}))
              expect(own(run, base, list as ListId).length, list).toBe(n);
          });

      // The Claude Code model (fresh-clone view) against the same runs: the same entries, byte for byte, in order.
      for (const r of RUNS.filter((x) => x.agent === "claude-code"))
        for (const name of reposOf(r.id))
          it(`the_claude_code_model_${(r.release ?? "").replaceAll(".", "_")}_lists_what_the_cli_lists_for_${name.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}`, () => {
            const run = runs.get(`${r.id} ${name}`) as SourcesRun;
            const base = baselines.get(r.id) as SourcesRun;
            const snap = claudeCode.launch({
              root: dirs.get(name) as string,
              ...(r.release ? { release: r.release } : {}),
            });
            for (const list of r.lists) {
              const model = modelEntries(snap, list);
              expect(model, list).toEqual(own(run, base, list));
              const items = snap.items.filter(
                (i) => i.extra?.list === (list === "claude-code.skills" ? "skills" : "agents"),
              );
              expect(items.filter((i) => i.charged).reduce((n, i) => n + i.bytes, 0)).toBe(
                bytesOf(model, list),
              );
            }
          });

      // The Codex, Copilot CLI and Gemini CLI models (fresh-clone view) against the same runs: the same
      // entries, byte for byte (Gemini's locations with `<R>`; its skills as a set), and the listed items'
      // bytes summing to the list's.
      for (const r of RUNS.filter((x) => MODEL_LISTS[x.agent] !== undefined))
        for (const name of reposOf(r.id))
          it(`the_${r.agent.replace(/-/g, "_")}_model_lists_what_the_cli_lists_for_${name.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}`, () => {
            const run = runs.get(`${r.id} ${name}`) as SourcesRun;
            const base = baselines.get(r.id) as SourcesRun;
            const root = repoDirs.get(name) as string;
            const snap = agentById(r.agent).launch({ root });
            for (const list of MODEL_LISTS[r.agent] ?? []) {
              const items = snap.items.filter(
                (i) => `${r.agent}.${String(i.extra?.list)}` === list && typeof i.extra?.entry === "string",
              );
              const model = items.map((i) => String(i.extra?.entry).split(root).join("<R>"));
              const cli = own(run, base, list);
              if (r.agent === "gemini-cli") expect([...model].sort(), list).toEqual([...cli].sort());
              else expect(model, list).toEqual(cli);
              expect(
                items.filter((i) => i.charged).reduce((n, i) => n + listBytes(i), 0),
                `${list}: charged bytes`,
              ).toBe(bytesOf(charged(cli, r.agent), list));
            }
          });
    },
  );
}
