/**
 * Each test file sits in the tier whose rules it keeps (vitest.config.ts): a unit test runs in process
 * (no built CLI, no spawned node, no agent CLI), an e2e test runs no agent CLI, and every test file belongs
 * to exactly one tier (the long tier is a list of conformance files, test/support/long-tier.ts). Read from
 * the files' text: a test that starts the built CLI names the dist folder,
 * one that starts node names node's executable path, one that runs an agent imports the agents' helpers of
 * test/support.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { configDefaults } from "vitest/config";
import config from "../../vitest.config.js";
import { LONG } from "../support/long-tier.js";

const TEST = resolve(import.meta.dirname, "..");

/** The folders of each tier (vitest.config.ts `include`). */
const TIERS: Record<string, string[]> = {
  unit: ["unit"],
  e2e: ["e2e", "corpus"],
  conformance: ["conformance"],
  slow: ["slow", "hostile"],
  long: [],
};

/** The helpers that run the pinned agent CLIs of test/agents (conformance only). */
const AGENT_HELPERS =
  /from "\.\.\/support\/(claude|codex|gemini|copilot|agents-setup)\.js"|test\/agents|scripts\/agents\.mjs/;
/** What starts the built CLI or a node process. */
const SPAWNS_NODE = /\bdist\/(cli|hook)|process\.execPath|(spawnSync|execFileSync|spawn)\("node"/;

function testFiles(): string[] {
  return readdirSync(TEST, { recursive: true, encoding: "utf8" })
    .map((f) => f.split("\\").join("/"))
    .filter((f) => f.endsWith(".test.ts") && !f.startsWith("agents/") && !f.includes("node_modules"))
    .sort();
}

const tierOf = (file: string) =>
  LONG.includes(`test/${file}`)
    ? ["long"]
    : Object.keys(TIERS).filter((t) => TIERS[t]?.some((dir) => file.startsWith(`${dir}/`)));

/** The projects of vitest.config.ts by name: what each includes and excludes. */
const PROJECTS = new Map(
  ((config.test?.projects ?? []) as { test: { name: string; include: string[]; exclude?: string[] } }[]).map(
    (p) => [p.test.name, p.test],
  ),
);

describe("the test tiers", () => {
  it("every_test_file_belongs_to_exactly_one_tier", () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => tierOf(f).length !== 1)).toEqual([]);
  });

  it("the_tiers_here_are_the_projects_of_the_vitest_config", () => {
    expect([...PROJECTS.keys()].sort()).toEqual(Object.keys(TIERS).sort());
    for (const [tier, dirs] of Object.entries(TIERS)) {
      if (tier === "long") continue;
      expect(PROJECTS.get(tier)?.include).toEqual(dirs.map((dir) => `test/${dir}/**/*.test.ts`));
    }
  });

  it("the_long_tier_is_files_that_the_tier_of_their_folder_leaves_out", () => {
    expect(LONG.length).toBeGreaterThan(0);
    for (const f of LONG) {
      expect(f).toMatch(/^test\/(conformance|hostile)\/[^/]+\.test\.ts$/);
      expect(testFiles()).toContain(f.slice("test/".length));
    }
    expect(PROJECTS.get("long")?.include).toEqual(LONG);
    expect(PROJECTS.get("conformance")?.exclude).toEqual([...configDefaults.exclude, ...LONG]);
    expect(PROJECTS.get("slow")?.exclude).toEqual([...configDefaults.exclude, ...LONG]);
  });

  it("npm_test_runs_every_tier_but_the_long_one_and_test_long_runs_that", () => {
    const scripts = JSON.parse(readFileSync(join(TEST, "../package.json"), "utf8")).scripts;
    expect(scripts.test).toBe("npm run checks && vitest run --project '!long'");
    expect(scripts["test:long"]).toBe("vitest run --project long");
  });

  it("no_unit_test_starts_the_built_cli_node_or_an_agent", () => {
    const offenders = testFiles()
      .filter((f) => f.startsWith("unit/") && f !== "unit/tiers.test.ts") // this file names the patterns
      .filter((f) => {
        const text = readFileSync(join(TEST, f), "utf8");
        return SPAWNS_NODE.test(text) || AGENT_HELPERS.test(text);
      });
    expect(offenders).toEqual([]);
  });

  it("only_the_conformance_and_long_tiers_whose_setup_installs_the_agents_run_an_agent_cli", () => {
    const offenders = testFiles()
      .filter((f) => !["conformance", "long"].includes(tierOf(f)[0] ?? ""))
      .filter((f) => f !== "unit/tiers.test.ts")
      .filter((f) => AGENT_HELPERS.test(readFileSync(join(TEST, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
