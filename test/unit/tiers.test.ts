/**
 * Each test file sits in the tier whose rules it keeps (vitest.config.ts): a unit test runs in process
 * (no built CLI, no spawned node, no agent CLI), an e2e test runs no agent CLI, and every test file belongs
 * to exactly one tier. Read from the files' text: a test that starts the built CLI names the dist folder,
 * one that starts node names node's executable path, one that runs an agent imports the agents' helpers of
 * test/support.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const TEST = resolve(import.meta.dirname, "..");

/** The folders of each tier (vitest.config.ts `include`). */
const TIERS: Record<string, string[]> = {
  unit: ["unit"],
  e2e: ["e2e", "corpus"],
  conformance: ["conformance"],
  slow: ["slow", "hostile"],
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
  Object.keys(TIERS).filter((t) => TIERS[t]?.some((dir) => file.startsWith(`${dir}/`)));

describe("the test tiers", () => {
  it("every_test_file_belongs_to_exactly_one_tier", () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => tierOf(f).length !== 1)).toEqual([]);
  });

  it("the_tiers_here_are_the_projects_of_the_vitest_config", () => {
    const config = readFileSync(join(TEST, "../vitest.config.ts"), "utf8");
    for (const [tier, dirs] of Object.entries(TIERS)) {
      expect(config).toContain(`name: "${tier}"`);
      for (const dir of dirs) expect(config).toContain(`"test/${dir}/**/*.test.ts"`);
    }
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

  it("no_e2e_test_runs_an_agent_cli", () => {
    const offenders = testFiles()
      .filter((f) => tierOf(f)[0] === "e2e")
      .filter((f) => AGENT_HELPERS.test(readFileSync(join(TEST, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
