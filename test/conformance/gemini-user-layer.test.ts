/**
 * Conformance (issue 31): Gemini CLI 0.61.0's extensions' context files and private project memory,
 * recorded from the pinned CLI (test/conformance/recorded/gemini-user-layer.json) and checked against the
 * recording on every run: the `<loaded_context>` of the system instruction and of the first user message,
 * byte for byte. Fixtures: gemini-user-layer.fixtures.ts; findings: docs/findings-gemini-cli.md.
 *
 * `AC_RECORD=1` rewrites the recording instead of comparing (test/support/recorded.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runGemini, sessionContext, systemContext } from "../support/gemini.js";
import {
  caseEnv,
  inTurn,
  placeholders,
  RECORDING,
  type RecordedCase,
  readRecordings,
  removeCases,
  writeCase,
  writeRecordings,
} from "../support/recorded.js";
import { GEMINI_USER_CASES, type GeminiRecording } from "./gemini-user-layer.fixtures.js";

const SUITE = "gemini-user-layer";
const ONLY = process.env.AC_CASES?.split(",");
const CASES = ONLY ? GEMINI_USER_CASES.filter((c) => ONLY.includes(c.name)) : GEMINI_USER_CASES;

async function runCase(c: RecordedCase): Promise<GeminiRecording> {
  const d = writeCase(c, "ac-gm31-");
  const r = await runGemini({
    cwd: d.cwd,
    home: d.home,
    args: (c.args ?? []).map(d.sub),
    env: caseEnv({}, c, d.sub),
    timeoutMs: 180_000,
  });
  const p = (s: string) => placeholders(s, d.base);
  return { code: r.code, system: p(systemContext(r)), session: p(sessionContext(r)) };
}

const ran = new Map<string, GeminiRecording>();
const recorded = readRecordings<GeminiRecording>(SUITE);

beforeAll(async () => {
  const out = await inTurn(
    CASES.map((c) => () => runCase(c)),
    2,
  );
  CASES.forEach((c, i) => {
    ran.set(c.name, out[i] as GeminiRecording);
  });
  if (RECORDING) writeRecordings(SUITE, Object.fromEntries(ran));
}, 1_800_000);
afterAll(() => removeCases());

describe("gemini-cli: extensions and the private project memory (the pinned Gemini CLI; issue 31)", () => {
  for (const c of CASES) {
    it(c.name, () => {
      const r = ran.get(c.name) as GeminiRecording;
      expect(r.code).toBe(0);
      if (!RECORDING) expect(r).toEqual(recorded[c.name]);
      const text = `${r.system}\n${r.session}`;
      for (const s of c.includes ?? []) expect(text, `includes ${JSON.stringify(s)}`).toContain(s);
      for (const s of c.excludes ?? []) expect(text, `excludes ${JSON.stringify(s)}`).not.toContain(s);
    });
  }
});

// The gemini-cli model against these recordings: test/unit/recorded-agreement.test.ts (no CLI runs;
// per-area counts: `npm run conformance:recorded -- --agent gemini-cli`).
