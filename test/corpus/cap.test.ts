/**
 * `cap` on every repository in ../shared/corpus (real projects' agent files), through the library and the
 * built CLI. Each repository is measured as stored and as in git (stored-as-text symlinks restored in a
 * temp copy). Totals are not pinned here (they belong to the launch model's conformance suite); the facts
 * asserted are structural and each can fail.
 */
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CORPUS_DIR, corpusPresent, corpusRepos, materialize } from "../../scripts/corpus.mjs";
import { type CapRun, runCap } from "../../src/app/cap.js";
import { agentContext } from "../support/cli-run.js";

// A fresh clone away from the shared workspace has no corpus: say so and skip (set AGENT_CONTEXT_CORPUS).
const present = corpusPresent();
if (!present)
  console.warn(`corpus tests skipped: no corpus at ${CORPUS_DIR} (see the CORPUS TESTS SKIPPED notice)`);
const repos = present ? corpusRepos() : [];
const made: { cleanup: () => void }[] = [];
afterAll(() => {
  for (const m of made) m.cleanup();
});

interface Measured {
  name: string;
  dir: string;
  run: CapRun;
}
const asStored: Measured[] = repos.map((name) => {
  const dir = join(CORPUS_DIR, name);
  return { name, dir, run: runCap({ dir, env: {} }) };
});
const asInGit: Measured[] = repos.map((name) => {
  const m = materialize(name);
  made.push(m);
  return { name, dir: m.dir, run: runCap({ dir: m.dir, env: {} }) };
});
const byName = (list: Measured[], name: string): Measured => {
  const m = list.find((x) => x.name === name);
  if (!m) throw new Error(`corpus repository ${name} missing`);
  return m;
};
const realOf = (root: string, p: string) => realpathSync(p.startsWith("/") ? p : join(root, p));

it.skipIf(!present)("the_corpus_holds_twenty_two_repositories", () => {
  expect(repos).toHaveLength(22);
});

describe.skipIf(!present).each([
  ["as stored", asStored],
  ["as in git", asInGit],
])("every corpus repository %s", (_label, list) => {
  it.each(repos)("%s_total_equals_the_sum_of_its_charged_items", (name) => {
    const { run } = byName(list, name);
    const sum = run.items.filter((i) => i.charged).reduce((s, i) => s + i.bytes, 0);
    expect(run.evaluation.total).toBe(sum);
    expect(run.evaluation.over).toBe(Math.max(0, sum - 4096));
  });

  it.each(repos)("%s_charges_each_real_file_at_most_once", (name) => {
    const { run, dir } = byName(list, name);
    const reals = run.items.filter((i) => i.charged).map((i) => realOf(dir, i.path));
    expect(new Set(reals).size).toBe(reals.length);
  });

  it.each(repos)("%s_lists_only_files_that_exist_and_injects_no_more_than_is_on_disk", (name) => {
    const { run, dir } = byName(list, name);
    for (const i of run.items) {
      expect(() => realOf(dir, i.path), i.path).not.toThrow();
      expect(i.bytes, i.path).toBeLessThanOrEqual(i.fileBytes);
      expect(i.loadedAt).toBe("launch");
    }
  });

  it.each(repos)("%s_lists_contributors_largest_first", (name) => {
    const bytes = byName(list, name).run.evaluation.contributors.map((c) => c.bytes);
    expect(bytes).toEqual([...bytes].sort((a, b) => b - a));
  });
});

describe.skipIf(!present)("particular corpus facts", () => {
  it("apexyard_rules_both_imported_and_auto_loaded_are_charged_once", () => {
    const { run } = byName(asInGit, "me2resh__apexyard");
    const rulePaths = run.items.filter((i) => i.path.startsWith(".claude/rules/")).map((i) => i.path);
    expect(rulePaths.length).toBeGreaterThanOrEqual(19);
    expect(new Set(rulePaths).size).toBe(rulePaths.length);
    expect(rulePaths).toContain(".claude/rules/role-triggers.md");
    expect(run.items.filter((i) => i.path === ".claude/rules/role-triggers.md" && i.charged)).toHaveLength(1);
  });

  it("apexyard_shell_script_under_rules_is_never_listed", () => {
    for (const list of [asStored, asInGit]) {
      const { run } = byName(list, "me2resh__apexyard");
      expect(run.items.map((i) => i.path).filter((p) => p.endsWith(".sh"))).toEqual([]);
    }
  });

  it("apexyard_is_far_over_the_default_cap", () => {
    const { run } = byName(asInGit, "me2resh__apexyard");
    expect(run.evaluation.ok).toBe(false);
    expect(run.evaluation.total).toBeGreaterThan(29_000);
  });

  it("cratis_rules_reached_through_symlinks_are_listed_once_by_real_path", () => {
    const { run, dir } = byName(asInGit, "Cratis__Chronicle");
    const rules = run.items.filter((i) => i.kind === "rule");
    expect(rules.length).toBeGreaterThan(0);
    const reals = rules.map((i) => realOf(dir, i.path));
    expect(reals.every((r) => r.includes("/.ai/rules/"))).toBe(true);
    expect(new Set(reals).size).toBe(reals.length);
  });

  it("gemini_and_powershell_have_no_claude_launch_context", () => {
    for (const name of ["google-gemini__gemini-cli", "PowerShell__PowerShell"]) {
      expect(byName(asInGit, name).run.evaluation.total).toBe(0);
    }
  });
});

describe.skipIf(!present)("the built CLI on the corpus", () => {
  it.each(repos)("%s_cli_json_agrees_with_the_library", async (name) => {
    const m = byName(asInGit, name);
    const r = await agentContext(["cap", m.dir, "--json"], {
      env: { ...process.env, CI: "", GITHUB_ACTIONS: "" },
    });
    expect([0, 1]).toContain(r.status);
    expect(r.status).toBe(m.run.ok ? 0 : 1);
    const j = JSON.parse(r.stdout);
    expect(j.total).toBe(m.run.evaluation.total);
    expect(j.items.map((i: { path: string }) => i.path)).toEqual(m.run.items.map((i) => i.path));
  });
});
