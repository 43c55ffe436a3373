/** Fixtures shared by the hook's end-to-end tests (test/e2e/hook.test.ts, test/conformance/hook-claude.test.ts). */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A git repository (a bare `.git` folder) with two scoped rules (`**\/*.kt` → KT-RULE-MARK, `conf/**` →
 * CONF-RULE-MARK), nested memory `sub/CLAUDE.md` (SUB-MEMORY-MARK) and an existing `sub/deep/old.kt`:
 * trigger source 2 of the router, where the CLI attaches some of it itself and the hook the rest.
 */
export function repoWithScopedRules(prefix = "ac-hook-src2-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, ".git"));
  mkdirSync(join(dir, ".claude/rules"), { recursive: true });
  mkdirSync(join(dir, "sub/deep"), { recursive: true });
  writeFileSync(join(dir, ".claude/rules/kt.md"), '---\npaths:\n  - "**/*.kt"\n---\nKT-RULE-MARK\n');
  writeFileSync(join(dir, ".claude/rules/conf.md"), '---\npaths: "conf/**"\n---\nCONF-RULE-MARK\n');
  writeFileSync(join(dir, "sub/CLAUDE.md"), "SUB-MEMORY-MARK\n");
  writeFileSync(join(dir, "sub/deep/old.kt"), "x\n");
  return dir;
}
