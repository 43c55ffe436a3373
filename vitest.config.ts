import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { LONG } from "./test/support/long-tier.js";
import { LongestFirstSequencer } from "./test/support/sequencer.js";

/**
 * The test tiers, one Vitest project each (`npm test` runs all but `long`; `npm run test:unit`, `test:e2e`,
 * `test:agents`, `test:slow`, `test:long` one):
 * - unit: in process (src/), no spawned CLI or agent, nothing downloaded; property tests at a small size
 *   unless AGENT_CONTEXT_FULL_PROPERTIES=1 (CI);
 * - e2e: the built CLI (dist/, rebuilt first when stale) in real temp repositories, no agent CLI;
 * - conformance: the real agent CLIs of test/agents, installed by this project's global setup only;
 * - slow: the bad-input corpus, the browser, the consumer install, the hostile-repository suite, the
 *   benchmark guard;
 * - long: the suites that launch the agents hundreds of times (test/support/long-tier.ts LONG),
 *   not in `npm test` (which says so): `npm run test:long`.
 * test/unit/tiers.test.ts holds each file to its tier's rules.
 *
 * Workers: one per core (Vitest's own default leaves one core idle: one worker on a 2-core machine). The
 * tiers of `npm test` share one pool (one sequence.groupOrder), so no worker waits at the end of a tier for
 * the other to finish its last file; the files start longest first across the tiers
 * (test/support/sequencer.ts, by the last run's times or the committed test/support/durations.json).
 */
const cores = availableParallelism();

/** Before any test of a tier that runs dist/: rebuilds it when a source is newer (a no-op when fresh). */
const BUILD = "test/support/build-setup.ts";
/** Says when the corpus (../shared/corpus) is absent: its tests then skip. */
const CORPUS = "test/support/corpus-notice.ts";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: cores,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          globalSetup: [CORPUS],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts", "test/corpus/**/*.test.ts"],
          globalSetup: [BUILD, CORPUS],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "conformance",
          include: ["test/conformance/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...LONG],
          // The real agent CLIs (test/agents), installed when missing: this tier's setup only, so running
          // any other tier or file downloads nothing.
          globalSetup: [BUILD, "test/support/agents-setup.ts", CORPUS, "test/support/long-tier.ts"],
          // Agent CLIs are CPU-bound: a file's pool of agent runs (sized for the whole machine) takes its
          // share of the cores beside the other workers (test/support/process.ts agentSlots).
          env: { AGENT_CONTEXT_TEST_WORKERS: String(cores) },
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "slow",
          include: ["test/slow/**/*.test.ts", "test/hostile/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...LONG],
          globalSetup: [BUILD, CORPUS, "test/support/long-tier.ts"],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "long",
          include: LONG,
          globalSetup: [BUILD, "test/support/agents-setup.ts", CORPUS],
          env: { AGENT_CONTEXT_TEST_WORKERS: String(cores) },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
