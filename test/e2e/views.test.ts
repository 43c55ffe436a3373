/**
 * The two views through the built CLI: `cap` (fresh clone: never reads the home directory), `cap --user`
 * and `explain` (the user view: this machine's user layer, settings, approvals and environment, printed
 * as `applied`), `--add-dir` with the CLI's meaning, and `explain` showing a pointer (a user rule written by
 * `agent-context pointers`) attaching exactly as the real Claude Code CLI attaches it. Every run has a
 * throwaway HOME and CLAUDE_CONFIG_DIR.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claudeVersion, runClaude } from "../support/claude.js";

const CLI = resolve("dist/cli/main.js");
const made: string[] = [];
afterAll(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-views-")));
  made.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text.replaceAll("<R>", root));
  }
  return root;
}

/** A clean environment: no CI markers, no agent variables, HOME and CLAUDE_CONFIG_DIR as given. */
function env(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
  return { ...base, ...extra };
}

function run(cmd: string, args: string[], cwd: string, e: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [CLI, cmd, ...args], { cwd, env: e, encoding: "utf8" });
}

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

  it(`explain_in_the_user_view_shows_a_pointer_attaching_as_claude_code_${claudeVersion().replaceAll(".", "_")}_attaches_it`, async () => {
    const root = tree({
      "CLAUDE.md": "repo memory\n",
      ".claude/rules/api.md": '---\npaths:\n  - "pkg/api/**"\n---\nAPI-RULE-BODY\n',
      "pkg/api/a.ts": "export const a = 1;\n",
      "pkg/web/b.ts": "export const b = 1;\n",
    });
    const home = tree({});
    const cfg = join(home, "cfg");
    execFileSync(
      process.execPath,
      [CLI, "pointers", "--config-dir", cfg, "--cwd", root, "--no-project-settings"],
      { cwd: root, env: env(home), encoding: "utf8" },
    );
    const e = env(home, { CLAUDE_CONFIG_DIR: cfg });
    const target = join(root, "pkg/api/a.ts");
    const ex = JSON.parse(run("explain", [target, "--json"], root, e).stdout);
    const onRead = ex.onRead.map((i: { path: string }) =>
      i.path.startsWith("/") ? i.path : join(root, i.path),
    );
    expect(onRead.some((p: string) => p.startsWith(`${cfg}/rules/`))).toBe(true);
    const fresh = JSON.parse(run("explain", [target, "--json", "--fresh-clone"], root, e).stdout);
    expect(fresh.onRead.some((i: { path: string }) => i.path.startsWith(`${cfg}/`))).toBe(false);
    // The real CLI with the same config dir attaches the same files, in the same order, after a Read.
    const cli = await runClaude({
      cwd: root,
      home,
      configDir: cfg,
      script: [[{ type: "tool_use", name: "Read", input: { file_path: target } }]],
      args: ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"],
    });
    const last = cli.mainRequests.at(-1);
    // biome-ignore lint/suspicious/noExplicitAny: API messages
    const blocks = ((last?.body.messages ?? []) as any[]).slice(1).flatMap((m) =>
      // biome-ignore lint/suspicious/noExplicitAny: API content blocks
      Array.isArray(m.content) ? m.content.filter((b: any) => b.type === "text").map((b: any) => b.text) : [],
    );
    const attached = blocks.flatMap((t: string) => {
      const m = /^<system-reminder>\nContents of (\/[^\n]*?):\n\n/.exec(t);
      return m ? [m[1]] : [];
    });
    expect(attached).toEqual(onRead);
  }, 120_000);
});
