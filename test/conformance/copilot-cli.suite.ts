/**
 * The Copilot CLI conformance suite, run on a share of the cases by copilot-cli.test.ts (`npm test`) and
 * on all of them by copilot-cli-long.test.ts (the long tier): the copilot-cli model's launch equals, byte
 * for byte, the instruction part of the system message the pinned GitHub Copilot CLI sends (offline,
 * against a loopback OpenAI-style server), and what it attaches after each scripted `view` equals the
 * CLI's reminder message. Each case is one settled behaviour (test/conformance/copilot-cli.fixtures.ts,
 * docs/findings-copilot-cli.md). The CLI runs three at a time in beforeAll; each case then compares.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { copilotCli } from "../../src/agents/copilot-cli/index.js";
import { copilotLaunch } from "../../src/agents/copilot-cli/launch.js";
import { attachmentsAfterTools, copilotVersion, pool, type Ran, runCase } from "../support/copilot.js";
import { fixtureCategories, frontMatterForms, tierSample } from "../support/tier-sample.js";
import { COPILOT_CASES, type CopilotCase } from "./copilot-cli.fixtures.js";

/** What a case exercises: its kinds of fixture and each front-matter form (`applyTo: '**'`...). */
export function copilotCategories(c: CopilotCase): string[] {
  return [...fixtureCategories(c), ...frontMatterForms(c.files), ...frontMatterForms(c.home)];
}

/** `npm test`'s share: a seeded sample that covers every category of {@link copilotCategories}. */
export function copilotShare(): CopilotCase[] {
  return tierSample(COPILOT_CASES, { seed: 28, count: 24, categories: copilotCategories });
}

/** The suite on `cases`. */
export function copilotSuite(cases: readonly CopilotCase[]): void {
  const ran = new Map<string, Ran>();

  describe("copilot-cli conformance (the pinned Copilot CLI, offline)", () => {
    beforeAll(async () => {
      expect(copilotVersion()).toBe(copilotCli.releases[0]);
      const results = await pool(
        cases.map((c) => () => runCase(c)),
        3,
      );
      for (const [i, c] of cases.entries()) ran.set(c.name, results[i] as Ran);
    }, 600_000);

    for (const c of cases) {
      it(c.name, () => {
        const r = ran.get(c.name) as Ran;
        expect(r.run.code, r.run.stderr).toBe(0);
        const cwd = c.cwd ?? ".";
        const launch = copilotLaunch({
          root: r.repo,
          cwd,
          ...(c.home ? { copilotHome: join(r.home, ".copilot") } : {}),
        });
        expect(launch.region).toBe(r.run.region);
        // The snapshot's blocks are the CLI's <custom_instruction> blocks, in order, byte for byte.
        const snap = copilotCli.launch({
          root: r.repo,
          cwd,
          ...(c.home ? { view: "user" as const, user: { home: r.home, env: {} } } : {}),
        });
        const blockTexts = snap.items
          .filter((i) => i.charged && i.reason.includes("<custom_instruction>"))
          .map((i) => snap.texts.get(i.path));
        expect(blockTexts).toEqual(r.run.instructions);
        // Charged bytes plus the machine-dependent framing (the imports' absolute paths) are the bytes sent.
        for (const i of snap.items.filter((x) => x.charged))
          expect(i.bytes + (i.framingBytes ?? 0)).toBe(Buffer.byteLength(snap.texts.get(i.path) ?? ""));
        if (c.views) {
          const session = copilotCli.onDemand?.(snap);
          const want = c.views.map((v) => {
            const res = session?.read(join(r.repo, v));
            const reminders = (res?.items ?? []).map((i) => i.extra?.reminder as string);
            return reminders.length === 0 ? "" : `\n${reminders.join("\n")}`;
          });
          expect(want).toEqual(attachmentsAfterTools(r.run));
        }
      });
    }
  });
}
