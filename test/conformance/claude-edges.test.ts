/**
 * Conformance (issue 31): two Claude Code edges recorded from the pinned releases and checked against the
 * recording on every run (test/conformance/recorded/claude-edges.json, keys `case@release`): the AGENTS
 * files the 2.1.332 plugin leaves out because their text is already loaded, and what a Bash command on a
 * directory attaches (nothing). Each run's launch files (path, label, text) and each turn's attached files
 * are compared byte for byte. Fixtures: claude-edges.fixtures.ts.
 *
 * `AC_RECORD=1` rewrites the recording instead of comparing (test/support/recorded.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachedPerTurn } from "../../src/agents/claude-code/verify.js";
import { claudeReleases, launchFiles, runClaude } from "../support/claude.js";
import {
  caseEnv,
  inTurn,
  placeholders,
  RECORDING,
  readRecordings,
  removeCases,
  writeCase,
  writeRecordings,
} from "../support/recorded.js";
import type { ContentBlock } from "../support/upstream.js";
import {
  CLAUDE_AGENTS_TEXT_CASES,
  CLAUDE_BASH_DIRECTORY_CASES,
  CLAUDE_ENV_CASES,
  type ClaudeEdgeCase,
  type ClaudeRecording,
} from "./claude-edges.fixtures.js";

const SUITE = "claude-edges";
const RELEASES = claudeReleases();
const PERMISSIONS = ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"];

async function runCase(c: ClaudeEdgeCase, release: string): Promise<{ rec: ClaudeRecording; text: string }> {
  const d = writeCase(c, "ac-cl31-");
  const script: ContentBlock[][] = (c.tools ?? []).map((t) => [
    { type: "tool_use", name: t.tool, input: JSON.parse(d.sub(JSON.stringify(t.input))) },
  ]);
  const run = await runClaude({
    release,
    cwd: d.cwd,
    home: d.home,
    configDir: `${d.home}/cfg`,
    env: caseEnv({}, c, d.sub),
    args: [...(c.tools?.length ? PERMISSIONS : []), ...(c.args ?? []).map(d.sub)],
    script,
    timeoutMs: 120_000,
  });
  const p = (s: string) => placeholders(s, d.base);
  const launch = launchFiles(run).map((f) => ({ path: p(f.path), label: f.label, text: p(f.text) }));
  // Sorted by path within a turn: the CLI lists the rules of one folder in directory-listing order
  // (docs/findings-claude-onread.md), which differs between file systems; the recording must not.
  const turns = c.tools?.length
    ? attachedPerTurn(run).map((t) =>
        t
          .map((f) => ({ path: p(f.path), text: p(f.text) }))
          .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
      )
    : [];
  while (turns.length < (c.tools?.length ?? 0)) turns.push([]);
  const rec: ClaudeRecording = { code: run.code, launch, turns };
  const text = [
    ...launch.map((f) => `${f.path}\n${f.text}`),
    ...turns.flat().map((f) => `${f.path}\n${f.text}`),
  ].join("\n");
  return { rec, text };
}

const ONLY = process.env.AC_CASES?.split(",");
const ALL = [...CLAUDE_AGENTS_TEXT_CASES, ...CLAUDE_BASH_DIRECTORY_CASES, ...CLAUDE_ENV_CASES].filter(
  (c) => !ONLY || ONLY.includes(c.name),
);
const runs = ALL.flatMap((c) => (c.releases ?? RELEASES).map((release) => ({ c, release })));
const key = (name: string, release: string) => `${name}@${release}`;
const ran = new Map<string, { rec: ClaudeRecording; text: string }>();
const recorded = readRecordings<ClaudeRecording>(SUITE);

beforeAll(async () => {
  const out = await inTurn(
    runs.map((r) => () => runCase(r.c, r.release)),
    2,
  );
  runs.forEach((r, i) => {
    ran.set(key(r.c.name, r.release), out[i] as { rec: ClaudeRecording; text: string });
  });
  if (RECORDING) writeRecordings(SUITE, Object.fromEntries([...ran].map(([k, v]) => [k, v.rec])));
}, 3_600_000);
afterAll(() => removeCases());

function check(c: ClaudeEdgeCase, release: string) {
  const r = ran.get(key(c.name, release));
  if (!r) throw new Error(`${c.name} did not run on ${release}`);
  expect(r.rec.code).toBe(0);
  if (!RECORDING) expect(r.rec).toEqual(recorded[key(c.name, release)]);
  for (const s of c.includes ?? []) expect(r.text, `includes ${JSON.stringify(s)}`).toContain(s);
  for (const s of c.excludes ?? []) expect(r.text, `excludes ${JSON.stringify(s)}`).not.toContain(s);
}

describe("claude-code: an AGENTS file whose text is already loaded (issue 31)", () => {
  for (const c of CLAUDE_AGENTS_TEXT_CASES.filter((x) => ALL.includes(x)))
    for (const release of c.releases ?? RELEASES) it(`${c.name} on ${release}`, () => check(c, release));
});

describe("claude-code: Bash commands on a directory (issue 31)", () => {
  for (const c of CLAUDE_BASH_DIRECTORY_CASES.filter((x) => ALL.includes(x)))
    for (const release of c.releases ?? RELEASES) it(`${c.name} on ${release}`, () => check(c, release));
});

describe("claude-code: variables that do not change loading (issue 31)", () => {
  for (const c of CLAUDE_ENV_CASES.filter((x) => ALL.includes(x)))
    for (const release of c.releases ?? RELEASES) it(`${c.name} on ${release}`, () => check(c, release));
});

// The claude-code model against these recordings: test/unit/recorded-agreement.test.ts (no CLI runs;
// per-area counts: `npm run conformance:recorded -- --agent claude-code`).
