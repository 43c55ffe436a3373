/**
 * The Claude Code layers suite, on a seeded share of the cases in claude-layers.test.ts (`npm test`) and
 * on all of them in claude-layers-long.test.ts (the long tier). Conformance: the layers outside the repository (settings, environment switches, the user layer,
 * approvals, --add-dir) against the pinned Claude Code CLI, run offline. For each case the CLI loads
 * exactly `expect`, and the model's user view (claudeCode.launch with view "user", the same home and
 * environment, the same added directories) yields the same files in the same order, byte for byte, with
 * the CLI's label. Findings: docs/findings-claude-settings.md.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeCode } from "../../src/agents/claude-code/index.js";
import type { Snapshot } from "../../src/model/index.js";
import { CLAUDE_LABELS, type LoadedSection, launchFiles, runClaude } from "../support/claude.js";
import { removeFixtures, writeFixture } from "../support/fixture.js";
import { fixtureCategories, tierSample } from "../support/tier-sample.js";
import { LAYER_CASES, type LayerCase } from "./claude-layers.fixtures.js";

interface Outcome {
  root: string;
  home: string;
  sections: LoadedSection[];
  model: Snapshot;
}

const outcomes = new Map<string, Outcome>();
const homes: string[] = [];
const BATCH = 4;

async function runCase(c: LayerCase): Promise<Outcome> {
  const root = writeFixture(c, "ac-layers-");
  const home = `${root}-home`;
  homes.push(home);
  const configDir = join(home, "cfg");
  mkdirSync(configDir, { recursive: true });
  const cwd = join(root, c.cwd ?? "");
  mkdirSync(cwd, { recursive: true });
  for (const [rel, text] of Object.entries(c.home ?? {})) {
    const p = join(home, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text.replaceAll("<CWD>", cwd).replaceAll("<R>", root).replaceAll("<H>", home));
  }
  const addDirs = (c.addDirs ?? []).map((d) => join(root, d));
  const env = c.env ?? {};
  const run = await runClaude({
    cwd,
    home,
    configDir,
    env,
    args: [...addDirs.flatMap((d) => ["--add-dir", d]), ...(c.cliOnlyArgs ?? [])],
  });
  const sections = launchFiles(run);
  const model = claudeCode.launch({
    root,
    cwd,
    view: "user",
    user: { home, env: { HOME: home, CLAUDE_CONFIG_DIR: configDir, ...env } },
    addDirs,
  });
  return { root, home, sections, model };
}

const shown = (o: Outcome, p: string) =>
  p.startsWith(`${o.root}/`)
    ? p.slice(o.root.length + 1)
    : p.startsWith(`${o.home}/`)
      ? `~/${p.slice(o.home.length + 1)}`
      : p;

/** What a layer case exercises: its repository's and HOME's kinds of file, env switches, --add-dir, CLI-only flags. */
export function layerCategories(c: LayerCase): string[] {
  return [
    ...fixtureCategories({ ...c, home: c.home ?? "" }).filter((x) => x !== "cwd"),
    ...Object.keys(c.env ?? {}).map((k) => `env ${k}`),
    ...(c.addDirs?.length ? ["add dir"] : []),
    ...(c.cliOnlyArgs ?? []).filter((a) => a.startsWith("-")).map((a) => `flag ${a}`),
  ];
}

/** `npm test`'s share: a seeded sample covering every category of {@link layerCategories}. */
export function layersShare(): LayerCase[] {
  return tierSample(LAYER_CASES, { seed: 28, count: 14, categories: layerCategories });
}

/** The suite on `cases` (AC_LAYER_CASES=a,b narrows it to the cases named). */
export function layersSuite(all: readonly LayerCase[]): void {
  const only = process.env.AC_LAYER_CASES?.split(",");
  const cases = only ? all.filter((c) => only.includes(c.name)) : all;

  beforeAll(async () => {
    for (let i = 0; i < cases.length; i += BATCH) {
      const batch = cases.slice(i, i + BATCH);
      const results = await Promise.all(batch.map(runCase));
      batch.forEach((c, j) => {
        outcomes.set(c.name, results[j] as Outcome);
      });
    }
  }, 900_000);

  afterAll(() => {
    removeFixtures();
    for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
  });

  describe("Claude Code layers outside the repository (user view)", () => {
    for (const c of cases) {
      describe(c.name, () => {
        it("the_cli_loads_exactly_the_expected_files", () => {
          const o = outcomes.get(c.name) as Outcome;
          expect(o.sections.map((s) => shown(o, s.path))).toEqual(c.expect);
        });

        if (c.cliOnlyArgs) return;

        it("the_model_yields_the_same_files_in_the_same_order_with_identical_text_and_label", () => {
          const o = outcomes.get(c.name) as Outcome;
          const cli = o.sections.map((s) => ({ path: s.path, text: s.text, label: s.label }));
          const userDir = join(o.home, "cfg");
          const model = o.model.items.map((item) => {
            const abs = isAbsolute(item.path) ? item.path : join(o.root, item.path);
            const label = item.charged
              ? CLAUDE_LABELS.project
              : item.reason.startsWith("user ") ||
                  abs.startsWith(`${userDir}/`) ||
                  abs.startsWith(`${o.home}/`)
                ? CLAUDE_LABELS.user
                : CLAUDE_LABELS.local;
            return { path: abs, text: o.model.texts.get(item.path), label };
          });
          expect(model).toEqual(cli);
        });

        it("the_snapshot_is_the_user_view", () => {
          const o = outcomes.get(c.name) as Outcome;
          expect(o.model.view).toBe("user");
        });
      });
    }
  });
}
