/** examples/acme-shop (the README's walk-through) lints with only its intentional warnings (exit 0). */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

it("the_acme_shop_example_lints_with_only_its_intentional_warnings", () => {
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
  // The unscoped rule is the walk-through's example; the AGENTS files are Codex's own (CLAUDE.md serves
  // Claude Code), and lint names them as the ones Claude Code never reads.
  // Info findings (which agents load which file) are not problems of the example.
  const ds = all.filter((d) => d.severity !== "info");
  expect(ds.map((d) => `${d.severity} ${d.ruleId} ${d.file}`).sort()).toEqual([
    "warning agents-md-shadowed AGENTS.md",
    "warning agents-md-shadowed packages/api/AGENTS.md",
    "warning agents-md-shadowed packages/web/AGENTS.md",
    "warning rule-unscoped .claude/rules/git/commits.md",
  ]);
});
