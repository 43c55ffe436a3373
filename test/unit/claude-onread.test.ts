/**
 * The on-demand model (src/agents/claude-code/on-read.ts) on real temp trees, without the CLI. The rules
 * pinned here were settled against Claude Code 2.1.332 (docs/findings-claude-onread.md); the conformance
 * suite compares the same model with the real CLI.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  claudeAttachTargets,
  claudeOnRead,
  claudeOnReadSession,
} from "../../src/agents/claude-code/on-read.js";

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-onread-unit-")));
  made.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

const paths = (r: { items: { path: string }[] }) => r.items.map((i) => i.path);

describe("claudeOnRead", () => {
  it("attaches_every_memory_file_between_the_cwd_and_the_file_outermost_first_then_scoped_rules", () => {
    const root = tree({
      "CLAUDE.md": "root\n",
      ".claude/rules/ts.md": "---\npaths: src/**/*.ts\n---\nTS\n",
      "src/CLAUDE.md": "src\n",
      "src/a/CLAUDE.md": "a\n",
      "src/a/.claude/CLAUDE.md": "dot\n",
      "src/a/CLAUDE.local.md": "local\n",
    });
    const r = claudeOnRead({ root, target: join(root, "src/a/b.ts") });
    expect(paths(r)).toEqual([
      "src/CLAUDE.md",
      "src/a/CLAUDE.md",
      "src/a/.claude/CLAUDE.md",
      "src/a/CLAUDE.local.md",
      ".claude/rules/ts.md",
    ]);
    expect(r.items.map((i) => i.kind)).toEqual(["memory", "memory", "memory", "local", "rule"]);
    expect(r.items.every((i) => i.loadedAt === "read" && i.charged === false)).toBe(true);
    expect(r.items[4]?.reason).toContain('"src/**/*.ts"');
    expect(r.items[0]?.reason).toContain("src/");
  });

  it("the_memory_of_the_cwd_itself_and_of_its_ancestors_is_not_attached", () => {
    const root = tree({ "CLAUDE.md": "root\n", "pkg/CLAUDE.md": "pkg\n", "pkg/a/CLAUDE.md": "a\n" });
    const r = claudeOnRead({ root, cwd: join(root, "pkg"), target: "a/x.ts" });
    expect(paths(r)).toEqual(["pkg/a/CLAUDE.md"]);
  });

  it("ancestor_rules_match_relative_to_their_own_directory_not_the_cwd", () => {
    const root = tree({
      ".claude/rules/anchored.md": "---\npaths: /pkg/a/**\n---\nanchored\n",
      "pkg/a/x.ts": "",
    });
    expect(paths(claudeOnRead({ root, cwd: join(root, "pkg"), target: "a/x.ts" }))).toEqual([
      ".claude/rules/anchored.md",
    ]);
  });

  it("a_file_outside_the_cwd_attaches_nothing_even_when_an_ancestor_rule_matches_it", () => {
    const root = tree({
      ".claude/rules/ts.md": "---\npaths: '**/*.ts'\n---\nTS\n",
      "lib/CLAUDE.md": "lib\n",
      "pkg/CLAUDE.md": "pkg\n",
    });
    expect(paths(claudeOnRead({ root, cwd: join(root, "pkg"), target: "../lib/y.ts" }))).toEqual([]);
    expect(paths(claudeOnRead({ root, target: "lib/y.ts" }))).toEqual([
      "lib/CLAUDE.md",
      ".claude/rules/ts.md",
    ]);
  });

  it("a_symlink_inside_the_cwd_that_leads_outside_attaches_nothing", () => {
    const root = tree({ ".claude/rules/all.md": "---\npaths: '*'\n---\nall\n" });
    const outside = tree({ "x.ts": "x\n" });
    symlinkSync(join(outside, "x.ts"), join(root, "link.ts"));
    expect(paths(claudeOnRead({ root, target: "link.ts" }))).toEqual([]);
  });

  it("scoped_rule_globs_are_relative_to_the_directory_holding_the_claude_folder", () => {
    const root = tree({
      "pkg/.claude/rules/rel.md": "---\npaths: a/**\n---\nrel\n",
      "pkg/.claude/rules/rootRel.md": "---\npaths: /pkg/a/**\n---\nwrong base\n",
      ".claude/rules/anchored.md": "---\npaths: /pkg/a/**\n---\nroot base\n",
    });
    expect(paths(claudeOnRead({ root, target: "pkg/a/x.ts" }))).toEqual([
      "pkg/.claude/rules/rel.md",
      ".claude/rules/anchored.md",
    ]);
  });

  it("nested_rules_folders_attach_their_unscoped_rules_for_any_file_below", () => {
    const root = tree({
      "pkg/.claude/rules/always.md": "always\n",
      "pkg/.claude/rules/scoped.md": "---\npaths: '*.kt'\n---\nkt\n",
    });
    const r = claudeOnRead({ root, target: "pkg/b/z.md" });
    expect(paths(r)).toEqual(["pkg/.claude/rules/always.md"]);
    expect(r.items[0]?.kind).toBe("rule");
  });

  it("a_nested_folder_brings_the_imports_of_its_scoped_rules_even_when_the_rule_does_not_match", () => {
    const root = tree({
      "pkg/.claude/rules/kt.md": "---\npaths: '*.kt'\n---\nkt, see @../../../docs/kt.md\n",
      "docs/kt.md": "kt details\n",
    });
    const r = claudeOnRead({ root, target: "pkg/b/z.md" });
    expect(paths(r)).toEqual(["docs/kt.md"]);
    expect(r.items[0]).toMatchObject({ kind: "import", importedBy: "pkg/.claude/rules/kt.md" });
    expect(paths(claudeOnRead({ root, target: "pkg/b/z.kt" }))).toEqual([
      "docs/kt.md",
      "pkg/.claude/rules/kt.md",
    ]);
  });

  it("under_a_nested_rule_an_import_with_its_own_paths_is_dropped_but_its_imports_load", () => {
    const root = tree({
      "pkg/.claude/rules/r.md": "rule\n@../../../docs/p.md\n",
      "docs/p.md": "---\npaths: x/**\n---\np\n@leaf.md\n",
      "docs/leaf.md": "leaf\n",
      "pkg/CLAUDE.md": "mem\n@../docs/p2.md\n",
      "docs/p2.md": "---\npaths: x/**\n---\np2\n",
    });
    expect(paths(claudeOnRead({ root, target: "pkg/a.ts" }))).toEqual([
      "pkg/CLAUDE.md",
      "docs/p2.md",
      "pkg/.claude/rules/r.md",
      "docs/leaf.md",
    ]);
  });

  it("rules_whose_paths_normalise_to_nothing_are_unscoped_and_never_attached_at_the_root", () => {
    const root = tree({
      ".claude/rules/everything.md": "---\npaths: '**'\n---\nlaunch\n",
      ".claude/rules/empty.md": "---\npaths: []\n---\nlaunch\n",
    });
    expect(paths(claudeOnRead({ root, target: "src/a.ts" }))).toEqual([]);
  });

  it("each_file_is_attached_once_per_session", () => {
    const root = tree({ ".claude/rules/ts.md": "---\npaths: '*.ts'\n---\nTS\n", "src/CLAUDE.md": "src\n" });
    const s = claudeOnReadSession({ root });
    expect(paths(s.read("src/a.ts"))).toEqual(["src/CLAUDE.md", ".claude/rules/ts.md"]);
    expect(paths(s.read("src/a.ts"))).toEqual([]);
    expect(paths(s.read("src/b.ts"))).toEqual([]);
  });

  it("files_already_in_context_are_not_attached", () => {
    const root = tree({
      "CLAUDE.md": "@docs/shared.md\n",
      "docs/shared.md": "shared\n",
      "src/CLAUDE.md": "src\n@../docs/shared.md\n",
    });
    const r = claudeOnRead({ root, target: "src/a.ts", alreadyLoaded: [join(root, "docs/shared.md")] });
    expect(paths(r)).toEqual(["src/CLAUDE.md"]);
  });

  it("reading_a_memory_file_or_rule_does_not_attach_that_file", () => {
    const root = tree({ "src/CLAUDE.md": "src\n", ".claude/rules/md.md": "---\npaths: '*.md'\n---\nmd\n" });
    expect(paths(claudeOnRead({ root, target: "src/CLAUDE.md" }))).toEqual([".claude/rules/md.md"]);
    expect(paths(claudeOnRead({ root, target: ".claude/rules/md.md" }))).toEqual([]);
  });

  it("nested_memory_imports_follow_their_importer_depth_first", () => {
    const root = tree({
      "src/CLAUDE.md": "src\n@../docs/a.md\n@../docs/c.md\n",
      "docs/a.md": "a\n@b.md\n",
      "docs/b.md": "b\n",
      "docs/c.md": "c\n",
    });
    const r = claudeOnRead({ root, target: "src/x.ts" });
    expect(paths(r)).toEqual(["src/CLAUDE.md", "docs/a.md", "docs/b.md", "docs/c.md"]);
    expect(r.items[1]).toMatchObject({ kind: "import", importedBy: "src/CLAUDE.md" });
    expect(r.items[2]).toMatchObject({ kind: "import", importedBy: "docs/a.md" });
  });

  it("imports_stop_after_four_hops", () => {
    const files: Record<string, string> = { "src/CLAUDE.md": "m\n@../d/1.md\n" };
    for (let i = 1; i <= 6; i++) files[`d/${i}.md`] = `${i}\n@${i + 1}.md\n`;
    const r = claudeOnRead({ root: tree(files), target: "src/x.ts" });
    expect(paths(r)).toEqual(["src/CLAUDE.md", "d/1.md", "d/2.md", "d/3.md", "d/4.md"]);
  });

  it("imports_outside_the_cwd_are_not_followed", () => {
    const root = tree({ "pkg/a/CLAUDE.md": "a\n@../../docs/x.md\n", "docs/x.md": "x\n" });
    expect(paths(claudeOnRead({ root, cwd: join(root, "pkg"), target: "a/y.ts" }))).toEqual([
      "pkg/a/CLAUDE.md",
    ]);
    expect(paths(claudeOnRead({ root, target: "pkg/a/y.ts" }))).toEqual(["pkg/a/CLAUDE.md", "docs/x.md"]);
  });

  it("scoped_rules_do_not_expand_their_imports", () => {
    const root = tree({
      ".claude/rules/r.md": "---\npaths: '*'\n---\nsee @../../docs/x.md and @x.md\n",
      "docs/x.md": "x\n",
      ".claude/rules/x.md": "---\npaths: 'nothing'\n---\nx\n",
    });
    const r = claudeOnRead({ root, target: "a.ts" });
    expect(paths(r)).toEqual([".claude/rules/r.md"]);
    expect(r.texts.get(".claude/rules/r.md")).toBe("see @../../docs/x.md and @x.md\n");
  });

  it("the_text_is_not_trimmed_and_empty_files_are_skipped", () => {
    const root = tree({
      "src/CLAUDE.md": "\n\n  lead\ntrail  \n\n",
      "src/a/CLAUDE.md": "",
      "src/a/b/CLAUDE.md": "  \n",
      ".claude/rules/r.md": "---\npaths: '*'\n---\n\n\nbody\n\n",
    });
    const r = claudeOnRead({ root, target: "src/a/b/x.ts" });
    expect(paths(r)).toEqual(["src/CLAUDE.md", ".claude/rules/r.md"]);
    expect(r.texts.get("src/CLAUDE.md")).toBe("\n\n  lead\ntrail  \n\n");
    expect(r.texts.get(".claude/rules/r.md")).toBe("body\n\n");
  });

  it("bytes_count_utf8_bytes_of_the_injected_text_and_file_bytes_the_file", () => {
    const root = tree({ ".claude/rules/r.md": "---\npaths: '*'\n---\nüñï\n" });
    const [item] = claudeOnRead({ root, target: "a.ts" }).items;
    expect(item?.bytes).toBe(Buffer.byteLength("üñï\n"));
    expect(item?.fileBytes).toBe(Buffer.byteLength("---\npaths: '*'\n---\nüñï\n"));
  });

  it("block_comments_are_stripped_inline_ones_kept", () => {
    const root = tree({ "src/CLAUDE.md": "a\n<!-- gone -->\n\nb <!-- kept --> c\n" });
    expect(claudeOnRead({ root, target: "src/x.ts" }).texts.get("src/CLAUDE.md")).toBe(
      "a\nb <!-- kept --> c\n",
    );
  });

  it("nested_memory_longer_than_the_cut_is_reported", () => {
    const root = tree({ "src/CLAUDE.md": `${"x".repeat(50_000)}\n` });
    const r = claudeOnRead({ root, target: "src/a.ts" });
    expect(r.findings.map((p) => p.file)).toEqual(["src/CLAUDE.md"]);
  });
});

describe("claudeAttachTargets", () => {
  const cwd = "/repo";
  const table: [string, Record<string, unknown>, string[]][] = [
    ["Read", { file_path: "/repo/a.ts" }, ["/repo/a.ts"]],
    ["Write", { file_path: "src/new.ts", content: "" }, ["/repo/src/new.ts"]],
    ["Edit", { file_path: "/repo/e.ts" }, ["/repo/e.ts"]],
    ["Glob", { pattern: "**/*.ts" }, []],
    ["Grep", { pattern: "x", path: "/repo/a.ts" }, []],
    ["Bash", { command: "cat src/b.ts" }, ["/repo/src/b.ts"]],
    ["Bash", { command: "cat -n src/b.ts" }, ["/repo/src/b.ts"]],
    ["Bash", { command: "cat -A src/b.ts" }, []],
    ["Bash", { command: "head -n 5 src/b.ts && echo done" }, ["/repo/src/b.ts"]],
    ["Bash", { command: "tail -20 a.log" }, ["/repo/a.log"]],
    ["Bash", { command: "sed -n '1,2p' src/b.ts" }, ["/repo/src/b.ts"]],
    ["Bash", { command: "sed -i 's/a/b/' src/b.ts" }, []],
    ["Bash", { command: "grep -n e src/e.ts" }, ["/repo/src/e.ts"]],
    ["Bash", { command: "grep e src/*.ts" }, []],
    ["Bash", { command: "grep e src/e.ts && echo hi" }, []],
    ["Bash", { command: "cat src/b.ts | wc -l" }, []],
    ["Bash", { command: "cat src/b.ts > c.ts" }, []],
    ["Bash", { command: "cat src/b.ts src/e.ts" }, []],
    ["Bash", { command: "cat a.ts; cat b.ts" }, ["/repo/a.ts", "/repo/b.ts"]],
    ["Bash", { command: "cat a.ts && npm test" }, []],
    ["Bash", { command: "cat 'my file.md'" }, ["/repo/my file.md"]],
    ["Bash", { command: "ls src" }, []],
    ["Bash", { command: "cat <a.ts" }, []],
  ];
  it.each(table)("%s_%j", (tool, input, want) => {
    expect(claudeAttachTargets(tool, input, cwd)).toEqual(want);
  });
});
