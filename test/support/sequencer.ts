/**
 * The order the test files start in: the longest first, across the tiers of one run (vitest.config.ts puts
 * the tiers of `npm test` in one pool), so the last files to start are short ones and no worker idles long
 * at the end while another finishes a file of minutes.
 *
 * A file's expected duration: Vitest's own cache of the last run on this machine when it has one
 * (node_modules/.vite/vitest), else the committed table of test/support/durations.json (a fresh clone, CI),
 * measured from a full run's per-file times (`node scripts/test-durations.mjs LOG` rewrites it). A file in
 * neither (a new one) starts first: its cost is unknown, so it must not be the tail.
 */
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { TestSpecification } from "vitest/node";
import { BaseSequencer } from "vitest/node";

const TABLE = resolve(import.meta.dirname, "durations.json");

/** The committed per-file durations in ms, keyed `PROJECT:PATH` (PATH relative to the repository root). */
export function committedDurations(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(TABLE, "utf8")) as Record<string, number>));
  } catch {
    return new Map();
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const table = committedDurations();
    const root = this.ctx.config.root;
    const expected = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key);
      if (cached && cached.duration > 0) return cached.duration;
      return table.get(key) ?? Number.POSITIVE_INFINITY;
    };
    const cost = new Map(files.map((f) => [f, expected(f)]));
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      return (cost.get(b) ?? 0) - (cost.get(a) ?? 0);
    });
  }
}
