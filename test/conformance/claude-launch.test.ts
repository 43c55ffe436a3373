/**
 * Conformance: the launch model (claudeLaunchSet) against the pinned Claude Code CLI, run offline on
 * small fixture repositories. For each case: the CLI loads exactly `expect` (the settled behaviour), and
 * the model yields the same files in the same order with byte-identical injected text and the right label.
 */
import { mkdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClaudeLaunchResult } from "../../src/agents/claude-code/index.js";
import { CLAUDE_CODE_VERIFIED_VERSION, claudeLaunchSet } from "../../src/agents/claude-code/index.js";
import {
  CLAUDE_LABELS,
  claudeVersion,
  type LoadedSection,
  launchFiles,
  runClaude,
} from "../support/claude.js";
import { removeFixtures, writeFixture } from "../support/fixture.js";
import { LAUNCH_CASES, type LaunchCase } from "./claude-launch.fixtures.js";

interface Outcome {
  root: string;
  sections: LoadedSection[];
  model: ClaudeLaunchResult;
}

const outcomes = new Map<string, Outcome>();
const BATCH = 4;

async function runCase(c: LaunchCase): Promise<Outcome> {
  const root = writeFixture(c, "ac-launch-");
  const cwd = join(root, c.cwd ?? "");
  mkdirSync(cwd, { recursive: true });
  const home = c.home ? join(root, c.home) : undefined;
  const run = await runClaude({ cwd, ...(home ? { home, configDir: join(root, ".cfg") } : {}) });
  const sections = launchFiles(run);
  const model = claudeLaunchSet({ root, cwd, ...(home ? { home } : {}) });
  return { root, sections, model };
}

const rel = (root: string, p: string) => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);

beforeAll(async () => {
  for (let i = 0; i < LAUNCH_CASES.length; i += BATCH) {
    const batch = LAUNCH_CASES.slice(i, i + BATCH);
    const results = await Promise.all(batch.map(runCase));
    batch.forEach((c, j) => {
      outcomes.set(c.name, results[j] as Outcome);
    });
  }
}, 600_000);

describe(`Claude Code ${CLAUDE_CODE_VERIFIED_VERSION} launch set`, () => {
  it("the_pinned_cli_is_the_version_the_model_was_verified_on", () => {
    expect(claudeVersion()).toBe(CLAUDE_CODE_VERIFIED_VERSION);
  });

  it("has_at_least_forty_fixture_repositories", () => {
    expect(LAUNCH_CASES.length).toBeGreaterThanOrEqual(40);
  });

  for (const c of LAUNCH_CASES) {
    describe(c.name, () => {
      it("the_cli_loads_exactly_the_expected_files", () => {
        const o = outcomes.get(c.name) as Outcome;
        const got = o.sections.map((s) => rel(o.root, s.path));
        if (c.unordered) expect([...got].sort()).toEqual([...c.expect].sort());
        else expect(got).toEqual(c.expect);
      });

      it("the_model_yields_the_same_files_in_the_same_order_with_identical_text", () => {
        const o = outcomes.get(c.name) as Outcome;
        const cli = o.sections.map((s) => ({ path: s.path, text: s.text }));
        const model = o.model.items.map((item) => {
          const abs = isAbsolute(item.path) ? item.path : join(o.root, item.path);
          return { path: abs, text: o.model.texts.get(item.path) };
        });
        expect(model).toEqual(cli);
      });

      it("bytes_are_the_utf8_size_of_the_injected_text_and_labels_match_the_charge", () => {
        const o = outcomes.get(c.name) as Outcome;
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

afterAll(removeFixtures);
