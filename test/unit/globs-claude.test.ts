/**
 * Claude Code's `paths:` glob semantics (src/globs/claude.ts). Every row of the match table was observed
 * with the real CLI 2.1.332 (test/conformance/claude-onread.test.ts, docs/findings-claude-onread.md).
 */
import { describe, expect, it } from "vitest";
import { compileClaudeGlobs, matchClaudeGlobs, normalizeClaudePaths } from "../../src/globs/index.js";

describe("normalizeClaudePaths", () => {
  const table: [string, unknown, string[] | undefined][] = [
    ["a_plain_string", "src/**/*.ts", ["src/**/*.ts"]],
    ["a_list", ["lib/**", "*.md"], ["lib", "*.md"]],
    ["a_trailing_double_star_is_cut", "src/**", ["src"]],
    ["a_leading_slash_is_kept", "/src/**", ["/src"]],
    ["commas_split_a_string", "lib/**, docs/**", ["lib", "docs"]],
    ["commas_inside_braces_do_not_split", "src/{a,b}.ts, lib/*.ts", ["src/a.ts", "src/b.ts", "lib/*.ts"]],
    ["braces_expand_in_order", "{src,lib}/**/*.ts", ["src/**/*.ts", "lib/**/*.ts"]],
    ["two_brace_groups_multiply", "{a,b}/*.{ts,js}", ["a/*.ts", "a/*.js", "b/*.ts", "b/*.js"]],
    ["brace_alternatives_are_trimmed", "src/*.{ ts , js }", ["src/*.ts", "src/*.js"]],
    ["non_strings_in_a_list_are_dropped", [1, "num/**", null], ["num"]],
    ["a_list_with_double_star_and_more_is_scoped", ["**", "zzz/**"], ["**", "zzz"]],
    ["double_star_alone_is_unscoped", "**", undefined],
    ["slash_double_star_is_unscoped", "/**", undefined],
    ["an_empty_list_is_unscoped", [], undefined],
    ["an_empty_string_is_unscoped", "", undefined],
    ["null_is_unscoped", null, undefined],
    ["absent_is_unscoped", undefined, undefined],
    ["a_number_is_unscoped", 5, undefined],
    ["only_commas_is_unscoped", " , ,", undefined],
  ];
  it.each(table)("%s", (_name, value, want) => {
    expect(normalizeClaudePaths(value)).toEqual(want);
  });

  it("a_brace_pattern_over_the_expansion_budget_stays_unexpanded", () => {
    const huge = `${"{a,b,c,d,e,f,g,h,i,j}".repeat(4)}.ts`; // 10^4 results > 1000
    expect(normalizeClaudePaths(huge)).toEqual([huge]);
  });
});

describe("matching as claude code matches paths globs (verified on 2.1.332)", () => {
  // [frontmatter value, path relative to the directory holding .claude, fires]
  const table: [unknown, string, boolean][] = [
    ["src/**/*.ts", "src/a.ts", true],
    ["src/**/*.ts", "src/deep/x/b.ts", true],
    ["src/**/*.ts", "src/.hidden.ts", true],
    ["src/**/*.ts", "src/A.TS", true],
    ["src/**/*.ts", "lib/src/x.ts", false],
    ["src/**/*.ts", "a.ts", false],
    ["**/*.ts", "a.ts", true],
    ["**/*.ts", "src/.h/k.ts", true],
    ["**/*.ts", "src/a.js", false],
    ["*.ts", "a.ts", true],
    ["*.ts", "src/deep/x/b.ts", true],
    ["*.ts", "x.tsx", false],
    ["src", "src/a.ts", true],
    ["src", "lib/src/x.ts", true],
    ["src", "srcfoo/x.ts", false],
    ["src/", "src/deep/x/b.ts", true],
    ["src/**", "lib/src/deep/y.ts", true],
    ["src/**", "src/.env", true],
    ["/src/**", "src/gen/a.ts", true],
    ["/src/**", "lib/src/x.ts", false],
    ["src/*", "src/deep/x/b.ts", true],
    ["src/*", "lib/c.ts", false],
    ["src/deep/", "src/deep/x/b.ts", true],
    ["src/deep/", "lib/src/deep/y.ts", false],
    ["{src,lib}/**/*.ts", "lib/c.ts", true],
    ["{src,lib}/**/*.ts", "docs/c.ts", false],
    ["src/*.{ts,js}", "src/a.js", true],
    ["src/*.{ts,js}", "src/deep/x/b.ts", false],
    ["src/?.ts", "src/a.ts", true],
    ["src/?.ts", "src/ab.ts", false],
    ["src/[ab].ts", "src/a.ts", true],
    ["src/[ab].ts", "src/ab.ts", false],
    ["**/.env", ".env", true],
    ["**/.env", "src/.env", true],
    ["**/*.TS", "a.ts", true],
    ["./src/**/*.ts", "src/a.ts", false],
    ["a/**/b.ts", "a/b.ts", true],
    ["a/**/b.ts", "a/x/y/b.ts", true],
    ["**/x/**", "z/x/q.ts", true],
    ["docs", "tools/docs", true],
    [["lib/**", "*.md"], "README.md", true],
    [["lib/**", "*.md"], "lib/c.ts", true],
    [["lib/**", "*.md"], "docs/y.txt", false],
    ["lib/**, docs/**", "docs/y.txt", true],
    [["**/*.ts", "!src/gen/*.ts"], "src/gen/a.ts", false],
    [["**/*.ts", "!src/gen/*.ts"], "src/a.ts", true],
    [["src/**", "!src/gen/**"], "src/gen/a.ts", true],
    [[1, "num/**"], "num/n.txt", true],
    [["**", "zzz/**"], "anything/at/all.txt", true],
  ];
  it.each(table)("paths_%j_against_%s_fires_%s", (value, path, fires) => {
    const patterns = normalizeClaudePaths(value);
    expect(patterns).toBeDefined();
    expect(compileClaudeGlobs(patterns ?? []).match(path) !== null).toBe(fires);
  });

  it("the_match_names_the_pattern_that_fired", () => {
    const m = compileClaudeGlobs(["docs", "src/*.ts"]);
    expect(m.match("src/a.ts")).toBe("src/*.ts");
    expect(m.match("x/docs/y.md")).toBe("docs");
    expect(m.match("lib/a.ts")).toBeNull();
  });

  it("a_path_that_is_not_relative_never_matches", () => {
    const m = compileClaudeGlobs(["**/*.ts", "*"]);
    for (const p of ["", "/abs/a.ts", "../a.ts", "./a.ts", "..", "."]) expect(m.match(p)).toBeNull();
  });
});

describe("matchClaudeGlobs", () => {
  it("matches_relative_to_the_base_directory", () => {
    expect(matchClaudeGlobs(["a"], "/repo/pkg", "/repo/pkg/a/x.ts")).toBe("a");
    expect(matchClaudeGlobs(["/pkg/a"], "/repo/pkg", "/repo/pkg/a/x.ts")).toBeNull();
    expect(matchClaudeGlobs(["/pkg/a"], "/repo", "/repo/pkg/a/x.ts")).toBe("/pkg/a");
  });

  it("a_target_outside_the_base_or_the_base_itself_never_matches", () => {
    expect(matchClaudeGlobs(["*"], "/repo/pkg", "/repo/lib/y.ts")).toBeNull();
    expect(matchClaudeGlobs(["*"], "/repo/pkg", "/repo/pkg")).toBeNull();
    expect(matchClaudeGlobs(["*"], "/repo/pkg", "/elsewhere/y.ts")).toBeNull();
  });
});
