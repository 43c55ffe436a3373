/**
 * The lint rules' fixtures run in process (test/unit/lint-rules.test.ts, through the RuleTester); this is
 * the one spawned run: the built CLI's `lint --format json` on fixtures with links out of the repository
 * and a gitignored file prints exactly the diagnostics the in-process run finds, and exits as findings say.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { lintCaseRepo, lintDiagnostics } from "../support/rule-tester.js";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const FIXTURES = resolve(import.meta.dirname, "../fixtures/lint/rules");

describe("lint through the built CLI", () => {
  it.each(["memory-symlink-escapes", "local-memory-tracked", "rule-dead-glob"])(
    "prints_the_diagnostics_the_in_process_run_finds_on_the_%s_fixture",
    (rule) => {
      const repo = lintCaseRepo({
        name: rule,
        fixture: join(FIXTURES, rule, "hit"),
        setup: (r, outside) => {
          if (rule !== "memory-symlink-escapes") return;
          writeFileSync(join(outside, "CLAUDE.md"), "# Shared notes kept outside\n");
          symlinkSync(join(outside, "CLAUDE.md"), join(r, "CLAUDE.md"));
          mkdirSync(join(outside, "rules"));
          writeFileSync(join(outside, "rules", "style.md"), "Use tabs.\n");
          symlinkSync(join(outside, "rules"), join(r, ".claude", "rules", "shared"));
        },
      });
      const r = spawnSync(process.execPath, [CLI, "lint", repo, "--format", "json"], { encoding: "utf8" });
      expect(r.stderr).toBe("");
      const printed = JSON.parse(r.stdout) as { diagnostics: { ruleId: string; severity: string }[] };
      const inProcess = lintDiagnostics(repo);
      expect(inProcess.some((d) => d.ruleId === rule)).toBe(true);
      expect(printed.diagnostics).toEqual(inProcess);
      expect(r.status).toBe(inProcess.some((d) => d.severity === "error") ? 1 : 0);
    },
  );
});
