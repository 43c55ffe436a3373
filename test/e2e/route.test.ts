import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeRouter } from "../fixtures/router/make-router.mjs";

const CLI = resolve("dist/cli/main.js");
const HOOK = resolve("dist/hook.cjs");
const PROFILE =
  "workspaces/org/fieldkit/source/fieldkit/feature/profile/src/commonMain/kotlin/ProfileScreen.kt";

let root = "";
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "ac-route-"));
  makeRouter(root);
  writeFileSync(join(root, ".agent-context.json"), JSON.stringify({ unlowerable: ["RULE-ALWAYS-001"] }));
});

const route = (args: string[], cwd = root) =>
  spawnSync(process.execPath, [CLI, "route", ...args], { cwd, encoding: "utf8" });

describe("agent-context route", () => {
  it("json_lists_the_five_rows_with_the_trigger_that_fired_each", () => {
    const r = route([PROFILE, "--json"]);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.rows.map((x: { shard: string; trigger: string }) => [x.shard, x.trigger])).toEqual([
      [".agent-context/routers/feature.md", "**/feature/*/src/**/*Screen.kt"],
      [".agent-context/routers/feature.md", "/feature"],
      [".agent-context/routers/feature.md", "workspaces/*/*/source/*/feature/*/src/commonMain/**/*.kt"],
      [".agent-context/routers/misc.md", "**/src/commonMain/**/*Screen.kt"],
      [".agent-context/routers/testing.md", "**/src/**/*.kt"],
    ]);
    expect(j.rules).toHaveLength(12);
    expect(j.unlowerable).toEqual(["RULE-ALWAYS-001"]);
  });

  it("print_is_exactly_what_the_hook_injects_in_a_fresh_session", () => {
    const printed = route([PROFILE, "--print"]);
    const h = spawnSync(process.execPath, [HOOK], {
      input: JSON.stringify({
        session_id: `fresh-${Math.random()}`,
        cwd: root,
        tool_name: "Write",
        tool_input: { file_path: join(root, PROFILE) },
      }),
      encoding: "utf8",
    });
    expect(printed.stdout).toBe(`${JSON.parse(h.stdout).hookSpecificOutput.additionalContext}\n`);
    expect(printed.stderr).toContain("always on, not routed (declared un-lowerable): RULE-ALWAYS-001");
  });

  it("a_target_relative_to_a_subdirectory_cwd_is_resolved_against_it", () => {
    const sub = join(root, "workspaces/org/fieldkit");
    mkdirSync(sub, { recursive: true });
    const j = JSON.parse(route(["secrets-manifest.yaml", "--json"], sub).stdout);
    expect(j.target).toBe("workspaces/org/fieldkit/secrets-manifest.yaml");
    expect(j.rows).toHaveLength(2);
  });

  it("readme_prints_nothing_and_exits_0", () => {
    const r = route(["README.md", "--print"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
  });

  it("bash_commands_match_word_runs", () => {
    const r = route(["git add -A && git commit", "--tool", "Bash", "--json"]);
    expect(
      JSON.parse(r.stdout).rows.map((x: { trigger: string; mode: string }) => [x.trigger, x.mode]),
    ).toEqual([["git add -A", "word"]]);
  });

  it("map_prints_one_line_per_shard_after_one_heading_line", () => {
    const r = route(["--map"]);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(16);
    expect(lines[8]).toBe("- feature → `.agent-context/routers/feature.md` (34 rows, 47 rules)");
  });

  it("no_target_is_a_usage_error", () => {
    const r = route([]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("route needs a TARGET");
  });
});
