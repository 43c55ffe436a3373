/**
 * Conformance: the skills, subagents, commands, output styles, auto memory and extensions each pinned agent
 * CLI puts into its first request are exactly the recorded ones (test/conformance/sources.fixtures.ts,
 * docs/findings-sources-*.md). Each case runs the real CLI offline once; its lists, with built-in entries
 * dropped (those an empty repository's run shows), must hold the recorded entry texts in the recorded
 * order, and each list's header must be there. Two CLIs run at a time in beforeAll.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeReleases } from "../support/claude.js";
import { pool } from "../support/copilot.js";
import { type LIST_HEADERS, removeSourcesDirs, runSourcesCase, type SourcesRun } from "../support/sources.js";
import { type ListId, SOURCES_CASES, type SourceAgent, type SourcesCase } from "./sources.fixtures.js";

const MEMORY_FILE: Record<SourceAgent, string> = {
  "claude-code": "CLAUDE.md",
  codex: "AGENTS.md",
  "gemini-cli": "GEMINI.md",
  "copilot-cli": "AGENTS.md",
};

/** The run of a repository with only a memory file: the CLI's own entries, per list. */
function baselineCase(agent: SourceAgent, release?: string, codexExec?: boolean): SourcesCase {
  return {
    name: `baseline_${agent}_${release ?? ""}${codexExec ? "_exec" : ""}`,
    agent,
    ...(release ? { release } : {}),
    ...(codexExec ? { codexExec } : {}),
    files: { [MEMORY_FILE[agent]]: "# baseline\n" },
    expected: {},
  };
}

const baselineKey = (c: SourcesCase): string => `${c.agent}@${c.release ?? ""}${c.codexExec ? "+exec" : ""}`;

/** `AC_SOURCES_FILTER=regex` runs only the matching cases (while settling one finding). */
const FILTER = process.env.AC_SOURCES_FILTER ? new RegExp(process.env.AC_SOURCES_FILTER) : undefined;
const CASES = FILTER ? SOURCES_CASES.filter((c) => FILTER.test(c.name)) : SOURCES_CASES;

const ran = new Map<string, SourcesRun>();
const baselines = new Map<string, SourcesRun>();

/** An entry's name: Claude Code's `- name: …` / `- name (other): …`, or the whole text. */
const nameOf = (entry: string): string => /^- ([^:\s]+)/.exec(entry)?.[1] ?? entry;

/** A list's entries without the built-in ones (those of the baseline run, compared as texts or by name). */
function ownEntries(
  run: SourcesRun,
  base: SourcesRun | undefined,
  list: ListId,
  by: "text" | "name",
): string[] {
  const baseEntries = base?.entries[list] ?? [];
  const builtIn = new Set(by === "name" ? baseEntries.map(nameOf) : baseEntries);
  return (run.entries[list] ?? []).filter((e) => !builtIn.has(by === "name" ? nameOf(e) : e));
}

/** Which header a list's presence is checked by (auto memory and roots are parts of other lists). */
const HEADER_OF: Partial<Record<ListId, keyof typeof LIST_HEADERS>> = {
  "claude-code.skills": "claude-code.skills",
  "claude-code.agents": "claude-code.agents",
  "codex.skills": "codex.skills",
  "gemini-cli.skills": "gemini-cli.skills",
  "gemini-cli.subagents": "gemini-cli.subagents",
  "gemini-cli.extensions": "gemini-cli.extensions",
  "copilot-cli.skills": "copilot-cli.skills",
  "copilot-cli.agents": "copilot-cli.agents",
  "codex.agent-roles": "codex.agent-roles",
};

describe("sources conformance (the pinned CLIs, offline): skills, subagents, commands, output styles, auto memory, extensions", () => {
  beforeAll(async () => {
    const wantBase = new Map<string, SourcesCase>();
    for (const c of CASES)
      if (c.agent === "claude-code" || c.agent === "gemini-cli")
        wantBase.set(baselineKey(c), baselineCase(c.agent, c.release));
    const all = [...wantBase.values(), ...CASES];
    const results = await pool(
      all.map((c) => () => runSourcesCase(c)),
      2,
    );
    for (const [i, c] of all.entries()) {
      const r = results[i] as SourcesRun;
      if (c.name.startsWith("baseline_")) baselines.set(baselineKey(c), r);
      else ran.set(c.name, r);
    }
  }, 1_800_000);

  afterAll(removeSourcesDirs);

  it("has_between_forty_and_a_hundred_cases_with_unique_sentence_names_covering_every_agent_and_claude_release", () => {
    expect(SOURCES_CASES.length).toBeGreaterThanOrEqual(40);
    expect(SOURCES_CASES.length).toBeLessThanOrEqual(100);
    expect(new Set(SOURCES_CASES.map((c) => c.name)).size).toBe(SOURCES_CASES.length);
    for (const a of ["claude-code", "codex", "gemini-cli", "copilot-cli"])
      expect(SOURCES_CASES.some((c) => c.agent === a)).toBe(true);
    for (const r of claudeReleases()) expect(SOURCES_CASES.some((c) => c.release === r)).toBe(true);
  });

  for (const c of CASES) {
    it(c.name, () => {
      const r = ran.get(c.name) as SourcesRun;
      expect(r.code, r.stderr.slice(0, 2000)).toBe(0);
      const base = baselines.get(baselineKey(c));
      for (const [list, want] of Object.entries(c.expected) as [ListId, { text: string }[]][]) {
        const header = HEADER_OF[list];
        if (header && want.length > 0) expect(r.present, `the ${list} list`).toContain(header);
        const got = ownEntries(r, base, list, c.builtIns ?? "text");
        const texts = want.map((e) => e.text);
        if (c.unordered?.includes(list)) expect([...got].sort()).toEqual([...texts].sort());
        else expect(got).toEqual(texts);
      }
      for (const t of c.contains ?? []) expect(r.whole).toContain(t);
    });
  }
});
