/**
 * The premises of the lint rules, settled against the pinned real Claude Code CLI in one offline run
 * (see docs/findings-lint.md). Each `it` pins one observation; the lint rules and their messages rely on it.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { claudeVersion, type LoadedSection, launchSections, runClaude } from "../support/claude.js";

let base: string;
let repo: string;
let sections: LoadedSection[];
const loaded = (rel: string) => sections.some((s) => s.path === join(repo, rel));
const textHas = (marker: string) => sections.some((s) => s.text.includes(marker));

/** Rules under .claude/rules/, each with a marker line in its body. */
const RULE_FILES: Record<string, string> = {
  "globs-key.md": "---\nglobs: src/**/*.ts\n---\nMARK-GLOBS-KEY\n",
  "yaml-star-scalar.md": "---\npaths: **/*.ts\n---\nMARK-YAML-STAR-SCALAR\n",
  "yaml-star-list.md": "---\npaths:\n  - **/*.ts\n---\nMARK-YAML-STAR-LIST\n",
  "paths-null.md": "---\npaths:\n---\nMARK-PATHS-NULL\n",
  "paths-empty-list.md": "---\npaths: []\n---\nMARK-PATHS-EMPTY-LIST\n",
  "not-first-line.md": "\n---\npaths:\n  - src/**\n---\nMARK-NOT-FIRST-LINE\n",
  "nested.md": "---\nmetadata:\n  paths:\n    - src/**\n---\nMARK-NESTED\n",
  "scoped-list.md": '---\npaths:\n  - "src/**/*.ts"\n---\nMARK-SCOPED-LIST\n',
  "scoped-quoted-star.md": '---\npaths: "**/*.ts"\n---\nMARK-SCOPED-QUOTED-STAR\n',
  "scoped-dead.md": "---\npaths:\n  - nothing/**\n---\nMARK-SCOPED-DEAD\n",
};

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), "ac-lint-cli-"));
  repo = join(base, "repo");
  const outside = join(base, "outside");
  mkdirSync(join(repo, ".claude/rules"), { recursive: true });
  mkdirSync(join(repo, "docs"), { recursive: true });
  mkdirSync(join(repo, "src"), { recursive: true });
  mkdirSync(join(outside, "rules"), { recursive: true });
  const w = (p: string, t: string) => writeFileSync(join(repo, p), t);
  w("src/a.ts", "export const a = 1;\n");
  for (const [name, text] of Object.entries(RULE_FILES)) w(`.claude/rules/${name}`, text);
  // Symlinks leaving the repository: the root memory file, one rule file, one rules directory, one import.
  writeFileSync(join(outside, "CLAUDE.md"), "MARK-OUTSIDE-MEMORY\n");
  symlinkSync(join(outside, "CLAUDE.md"), join(repo, ".claude/CLAUDE.md"));
  writeFileSync(join(outside, "rule.md"), "MARK-OUTSIDE-RULE-FILE\n");
  symlinkSync(join(outside, "rule.md"), join(repo, ".claude/rules/linked.md"));
  writeFileSync(join(outside, "rules/r.md"), "MARK-OUTSIDE-RULE-DIR\n");
  symlinkSync(join(outside, "rules"), join(repo, ".claude/rules/linked-dir"));
  writeFileSync(join(outside, "imp.md"), "MARK-OUTSIDE-IMPORT-LINK\n");
  symlinkSync(join(outside, "imp.md"), join(repo, "docs/linked-import.md"));
  writeFileSync(join(outside, "direct.md"), "MARK-OUTSIDE-IMPORT-DIRECT\n");
  // Imports: near misses, code span, outside the working directory, a chain past the hop limit.
  for (const n of ["dot", "comma", "case", "span", "ok"])
    w(`docs/${n}.md`, `MARK-IMPORT-${n.toUpperCase()}\n`);
  w(
    "CLAUDE.md",
    [
      "MARK-ROOT-MEMORY",
      "See @docs/dot.md.",
      "See @docs/comma.md, too",
      "See @Docs/Case.md",
      "Literal `@docs/span.md` here",
      "See @docs/ok.md",
      "See @docs/linked-import.md",
      "See @../outside/direct.md",
      "See @docs/h1.md",
      "",
    ].join("\n"),
  );
  for (let i = 1; i <= 6; i++) w(`docs/h${i}.md`, `MARK-HOP-${i}\n@./h${i + 1}.md\n`);
  w("docs/h7.md", "MARK-HOP-7\n");
  w("CLAUDE.local.md", "MARK-LOCAL\n");
  sections = launchSections(await runClaude({ cwd: repo }));
});

describe(`Claude Code ${claudeVersion()} as lint assumes it`, () => {
  it.each([
    ["globs-key.md", true],
    ["yaml-star-list.md", true],
    ["paths-null.md", true],
    ["paths-empty-list.md", true],
    ["not-first-line.md", true],
    ["nested.md", true],
    ["yaml-star-scalar.md", false],
    ["scoped-list.md", false],
    ["scoped-quoted-star.md", false],
    ["scoped-dead.md", false],
  ])("rule_%s_loads_at_launch_%s", (name, atLaunch) => {
    expect(loaded(`.claude/rules/${name}`)).toBe(atLaunch);
  });

  it("frontmatter_not_on_the_first_line_is_injected_as_body_text", () => {
    const s = sections.find((x) => x.path.endsWith("not-first-line.md"));
    expect(s?.text).toContain("paths:\n  - src/**");
  });

  it("a_memory_file_symlinked_outside_the_repository_loads_the_outside_text", () => {
    expect(loaded(".claude/CLAUDE.md")).toBe(true);
    expect(textHas("MARK-OUTSIDE-MEMORY")).toBe(true);
  });

  it("a_rule_symlinked_outside_the_repository_never_loads", () => {
    expect(textHas("MARK-OUTSIDE-RULE-FILE")).toBe(false);
    expect(textHas("MARK-OUTSIDE-RULE-DIR")).toBe(false);
  });

  it("an_import_through_a_symlink_leaving_the_repository_never_loads", () => {
    expect(textHas("MARK-OUTSIDE-IMPORT-LINK")).toBe(false);
  });

  it("an_import_outside_the_working_directory_does_not_load_without_approval", () => {
    expect(textHas("MARK-OUTSIDE-IMPORT-DIRECT")).toBe(false);
  });

  it("trailing_punctuation_and_a_different_case_break_an_import", () => {
    expect(textHas("MARK-IMPORT-OK")).toBe(true);
    expect(textHas("MARK-IMPORT-DOT")).toBe(false);
    expect(textHas("MARK-IMPORT-COMMA")).toBe(false);
    expect(textHas("MARK-IMPORT-CASE")).toBe(false);
  });

  it("an_import_inside_a_code_span_is_literal_text", () => {
    expect(textHas("MARK-IMPORT-SPAN")).toBe(false);
  });

  it("imports_load_four_hops_deep_from_a_memory_file_and_no_further", () => {
    const hops = [1, 2, 3, 4, 5, 6, 7].filter((i) => textHas(`MARK-HOP-${i}\n`));
    expect(hops).toEqual([1, 2, 3, 4]);
  });

  it("claude_local_md_loads_labelled_as_private", () => {
    expect(sections.find((s) => s.path === join(repo, "CLAUDE.local.md"))?.label).toMatch(/private/);
  });
});

describe("lint agrees with the real CLI on the same repository", () => {
  const lint = () => {
    const r = spawnSync(
      process.execPath,
      [resolve(import.meta.dirname, "../../dist/cli/main.js"), "lint", repo, "--format", "json"],
      {
        encoding: "utf8",
      },
    );
    return (
      JSON.parse(r.stdout) as { diagnostics: { ruleId: string; file: string; line: number; help: string }[] }
    ).diagnostics;
  };

  it("every_rule_lint_says_loads_every_session_does_and_no_scoped_one_is_flagged", () => {
    const ds = lint();
    const scopeIds = new Set([
      "rule-globs-key",
      "rule-frontmatter-yaml",
      "rule-paths-empty",
      "rule-frontmatter-not-first-line",
      "rule-paths-nested",
    ]);
    const flagged = [...new Set(ds.filter((d) => scopeIds.has(d.ruleId)).map((d) => d.file))].sort();
    const loadedRules = Object.keys(RULE_FILES)
      .map((n) => `.claude/rules/${n}`)
      .filter((p) => loaded(p))
      .sort();
    expect(flagged).toEqual(loadedRules);
  });

  it("every_import_lint_reports_is_one_the_cli_did_not_load", () => {
    const ds = lint();
    const at = (id: string) =>
      ds
        .filter((d) => d.ruleId === id)
        .map((d) => `${d.file}:${d.line}`)
        .sort();
    expect(at("import-missing")).toEqual(["CLAUDE.md:2", "CLAUDE.md:3", "CLAUDE.md:4"]);
    const help = (line: number) => ds.find((d) => d.ruleId === "import-missing" && d.line === line)?.help;
    expect(help(2)).toContain('remove the trailing "."');
    expect(help(3)).toContain('remove the trailing ","');
    expect(help(4)).toContain("docs/case.md");
    expect(help(4)).toContain("letter case");
    expect(at("import-in-code-span")).toEqual(["CLAUDE.md:5"]);
    expect(at("import-outside-cwd")).toEqual(["CLAUDE.md:8"]);
    expect(at("import-beyond-hop-limit")).toEqual(["docs/h4.md:2"]);
    expect(at("memory-symlink-escapes")).toEqual([".claude/CLAUDE.md:1", "CLAUDE.md:7"]);
    expect(at("rule-link-escapes")).toEqual([".claude/rules/linked-dir/r.md:1", ".claude/rules/linked.md:1"]);
  });
});
