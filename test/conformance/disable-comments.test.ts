/**
 * Conformance (issue 29): lint's disable comments in CLAUDE.md, AGENTS.md, GEMINI.md and
 * .github/copilot-instructions.md, run through every pinned CLI offline as the harness runs them. What each
 * CLI sent for each file is recorded (test/conformance/recorded/disable-comments.json, keys
 * `case@agent[@release]`) and checked on every run; each model must send the same text and charge its
 * bytes. Claude Code strips a comment that is a block of its own and keeps one inside a paragraph; the other
 * agents send every comment (docs/commands/lint.md). Fixtures: disable-comments.fixtures.ts.
 *
 * `AC_RECORD=1` rewrites the recording instead of comparing (test/support/recorded.ts).
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeReleases, launchFiles, runClaude } from "../support/claude.js";
import { runCodex } from "../support/codex.js";
import { runCopilot } from "../support/copilot.js";
import { launchBlocks, runGemini } from "../support/gemini.js";
import {
  inTurn,
  placeholders,
  RECORDING,
  readRecordings,
  removeCases,
  writeCase,
  writeRecordings,
} from "../support/recorded.js";
import {
  DISABLE_COMMENT_CASES,
  type DisableCommentRecording,
  modelRecording,
} from "./disable-comments.fixtures.js";

const SUITE = "disable-comments";
const AGENTS = [...claudeReleases().map((r) => `claude-code@${r}`), "codex", "gemini-cli", "copilot-cli"];
const runs = DISABLE_COMMENT_CASES.flatMap((c) => AGENTS.map((agent) => ({ c, agent })));
const key = (name: string, agent: string) => `${name}@${agent}`;

async function runCase(c: (typeof DISABLE_COMMENT_CASES)[number], agent: string) {
  const d = writeCase(c, "ac-dc29-");
  const p = (s: string) => placeholders(s, d.base);
  let rec: DisableCommentRecording;
  let code: number | null;
  if (agent.startsWith("claude-code@")) {
    const release = agent.slice("claude-code@".length);
    const r = await runClaude({
      release,
      cwd: d.cwd,
      home: d.home,
      configDir: `${d.home}/cfg`,
      timeoutMs: 120_000,
    });
    code = r.code;
    rec = { claude: launchFiles(r).map((f) => ({ path: p(f.path), text: p(f.text) })) };
  } else if (agent === "codex") {
    const r = await runCodex({ cwd: d.cwd, home: d.home, codexHome: join(d.home, ".codex") });
    code = r.code;
    rec = { codex: p(r.agentsMessage) };
  } else if (agent === "gemini-cli") {
    const r = await runGemini({ cwd: d.cwd, home: d.home, timeoutMs: 180_000 });
    code = r.code;
    rec = { gemini: launchBlocks(r).map((b) => ({ path: p(b.path), block: p(b.block) })) };
  } else {
    const r = await runCopilot({ cwd: d.cwd, home: d.home, script: [] });
    code = r.code;
    rec = { copilot: r.instructions.map(p) };
  }
  return { code, rec, model: modelRecording(agent, d) };
}

const ran = new Map<string, Awaited<ReturnType<typeof runCase>>>();
const recorded = readRecordings<DisableCommentRecording>(SUITE);

beforeAll(async () => {
  const out = await inTurn(
    runs.map((r) => () => runCase(r.c, r.agent)),
    2,
  );
  runs.forEach((r, i) => {
    ran.set(key(r.c.name, r.agent), out[i] as Awaited<ReturnType<typeof runCase>>);
  });
  if (RECORDING) writeRecordings(SUITE, Object.fromEntries([...ran].map(([k, v]) => [k, v.rec])));
}, 1_800_000);
afterAll(() => removeCases());

/** Every text an agent sent, joined. */
const sent = (r: DisableCommentRecording) =>
  [
    ...(r.claude ?? []).map((f) => f.text),
    r.codex ?? "",
    ...(r.gemini ?? []).map((b) => b.block),
    ...(r.copilot ?? []),
  ].join("\n");

describe("lint's disable comments in instruction files, through the pinned CLIs (issue 29)", () => {
  for (const { c, agent } of runs) {
    it(`${c.name} on ${agent}: the recording, and the model sends and charges the same`, () => {
      const r = ran.get(key(c.name, agent));
      if (!r) throw new Error(`${c.name} did not run on ${agent}`);
      expect(r.code).toBe(0);
      if (!RECORDING) expect(r.rec).toEqual(recorded[key(c.name, agent)]);
      expect(r.model).toEqual(r.rec);
      const text = sent(r.rec);
      expect(text).toContain("<!-- agent-context-disable-next-line -->");
      if (agent.startsWith("claude-code@")) {
        // A block of its own costs nothing in Claude Code; inside a paragraph it is sent.
        expect(text).not.toContain("agent-context-disable memory-read-by-one-agent");
        expect(text).not.toContain("the page moved");
      } else {
        expect(text).toContain("<!-- agent-context-disable memory-read-by-one-agent -->");
        expect(text).toContain("the page moved");
      }
    });
  }
});
