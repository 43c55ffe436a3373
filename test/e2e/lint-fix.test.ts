/**
 * `lint --fix` on real files, byte for byte: test/fixtures/lint/fix/NAME.md is copied to .claude/rules/
 * of a fresh repository, and after `lint --fix` must equal NAME.expected.md exactly (BOM, CRLF, comments,
 * other keys and the body kept; unfixable files untouched).
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeLaunchSet } from "../../src/agents/claude-code/launch.js";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const FIX = resolve(import.meta.dirname, "../fixtures/lint/fix");
const names = readdirSync(FIX)
  .filter((n) => n.endsWith(".md") && !n.endsWith(".expected.md"))
  .map((n) => n.slice(0, -3))
  .sort();

function setup(): string {
  const dir = mkdtempSync(join(tmpdir(), "ac-fix-"));
  mkdirSync(join(dir, ".claude/rules"), { recursive: true });
  mkdirSync(join(dir, "docs"));
  writeFileSync(join(dir, "docs/guide.md"), "# Guide\n");
  for (const n of names) copyFileSync(join(FIX, `${n}.md`), join(dir, ".claude/rules", `${n}.md`));
  return dir;
}

const lint = (dir: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, "lint", dir, "--format", "json", ...args], {
    encoding: "utf8",
  });
  return {
    code: r.status,
    stderr: r.stderr,
    ...(JSON.parse(r.stdout) as {
      fixed: { file: string; ruleIds: string[] }[];
      diagnostics: { ruleId: string; file: string; fixable: boolean }[];
    }),
  };
};

describe("lint --fix", () => {
  const dir = setup();
  const before = lint(dir);
  const fixed = lint(dir, "--fix");

  it.each(names)("%s_is_fixed_byte_for_byte_or_left_untouched", (n) => {
    const got = readFileSync(join(dir, ".claude/rules", `${n}.md`));
    const want = readFileSync(join(FIX, `${n}.expected.md`));
    expect(got.equals(want)).toBe(true);
  });

  it("reports_which_files_it_fixed_and_why", () => {
    expect(fixed.stderr).toBe("");
    expect(fixed.fixed).toEqual([
      { file: ".claude/rules/globs-crlf.md", ruleIds: ["rule-globs-key"] },
      { file: ".claude/rules/globs-star-bom.md", ruleIds: ["rule-frontmatter-yaml", "rule-globs-key"] },
      { file: ".claude/rules/star-list.md", ruleIds: ["rule-frontmatter-yaml"] },
    ]);
  });

  it("the_findings_it_fixed_are_gone_and_the_others_remain", () => {
    const fixable = (ds: typeof before.diagnostics) => ds.filter((d) => d.fixable).map((d) => d.file);
    expect(fixable(before.diagnostics).length).toBeGreaterThan(0);
    expect(fixable(fixed.diagnostics)).toEqual([]);
    const rest = (ds: typeof before.diagnostics) =>
      ds
        // memory-read-by-one-agent (info) changes legitimately: a rule the fix scoped no longer loads at launch.
        .filter((d) => !d.fixable && d.ruleId !== "rule-unscoped" && d.ruleId !== "memory-read-by-one-agent")
        .map((d) => `${d.ruleId} ${d.file}`)
        .sort();
    expect(rest(fixed.diagnostics)).toEqual(rest(before.diagnostics));
  });

  it("the_fixed_rules_are_scoped_for_claude_code_and_load_no_longer_at_launch", () => {
    const launched = new Set(claudeLaunchSet({ root: dir }).items.map((i) => i.path));
    for (const f of fixed.fixed) expect(launched.has(f.file)).toBe(false);
    expect(launched.has(".claude/rules/paths-empty.md")).toBe(true);
  });

  it("a_second_fix_changes_nothing", () => {
    const mtimes = names.map((n) => statSync(join(dir, ".claude/rules", `${n}.md`)).mtimeMs);
    const again = lint(dir, "--fix");
    expect(again.fixed).toEqual([]);
    expect(names.map((n) => statSync(join(dir, ".claude/rules", `${n}.md`)).mtimeMs)).toEqual(mtimes);
  });

  it("without_fix_nothing_is_written", () => {
    const d = setup();
    lint(d);
    for (const n of names) {
      expect(
        readFileSync(join(d, ".claude/rules", `${n}.md`)).equals(readFileSync(join(FIX, `${n}.md`))),
      ).toBe(true);
    }
  });

  it("leaves_no_temporary_file_behind", () => {
    expect(readdirSync(join(dir, ".claude/rules")).sort()).toEqual(names.map((n) => `${n}.md`).sort());
  });
});

/** A fresh repository with `files` (relative path → text) and one source file for globs to match. */
function repoWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "ac-fix-meaning-"));
  mkdirSync(join(dir, ".claude/rules"), { recursive: true });
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src/a.ts"), "x\n");
  for (const [rel, text] of Object.entries(files)) writeFileSync(join(dir, rel), text);
  return dir;
}

describe("lint --fix never changes what a value means", () => {
  // Before: `globs: *e` (a YAML alias) became `paths: "*e"`, a glob the author never wrote.
  it.each([
    ["an_alias", "---\nglobs: *e\n---\nBody\n", 2, "a YAML alias"],
    ["an_alias_of_a_declared_anchor", '---\nx: &e "src/**"\nglobs: *e\n---\nBody\n', 3, "an anchor"],
    ["an_anchor", "---\nglobs: &g *.ts\n---\nBody\n", 2, "a YAML anchor"],
    ["a_tag", "---\nglobs: !!str *.ts\n---\nBody\n", 2, "a YAML tag"],
    ["a_flow_list", "---\nglobs: [src/*.ts, lib/*.ts]\n---\nBody\n", 2, "a YAML flow value"],
    ["an_alias_list_item", "---\nglobs:\n  - *e\n---\nBody\n", 3, "a YAML alias"],
  ])("%s_is_left_alone_with_a_message_naming_the_file_and_line", (_name, text, line, why) => {
    const dir = repoWith({ ".claude/rules/r.md": text });
    const r = lint(dir, "--fix");
    expect(readFileSync(join(dir, ".claude/rules/r.md"), "utf8")).toBe(text);
    expect(r.fixed).toEqual([]);
    expect(r.stderr).toContain(`.claude/rules/r.md:${line}: `);
    expect(r.stderr).toContain(why);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("a_glob_yaml_cannot_read_is_still_quoted_exactly", () => {
    const dir = repoWith({
      ".claude/rules/r.md": "---\nglobs:\n  - **/*.ts\n  - {src,lib}/*.ts\n---\nBody\n",
    });
    const r = lint(dir, "--fix");
    expect(r.stderr).toBe("");
    expect(readFileSync(join(dir, ".claude/rules/r.md"), "utf8")).toBe(
      '---\npaths:\n  - "**/*.ts"\n  - "{src,lib}/*.ts"\n---\nBody\n',
    );
  });
});
