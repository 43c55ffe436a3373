import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claudeLaunchSet } from "../../src/agents/claude-code/launch.js";
import { CLAUDE_CODE_VERIFIED_VERSION } from "../../src/agents/claude-code/release.js";
import { classifyRule, listRules } from "../../src/agents/claude-code/rules.js";
import { claudePathGlobs } from "../../src/agents/claude-code/text.js";
import { removeFixtures, writeFixture } from "../support/fixture.js";

const paths = (root: string, cwd?: string) =>
  claudeLaunchSet({ root, ...(cwd ? { cwd: join(root, cwd) } : {}) }).items.map((i) => i.path);

describe("classifyRule: which paths: spellings Claude Code 2.1.332 treats as scoped", () => {
  const cases: [string, string, string[] | null][] = [
    ["a_yaml_list", "---\npaths:\n  - src/**\n  - lib/*.ts\n---\nx\n", ["src", "lib/*.ts"]],
    ["a_single_string", "---\npaths: src/**/*.ts\n---\nx\n", ["src/**/*.ts"]],
    ["a_quoted_string", "---\npaths: 'src/**'\n---\nx\n", ["src"]],
    ["a_comma_separated_string", "---\npaths: src/**, lib/**\n---\nx\n", ["src", "lib"]],
    ["a_flow_list", "---\npaths: [src/**, docs/*.md]\n---\nx\n", ["src", "docs/*.md"]],
    ["braces_expand", '---\npaths: "src/{a,b}/**"\n---\nx\n', ["src/a", "src/b"]],
    ["unquoted_star_via_the_lenient_retry", "---\npaths: **/*.ts\n---\nx\n", ["**/*.ts"]],
    ["crlf_frontmatter", "---\r\npaths: src/**\r\n---\r\nx\r\n", ["src"]],
    ["a_bom_before_the_fence", "\ufeff---\npaths: src/**\n---\nx\n", ["src"]],
    ["all_stars_plus_one_real_glob", '---\npaths:\n  - "**"\n  - src/**\n---\nx\n', ["**", "src"]],
    ["globs_key_is_not_read", "---\nglobs: src/**\n---\nx\n", null],
    ["empty_paths", "---\npaths:\n---\nx\n", null],
    ["null_paths", "---\npaths: null\n---\nx\n", null],
    ["empty_list", "---\npaths: []\n---\nx\n", null],
    ["empty_string", '---\npaths: ""\n---\nx\n', null],
    ["only_double_star", '---\npaths: "**"\n---\nx\n', null],
    ["double_star_slash_double_star", '---\npaths: "**/**"\n---\nx\n', null],
    ["a_number", "---\npaths: 5\n---\nx\n", null],
    ["a_mapping", "---\npaths:\n  a: b\n---\nx\n", null],
    ["a_nested_key", "---\nmeta:\n  paths: src/**\n---\nx\n", null],
    ["an_upper_case_key", "---\nPaths: src/**\n---\nx\n", null],
    ["malformed_yaml", "---\npaths: [src/**\n  bad: : :\n---\nx\n", null],
    ["frontmatter_not_on_line_one", "\n---\npaths: src/**\n---\nx\n", null],
    ["no_frontmatter", "x\n", null],
  ];
  const root = writeFixture({
    files: Object.fromEntries(cases.map(([n, t]) => [`.claude/rules/${n}.md`, t])),
  });
  for (const [name, text, globs] of cases) {
    it(name, () => {
      const r = classifyRule(join(root, ".claude/rules", `${name}.md`), root);
      expect(r.scoped).toBe(globs !== null);
      expect(r.globs).toEqual(globs ?? []);
      expect(r.base).toBe(root);
      expect(r.fileBytes).toBe(Buffer.byteLength(text));
      expect(r.path).toBe(`.claude/rules/${name}.md`);
    });
  }

  it("the_injected_text_has_frontmatter_and_comments_cut_and_is_trimmed", () => {
    const dir = writeFixture({
      files: { ".claude/rules/r.md": "---\npaths: a\n---\n\n<!-- note -->\n\nBody.\n\n" },
    });
    expect(classifyRule(join(dir, ".claude/rules/r.md"), dir).text).toBe("Body.");
  });

  it("explains_why_a_rule_with_frontmatter_is_unscoped", () => {
    const why = (n: string) => classifyRule(join(root, ".claude/rules", `${n}.md`), root).unscopedWhy ?? "";
    expect(why("globs_key_is_not_read")).toMatch(/globs:/);
    expect(why("an_upper_case_key")).toMatch(/lower-case/);
    expect(why("malformed_yaml")).toMatch(/not valid YAML/);
    expect(why("no_frontmatter")).toBe("");
  });

  it("a_malformed_rule_reports_a_problem_with_its_line", () => {
    const r = classifyRule(join(root, ".claude/rules/malformed_yaml.md"), root);
    expect(r.findings[0]?.file).toBe(".claude/rules/malformed_yaml.md");
    expect(r.findings[0]?.line).toBeGreaterThanOrEqual(2);
  });

  it("an_oversized_rule_is_a_problem_not_a_crash", () => {
    const dir = writeFixture({ files: { ".claude/rules/huge.md": "" } });
    truncateSync(join(dir, ".claude/rules/huge.md"), 200 * 1024 * 1024);
    const r = classifyRule(join(dir, ".claude/rules/huge.md"), dir);
    expect(r.scoped).toBe(false);
    expect(r.findings[0]?.message).toMatch(/huge\.md/);
  });

  it("claude_path_globs_keeps_a_huge_brace_pattern_unexpanded", () => {
    const big = `{${Array.from({ length: 40 }, (_, i) => `a${i}`).join(",")}}/{${Array.from({ length: 40 }, (_, i) => `b${i}`).join(",")}}`;
    expect(claudePathGlobs(big)).toEqual([big]);
  });
});

describe("listRules", () => {
  it("finds_md_rules_at_any_depth_through_symlinks_once_each_and_ignores_other_files", () => {
    const root = writeFixture({
      files: {
        ".claude/rules/a.md": "a\n",
        ".claude/rules/x/y/z/deep.md": "deep\n",
        ".claude/rules/notes.txt": "txt\n",
        ".claude/rules/UPPER.MD": "upper\n",
        "elsewhere/linked.md": "linked\n",
        "elsewhere/dir/inner.md": "inner\n",
      },
      links: {
        ".claude/rules/link.md": "../../elsewhere/linked.md",
        ".claude/rules/linkdir": "../../elsewhere/dir",
        ".claude/rules/cycle": ".",
        ".claude/rules/x/up": "../..",
        ".claude/rules/again.md": "a.md",
      },
    });
    const got = listRules(root).map((r) => r.path);
    expect([...got].sort()).toEqual(
      [
        ".claude/rules/a.md",
        ".claude/rules/x/y/z/deep.md",
        "elsewhere/linked.md",
        "elsewhere/dir/inner.md",
      ].sort(),
    );
  });

  it("a_missing_rules_directory_lists_nothing", () => {
    expect(listRules(writeFixture({ files: { "CLAUDE.md": "x\n" } }))).toEqual([]);
  });
});

describe("claudeLaunchSet: the model's key rules", () => {
  it("records_the_verified_cli_version", () => {
    const r = claudeLaunchSet({ root: writeFixture({}) });
    expect(r.agent.version).toBe(CLAUDE_CODE_VERIFIED_VERSION);
    expect(r.agent.id).toBe("claude-code");
    expect(r.items).toEqual([]);
  });

  it("follows_exactly_four_import_hops", () => {
    const files: Record<string, string> = { "CLAUDE.md": "@h1.md\n" };
    for (let i = 1; i <= 6; i++) files[`h${i}.md`] = `hop ${i} @h${i + 1}.md\n`;
    const root = writeFixture({ files });
    const r = claudeLaunchSet({ root });
    expect(r.items.map((i) => i.path)).toEqual(["CLAUDE.md", "h1.md", "h2.md", "h3.md", "h4.md"]);
    expect(r.findings.some((p) => p.message.includes("h5.md") && p.message.includes("4 import hops"))).toBe(
      true,
    );
  });

  it("resolves_relative_imports_against_the_importing_file_not_the_cwd", () => {
    const root = writeFixture({
      files: {
        "CLAUDE.md": "@docs/a.md\n",
        "docs/a.md": "@b.md\n",
        "docs/b.md": "right\n",
        "b.md": "decoy\n",
      },
    });
    const r = claudeLaunchSet({ root });
    expect(r.items.map((i) => i.path)).toEqual(["CLAUDE.md", "docs/a.md", "docs/b.md"]);
    expect(r.items[2]?.importedBy).toBe("docs/a.md");
  });

  it("charges_a_file_reached_twice_once", () => {
    const root = writeFixture({
      files: { "CLAUDE.md": "@a.md @b.md\n", "a.md": "a @b.md @CLAUDE.md\n", "b.md": "b @a.md\n" },
    });
    expect(paths(root)).toEqual(["CLAUDE.md", "a.md", "b.md"]);
  });

  it("does_not_import_from_fences_or_code_spans", () => {
    const root = writeFixture({
      files: { "CLAUDE.md": "`@s.md`\n\n```\n@f.md\n```\n", "s.md": "s\n", "f.md": "f\n" },
    });
    expect(paths(root)).toEqual(["CLAUDE.md"]);
  });

  it("a_missing_import_costs_nothing_and_is_reported", () => {
    const root = writeFixture({ files: { "CLAUDE.md": "@gone.md\n" } });
    const r = claudeLaunchSet({ root });
    expect(r.items.map((i) => i.path)).toEqual(["CLAUDE.md"]);
    expect(r.findings.map((p) => p.message).join("\n")).toMatch(/gone\.md.*no such file/);
  });

  it("drops_imports_outside_the_working_directory_of_a_subdirectory_launch", () => {
    const root = writeFixture({
      files: {
        "CLAUDE.md": "@docs/r.md\n",
        "docs/r.md": "r\n",
        "sub/CLAUDE.md": "@../docs/r.md @here.md\n",
        "sub/here.md": "h\n",
      },
    });
    expect(paths(root, "sub")).toEqual(["CLAUDE.md", "sub/CLAUDE.md", "sub/here.md"]);
    expect(paths(root)).toEqual(["CLAUDE.md", "docs/r.md"]);
  });

  it("orders_memory_then_rules_then_local_per_directory_top_down", () => {
    const root = writeFixture({
      files: {
        "CLAUDE.local.md": "l\n",
        ".claude/rules/r.md": "r\n",
        ".claude/CLAUDE.md": "d\n",
        "CLAUDE.md": "c\n",
        "sub/CLAUDE.md": "s\n",
      },
    });
    expect(paths(root, "sub")).toEqual([
      "CLAUDE.md",
      ".claude/CLAUDE.md",
      ".claude/rules/r.md",
      "CLAUDE.local.md",
      "sub/CLAUDE.md",
    ]);
  });

  it("sets_bytes_filebytes_charge_importer_and_reason_per_kind", () => {
    const root = writeFixture({
      files: {
        "CLAUDE.md": "---\ndescription: d\n---\n<!-- hidden -->\n\nTeam ✓ @a.md\n\n",
        "a.md": "A\n",
        ".claude/rules/u.md": "unscoped\n",
        "CLAUDE.local.md": "mine @p.md\n",
        "p.md": "P\n",
      },
    });
    const r = claudeLaunchSet({ root });
    const by = Object.fromEntries(r.items.map((i) => [i.path, i]));
    expect(by["CLAUDE.md"]).toMatchObject({
      kind: "memory",
      bytes: Buffer.byteLength("Team ✓ @a.md"),
      charged: true,
      importedBy: null,
    });
    expect(by["CLAUDE.md"]?.fileBytes).toBe(
      Buffer.byteLength("---\ndescription: d\n---\n<!-- hidden -->\n\nTeam ✓ @a.md\n\n"),
    );
    expect(by["a.md"]).toMatchObject({
      kind: "import",
      bytes: 1,
      fileBytes: 2,
      charged: true,
      importedBy: "CLAUDE.md",
    });
    expect(by[".claude/rules/u.md"]?.kind).toBe("rule");
    expect(by[".claude/rules/u.md"]?.reason).toContain("add `paths:` frontmatter so it loads only on demand");
    expect(by["CLAUDE.local.md"]).toMatchObject({ kind: "local", charged: false });
    expect(by["p.md"]).toMatchObject({ kind: "import", charged: false, importedBy: "CLAUDE.local.md" });
    for (const i of r.items) expect(i.loadedAt).toBe("launch");
  });

  it("loads_a_scoped_rules_imports_but_not_the_rule", () => {
    const root = writeFixture({
      files: { ".claude/rules/s.md": "---\npaths: src/**\n---\n@../../d.md\n", "d.md": "d\n" },
    });
    const r = claudeLaunchSet({ root });
    expect(r.items.map((i) => [i.path, i.importedBy])).toEqual([["d.md", ".claude/rules/s.md"]]);
  });
});

describe("claudeLaunchSet: bad input terminates with a total or a problem naming the file", () => {
  it("a_200_mb_memory_file_is_skipped_with_a_problem", () => {
    const root = writeFixture({ files: { "CLAUDE.md": "", "small.md": "x\n" } });
    truncateSync(join(root, "CLAUDE.md"), 200 * 1024 * 1024);
    const r = claudeLaunchSet({ root });
    expect(r.items).toEqual([]);
    expect(r.findings[0]?.file).toBe("CLAUDE.md");
    expect(r.findings[0]?.message).toMatch(/209715200 bytes/);
  });

  it("a_chain_of_thousands_of_imports_stops_at_the_hop_limit", () => {
    const files: Record<string, string> = { "CLAUDE.md": "@c/0.md\n" };
    for (let i = 0; i < 3000; i++) files[`c/${i}.md`] = `link ${i} @${i + 1}.md\n`;
    const r = claudeLaunchSet({ root: writeFixture({ files }) });
    expect(r.items.length).toBe(5);
  });

  it("thousands_of_direct_imports_all_load", () => {
    const names = Array.from({ length: 3000 }, (_, i) => `d/${i}.md`);
    const files: Record<string, string> = { "CLAUDE.md": `${names.map((n) => `@${n}`).join(" ")}\n` };
    for (const n of names) files[n] = `${n}\n`;
    const r = claudeLaunchSet({ root: writeFixture({ files }) });
    expect(r.items.length).toBe(3001);
  });

  it("symlink_cycles_under_rules_terminate", () => {
    const root = writeFixture({ files: { ".claude/rules/a/r.md": "r\n" } });
    symlinkSync("..", join(root, ".claude/rules/a/back"));
    symlinkSync("../a", join(root, ".claude/rules/a/self"));
    expect(paths(root)).toEqual([".claude/rules/a/r.md"]);
  });

  it("a_fifo_named_claude_md_is_never_opened", () => {
    const root = writeFixture({ files: { "x.md": "x\n" } });
    execFileSync("mkfifo", [join(root, "CLAUDE.md")]);
    const r = claudeLaunchSet({ root });
    expect(r.items).toEqual([]);
    expect(r.findings[0]?.message).toMatch(/CLAUDE\.md: is a fifo/);
  });

  it("invalid_utf8_loads_with_replacement_characters_and_a_problem", () => {
    const root = writeFixture({ files: { "CLAUDE.md": Buffer.from([0x48, 0x69, 0xff, 0x0a]) } });
    const r = claudeLaunchSet({ root });
    expect(r.texts.get("CLAUDE.md")).toBe("Hi\ufffd");
    expect(r.items[0]?.bytes).toBe(5);
    expect(r.findings[0]?.message).toMatch(/CLAUDE\.md: not valid UTF-8/);
  });

  it("paths_with_spaces_and_unicode_work", () => {
    const root = writeFixture({
      files: { "my repo ü/CLAUDE.md": "@docs/my\\ notes.md\n", "my repo ü/docs/my notes.md": "ñ\n" },
    });
    const r = claudeLaunchSet({ root: join(root, "my repo ü") });
    expect(r.items.map((i) => [i.path, i.bytes])).toEqual([
      ["CLAUDE.md", Buffer.byteLength("@docs/my\\ notes.md")],
      ["docs/my notes.md", 2],
    ]);
  });

  it("a_directory_named_claude_md_and_an_empty_rules_dir_do_not_crash", () => {
    const root = writeFixture({ files: { "CLAUDE.md/x": "x\n", ".claude/rules": null } });
    mkdirSync(join(root, ".claude/rules/empty"), { recursive: true });
    writeFileSync(join(root, ".claude/rules/empty/.keep"), "");
    expect(claudeLaunchSet({ root }).items).toEqual([]);
  });
});

describe("claudeLaunchSet in git worktrees", () => {
  it("a_worktree_nested_in_its_repository_reads_no_project_files_of_the_main_checkout_above_it", () => {
    const root = writeFixture({
      git: ["main"],
      files: {
        "main/CLAUDE.md": "m\n",
        "main/.claude/rules/r.md": "r\n",
        "main/CLAUDE.local.md": "l\n",
        "main/.gitignore": "CLAUDE.local.md\nwt/\n",
      },
      run: [
        ["main", "git", "add", "."],
        ["main", "git", "commit", "-qm", "i"],
        ["main", "git", "worktree", "add", "-q", "wt"],
      ],
    });
    expect(paths(root, "main/wt")).toEqual([
      "main/CLAUDE.local.md",
      "main/wt/CLAUDE.md",
      "main/wt/.claude/rules/r.md",
    ]);
    expect(paths(root, "main")).toEqual([
      "main/CLAUDE.md",
      "main/.claude/rules/r.md",
      "main/CLAUDE.local.md",
    ]);
  });
});

afterAll(removeFixtures);
