/**
 * Conformance (issue 31): what the pinned GitHub Copilot CLI reads beyond the repository — the user layer,
 * COPILOT_CUSTOM_INSTRUCTIONS_DIRS, flags, the order of punctuated names, odd files, sizes — recorded from
 * the CLI (test/conformance/recorded/copilot-user-layer.json) and checked against it on every run: the
 * instruction part of the system message and each `view`'s reminder message byte for byte (a digest for
 * parts over 64 KiB), the exit status, the number of requests, and the message a refused run prints.
 * Fixtures and what each pins: copilot-user-layer.fixtures.ts; findings: docs/findings-copilot-cli.md.
 *
 * `AC_RECORD=1` rewrites the recording instead of comparing (test/support/recorded.ts).
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attachmentsAfterTools,
  COPILOT_CACHE,
  copilotBin,
  copilotVersion,
  instructionRegion,
  startChatUpstream,
  systemOf,
} from "../support/copilot.js";
import { runProcess } from "../support/process.js";
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
import {
  COPILOT_USER_CASES,
  type CopilotRecordedCase,
  type CopilotRecording,
} from "./copilot-user-layer.fixtures.js";

const SUITE = "copilot-user-layer";
const INLINE_LIMIT = 64 * 1024;
const ONLY = process.env.AC_CASES?.split(",");
const CASES = ONLY ? COPILOT_USER_CASES.filter((c) => ONLY.includes(c.name)) : COPILOT_USER_CASES;

/** Runs one case through the pinned native `copilot` offline, exactly as the conformance harness does. */
async function runCase(c: CopilotRecordedCase): Promise<{ rec: CopilotRecording; text: string }> {
  const d = writeCase(c, "ac-cp31-");
  const script = (c.views ?? []).map((v) => ({
    toolCalls: [{ name: "view", args: { path: v.startsWith("<") ? d.sub(v) : join(d.repo, v) } }],
  }));
  const up = await startChatUpstream(script);
  try {
    const env = caseEnv(
      {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: d.home,
        COPILOT_HOME: join(d.home, ".copilot"),
        COPILOT_CACHE_HOME: COPILOT_CACHE,
        COPILOT_OFFLINE: "true",
        COPILOT_PROVIDER_BASE_URL: up.url,
        COPILOT_PROVIDER_API_KEY: "offline",
        COPILOT_MODEL: "gpt-4.1",
        COPILOT_AUTO_UPDATE: "false",
        NO_COLOR: "1",
      },
      c,
      d.sub,
    );
    const args = [
      ...(c.args ?? []).map(d.sub),
      "-p",
      "hi",
      "--allow-all-tools",
      "--disable-client-telemetry",
    ];
    const r = await runProcess(copilotBin(), args, { cwd: d.cwd, env, timeoutMs: c.timeoutMs ?? 120_000 });
    const p = (s: string) => placeholders(s, d.base);
    const region = p(instructionRegion(systemOf(up.requests[0]?.body)));
    const attachments = (c.views?.length ? attachmentsAfterTools({ requests: up.requests }) : []).map(p);
    const message =
      r.code === 0
        ? undefined
        : p(r.stderr)
            .split(/\n+Changes +[+]/)[0]
            ?.trimEnd();
    const rec: CopilotRecording = {
      code: r.code,
      requests: up.requests.length,
      ...(Buffer.byteLength(region) <= INLINE_LIMIT
        ? { region }
        : {
            regionBytes: Buffer.byteLength(region),
            regionSha256: createHash("sha256").update(region).digest("hex"),
          }),
      attachments,
      ...(message !== undefined ? { message } : {}),
    };
    return { rec, text: [region, ...attachments, message ?? ""].join("\n") };
  } finally {
    await up.close();
  }
}

const ran = new Map<string, { rec: CopilotRecording; text: string }>();
const recorded = readRecordings<CopilotRecording>(SUITE);

describe("copilot-cli user layer, environment and flags (the pinned Copilot CLI, offline; issue 31)", () => {
  beforeAll(async () => {
    expect(copilotVersion()).toBe("1.0.102");
    const out = await inTurn(
      CASES.map((c) => () => runCase(c)),
      2,
    );
    CASES.forEach((c, i) => {
      ran.set(c.name, out[i] as { rec: CopilotRecording; text: string });
    });
    if (RECORDING) writeRecordings(SUITE, Object.fromEntries([...ran].map(([k, v]) => [k, v.rec])));
  }, 3_600_000);
  afterAll(() => removeCases());

  it("has_unique_case_names", () => {
    expect(new Set(COPILOT_USER_CASES.map((c) => c.name)).size).toBe(COPILOT_USER_CASES.length);
  });

  for (const c of CASES) {
    it(c.name, () => {
      const r = ran.get(c.name);
      if (!r) throw new Error(`${c.name} did not run`);
      if (!RECORDING) expect(r.rec).toEqual(recorded[c.name]);
      for (const s of c.includes ?? []) expect(r.text, `includes ${JSON.stringify(s)}`).toContain(s);
      for (const s of c.excludes ?? []) expect(r.text, `excludes ${JSON.stringify(s)}`).not.toContain(s);
    });
  }
});

// The copilot-cli model against these recordings: test/unit/recorded-agreement.test.ts (no CLI runs;
// per-area counts: `npm run conformance:recorded -- --agent copilot-cli`).
