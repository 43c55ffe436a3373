/**
 * The lint room's shape (ESLint's): every rule is one file under src/lint/rules/ named after its id, whose
 * default export carries its metadata and its check (and its fix exactly when it says it is fixable);
 * rules/index.ts lists every file once, in the order of the table in docs/commands/lint.md; and the SARIF
 * rule list the command prints is exactly those files.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { LintRule } from "../../src/lint/rule.js";
import { ALL_RULES, RULES } from "../../src/lint/rules/index.js";
import { cliInProcess } from "../support/cli-in-process.js";

const ROOT = resolve(import.meta.dirname, "../..");
const RULES_DIR = join(ROOT, "src/lint/rules");
const ruleFiles = readdirSync(RULES_DIR)
  .filter((f) => f.endsWith(".ts") && f !== "index.ts")
  .map((f) => f.slice(0, -3))
  .sort();

describe("lint rules: one file each", () => {
  it("every_lint_rule_is_one_file_with_its_metadata_and_check", async () => {
    expect(ruleFiles.length).toBeGreaterThan(0);
    for (const name of ruleFiles) {
      const mod = (await import(join(RULES_DIR, `${name}.ts`))) as { default?: LintRule };
      const rule = mod.default;
      expect(rule, name).toBeDefined();
      expect(rule?.meta.id, name).toBe(name);
      expect(rule?.meta.description.length, name).toBeGreaterThan(10);
      expect(["error", "warning", "info"], name).toContain(rule?.meta.defaultSeverity);
      expect(typeof rule?.check, name).toBe("function");
      expect(typeof rule?.fix === "function", `${name}: fix exactly when meta.fixable`).toBe(
        rule?.meta.fixable === true,
      );
      expect(
        RULES.filter((r) => r === rule),
        `${name} is listed once in rules/index.ts`,
      ).toHaveLength(1);
    }
    expect(RULES.map((r) => r.meta.id).sort()).toEqual(ruleFiles);
    expect(ALL_RULES).toEqual(RULES.map((r) => r.meta));
  });

  it("the_rule_list_is_in_the_order_of_the_table_in_the_lint_page", () => {
    const readme = readFileSync(join(ROOT, "docs/commands/lint.md"), "utf8");
    const table = readme.slice(readme.indexOf("| Rule id |"));
    const ids = [...table.matchAll(/^\| `([a-z-]+)` \| (error|warning|info) \|/gm)].map((m) => [m[1], m[2]]);
    expect(RULES.map((r) => [r.meta.id, r.meta.defaultSeverity])).toEqual(ids);
  });

  it("the_sarif_rule_list_of_the_command_equals_the_rule_files", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-lint-sarif-"));
    const r = await cliInProcess("lint", dir, "--format", "sarif");
    expect(r.status).toBe(0);
    const log = JSON.parse(r.stdout) as {
      runs: { tool: { driver: { rules: { id: string; shortDescription: { text: string } }[] } } }[];
    };
    const listed = log.runs[0]?.tool.driver.rules ?? [];
    expect(listed.map((x) => x.id)).toEqual(RULES.map((x) => x.meta.id));
    expect([...listed.map((x) => x.id)].sort()).toEqual(ruleFiles);
    expect(listed.map((x) => x.shortDescription.text)).toEqual(RULES.map((x) => x.meta.description));
  });
});
