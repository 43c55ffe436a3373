/**
 * The order test files start in (test/support/sequencer.ts): the longest first across the tiers that share
 * a pool, by the last run's times, else the committed table, a file in neither first.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { committedDurations, LongestFirstSequencer } from "../support/sequencer.js";

const ROOT = resolve(import.meta.dirname, "../..");

function spec(project: string, path: string, groupOrder = 0): TestSpecification {
  return {
    project: { name: project, config: { sequence: { groupOrder } } },
    moduleId: resolve(ROOT, path),
  } as unknown as TestSpecification;
}

function sequencer(cached: Record<string, number> = {}): LongestFirstSequencer {
  const ctx = {
    config: { root: ROOT },
    cache: {
      getFileTestResults: (key: string) =>
        cached[key] === undefined ? undefined : { duration: cached[key], failed: false },
    },
  };
  return new LongestFirstSequencer(ctx as unknown as Vitest);
}

const names = (xs: TestSpecification[]) =>
  xs.map((x) => `${x.project.name}:${x.moduleId.slice(ROOT.length + 1)}`);

describe("the test sequencer", () => {
  const table = committedDurations();
  const byTable = [...table].sort((a, b) => b[1] - a[1]);
  const [longest, shortest] = [byTable[0]?.[0] ?? "", byTable.at(-1)?.[0] ?? ""];
  const asSpec = (key: string) => spec(key.split(":")[0] as string, key.slice(key.indexOf(":") + 1));

  it("the_committed_table_names_files_of_every_tier_of_npm_test", () => {
    const tiers = new Set([...table.keys()].map((k) => k.split(":")[0]));
    for (const t of ["unit", "e2e", "conformance"]) expect(tiers.has(t), t).toBe(true);
  });

  it("starts_the_longest_file_of_the_table_first_whatever_its_tier", async () => {
    const sorted = await sequencer().sort([asSpec(shortest), asSpec(longest)]);
    expect(names(sorted)).toEqual([longest, shortest]);
  });

  it("the_last_runs_time_on_this_machine_wins_over_the_table", async () => {
    const sorted = await sequencer({ [shortest]: 10_000_000 }).sort([asSpec(longest), asSpec(shortest)]);
    expect(names(sorted)).toEqual([shortest, longest]);
  });

  it("a_file_in_neither_starts_first", async () => {
    const sorted = await sequencer().sort([asSpec(longest), spec("unit", "test/unit/new.test.ts")]);
    expect(names(sorted)).toEqual(["unit:test/unit/new.test.ts", longest]);
  });

  it("a_later_group_still_starts_after_an_earlier_one", async () => {
    const sorted = await sequencer().sort([spec("long", "test/unit/new.test.ts", 1), asSpec(shortest)]);
    expect(names(sorted)).toEqual([shortest, "long:test/unit/new.test.ts"]);
  });
});
