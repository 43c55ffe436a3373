/**
 * The Claude Code launch conformance suite, run on a share of the cases by claude-launch.test.ts
 * (`npm test`) and on all of them by claude-launch-long.test.ts (the long tier): for each case and
 * release, the CLI loads exactly what the case expects of that release (the settled behaviour), and the
 * model of that release yields the same files in the same order with byte-identical injected text and the
 * right label.
 */
import { mkdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClaudeLaunchResult } from "../../src/agents/claude-code/launch.js";
import { claudeLaunchSet } from "../../src/agents/claude-code/launch.js";
import {
  CLAUDE_LABELS,
  claudeVersion,
  type LoadedSection,
  launchFiles,
  runClaude,
} from "../support/claude.js";
import { removeFixtures, writeFixture } from "../support/fixture.js";
import { fixtureCategories, tierSample } from "../support/tier-sample.js";
import { expectedOn, LAUNCH_CASES, type LaunchCase } from "./claude-launch.fixtures.js";

interface Outcome {
  root: string;
  sections: LoadedSection[];
  model: ClaudeLaunchResult;
}

const BATCH = 4;

async function runCase(c: LaunchCase, release: string): Promise<Outcome> {
  const root = writeFixture(c, "ac-launch-");
  const cwd = join(root, c.cwd ?? "");
  mkdirSync(cwd, { recursive: true });
  const home = c.home ? join(root, c.home) : undefined;
  const run = await runClaude({ cwd, release, ...(home ? { home, configDir: join(root, ".cfg") } : {}) });
  const sections = launchFiles(run);
  const model = claudeLaunchSet({ root, cwd, release, ...(home ? { home } : {}) });
  return { root, sections, model };
}

const rel = (root: string, p: string) => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);

/**
 * `npm test`'s share, by release (`releases`: the pinned ones, newest first): every case whose expected
 * files differ between releases (`expectOn`) on every release, and a seeded sample of the others that
 * covers every kind of fixture (tierSample) on the newest release only.
 */
export function launchShare(releases: readonly string[]): Map<string, LaunchCase[]> {
  const differing = new Set(LAUNCH_CASES.filter((c) => c.expectOn));
  const sample = new Set(
    tierSample(
      LAUNCH_CASES.filter((c) => !c.expectOn),
      { seed: 28, count: 16, categories: fixtureCategories },
    ),
  );
  return new Map(
    releases.map((release, i) => [
      release,
      LAUNCH_CASES.filter((c) => differing.has(c) || (i === 0 && sample.has(c))),
    ]),
  );
}

/** The suite: `cases` by release, each release's sessions BATCH at a time in its own hook. */
export function launchSuite(cases: Map<string, LaunchCase[]>): void {
  const outcomes = new Map<string, Outcome>();
  const key = (release: string, c: LaunchCase) => `${release} ${c.name}`;

  for (const [release, releaseCases] of cases) {
    describe(`Claude Code ${release} launch set`, () => {
      // One release at a time (its own hook timeout), BATCH CLIs at once (the machine has 2 cores).
      beforeAll(async () => {
        for (let i = 0; i < releaseCases.length; i += BATCH) {
          const batch = releaseCases.slice(i, i + BATCH);
          const results = await Promise.all(batch.map((c) => runCase(c, release)));
          batch.forEach((c, j) => {
            outcomes.set(key(release, c), results[j] as Outcome);
          });
        }
      }, 1_200_000);

      it("the_pinned_cli_is_the_release_the_model_answers_for", () => {
        expect(claudeVersion(release)).toBe(release);
      });

      for (const c of releaseCases) {
        describe(c.name, () => {
          it("the_cli_loads_exactly_the_expected_files", () => {
            const o = outcomes.get(key(release, c)) as Outcome;
            const got = o.sections.map((s) => rel(o.root, s.path));
            const want = expectedOn(c, release);
            if (c.unordered) expect([...got].sort()).toEqual([...want].sort());
            else expect(got).toEqual(want);
          });

          it("the_model_yields_the_same_files_in_the_same_order_with_identical_text", () => {
            const o = outcomes.get(key(release, c)) as Outcome;
            const cli = o.sections.map((s) => ({ path: s.path, text: s.text }));
            const model = o.model.items.map((item) => {
              const abs = isAbsolute(item.path) ? item.path : join(o.root, item.path);
              return { path: abs, text: o.model.texts.get(item.path) };
            });
            expect(model).toEqual(cli);
            expect(o.model.agent.version).toBe(release);
          });

          it("bytes_are_the_utf8_size_of_the_injected_text_and_labels_match_the_charge", () => {
            const o = outcomes.get(key(release, c)) as Outcome;
            o.model.items.forEach((item, i) => {
              const text = o.model.texts.get(item.path) ?? "";
              expect(item.bytes).toBe(Buffer.byteLength(text, "utf8"));
              expect(item.loadedAt).toBe("launch");
              expect(o.sections[i]?.label).toBe(item.charged ? CLAUDE_LABELS.project : CLAUDE_LABELS.local);
            });
          });
        });
      }
    });
  }

  afterAll(removeFixtures);
}
