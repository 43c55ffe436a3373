import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { routerTarget, toolTarget } from "../../src/hook/targets.js";
import { loadIndex } from "../../src/router/index-build.js";
import { matchRows } from "../../src/router/match.js";
import { makeRouter, TOTAL_ROWS, TOTAL_RULES } from "../fixtures/router/make-router.mjs";

let root = "";
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "ac-router-table-"));
  makeRouter(root);
});

function fired(tool: string, input: Record<string, unknown>) {
  const idx = loadIndex(root, undefined, { useCache: false });
  const t = routerTarget(toolTarget(tool, input, root), root);
  return t ? matchRows(idx, t) : [];
}

describe("the issue's fixture router (15 shards, 476 rows, 588 rule documents)", () => {
  it("the_fixture_has_the_sizes_the_issue_names", () => {
    const idx = loadIndex(root, undefined, { useCache: false });
    expect(idx.shards).toHaveLength(15);
    expect(idx.rows).toHaveLength(TOTAL_ROWS);
    expect(new Set(idx.rows.flatMap((r) => r.rules)).size).toBe(TOTAL_RULES);
    expect(idx.problems).toEqual([]);
  });

  it("profile_screen_gets_exactly_the_first_five_rows_and_twelve_rules", () => {
    const m = fired("Write", {
      file_path:
        "workspaces/org/fieldkit/source/fieldkit/feature/profile/src/commonMain/kotlin/ProfileScreen.kt",
    });
    expect(m.map((x) => x.trigger)).toEqual([
      "**/feature/*/src/**/*Screen.kt",
      "/feature",
      "workspaces/*/*/source/*/feature/*/src/commonMain/**/*.kt",
      "**/src/commonMain/**/*Screen.kt",
      "**/src/**/*.kt",
    ]);
    expect(new Set(m.flatMap((x) => x.row.rules))).toEqual(
      new Set([
        "RULE-IMPL-DEAD-CLICKABLE-001",
        "RULE-PROTO-COMPOSE-INCOMPLETE-NAV-001",
        "RULE-FEATURE-TEST-001",
        "RULE-FEATURE-COMPLY-001",
        "RULE-IMPL-DESIGN-TOKEN-CONSUMPTION-001",
        "RULE-IMPL-DESIGN-TOKEN-PARITY-001",
        "RULE-DESIGN-CONFORMANCE-001",
        "RULE-AUTO-FIX-001",
        "RULE-CI-001",
        "RULE-UI-SOURCE-001",
        "RULE-RENDER-CONVERGENCE-001",
        "RULE-TDD-GLOBAL-001",
      ]),
    );
  });

  it("the_secrets_manifest_gets_exactly_the_two_secrets_rows", () => {
    const m = fired("Write", { file_path: join(root, "workspaces/org/fieldkit/secrets-manifest.yaml") });
    expect(m.map((x) => x.row.rules)).toEqual([
      ["RULE-SECRETS-VAULT-001"],
      ["RULE-SECRETS-ALIAS-REGISTRY-001"],
    ]);
  });

  it("a_root_secrets_manifest_gets_only_the_unanchored_row", () => {
    const m = fired("Edit", { file_path: "secrets-manifest.yaml" });
    expect(m.map((x) => x.row.rules)).toEqual([["RULE-SECRETS-VAULT-001"]]);
  });

  it("a_semicolon_separated_row_fires_for_either_of_its_triggers", () => {
    const ui = fired("Write", { file_path: "idea-layer/screens/home/ui.yaml" });
    expect(ui.map((x) => [x.trigger, x.row.rules])).toEqual([
      ["idea-layer/screens/*/ui.yaml", ["RULE-UI-SOURCE-001", "RULE-RENDER-CONVERGENCE-001"]],
    ]);
    const kt = fired("Write", { file_path: "app/src/commonMain/x/HomeScreen.kt" });
    expect(kt.map((x) => x.trigger)).toEqual(["**/src/commonMain/**/*Screen.kt", "**/src/**/*.kt"]);
  });

  it("readme_gets_nothing", () => {
    expect(fired("Write", { file_path: "README.md" })).toEqual([]);
  });

  it("a_bash_command_fires_its_word_run_and_the_rows_of_its_path_like_words", () => {
    const m = fired("Bash", {
      command: "git add -A && git commit -m wip && cat workspaces/a/secrets-manifest.yaml",
    });
    expect(m.map((x) => [x.trigger, x.mode])).toEqual([
      ["git add -A", "word"],
      ["secrets-manifest.yaml", "path"],
      ["workspaces/**/secrets-manifest.yaml", "path"],
    ]);
  });
});
