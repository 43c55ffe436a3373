/**
 * `cap --base REF` measures the base revision's launch context from git's objects (the files a launch reads,
 * written beside the working tree, never the working tree itself) and reports the change per file, in every
 * format. What the objects route keeps out (filters, hooks, LFS, the rest of the tree): cap-base-objects.test.ts.
 */
import { readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cap, cleanup, commit, git, tempRepo, writeFiles } from "./cap-helpers.js";

afterEach(cleanup);

const BASE = {
  ".agent-context.json": '{"cap": 4096}\n',
  "CLAUDE.md": "# Project\n@docs/conventions.md\n",
  "docs/conventions.md": "Use tabs.\n",
  ".claude/rules/style.md": "Prefer small functions.\n",
  ".claude/rules/old.md": "Old rule.\n",
};

function repoWithBase(files: Record<string, string> = BASE): string {
  const root = tempRepo();
  git(root, "init", "-q", "-b", "main");
  commit(root, files, "base");
  return root;
}

interface Delta {
  base: string;
  commit: string;
  before: number;
  after: number;
  change: number;
  cwdAtBase: boolean;
  files: {
    path: string;
    before: number | null;
    after: number | null;
    change: number;
    status: string;
    why?: string;
  }[];
  kinds: { kind: string; charged: boolean; before: number; after: number; change: number }[];
}

async function deltaOf(args: string[], env: Record<string, string> = {}): Promise<Delta> {
  const r = await cap([...args, "--json"], env);
  expect(r.stderr).toBe("");
  return (JSON.parse(r.stdout) as { delta: Delta }).delta;
}

describe("cap --base: the change against the base revision, per file", () => {
  it("names_each_file_that_grew_shrank_appeared_left_or_became_scoped", async () => {
    const root = repoWithBase();
    git(root, "rm", "-q", ".claude/rules/old.md");
    writeFiles(root, {
      "docs/conventions.md": "Use tabs. Never spaces.\n",
      ".claude/rules/style.md": '---\npaths: "src/**"\n---\nPrefer small functions.\n',
      ".claude/rules/new.md": "A new rule.\n",
    });
    const d = await deltaOf([root, "--base", "main"]);
    expect(d.base).toBe("main");
    expect(d.commit).toBe(git(root, "rev-parse", "main").trim());
    expect(d.files).toEqual([
      {
        path: ".claude/rules/style.md",
        kind: "rule",
        charged: true,
        before: 23,
        after: null,
        change: -23,
        status: "removed",
        why: "now scoped",
      },
      {
        path: "docs/conventions.md",
        kind: "import",
        charged: true,
        before: 9,
        after: 23,
        change: 14,
        status: "changed",
      },
      {
        path: ".claude/rules/new.md",
        kind: "rule",
        charged: true,
        before: null,
        after: 11,
        change: 11,
        status: "added",
        why: "new file",
      },
      {
        path: ".claude/rules/old.md",
        kind: "rule",
        charged: true,
        before: 9,
        after: null,
        change: -9,
        status: "removed",
        why: "deleted",
      },
    ]);
    expect(d.change).toBe(d.after - d.before);
    expect(d.change).toBe(14 + 11 - 23 - 9);
    expect(d.kinds).toEqual([
      { kind: "memory", charged: true, before: 30, after: 30, change: 0 },
      { kind: "import", charged: true, before: 9, after: 23, change: 14 },
      { kind: "rule", charged: true, before: 32, after: 11, change: -21 },
    ]);
  });

  it("prints_the_change_in_text_with_signed_bytes_largest_first", async () => {
    const root = repoWithBase();
    writeFiles(root, { "docs/conventions.md": `${"x".repeat(1200)}\n` });
    const r = await cap([root, "--base", "main"]);
    expect(r.code).toBe(0);
    const short = git(root, "rev-parse", "--short=7", "main").trim();
    expect(r.stdout).toContain(`change against main (${short}): +1,191 B (`);
    expect(r.stdout).toContain("  +1,191 B  docs/conventions.md\n");
  });

  it("an_unscoped_rule_that_was_scoped_at_the_base_says_so", async () => {
    const root = repoWithBase({ ...BASE, ".claude/rules/style.md": '---\npaths: "src/**"\n---\nPrefer.\n' });
    writeFiles(root, { ".claude/rules/style.md": "Prefer.\n" });
    const d = await deltaOf([root, "--base", "main"]);
    expect(d.files).toEqual([
      {
        path: ".claude/rules/style.md",
        kind: "rule",
        charged: true,
        before: null,
        after: 7,
        change: 7,
        status: "added",
        why: "no longer scoped",
      },
    ]);
  });

  it("reads_the_base_from_git_and_leaves_the_working_tree_index_and_head_untouched", async () => {
    const root = repoWithBase();
    writeFiles(root, { "docs/conventions.md": "Changed, not staged.\n" });
    git(root, "add", "CLAUDE.md");
    const before = {
      status: git(root, "status", "--porcelain=v1", "--untracked-files=all"),
      index: readFileSync(join(root, ".git/index")),
      head: git(root, "rev-parse", "HEAD"),
    };
    const d = await deltaOf([root, "--base", "main"]);
    expect(d.files.map((f) => f.path)).toEqual(["docs/conventions.md"]);
    expect(git(root, "status", "--porcelain=v1", "--untracked-files=all")).toBe(before.status);
    expect(readFileSync(join(root, ".git/index")).equals(before.index)).toBe(true);
    expect(git(root, "rev-parse", "HEAD")).toBe(before.head);
  });

  it("a_repository_in_a_subdirectory_of_the_git_work_tree_compares_that_subdirectory", async () => {
    const top = tempRepo();
    git(top, "init", "-q", "-b", "main");
    commit(
      top,
      Object.fromEntries(Object.entries(BASE).map(([p, t]) => [`apps/site/${p}`, t])),
      "base in a subdirectory",
    );
    writeFiles(top, { "apps/site/CLAUDE.md": "# Project, renamed\n@docs/conventions.md\n" });
    const d = await deltaOf([join(top, "apps/site"), "--base", "main"]);
    expect(d.files).toEqual([
      {
        path: "CLAUDE.md",
        kind: "memory",
        charged: true,
        before: 30,
        after: 39,
        change: 9,
        status: "changed",
      },
    ]);
  });

  it("a_launch_directory_new_since_the_base_charges_everything_as_new", async () => {
    const root = repoWithBase();
    writeFiles(root, { "packages/api/CLAUDE.md": "# API\n" });
    const r = await cap([root, "--base", "main", "--cwd", join(root, "packages/api"), "--json"]);
    const d = (JSON.parse(r.stdout) as { delta: Delta }).delta;
    expect(d.cwdAtBase).toBe(false);
    expect(d.before).toBe(0);
    expect(d.files.find((f) => f.path === "packages/api/CLAUDE.md")).toMatchObject({ status: "added" });
    const text = (await cap([root, "--base", "main", "--cwd", join(root, "packages/api")])).stdout;
    expect(text).toContain("this launch directory did not exist at the base");
  });

  it("a_symlinked_rule_at_the_base_is_checked_out_as_a_link_and_measured_through_it", async () => {
    const root = repoWithBase();
    writeFiles(root, { "shared/rule.md": "Shared rule text.\n" });
    symlinkSync("../../shared/rule.md", join(root, ".claude/rules/linked.md"));
    commit(root, {}, "link a rule");
    git(root, "branch", "base2", "HEAD");
    writeFiles(root, { "shared/rule.md": "Shared rule text, longer now.\n" });
    const d = await deltaOf([root, "--base", "base2"]);
    // At the base the rule is the link's target (17 bytes injected, charged under its real path), not the
    // link's own text (which a checkout without symlinks would have written).
    expect(d.files).toEqual([
      {
        path: "shared/rule.md",
        kind: "rule",
        charged: true,
        before: 17,
        after: 29,
        change: 12,
        status: "changed",
      },
    ]);
  });

  it("no_change_says_none", async () => {
    const root = repoWithBase();
    const r = await cap([root, "--base", "main"]);
    expect(r.stdout).toMatch(/^change against main \([0-9a-f]{7}\): none \(\d+ bytes\)$/m);
  });

  it("in_ci_the_merge_base_is_the_base_and_is_named_so", async () => {
    const root = repoWithBase();
    git(root, "update-ref", "refs/remotes/origin/main", "HEAD");
    git(root, "checkout", "-q", "-b", "feature");
    commit(root, { "docs/conventions.md": "Use tabs, always.\n" }, "head");
    const d = await deltaOf([root], { CI: "true" });
    expect(d.base).toBe("merge base with origin/main");
    expect(d.files).toEqual([
      {
        path: "docs/conventions.md",
        kind: "import",
        charged: true,
        before: 9,
        after: 17,
        change: 8,
        status: "changed",
      },
    ]);
  });

  it("a_base_that_is_not_a_commit_is_a_usage_error_naming_the_base", async () => {
    const root = repoWithBase();
    const r = await cap([root, "--base", "no-such-branch"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^agent-context: --base no-such-branch: not a commit /m);
  });

  it("leaves_no_checkout_behind", async () => {
    const root = repoWithBase();
    const tmp = tempRepo();
    const r = await cap([root, "--base", "main", "--agent", "all", "--all-cwds"], { TMPDIR: tmp });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok {3}Claude Code +\. +\d+ \/ 4096 {2}~\d+ tok {2}±0 B$/m);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe("cap --format markdown", () => {
  it("starts_with_the_fixed_marker_and_tables_the_launches_and_changed_files", async () => {
    const root = repoWithBase();
    writeFiles(root, {
      "docs/a|b.md": "pipe\n",
      "CLAUDE.md": "# Project\n@docs/conventions.md\n@docs/a|b.md\n",
    });
    const r = await cap([root, "--base", "main", "--format", "markdown"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("<!-- agent-context:cap -->");
    expect(r.stdout).toMatch(
      /^\| ✅ pass \| Claude Code 2\.1\.332 \| `\.` \| [\d,]+ B \| ~[\d,]+ \| 4,096 B \| \+\d+ B \|$/m,
    );
    expect(r.stdout).toContain("| `docs/a\\|b.md` | import | — | 4 B | +4 B (new file) |");
    expect(r.stdout).toContain("By kind: memory +13 B · import +4 B");
  });

  it("a_launch_over_the_cap_is_a_failing_row_and_a_line_naming_the_largest_file", async () => {
    const root = repoWithBase({ ...BASE, ".agent-context.json": '{"cap": 40}\n' });
    const r = await cap([root, "--format", "markdown"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^\| ❌ \d+ B over \| Claude Code/m);
    expect(r.stdout).toMatch(/^- Claude Code in `\.`: \d+ B is \d+ B over the 40 B cap; largest: `/m);
    expect(r.stdout).not.toContain("| Change |");
  });
});
