import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { hookRoutePointers, MAX_HOOK_CONTEXT_BYTES } from "../../src/pointers/hook-route.js";
import {
  generatePointers,
  MAX_DIRS_CHECKED,
  MAX_POINTER_BYTES,
  MAX_POINTERS,
  MAX_TOTAL_BYTES,
  type PointersOptions,
  readsBack,
} from "../../src/pointers/index.js";
import { cliInProcess } from "../support/cli-in-process.js";

function w(p: string, t: string) {
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, t);
}
function ws() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-ptr-")));
  const app = join(root, "app");
  const lib = join(root, "lib");
  const cfg = join(root, "cfg");
  mkdirSync(app, { recursive: true });
  mkdirSync(lib, { recursive: true });
  return { root, app, lib, cfg };
}
const scoped = (globs: string[], body = "rule body\n") =>
  `---\npaths:\n${globs.map((g) => `  - "${g}"\n`).join("")}---\n${body}`;
function run(o: Partial<PointersOptions> & { cwd: string; configDir: string }) {
  return generatePointers({ ...o });
}

describe("pointers: what it writes", () => {
  it("an_added_directory_s_scoped_rule_gets_a_hook_route_pointer_with_absolute_globs", () => {
    const { app, lib, cfg } = ws();
    w(join(lib, ".claude/rules/api.md"), scoped(["src/**/*.ts"]));
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(r.pointers).toHaveLength(1);
    const p = r.pointers[0];
    expect(p?.route).toBe("hook");
    expect(p?.globs).toEqual([`${lib}/src/**/*.ts`]);
    expect(p?.target).toBe(join(lib, ".claude/rules/api.md"));
    expect(readFileSync(join(cfg, "rules/repository-001.md"), "utf8")).toBe(p?.text);
    expect(p?.text).not.toContain("rule body"); // no repository byte copied
  });

  it("an_added_directory_below_the_cwd_gets_nothing_the_cli_loads_it_as_part_of_the_cwd", () => {
    const { app, cfg } = ws();
    const inner = join(app, "vendor/lib");
    w(join(inner, ".claude/rules/a.md"), scoped(["*.js", "/docs/"]));
    w(join(inner, "CLAUDE.md"), "m\n");
    expect(run({ cwd: app, configDir: cfg, addDirs: [inner] }).pointers).toEqual([]);
  });

  it("without_project_settings_an_added_directory_below_the_cwd_takes_the_rule_route_rebased_onto_the_cwd", () => {
    const { app, cfg } = ws();
    const inner = join(app, "vendor/lib");
    w(join(inner, ".claude/rules/a.md"), scoped(["*.js", "/docs/"]));
    w(join(inner, "sub/CLAUDE.md"), "m\n");
    const r = run({ cwd: app, configDir: cfg, addDirs: [inner], projectSettings: false });
    expect(r.pointers.map((p) => [p.route, p.globs])).toEqual([
      ["rule", ["vendor/lib/sub/"]],
      ["rule", ["vendor/lib/**/*.js", "vendor/lib/docs/"]],
    ]);
  });

  it("with_project_settings_the_cwd_repository_gets_only_its_root_memory_pointer", () => {
    const { app, cfg } = ws();
    w(join(app, "CLAUDE.md"), "root\n");
    w(join(app, "sub/CLAUDE.md"), "nested\n");
    w(join(app, ".claude/rules/a.md"), scoped(["src/**"]));
    const r = run({ cwd: app, configDir: cfg });
    expect(r.pointers.map((p) => [p.kind, p.route, p.globs, p.preloaded])).toEqual([
      ["memory", "rule", ["**/*"], true],
    ]);
    expect(r.pointers[0]?.text).toContain("Only if it is not already in your context");
  });

  it("without_project_settings_the_cwd_repository_s_rules_and_nested_memory_get_rule_route_pointers", () => {
    const { app, cfg } = ws();
    w(join(app, "sub/CLAUDE.md"), "nested\n");
    w(join(app, ".claude/rules/a.md"), scoped(["src/**"]));
    const r = run({ cwd: app, configDir: cfg, projectSettings: false });
    expect(r.pointers.map((p) => [p.kind, p.route, p.globs])).toEqual([
      ["memory", "rule", ["sub/"]],
      ["rule", "rule", ["src"]], // the CLI reads src/** as src
    ]);
    expect(r.pointers[0]?.text).toContain("was not preloaded");
  });

  it("a_memory_pointer_names_what_the_cli_brings_imports_followed_from_the_real_directory_and_transitively", () => {
    const { app, cfg } = ws();
    // sub/CLAUDE.md is a link into docs/: its imports resolve from docs/, two hops deep.
    w(join(app, "docs/memory.md"), "nested @one.md\n");
    w(join(app, "docs/one.md"), "one @two.md\n");
    w(join(app, "docs/two.md"), "two\n");
    w(join(app, "sub/one.md"), "decoy beside the link\n");
    mkdirSync(join(app, "sub"), { recursive: true });
    symlinkSync(join(app, "docs/memory.md"), join(app, "sub/CLAUDE.md"));
    const r = run({ cwd: app, configDir: cfg, projectSettings: false });
    const memory = r.pointers.find((p) => p.kind === "memory");
    expect(memory?.text).toContain("docs/one.md");
    expect(memory?.text).toContain("docs/two.md");
    expect(memory?.text).not.toContain("sub/one.md");
  });

  it("unscoped_rules_and_a_lone_double_star_get_no_pointer_and_a_notice", () => {
    const { app, lib, cfg } = ws();
    w(join(lib, ".claude/rules/plain.md"), "no frontmatter\n");
    w(join(lib, ".claude/rules/star.md"), scoped(["**"]));
    w(join(lib, ".claude/rules/bad.md"), "---\npaths:\n  - a\n b: [\n---\nx\n");
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(r.pointers).toEqual([]);
    expect(r.notices.map((n) => n.file).sort()).toEqual(
      ["bad.md", "plain.md", "star.md"].map((n) => join(lib, ".claude/rules", n)),
    );
    expect(r.notices.every((n) => n.message.includes("unscoped"))).toBe(true);
  });

  it("what_is_left_out_is_a_finding_with_a_rule_id_and_a_path_relative_to_the_cwd_when_inside_it", () => {
    const { app, lib, cfg } = ws();
    w(join(app, ".claude/rules/plain.md"), "no frontmatter\n");
    w(join(lib, ".claude/rules/plain.md"), "no frontmatter\n");
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib], projectSettings: false });
    expect(r.notices).toEqual([
      {
        ruleId: "pointer-unscoped",
        severity: "info",
        file: ".claude/rules/plain.md",
        message: "unscoped (no frontmatter); no pointer",
      },
      {
        ruleId: "pointer-unscoped",
        severity: "info",
        file: join(lib, ".claude/rules/plain.md"),
        message: "unscoped (no frontmatter); no pointer",
      },
    ]);
  });

  it("the_cwd_pointer_names_the_unscoped_rules_and_their_imports_a_subagent_starts_without", () => {
    const { app, cfg } = ws();
    w(join(app, "CLAUDE.md"), "root memory\n");
    w(join(app, ".claude/rules/plain.md"), "unscoped @../../docs/imp.md\n");
    w(join(app, "docs/imp.md"), "imported by the rule\n");
    w(join(app, ".claude/rules/api.md"), scoped(["src/**"]));
    const r = run({ cwd: app, configDir: cfg, dryRun: true });
    const cwdPointer = r.pointers.find((p) => p.target === app);
    expect(cwdPointer?.globs).toEqual(["**/*"]);
    expect(cwdPointer?.text).toContain(`\`${join(app, "CLAUDE.md")}\``);
    expect(cwdPointer?.text).toContain(`\`${join(app, ".claude/rules/plain.md")}\``);
    expect(cwdPointer?.text).toContain(`\`${join(app, "docs/imp.md")}\``);
    expect(cwdPointer?.text).not.toContain("api.md");
    expect(cwdPointer?.text).toContain("without the unscoped rules");
  });

  it("a_cwd_with_unscoped_rules_and_no_memory_file_still_gets_a_pointer_for_subagents", () => {
    const { app, cfg } = ws();
    w(join(app, ".claude/rules/plain.md"), "unscoped\n");
    const r = run({ cwd: app, configDir: cfg, dryRun: true });
    expect(r.pointers.map((p) => p.target)).toEqual([app]);
    expect(r.pointers[0]?.text).toContain(join(app, ".claude/rules/plain.md"));
  });

  it("the_preloaded_budget_decides_each_memory_sentence_and_the_walk_goes_past_it", () => {
    const { app, lib, cfg } = ws();
    w(join(lib, "a/CLAUDE.md"), "x".repeat(100));
    w(join(lib, "b/CLAUDE.md"), "x".repeat(100));
    w(join(lib, "c/CLAUDE.md"), "x".repeat(10));
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib], preloadedBudget: 150 });
    expect(r.pointers.map((p) => [p.target, p.preloaded])).toEqual([
      [join(lib, "a"), true],
      [join(lib, "b"), false],
      [join(lib, "c"), false],
    ]);
    expect(r.pointers[0]?.text).toContain("preloaded in place");
    expect(r.pointers[2]?.text).toContain("was not preloaded");
  });
});

describe("pointers: safety", () => {
  it("no_pointer_ever_holds_an_at_sign_and_unsafe_names_are_left_out_with_a_notice", () => {
    const { app, lib, cfg } = ws();
    w(join(lib, "x@y/CLAUDE.md"), "mem\n");
    w(join(lib, "ok/CLAUDE.md"), "mem @weird$name.md @fine.md\n");
    w(join(lib, "ok/weird$name.md"), "w\n");
    w(join(lib, "ok/fine.md"), "f\n");
    w(join(lib, ".claude/rules/a b.md"), scoped(["src/**"]));
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    for (const p of r.pointers) expect(p.text).not.toContain("@");
    expect(r.pointers.map((p) => p.target)).toEqual([join(lib, "ok")]);
    const text = r.pointers[0]?.text ?? "";
    expect(text).toContain(`\`${join(lib, "ok/CLAUDE.md")}\``);
    expect(text).toContain(`\`${join(lib, "ok/fine.md")}\``);
    expect(text).not.toContain("weird");
    const subjects = r.notices.map((n) => n.file);
    expect(subjects).toContain(join(lib, "ok/weird$name.md"));
    expect(subjects).toContain(join(lib, "x@y/CLAUDE.md"));
    expect(subjects).toContain(join(lib, ".claude/rules/a b.md"));
  });

  it("a_directory_reached_through_a_symlink_leaving_the_repository_gets_no_pointer_and_one_notice", () => {
    const { root, app, lib, cfg } = ws();
    w(join(root, "outside/CLAUDE.md"), "OUTSIDE\n");
    w(join(root, "outside/r.md"), scoped(["src/**"]));
    symlinkSync(join(root, "outside"), join(lib, "linked"));
    w(join(lib, "own/CLAUDE.md"), "CLAUDE.md linking out: @../../outside/CLAUDE.md\n");
    mkdirSync(join(lib, ".claude/rules"), { recursive: true });
    symlinkSync(join(root, "outside/r.md"), join(lib, ".claude/rules/r.md"));
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(r.pointers.map((p) => p.target)).toEqual([join(lib, "own")]);
    expect(r.pointers[0]?.text).not.toContain("outside");
    expect(r.notices.filter((n) => n.file === join(lib, "linked"))).toHaveLength(1);
    expect(r.notices.some((n) => n.file === join(lib, ".claude/rules/r.md"))).toBe(true);
    expect(r.notices.some((n) => n.message.includes("outside its repository"))).toBe(true);
  });

  it("a_glob_that_would_contain_three_dashes_is_refused", () => {
    const { app, lib, cfg } = ws();
    w(join(lib, ".claude/rules/dash.md"), '---\npaths: "{-,b}--x"\n---\nx\n');
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(r.pointers).toEqual([]);
    expect(r.notices[0]?.message).toContain("---");
  });

  it("the_read_back_accepts_exactly_the_globs_written_and_nothing_else", () => {
    const ok = '---\npaths:\n  - "src/"\n---\nRead `/a/b.md`.\n';
    expect(readsBack(ok, ["src/"])).toBe(true);
    expect(readsBack(ok, ["src/", "x"])).toBe(false);
    expect(readsBack(ok.replace("/a/b.md", "@/a/b.md"), ["src/"])).toBe(false);
    // the CLI's fence ends at the first --- anywhere, even inside a glob
    expect(readsBack('---\npaths:\n  - "a---b"\n---\n', ["a---b"])).toBe(false);
    // the CLI cuts a trailing /** and splits on commas: such globs do not read back as written
    expect(readsBack('---\npaths:\n  - "src/**"\n---\n', ["src/**"])).toBe(false);
    expect(readsBack('---\npaths:\n  - "a,b"\n---\n', ["a,b"])).toBe(false);
  });
});

describe("pointers: bounds", () => {
  // A rule pointer's size grows by one byte per byte of its rule's file name: tune it to an exact size.
  function ruleOfSize(lib: string, i: number, size: number, app: string, cfg: string): void {
    const probe = join(lib, `.claude/rules/r${i}.md`);
    const measure = (k: number) => {
      w(probe, scoped(Array.from({ length: k }, (_, j) => `d${i}x${String(j).padStart(3, "0")}/`)));
      const b = run({ cwd: app, configDir: cfg, addDirs: [lib], dryRun: true }).pointers.find(
        (p) => p.target === probe,
      )?.bytes;
      if (b === undefined) throw new Error("probe failed");
      return b;
    };
    const b1 = measure(1);
    const per = measure(2) - b1;
    const k = 1 + Math.floor((size - 100 - b1) / per);
    const extra = size - measure(k);
    if (extra < 0 || extra > 200) throw new Error(`cannot tune: ${extra}`);
    renameSync(probe, join(lib, `.claude/rules/r${i}${"x".repeat(extra)}.md`));
  }

  it("a_pointer_of_exactly_4096_bytes_is_written_and_one_of_4097_is_not", () => {
    const { app, lib, cfg } = ws();
    ruleOfSize(lib, 1, MAX_POINTER_BYTES, app, cfg);
    ruleOfSize(lib, 2, MAX_POINTER_BYTES + 1, app, cfg);
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(r.pointers.map((p) => p.bytes)).toEqual([MAX_POINTER_BYTES]);
    expect(r.notices.filter((n) => n.message.includes(`exceed ${MAX_POINTER_BYTES}`))).toHaveLength(1);
  });

  it("a_memory_pointer_names_files_while_they_fit_and_counts_the_rest", () => {
    const { app, lib, cfg } = ws();
    const imports = Array.from({ length: 300 }, (_, i) => `@doc-${String(i).padStart(4, "0")}.md`);
    w(join(lib, "big/CLAUDE.md"), `${imports.join("\n")}\n`);
    for (let i = 0; i < 300; i++) w(join(lib, `big/doc-${String(i).padStart(4, "0")}.md`), "d\n");
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    const p = r.pointers[0];
    expect(p?.bytes).toBeLessThanOrEqual(MAX_POINTER_BYTES);
    const listed = (p?.text.match(/^- `/gm) ?? []).length;
    expect(listed).toBeGreaterThan(10);
    expect(p?.text).toContain(`and ${301 - listed} more files`);
  });

  it("all_pointers_together_may_take_exactly_128_KiB_and_not_a_byte_more", () => {
    const { app, lib, cfg } = ws();
    const n = MAX_TOTAL_BYTES / MAX_POINTER_BYTES; // 32
    for (let i = 0; i < n; i++) ruleOfSize(lib, i, MAX_POINTER_BYTES, app, cfg);
    const at = run({ cwd: app, configDir: cfg, addDirs: [lib], dryRun: true });
    expect(at.totalBytes).toBe(MAX_TOTAL_BYTES);
    expect(at.notices).toEqual([]);
    w(join(lib, ".claude/rules/zz-one-more.md"), scoped(["more/"]));
    const past = run({ cwd: app, configDir: cfg, addDirs: [lib], dryRun: true });
    expect(past.totalBytes).toBe(MAX_TOTAL_BYTES);
    expect(past.pointers).toHaveLength(n);
    expect(past.notices.map((x) => x.message)).toEqual([
      `bound: at most ${MAX_TOTAL_BYTES} bytes of pointers per run; 1 more left out`,
    ]);
  });

  it("at_most_128_pointers_are_written_and_the_129th_gets_a_notice", () => {
    const { app, lib, cfg } = ws();
    for (let i = 0; i < MAX_POINTERS; i++)
      w(join(lib, `.claude/rules/r${String(i).padStart(3, "0")}.md`), scoped([`d${i}/`]));
    const at = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(at.pointers).toHaveLength(MAX_POINTERS);
    expect(at.notices).toEqual([]);
    expect(readdirSync(join(cfg, "rules"))).toHaveLength(MAX_POINTERS);
    w(join(lib, ".claude/rules/r999.md"), scoped(["x/"]));
    const past = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(past.pointers).toHaveLength(MAX_POINTERS);
    expect(past.notices.map((x) => x.message)).toEqual([
      `bound: at most ${MAX_POINTERS} pointers per run; 1 more left out`,
    ]);
  });

  it("at_most_128_memory_directories_are_checked_per_run_with_one_budget_shared_across_repositories", () => {
    const { root, app, lib, cfg } = ws();
    const lib2 = join(root, "lib2");
    for (let i = 0; i < 64; i++) w(join(lib, `d${String(i).padStart(3, "0")}/CLAUDE.md`), "m\n");
    for (let i = 0; i < MAX_DIRS_CHECKED - 64; i++)
      w(join(lib2, `d${String(i).padStart(3, "0")}/CLAUDE.md`), "m\n");
    const at = run({ cwd: app, configDir: cfg, addDirs: [lib, lib2], dryRun: true });
    expect(at.pointers).toHaveLength(MAX_DIRS_CHECKED);
    expect(at.notices).toEqual([]);
    w(join(lib2, "zzz/CLAUDE.md"), "m\n");
    const past = run({ cwd: app, configDir: cfg, addDirs: [lib, lib2], dryRun: true });
    expect(past.pointers).toHaveLength(MAX_DIRS_CHECKED);
    expect(past.notices.map((x) => x.message)).toEqual([
      `bound: at most ${MAX_DIRS_CHECKED} memory directories are checked per run; 1 more left out`,
    ]);
  });
});

describe("pointers: writing", () => {
  it("a_second_run_changes_nothing", () => {
    const { app, lib, cfg } = ws();
    w(join(lib, ".claude/rules/a.md"), scoped(["src/**"]));
    w(join(lib, "sub/CLAUDE.md"), "m\n");
    const first = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(first.written).toHaveLength(2);
    const before = readdirSync(join(cfg, "rules")).map((n) => [n, statSync(join(cfg, "rules", n)).mtimeMs]);
    const second = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect([second.written, second.removed, second.unchanged.length]).toEqual([[], [], 2]);
    const after = readdirSync(join(cfg, "rules")).map((n) => [n, statSync(join(cfg, "rules", n)).mtimeMs]);
    expect(after).toEqual(before);
  });

  it("removes_stale_pointers_of_its_own_prefix_and_nothing_else", () => {
    const { app, lib, cfg } = ws();
    w(join(lib, ".claude/rules/a.md"), scoped(["src/**"]));
    w(join(lib, ".claude/rules/b.md"), scoped(["test/**"]));
    run({ cwd: app, configDir: cfg, addDirs: [lib] });
    const foreign = [
      "other-001.md",
      "repository-1.md",
      "repository-001.md.bak",
      "mine.md",
      "repositoryx-001.md",
    ];
    for (const f of foreign) w(join(cfg, "rules", f), "keep\n");
    w(join(lib, ".claude/rules/b.md"), "now unscoped\n");
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(r.removed).toEqual([join(cfg, "rules/repository-002.md")]);
    expect(readdirSync(join(cfg, "rules")).sort()).toEqual([...foreign, "repository-001.md"].sort());
  });

  it("a_dry_run_writes_and_removes_nothing", () => {
    const { app, lib, cfg } = ws();
    w(join(lib, ".claude/rules/a.md"), scoped(["src/**"]));
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib], dryRun: true });
    expect(r.pointers).toHaveLength(1);
    expect(() => readdirSync(join(cfg, "rules"))).toThrow();
  });

  it("writes_leave_no_temporary_files_behind", () => {
    const { app, lib, cfg } = ws();
    w(join(lib, ".claude/rules/a.md"), scoped(["src/**"]));
    run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(readdirSync(join(cfg, "rules"))).toEqual(["repository-001.md"]);
  });
});

describe("pointers: hook route", () => {
  it("the_hook_returns_the_pointers_whose_absolute_globs_match_the_target_and_nothing_otherwise", () => {
    const { app, lib, cfg } = ws();
    w(join(lib, ".claude/rules/a.md"), scoped(["src/**/*.ts"]));
    w(join(lib, "sub/CLAUDE.md"), "m\n");
    run({ cwd: app, configDir: cfg, addDirs: [lib] });
    const ctx = (p: string) => hookRoutePointers(p, { configDir: cfg });
    expect(ctx(join(lib, "src/x/a.ts"))).toContain(join(lib, ".claude/rules/a.md"));
    // case-insensitive, as the CLI matches paths: (claude-onread finding, 2.1.332)
    expect(ctx(join(lib, "SRC/x/A.TS"))).toContain(join(lib, ".claude/rules/a.md"));
    expect(ctx(join(lib, "sub/q.txt"))).toContain(join(lib, "sub/CLAUDE.md"));
    expect(ctx(join(lib, "other.txt"))).toBeUndefined();
    expect(ctx(join(app, "src/a.ts"))).toBeUndefined();
    expect(hookRoutePointers("garbage", { configDir: cfg })).toBeUndefined();
  });
});

describe("pointers: the command line", () => {
  it("prints_json_with_file_globs_target_and_route_for_each_pointer", async () => {
    const { app, lib, cfg } = ws();
    w(join(lib, ".claude/rules/a.md"), scoped(["src/**"]));
    const r = await cliInProcess("pointers", "--config-dir", cfg, "--cwd", app, "--add-dir", lib, "--json");
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.pointers).toEqual([
      expect.objectContaining({
        file: join(cfg, "rules/repository-001.md"),
        globs: [`${lib}/**/src`], // the CLI reads src/** as src: any depth
        target: join(lib, ".claude/rules/a.md"),
        route: "hook",
      }),
    ]);
  });

  it("bad_usage_exits_2_with_a_message_naming_what_to_fix", async () => {
    const { app, cfg } = ws();
    const bad = (args: string[]) => cliInProcess("pointers", ...args);
    const a = await bad(["--config-dir", cfg, "--cwd", app, "--prefix", "../x"]);
    expect([a.status, a.stderr]).toEqual([2, expect.stringContaining("--prefix")]);
    const b = await bad(["--cwd", app]);
    expect([b.status, b.stderr]).toEqual([2, expect.stringContaining("--config-dir")]);
    const c = await bad(["--config-dir", cfg, "--cwd", join(app, "nope")]);
    expect([c.status, c.stderr]).toEqual([2, expect.stringContaining("not a directory")]);
    const d = await bad(["--config-dir", cfg, "--cwd", app, "--preloaded-budget", "-5"]);
    expect(d.status).toBe(2);
  });
});

describe("pointers: symlinks inside the repository and the hook bound", () => {
  it("a_memory_directory_reached_through_an_inner_symlink_is_named_once_by_its_real_path", () => {
    const { app, lib, cfg } = ws();
    w(join(lib, "real/CLAUDE.md"), "m\n");
    symlinkSync(join(lib, "real"), join(lib, "a-link"));
    symlinkSync("..", join(lib, "real/loop"));
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(r.pointers.map((p) => p.globs)).toEqual([[`${lib}/real/`]]);
    expect(r.notices).toEqual([]);
  });

  it("one_hook_call_injects_at_most_8_KiB_and_counts_the_pointers_left_out", () => {
    const { app, lib, cfg } = ws();
    const dirs = ["a", "a/b", "a/b/c"];
    for (const d of dirs) {
      const names = Array.from({ length: 80 }, (_, k) => `doc-${String(k).padStart(3, "0")}.md`);
      w(join(lib, d, "CLAUDE.md"), `${names.map((n) => `@${n}`).join("\n")}\n`);
      for (const n of names) w(join(lib, d, n), "d\n");
    }
    const r = run({ cwd: app, configDir: cfg, addDirs: [lib] });
    expect(r.pointers).toHaveLength(3);
    const ctx = hookRoutePointers(join(lib, "a/b/c/x.ts"), { configDir: cfg });
    expect(Buffer.byteLength(ctx ?? "", "utf8")).toBeLessThanOrEqual(MAX_HOOK_CONTEXT_BYTES);
    expect((ctx ?? "").match(/^Memory for/gm)).toHaveLength(2);
    expect(ctx).toContain("(1 more pointer matches this path");
    const two = hookRoutePointers(join(lib, "a/b/x.ts"), { configDir: cfg });
    expect((two ?? "").match(/^Memory for/gm)).toHaveLength(2);
    expect(two).not.toContain("more pointer");
  });
});
