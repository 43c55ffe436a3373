/**
 * `agent-context cap` end to end: the built CLI on real temp repositories (and real git for the ratchet).
 * The byte counts come from the Claude Code launch model; these tests pin what cap does with them.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CapJson,
  CLI,
  type CliRun,
  cap,
  capJson,
  cleanup,
  commit,
  git,
  tempRepo,
} from "./cap-helpers.js";

afterAll(cleanup);

describe("cap on the built CLI", () => {
  it("a_repository_without_memory_files_is_clean_with_total_zero", async () => {
    const root = tempRepo({ "README.md": "# nothing for agents\n" });
    const r = await cap([root]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^agent-context cap: clean — 0 bytes of launch context \(cap 4096, 4096 to spare\)$/m,
    );
    expect((await capJson([root])).json).toMatchObject({ total: 0, over: 0, ok: true, items: [] });
  });

  it("the_default_directory_is_the_current_one", async () => {
    const root = tempRepo({ "CLAUDE.md": "hello\n" });
    const r = await cap([], {}, root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("clean");
  });

  describe("at the edge of the cap", () => {
    const root = tempRepo({ "CLAUDE.md": `${"x".repeat(999)}\n` });
    let total = 0;
    beforeAll(async () => {
      total = (await capJson([root])).json.total;
    });

    it("the_fixture_charges_a_positive_total", () => {
      expect(total).toBeGreaterThan(900);
    });
    it("one_byte_under_the_cap_passes_with_one_to_spare", async () => {
      writeCap(root, total + 1);
      const r = await cap([root]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`(cap ${total + 1}, 1 to spare)`);
    });
    it("exactly_the_cap_passes_with_nothing_to_spare", async () => {
      writeCap(root, total);
      const r = await cap([root]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`(cap ${total}, 0 to spare)`);
    });
    it("one_byte_over_the_cap_fails_one_over", async () => {
      writeCap(root, total - 1);
      const r = await cap([root]);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`— 1 over the ${total - 1}-byte cap`);
    });
    it("cap_option_one_below_the_total_fails_and_at_the_total_passes", async () => {
      writeCap(root, total + 10);
      expect((await cap([root, "--cap", String(total - 1)])).code).toBe(1);
      expect((await cap([root, "--cap", String(total)])).code).toBe(0);
    });
  });

  it("a_small_file_importing_a_large_one_does_not_pass", async () => {
    const root = tempRepo({ "CLAUDE.md": "@docs/big.md\n", "docs/big.md": `${"big ".repeat(1500)}\n` });
    const r = await cap([root]);
    expect(r.code).toBe(1);
    const [kind, first] = r.stdout.split("\n").slice(2, 4);
    expect(kind).toMatch(/^ {2}import — [\d,]+ bytes \(1 file\)$/);
    expect(first).toMatch(/^\s+\d+ {2}~[\d,]+ tok {2}docs\/big\.md {3}imported by CLAUDE\.md$/);
  });

  it("from_a_subdirectory_the_ancestors_memory_is_included", async () => {
    const root = tempRepo({ "CLAUDE.md": "root memory\n", "pkg/api/CLAUDE.md": "api memory\n" });
    const atRoot = (await capJson([root])).json.items.map((i) => i.path);
    const inPkg = (await capJson([root, "--cwd", join(root, "pkg/api")])).json;
    expect(atRoot).toContain("CLAUDE.md");
    expect(atRoot).not.toContain("pkg/api/CLAUDE.md");
    expect(inPkg.items.map((i) => i.path)).toEqual(
      expect.arrayContaining(["CLAUDE.md", "pkg/api/CLAUDE.md"]),
    );
    expect(inPkg.cwd).toBe(`${root}/pkg/api`);
    expect((await cap([root, "--cwd", join(root, "pkg/api")])).stdout).toContain("for a launch in pkg/api/");
  });

  it.skipIf(!hasScript())("on_a_terminal_output_is_coloured_unless_no_color_is_set", () => {
    const root = tempRepo({ "CLAUDE.md": "x\n" });
    const onTty = (env: string) =>
      spawnSync(
        "script",
        [
          "-qec",
          `env -u NO_COLOR -u CI -u GITHUB_ACTIONS ${env} ${process.execPath} ${CLI} cap ${root} --cap 0`,
          "/dev/null",
        ],
        {
          encoding: "utf8",
        },
      ).stdout;
    expect(onTty("")).toContain("\u001b[31m");
    expect(onTty("NO_COLOR=1")).not.toContain("\u001b[");
    expect(onTty("NO_COLOR=1")).toContain("ERROR:");
  });

  it("a_plugin_the_project_settings_enable_is_named_not_measured_and_adds_nothing_to_the_total", async () => {
    const root = tempRepo({
      "CLAUDE.md": "hello\n",
      ".claude/settings.json": JSON.stringify({
        enabledPlugins: { "lint-kit@acme": true, "off@acme": false },
      }),
    });
    const r = await cap([root]);
    expect(r.stdout).toContain(
      "not measured (needs the user's plugin install): plugin lint-kit@acme (.claude/settings.json)",
    );
    const j = (await capJson([root])).json;
    expect(j.unmeasured).toEqual([
      { kind: "plugin", name: "lint-kit@acme", source: ".claude/settings.json" },
    ]);
    expect(j.total).toBe((await capJson([tempRepo({ "CLAUDE.md": "hello\n" })])).json.total);
  });

  it("output_has_no_colour_when_not_a_terminal", async () => {
    const root = tempRepo({ "CLAUDE.md": "x\n" });
    expect((await cap([root])).stdout).not.toContain("\u001b[");
    expect((await cap([root, "--cap", "0"])).stdout).not.toContain("\u001b[");
  });
});

describe("the failure message", () => {
  const root = tempRepo({
    "CLAUDE.md": "# Project\n\n@docs/conventions.md\n",
    "docs/conventions.md": `# Conventions\n\n${"Write clear code. ".repeat(190)}\n`,
    ".claude/rules/style.md": `# Style\n\n${"Use tabs. ".repeat(88)}\n`,
    ".claude/rules/scoped.md": '---\npaths:\n  - "src/**/*.ts"\n---\n# Scoped\n\nOnly for ts.\n',
  });
  let j: CapJson;
  let r: CliRun;
  let lines: string[] = [];
  let charged: CapJson["items"] = [];
  let sum = 0;
  beforeAll(async () => {
    j = (await capJson([root])).json;
    r = await cap([root]);
    lines = r.stdout.split("\n");
    charged = j.items.filter((i) => i.charged && i.bytes > 0);
    sum = charged.reduce((s, i) => s + i.bytes, 0);
  });

  it("exits_with_status_one", () => {
    expect(r.code).toBe(1);
    expect(j.ok).toBe(false);
  });
  it("states_the_total_which_is_the_sum_of_charged_items", () => {
    expect(j.total).toBe(sum);
    expect(lines[0]).toContain(`Claude Code loads ${sum} bytes of launch context`);
  });
  it("states_the_cap", () => {
    expect(lines[0]).toContain("the 4096-byte cap");
  });
  it("states_the_overage", () => {
    expect(j.over).toBe(sum - 4096);
    expect(lines[0]).toContain(`— ${sum - 4096} over`);
  });
  it("states_the_remedy", () => {
    expect(lines[1]).toBe(
      `Cut ${sum - 4096} bytes; do not raise the cap (it only goes down). Largest first, by kind:`,
    );
  });
  it("lists_every_charged_file_by_kind_largest_first_with_its_bytes", () => {
    // One kind each here: each kind's subtotal line, then its file.
    const block = lines.slice(2, 2 + 2 * charged.length);
    expect(block.filter((_, i) => i % 2 === 0).map((l) => l.trim().split(" ")[0])).toEqual([
      "import",
      "rule",
      "memory",
    ]);
    const listed = block
      .filter((_, i) => i % 2 === 1)
      .map((l) => l.trim().split(/\s+/))
      .map((w) => [w[0], w[3]]);
    const expected = [...charged].sort((a, b) => b.bytes - a.bytes).map((i) => [String(i.bytes), i.path]);
    expect(listed).toEqual(expected);
    expect(listed.map((x) => x[1])).toEqual(["docs/conventions.md", ".claude/rules/style.md", "CLAUDE.md"]);
  });
  it("says_why_each_file_is_charged", () => {
    expect(r.stdout).toMatch(/docs\/conventions\.md {3}imported by CLAUDE\.md/);
    expect(r.stdout).toMatch(/\.claude\/rules\/style\.md {3}unscoped rule — add `paths:` frontmatter/);
  });
  it("does_not_list_the_scoped_rule", () => {
    expect(r.stdout).not.toContain("scoped.md");
  });
  it("asks_the_question_of_each_line", () => {
    expect(r.stdout).toContain("Ask of each line: would a capable agent get this wrong without it");
  });
  it("names_the_claude_code_version_the_model_was_verified_on", () => {
    expect(r.stdout).toContain(`launch model verified on Claude Code ${j.agentVersion}`);
    expect(j.agentVersion).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("cap --json", () => {
  it("prints_exactly_the_contract", async () => {
    const root = tempRepo({ "CLAUDE.md": "@a.md\n", "a.md": "A\n", "CLAUDE.local.md": "mine\n" });
    const { code, json } = await capJson([root]);
    expect(code).toBe(0);
    expect(Object.keys(json)).toEqual([
      "$schema",
      "agent",
      "agentVersion",
      "release",
      "root",
      "cwd",
      "cap",
      "total",
      "over",
      "ok",
      "view",
      "applied",
      "items",
      "tokens",
      "partialSessions",
      "charge",
      "kinds",
      "overhead",
      "unadopted",
      "unmeasured",
      "framingBytes",
      "ratchet",
      "delta",
      "incomplete",
    ]);
    expect(json).toMatchObject({
      agent: "claude-code",
      root,
      cwd: root,
      cap: 4096,
      over: 0,
      ok: true,
      view: "fresh-clone",
      applied: [],
      ratchet: null,
      delta: null,
      incomplete: [],
    });
    for (const it of json.items) {
      expect(Object.keys(it)).toEqual([
        "path",
        "kind",
        "loadedAt",
        "bytes",
        "fileBytes",
        "charged",
        "importedBy",
        "reason",
        "tokens",
      ]);
      expect(it.loadedAt).toBe("launch");
    }
    const byPath = Object.fromEntries(json.items.map((i) => [i.path, i]));
    expect(byPath["a.md"]).toMatchObject({ kind: "import", importedBy: "CLAUDE.md", charged: true });
    expect(byPath["CLAUDE.local.md"]).toMatchObject({ kind: "local", charged: false });
    expect(json.total).toBe(json.items.filter((i) => i.charged).reduce((s, i) => s + i.bytes, 0));
  });

  it("a_lowered_cap_is_the_cap_reported", async () => {
    const root = tempRepo({ "CLAUDE.md": "hello\n" });
    expect((await capJson([root, "--cap", "3"])).json).toMatchObject({ cap: 3, ok: false });
  });
});

describe("the ratchet", () => {
  function repoWithBase(baseConfig: string | null): string {
    const root = tempRepo();
    git(root, "init", "-q", "-b", "main");
    commit(
      root,
      { "CLAUDE.md": "memory\n", ...(baseConfig ? { ".agent-context.json": baseConfig } : {}) },
      "base",
    );
    git(root, "checkout", "-q", "-b", "feature");
    return root;
  }

  it("raising_the_cap_above_the_base_fails_and_says_so", async () => {
    const root = repoWithBase('{"cap": 2000}\n');
    commit(root, { ".agent-context.json": '{"cap": 2500}\n' }, "raise");
    const r = await cap([root, "--base", "main"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("the cap was raised to 2500 in .agent-context.json; it was 2000 at main");
    expect((await capJson([root, "--base", "main"])).json.ratchet).toMatchObject({
      baseCap: 2000,
      currentCap: 2500,
      ok: false,
    });
  });

  it("raising_the_cap_in_the_work_tree_before_committing_also_fails", async () => {
    const root = repoWithBase('{"cap": 2000}\n');
    commit(root, {}, "nothing");
    tempWrite(root, '{"cap": 2001}\n');
    expect((await cap([root, "--base", "main"])).code).toBe(1);
  });

  it("lowering_the_cap_passes", async () => {
    const root = repoWithBase('{"cap": 2000}\n');
    commit(root, { ".agent-context.json": '{"cap": 1500}\n' }, "lower");
    const r = await cap([root, "--base", "main"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("ratchet: cap 1500 does not exceed 2000 at main");
  });

  it("a_base_without_config_has_no_floor_so_adopting_a_cap_above_the_default_passes", async () => {
    const root = repoWithBase(null);
    commit(root, { ".agent-context.json": '{"cap": 9000}\n' }, "adopt above default");
    const r = await cap([root, "--base", "main"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "ratchet: no .agent-context.json at main: the ratchet starts with this change (cap 9000 becomes the floor)\n",
    );
    expect(r.stdout.split("\n")[0]).toContain("clean");
    expect((await cap([root], { CI: "true" })).code).toBe(0);
    const all = await cap([root, "--base", "main", "--all-cwds"]);
    expect(
      all.stdout.split("\n").filter((l) => l.startsWith("ratchet: no .agent-context.json")),
    ).toHaveLength(1);
    expect((await capJson([root, "--base", "main"])).json.ratchet).toMatchObject({
      baseCap: null,
      currentCap: 9000,
      ok: true,
      note: "no .agent-context.json at main: the ratchet starts with this change (cap 9000 becomes the floor)",
    });
  });

  it("a_config_deleted_since_the_base_means_the_default_cap_and_fails_above_a_lower_base", async () => {
    const root = repoWithBase('{"cap": 2000}\n');
    git(root, "rm", "-q", ".agent-context.json");
    commit(root, {}, "delete config");
    const r = await cap([root, "--base", "main"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("the cap was raised to 4096 in .agent-context.json; it was 2000 at main");
    expect(r.stdout.split("\n")[0]).not.toContain("clean");
  });

  it("in_ci_the_base_defaults_to_the_merge_base_with_the_default_branch", async () => {
    const root = repoWithBase('{"cap": 2000}\n');
    commit(root, { ".agent-context.json": '{"cap": 3000}\n' }, "raise");
    const r = await cap([root], { CI: "true" });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("(merge base with main)");
    expect((await cap([root], { GITHUB_ACTIONS: "true" })).code).toBe(1);
    expect((await cap([root])).code).toBe(0);
  });

  it("in_ci_without_a_default_branch_there_is_no_ratchet_check_said_in_one_line", async () => {
    const root = tempRepo();
    git(root, "init", "-q", "-b", "trunk");
    commit(root, { "CLAUDE.md": "memory\n" }, "one");
    const r = await cap([root], { CI: "true" });
    expect(r.code).toBe(0);
    const notes = r.stdout.split("\n").filter((l) => l.includes("no ratchet check"));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain("no default branch found");
  });

  it("with_json_the_no_ratchet_line_goes_to_stderr_and_stdout_stays_one_json_object", async () => {
    const root = tempRepo();
    git(root, "init", "-q", "-b", "trunk");
    commit(root, { "CLAUDE.md": "memory\n" }, "one");
    const r = await cap([root, "--json"], { CI: "true" });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, ratchet: null });
    expect(r.stderr).toContain("no ratchet check: no default branch found");
  });

  it("a_base_that_is_not_a_commit_is_a_usage_error", async () => {
    const root = repoWithBase(null);
    const r = await cap([root, "--base", "nope"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--base nope: not a commit");
  });
});

describe("bad input", () => {
  it.each([
    [
      "a_missing_directory",
      () => ["/nonexistent/dir/for/cap"],
      /DIR \/nonexistent\/dir\/for\/cap: no such directory/,
    ],
    ["a_file_instead_of_a_directory", () => [fileIn()], /: not a directory/],
    [
      "a_malformed_config",
      () => [repoWith({ ".agent-context.json": "{cap:" })],
      /\.agent-context\.json:1:2: not valid JSON/,
    ],
    [
      "a_config_with_a_bad_cap",
      () => [repoWith({ ".agent-context.json": '{"cap": "big"}' })],
      /"cap" must be/,
    ],
    ["a_cap_option_above_the_configured_cap", () => [repoWith({}), "--cap", "5000"], /may only lower it/],
    ["a_cap_option_that_is_not_a_number", () => [repoWith({}), "--cap", "lots"], /--cap lots: must be/],
    ["a_cwd_outside_the_directory", () => [repoWith({}), "--cwd", "/"], /--cwd \/: must be inside/],
    ["a_missing_cwd", () => [repoWith({}), "--cwd", "nope"], /--cwd .*nope: no such directory/],
    ["a_base_outside_git", () => [repoWith({}), "--base", "HEAD"], /not inside a git repository/],
  ])("%s_exits_2_with_one_clear_line", async (_name, args, message) => {
    const r = await cap(args());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

function repoWith(files: Record<string, string>): string {
  return tempRepo(files);
}
function fileIn(): string {
  return `${tempRepo({ "f.txt": "x" })}/f.txt`;
}
function writeCap(root: string, n: number): void {
  tempWrite(root, `{"cap": ${n}}\n`);
}
function tempWrite(root: string, config: string): void {
  writeFileSync(`${root}/.agent-context.json`, config);
}

function hasScript(): boolean {
  return spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
}
