import ignore from "ignore";
import { describe, expect, it } from "vitest";
import { expandBraces } from "../../src/globs/braces.js";
import { MAX_BRACE_EXPANSION, rebaseGlob, rebaseGlobs } from "../../src/globs/rebase.js";
import { readRulePaths } from "../../src/pointers/frontmatter.js";

// [pattern, prefix, expected globs] — gitignore anchoring (Claude Code 2.1.332 matches paths: gitignore-style).
const TABLE: [string, string, string[]][] = [
  // no slash: any depth below its repository
  ["*.ts", "lib", ["lib/**/*.ts"]],
  ["deep", "lib", ["lib/**/deep"]],
  ["*.ts", "/ws/lib", ["/ws/lib/**/*.ts"]],
  // same directory: the pattern keeps its own anchoring
  ["*.ts", "", ["*.ts"]],
  ["/README.md", "", ["/README.md"]],
  ["src/*.ts", "", ["src/*.ts"]],
  // leading slash: anchored to the repository root
  ["/src/*.ts", "lib", ["lib/src/*.ts"]],
  ["/README.md", "/ws/lib", ["/ws/lib/README.md"]],
  // inner slash: anchored too
  ["src/*.ts", "lib", ["lib/src/*.ts"]],
  ["src/**/*.ts", "/ws/lib", ["/ws/lib/src/**/*.ts"]],
  // a leading ** keeps any depth and is not doubled
  ["**/*.kt", "lib", ["lib/**/*.kt"]],
  // trailing slash: the directory and everything below it (kept, the CLI keeps it)
  ["build/", "lib", ["lib/**/build/"]],
  ["/out/", "lib", ["lib/out/"]],
  ["docs/api/", "/ws/lib", ["/ws/lib/docs/api/"]],
  // input is a glob as the CLI reads it (one trailing /** already cut): `x/**` left over means everything
  // below x, anchored; it is re-emitted as `x/` (a glob ending in /** would be cut again on read-back)
  ["src/**", "lib", ["lib/src/"]],
  ["/src/**", "lib", ["lib/src/"]],
  ["**/gen/**", "/ws/lib", ["/ws/lib/**/gen/"]],
  ["src", "lib", ["lib/**/src"]],
  // doubled slashes collapse
  ["src//a.ts", "lib", ["lib/src/a.ts"]],
  // braces expanded (the CLI expands them)
  ["src/{a,b}.ts", "lib", ["lib/src/a.ts", "lib/src/b.ts"]],
  ["{src,test}/", "lib", ["lib/**/src/", "lib/**/test/"]],
];

describe("rebaseGlob", () => {
  it.each(TABLE)("rebases_%j_onto_%j", (pattern, prefix, expected) => {
    expect(rebaseGlob(pattern, prefix)).toEqual({ ok: true, globs: expected });
  });

  it.each([["**"], ["/**"], ["**/"], [""], ["/"], ["**/**"]])("a_lone_double_star_%j_is_unscoped", (p) => {
    const r = rebaseGlob(p, "lib");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.unscoped).toBe(true);
  });

  it.each([
    ["!src/*.ts", "negated"],
    ["./src/*.ts", "never matches"],
    ["../x/*.ts", ".."],
    ["src/./a.ts", "."],
    ["src/a b.ts", "safe glob set"],
    ['src/"x".ts', "safe glob set"],
    ["src/@x.ts", "safe glob set"],
    ["src/a:b", "safe glob set"],
    ["{-,b}--x", "---"],
    ["a---b/*.ts", "---"],
    ["{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}", "brace expansion"],
  ])("refuses_%j", (p, why) => {
    const r = rebaseGlob(p, "lib");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.unscoped).toBe(false);
    expect(!r.ok && r.reason).toContain(why);
  });

  it("refuses_a_prefix_with_unsafe_characters", () => {
    expect(rebaseGlob("*.ts", "/ws/a b").ok).toBe(false);
    expect(rebaseGlob("*.ts", "/ws/a@b").ok).toBe(false);
  });

  it("a_rule_with_any_lone_double_star_is_unscoped_as_a_whole", () => {
    const r = rebaseGlobs(["src/*.ts", "**"], "lib");
    expect(!r.ok && r.unscoped).toBe(true);
  });

  it("brace_expansion_is_bounded_at_64_and_refused_past_it", () => {
    const six = "{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}"; // 64
    expect(expandBraces(six, MAX_BRACE_EXPANSION)?.length).toBe(64);
    expect(expandBraces(`${six}{m,n}`, MAX_BRACE_EXPANSION)).toBeNull();
  });
});

describe("rebased globs match the same files as the original pattern in its repository", () => {
  // The original is matched gitignore-style (the `ignore` package, as the CLI) relative to the repository
  // root; the rebased globs the same way relative to the target (or to `/` for an absolute prefix).
  const samples = [
    "a.ts",
    "src/a.ts",
    "src/deep/a.ts",
    "x/src/a.ts",
    "build/out.js",
    "x/build/y/z.js",
    "out/a",
    "x/out/a",
    "deep/a.txt",
    "src/deep/x.txt",
    "README.md",
    "docs/README.md",
    "src/a.tsx",
  ];
  const patterns = [
    "*.ts",
    "/src/**",
    "src/*.ts",
    "build/",
    "/out/",
    "deep",
    "README.md",
    "src/**/*.ts",
    "src",
  ];
  it.each(patterns)("%j_agrees_with_gitignore_matching", (pattern) => {
    const ig = ignore().add(pattern);
    for (const prefix of ["repo/lib", "/ws/lib"]) {
      const r = rebaseGlob(pattern, prefix);
      if (!r.ok) throw new Error(r.reason);
      const m = ignore().add(r.globs);
      const at = (s: string) => `${prefix}/${s}`.replace(/^\//, "");
      for (const s of samples) expect([s, m.ignores(at(s))]).toEqual([s, ig.ignores(s)]);
      // and nothing outside the rebased directory
      expect(m.ignores("repo/other/src/a.ts") || m.ignores("ws/other/src/a.ts")).toBe(false);
    }
  });
});

describe("frontmatter classification", () => {
  it("reads_paths_from_the_whole_frontmatter_not_its_first_line", () => {
    const t = "---\ndescription: x\nowner: y\npaths:\n  - src/*.ts\n---\nbody\n";
    expect(readRulePaths(t).globs).toEqual(["src/*.ts"]);
  });

  it("reads_paths_from_a_frontmatter_that_runs_past_4_KiB", () => {
    const filler = `description: "${"x".repeat(5000)}"\n`;
    const t = `---\n${filler}paths:\n  - "lib/**/*.js"\n---\nbody\n`;
    expect(t.indexOf("paths:")).toBeGreaterThan(4096);
    expect(readRulePaths(t).globs).toEqual(["lib/**/*.js"]);
  });

  it("splits_a_paths_string_on_commas_outside_braces_and_expands_the_braces", () => {
    expect(readRulePaths('---\npaths: "src/{a,b}.ts, lib/*.js"\n---\n').globs).toEqual([
      "src/a.ts",
      "src/b.ts",
      "lib/*.js",
    ]);
  });

  it("a_trailing_double_star_is_cut_as_the_cli_cuts_it_and_a_pipeline_rebase_keeps_its_meaning", () => {
    const g = readRulePaths('---\npaths:\n  - "src/**"\n  - "gen/**/**"\n---\n').globs;
    expect(g).toEqual(["src", "gen/**"]);
    expect(rebaseGlobs(g, "lib")).toEqual({ ok: true, globs: ["lib/**/src", "lib/gen/"] });
  });

  it("a_frontmatter_the_cli_cannot_parse_yields_no_globs", () => {
    const r = readRulePaths("---\npaths:\n  - a\n b: [\n---\nbody\n");
    expect(r.globs).toEqual([]);
    expect(r.error).toBeDefined();
  });

  it("no_frontmatter_yields_no_globs", () => {
    expect(readRulePaths("paths: src/**\n").globs).toEqual([]);
  });
});
