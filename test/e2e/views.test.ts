/**
 * The two views through the built CLI: `cap` (fresh clone: never reads the home directory), `cap --user`
 * and `explain` (the user view: this machine's user layer, settings, approvals and environment, printed
 * as `applied`) and `--add-dir` with the CLI's meaning. Every run has a throwaway HOME and CLAUDE_CONFIG_DIR.
 * `explain` showing a pointer attaching as the real Claude Code attaches it: test/conformance/views-claude.test.ts.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { env, run, tree } from "./views-helpers.js";

/** A home whose every layer would change the set if read. */
function poisonedHome(): { home: string; cfg: string; vars: Record<string, string> } {
  const home = tree({
    ".claude/CLAUDE.md": "POISON default-dir user memory\n",
    "cfg/CLAUDE.md": "POISON user memory\n",
    "cfg/rules/p.md": "POISON user rule\n",
    "cfg/settings.json": JSON.stringify({
      claudeMdExcludes: ["**/CLAUDE.md"],
      pluginConfigs: { "cc-plugin-agents-md@builtin": { options: { instructionFiles: "managed-only" } } },
    }),
  });
  const cfg = join(home, "cfg");
  return {
    home,
    cfg,
    vars: {
      CLAUDE_CONFIG_DIR: cfg,
      CLAUDE_CODE_DISABLE_CLAUDE_MDS: "1",
      CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: "1",
    },
  };
}

describe("the fresh-clone view (cap)", () => {
  it("a_poisoned_home_and_config_dir_change_nothing_in_cap_without_user", () => {
    const root = tree({
      "CLAUDE.md": "repo memory\n",
      "AGENTS.md": "agents\n",
      ".claude/rules/r.md": "rule\n",
    });
    const clean = tree({});
    const p = poisonedHome();
    const a = run("cap", ["--json"], root, env(clean));
    const b = run("cap", ["--json"], root, env(p.home, p.vars));
    expect(a.status).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(b.stderr).toBe(a.stderr);
    const j = JSON.parse(b.stdout);
    expect(j.view).toBe("fresh-clone");
    expect(j.applied).toEqual([]);
    expect(j.items.map((i: { path: string }) => i.path)).toEqual(["CLAUDE.md", ".claude/rules/r.md"]);
    // The text output is the same too, and does not name a view it did not change.
    const t1 = run("cap", [], root, env(clean));
    const t2 = run("cap", [], root, env(p.home, p.vars));
    expect(t2.stdout).toBe(t1.stdout);
    expect(t2.stdout).not.toContain("applied:");
  });

  it("committed_claude_md_excludes_apply_in_the_fresh_clone_view_and_are_listed_as_applied", () => {
    const root = tree({
      "CLAUDE.md": "repo memory\n",
      "docs/CLAUDE.md": "docs memory\n",
      "docs/.claude/settings.json": JSON.stringify({ claudeMdExcludes: ["<R>/CLAUDE.md"] }),
    });
    const r = run("cap", [root, "--json", "--cwd", "docs"], root, env(tree({})));
    const j = JSON.parse(r.stdout);
    expect(j.view).toBe("fresh-clone");
    expect(j.items.map((i: { path: string }) => i.path)).toEqual(["docs/CLAUDE.md"]);
    expect(j.applied).toEqual([
      expect.objectContaining({ kind: "setting", name: "claudeMdExcludes", effect: "excludes CLAUDE.md" }),
    ]);
  });

  it("add_dir_in_the_fresh_clone_view_loads_no_memory_and_says_why", () => {
    const root = tree({ "w/CLAUDE.md": "main\n", "extra/CLAUDE.md": "extra\n" });
    const r = run("cap", ["--json", "--add-dir", join(root, "extra")], join(root, "w"), env(tree({})));
    const j = JSON.parse(r.stdout);
    expect(j.items.map((i: { path: string }) => i.path)).toEqual(["CLAUDE.md"]);
    expect(j.applied).toEqual([
      {
        kind: "flag",
        name: "--add-dir",
        value: join(root, "extra"),
        effect: "loads no memory: CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD is not set",
      },
    ]);
  });

  it("an_add_dir_that_does_not_exist_is_a_usage_error_naming_it", () => {
    const root = tree({ "CLAUDE.md": "m\n" });
    const r = run("cap", ["--add-dir", "nope"], root, env(tree({})));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--add-dir nope: no such directory");
    const e = run("explain", ["CLAUDE.md", "--add-dir", "nope"], root, env(tree({})));
    expect(e.status).toBe(2);
    expect(e.stderr).toContain("--add-dir nope: no such directory");
  });
});

describe("the user view (cap --user, explain)", () => {
  it("cap_user_adds_the_user_layer_uncharged_and_prints_what_it_applied", () => {
    const root = tree({ "CLAUDE.md": "repo memory\n" });
    const home = tree({ "cfg/CLAUDE.md": "my memory\n", "cfg/rules/mine.md": "my rule\n" });
    const e = env(home, { CLAUDE_CONFIG_DIR: join(home, "cfg") });
    const j = JSON.parse(run("cap", ["--json", "--user"], root, e).stdout);
    expect(j.view).toBe("user");
    expect(j.items.map((i: { path: string; charged: boolean }) => [i.path, i.charged])).toEqual([
      [join(home, "cfg/CLAUDE.md"), false],
      [join(home, "cfg/rules/mine.md"), false],
      ["CLAUDE.md", true],
    ]);
    expect(j.total).toBe(Buffer.byteLength("repo memory"));
    expect(j.applied).toContainEqual(expect.objectContaining({ kind: "file", name: join(home, "cfg") }));
    const text = run("cap", ["--user"], root, e).stdout;
    expect(text).toContain("view: user");
    expect(text).toContain(`file ${join(home, "cfg")}: user layer: 2 files at launch`);
  });

  it("cap_user_with_the_additional_directories_variable_loads_the_added_directory", () => {
    const root = tree({ "w/CLAUDE.md": "main\n", "extra/CLAUDE.md": "extra\n" });
    const home = tree({});
    const e = env(home, {
      CLAUDE_CONFIG_DIR: join(home, "cfg"),
      CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: "1",
    });
    const j = JSON.parse(
      run("cap", ["--json", "--user", "--add-dir", join(root, "extra")], join(root, "w"), e).stdout,
    );
    expect(j.items.map((i: { path: string }) => i.path)).toEqual([
      "CLAUDE.md",
      join(root, "extra/CLAUDE.md"),
    ]);
    expect(j.applied.map((a: { kind: string; name: string }) => `${a.kind} ${a.name}`)).toEqual([
      "flag --add-dir",
      "env CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD",
      `file ${join(home, "cfg")}`,
    ]);
  });

  it("the_managed_only_mode_empties_the_launch_set_on_2_1_332_and_changes_nothing_on_2_1_197", () => {
    const root = tree({ "CLAUDE.md": "repo memory\n" });
    const home = tree({
      "cfg/settings.json": JSON.stringify({
        pluginConfigs: { "cc-plugin-agents-md@builtin": { options: { instructionFiles: "managed-only" } } },
      }),
    });
    const e = env(home, { CLAUDE_CONFIG_DIR: join(home, "cfg") });
    const paths = (args: string[]) =>
      JSON.parse(run("cap", ["--json", "--user", ...args], root, e).stdout).items.map(
        (i: { path: string }) => i.path,
      );
    expect(paths(["--agent-version", "2.1.332"])).toEqual([]);
    expect(paths(["--agent-version", "2.1.197"])).toEqual(["CLAUDE.md"]);
    const text = run("cap", ["--user", "--agent-version", "2.1.197"], root, e);
    expect(`${text.stdout}${text.stderr}`).toContain("has no effect on Claude Code 2.1.197");
  });

  it("a_user_settings_file_that_is_not_json_is_reported_by_name_and_ignored", () => {
    const root = tree({ "CLAUDE.md": "repo memory\n" });
    const home = tree({ "cfg/settings.json": "{ not json" });
    const r = run("cap", ["--user"], root, env(home, { CLAUDE_CONFIG_DIR: join(home, "cfg") }));
    expect(r.status).toBe(0);
    expect(`${r.stdout}${r.stderr}`).toContain(`${join(home, "cfg/settings.json")}: not a JSON object`);
  });

  it("explain_shows_the_user_view_by_default_and_fresh_clone_turns_it_off", () => {
    const root = tree({ "CLAUDE.md": "repo memory\n", "src/a.ts": "a\n" });
    const home = tree({ "cfg/CLAUDE.md": "my memory\n" });
    const e = env(home, { CLAUDE_CONFIG_DIR: join(home, "cfg"), CLAUDE_CODE_DISABLE_ATTACHMENTS: "1" });
    const u = JSON.parse(run("explain", ["src/a.ts", "--json"], root, e).stdout);
    expect(u.view).toBe("user");
    expect(u.launch.map((i: { path: string }) => i.path)).toEqual([join(home, "cfg/CLAUDE.md"), "CLAUDE.md"]);
    const f = JSON.parse(run("explain", ["src/a.ts", "--json", "--fresh-clone"], root, e).stdout);
    expect(f.view).toBe("fresh-clone");
    expect(f.applied).toEqual([]);
    expect(f.launch.map((i: { path: string }) => i.path)).toEqual(["CLAUDE.md"]);
    const text = run("explain", ["src/a.ts"], root, e).stdout;
    expect(text.split("\n")[0]).toBe(
      "view: user (this machine's user files, settings, approvals and environment)",
    );
  });
});
