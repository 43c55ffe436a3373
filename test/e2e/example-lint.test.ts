/** examples/acme-shop (the README's walk-through) lints with only its one intentional warning. */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

it("the_acme_shop_example_lints_with_only_the_intentional_unscoped_rule_warning", () => {
  const r = spawnSync(
    process.execPath,
    [resolve(ROOT, "dist/cli/main.js"), "lint", "examples/acme-shop", "--json"],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  expect(r.status).toBe(0);
  const found = JSON.parse(r.stdout);
  const all = (Array.isArray(found) ? found : found.diagnostics) as {
    ruleId: string;
    file: string;
    severity: string;
  }[];
  // Info findings (which agents load which file) are not problems of the example.
  const ds = all.filter((d) => d.severity !== "info");
  expect(ds.map((d) => `${d.ruleId} ${d.file}`)).toEqual(["rule-unscoped .claude/rules/git/commits.md"]);
});
