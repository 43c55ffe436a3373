/**
 * The README shows real output: the example's clean line, its failure with a lowered cap, and the corpus
 * table printed by scripts/corpus-table.mjs. These tests keep those blocks equal to what the built CLI and
 * the script print now (regenerate them when the launch model changes a byte count).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { corpusPresent } from "../../scripts/corpus.mjs";
import { cap } from "./cap-helpers.js";

const ROOT = resolve(import.meta.dirname, "../..");
const README = readFileSync(resolve(ROOT, "README.md"), "utf8");

/** The first fenced block after `marker`, without its fences. */
function blockAfter(marker: string): string {
  const at = README.indexOf(marker);
  expect(at, `README marker ${marker}`).toBeGreaterThanOrEqual(0);
  const m = /```[a-z]*\n([\s\S]*?)```/.exec(README.slice(at));
  return m?.[1] ?? "";
}

describe("README", () => {
  it("quick_start_output_is_what_cap_prints_on_the_example", () => {
    const r = cap([resolve(ROOT, "examples/acme-shop")]);
    expect(r.code).toBe(0);
    expect(blockAfter("The first command ends with:")).toBe(r.stdout);
  });

  it("failure_example_is_what_cap_prints_with_a_lowered_cap", () => {
    const r = cap([resolve(ROOT, "examples/acme-shop"), "--cap", "1500"]);
    expect(r.code).toBe(1);
    const block = blockAfter("Lower the cap for one run to see a failure");
    expect(block).toBe(`$ npx --no-install agent-context cap examples/acme-shop --cap 1500\n${r.stdout}`);
  });

  it("every_npx_of_agent_context_in_the_readme_and_docs_ci_runs_only_the_installed_package_or_the_tarball", () => {
    // Issue 29: the name is unclaimed on the registry; a bare `npx agent-context` would fetch whatever is
    // published under it (test/e2e/ci-recipe.test.ts shows both sides against a loopback registry).
    for (const doc of ["README.md", "docs/ci.md"]) {
      const text = readFileSync(resolve(ROOT, doc), "utf8");
      const uses = [...text.matchAll(/npx ((?:--?[\w-]+(?: \.\/[^\s`]+)? )*)agent-context/g)];
      expect(uses.length, doc).toBeGreaterThan(0);
      // Each names the bare form once, as "a bare `npx agent-context`", to say why it is not used.
      const bad = uses.filter(
        (m) =>
          !/^(--no-install |--yes --package \.\/vendor\/agent-context-[\w.<>-]+\.tgz )$/.test(m[1] ?? "") &&
          !text.slice(0, m.index).endsWith("a bare `"),
      );
      expect(
        bad.map((m) => m[0]),
        doc,
      ).toEqual([]);
    }
  });

  it.skipIf(!corpusPresent())("corpus_table_is_what_the_script_prints", () => {
    const r = spawnSync(process.execPath, [resolve(ROOT, "scripts/corpus-table.mjs")], { encoding: "utf8" });
    expect(r.status).toBe(0);
    const rows = r.stdout.split("\n").filter((l) => l.startsWith("|"));
    expect(rows.length).toBe(24);
    for (const row of rows) expect(README).toContain(`${row}\n`);
    expect(README).toContain(r.stdout.split("\n")[0]);
  });
});
