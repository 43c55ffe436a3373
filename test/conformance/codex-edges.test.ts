/**
 * Conformance (issue 31): Codex 0.171.0's budget edges and loading flags, recorded from the pinned CLI
 * (`codex debug prompt-input`; test/conformance/recorded/codex-edges.json) and checked against the
 * recording on every run: the AGENTS.md message byte for byte, the exit status, and the error line of a
 * run that stops. Fixtures: codex-edges.fixtures.ts; findings: docs/findings-codex.md.
 *
 * `AC_RECORD=1` rewrites the recording instead of comparing (test/support/recorded.ts).
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCodex } from "../support/codex.js";
import {
  inTurn,
  placeholders,
  RECORDING,
  type RecordedCase,
  readRecordings,
  removeCases,
  writeCase,
  writeRecordings,
} from "../support/recorded.js";
import { CODEX_EDGE_CASES, type CodexRecording } from "./codex-edges.fixtures.js";

const SUITE = "codex-edges";
const ONLY = process.env.AC_CASES?.split(",");
const CASES = ONLY ? CODEX_EDGE_CASES.filter((c) => ONLY.includes(c.name)) : CODEX_EDGE_CASES;

async function runCase(c: RecordedCase): Promise<CodexRecording> {
  const d = writeCase(c, "ac-cx31-");
  const r = await runCodex({
    cwd: d.cwd,
    home: d.home,
    codexHome: join(d.home, ".codex"),
    args: (c.args ?? []).map(d.sub),
  });
  const p = (s: string) => placeholders(s, d.base);
  const error = r.code === 0 ? undefined : p(r.stderr.slice(r.stderr.indexOf("Error:"))).trim();
  return { code: r.code, agents: p(r.agentsMessage), ...(error !== undefined ? { error } : {}) };
}

const ran = new Map<string, CodexRecording>();
const recorded = readRecordings<CodexRecording>(SUITE);

beforeAll(async () => {
  const out = await inTurn(
    CASES.map((c) => () => runCase(c)),
    2,
  );
  CASES.forEach((c, i) => {
    ran.set(c.name, out[i] as CodexRecording);
  });
  if (RECORDING) writeRecordings(SUITE, Object.fromEntries(ran));
}, 900_000);
afterAll(() => removeCases());

describe("codex: budget edges and loading flags (the pinned Codex CLI; issue 31)", () => {
  for (const c of CASES) {
    it(c.name, () => {
      const r = ran.get(c.name) as CodexRecording;
      if (!RECORDING) expect(r).toEqual(recorded[c.name]);
      const text = `${r.agents}\n${r.error ?? ""}`;
      for (const s of c.includes ?? []) expect(text, `includes ${JSON.stringify(s)}`).toContain(s);
      for (const s of c.excludes ?? []) expect(text, `excludes ${JSON.stringify(s)}`).not.toContain(s);
    });
  }
});

// The codex model against these recordings: test/unit/recorded-agreement.test.ts (no CLI runs;
// per-area counts: `npm run conformance:recorded -- --agent codex`).
