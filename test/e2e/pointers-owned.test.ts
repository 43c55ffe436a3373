/**
 * `agent-context pointers` through the built CLI on real temp directories: it touches only files it can
 * prove it wrote (the ownership marker), reports the bounds that cut its walk, and writes all-or-nothing
 * with one `agent-context:` line when the config dir cannot be written.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const made: string[] = [];
afterAll(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function w(p: string, t: string) {
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, t);
}

/** A temp workspace: a git repository `repo` with CLAUDE.md in `dirs`, and a config dir path `cfg`. */
function workspace(dirs: string[]): { root: string; repo: string; cfg: string; rules: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-ptr-owned-")));
  made.push(root);
  const repo = join(root, "repo");
  mkdirSync(repo);
  execFileSync("git", ["init", "-q"], { cwd: repo });
  for (const d of dirs) w(join(repo, d, "CLAUDE.md"), `memory of ${d}\n`);
  const cfg = join(root, "cfg");
  return { root, repo, cfg, rules: join(cfg, "rules") };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}
function pointers(repo: string, cfg: string, ...extra: string[]): Run {
  const r = spawnSync(
    process.execPath,
    [CLI, "pointers", "--config-dir", cfg, "--no-project-settings", ...extra],
    { cwd: repo, encoding: "utf8", env: { ...process.env, CLAUDE_CONFIG_DIR: cfg } },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
interface JsonOut {
  pointers: { file: string; target: string; bytes: number }[];
  written: string[];
  removed: string[];
  unchanged: string[];
  notices: { ruleId: string; severity: string; file: string; message: string }[];
}
function pointersJson(repo: string, cfg: string, ...extra: string[]): JsonOut {
  const r = pointers(repo, cfg, "--json", ...extra);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as JsonOut;
}
/** Every file below `dir` with its bytes, for a before/after comparison. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const n of readdirSync(dir, { recursive: true }) as string[]) {
    const p = join(dir, n);
    try {
      out[n] = readFileSync(p, "latin1");
    } catch {
      out[n] = "<not a file>";
    }
  }
  return out;
}

describe("pointers touch only what they wrote", () => {
  it("pointers_leave_a_same_named_file_they_did_not_write_alone", () => {
    const { repo, cfg, rules } = workspace(["d1", "d2", "d3", "d4"]);
    w(join(rules, "repository-003.md"), "my own rule 3\n");
    w(join(rules, "repository-050.md"), "my own rule 50\n");
    const r = pointers(repo, cfg);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(rules, "repository-003.md"), "utf8")).toBe("my own rule 3\n");
    expect(readFileSync(join(rules, "repository-050.md"), "utf8")).toBe("my own rule 50\n");
    expect(r.stdout).toContain("0 stale removed");
    // the pointer that would have been 003 took the next free name
    expect(readdirSync(rules).sort()).toEqual(
      ["001", "002", "003", "004", "005", "050"].map((n) => `repository-${n}.md`),
    );
    expect(readFileSync(join(rules, "repository-004.md"), "utf8")).toContain(join(repo, "d3"));
    // each is named, with what to do
    for (const n of ["003", "050"]) {
      expect(r.stderr).toContain(
        `warning: ${join(rules, `repository-${n}.md`)}: named like a pointer but not written by agent-context (no ownership marker); left alone`,
      );
    }
    expect(r.stderr).toContain("rename it, or pass another --prefix");
  });

  it("a_second_run_changes_nothing_and_removes_only_its_own_stale_pointers", () => {
    const { repo, cfg, rules } = workspace(["d1", "d2", "d3"]);
    w(join(rules, "repository-009.md"), "mine\n");
    const first = pointersJson(repo, cfg);
    expect(first.written).toHaveLength(3);
    const again = pointersJson(repo, cfg);
    expect(again.written).toEqual([]);
    expect(again.unchanged).toHaveLength(3);
    rmSync(join(repo, "d2"), { recursive: true });
    rmSync(join(repo, "d3"), { recursive: true });
    const after = pointersJson(repo, cfg);
    expect(after.pointers).toHaveLength(1);
    expect(after.removed.sort()).toEqual([
      join(rules, "repository-002.md"),
      join(rules, "repository-003.md"),
    ]);
    expect(readdirSync(rules).sort()).toEqual(["repository-001.md", "repository-009.md"]);
  });

  it("a_pointer_the_user_edited_is_left_alone_and_named", () => {
    const { repo, cfg, rules } = workspace(["d1", "d2"]);
    pointersJson(repo, cfg);
    const edited = join(rules, "repository-002.md");
    const text = `${readFileSync(edited, "utf8")}My own note.\n`;
    writeFileSync(edited, text);
    rmSync(join(repo, "d2"), { recursive: true }); // its pointer is now stale: still not removed
    const r = pointersJson(repo, cfg);
    expect(readFileSync(edited, "utf8")).toBe(text);
    expect(r.removed).toEqual([]);
    expect(r.notices).toContainEqual({
      ruleId: "pointer-foreign-file",
      severity: "warning",
      file: edited,
      message: expect.stringContaining("a pointer edited since agent-context wrote it"),
    });
  });

  it("a_dry_run_reports_only_marked_files_as_stale_and_writes_nothing", () => {
    const { repo, cfg, rules } = workspace(["d1", "d2"]);
    pointersJson(repo, cfg);
    w(join(rules, "repository-007.md"), "mine\n");
    rmSync(join(repo, "d2"), { recursive: true });
    const before = snapshot(cfg);
    const r = pointersJson(repo, cfg, "--dry-run");
    expect(r.removed).toEqual([join(rules, "repository-002.md")]);
    expect(snapshot(cfg)).toEqual(before);
  });

  it("an_unmarked_pointer_holding_exactly_what_this_run_writes_is_taken_over_and_an_altered_one_is_not", () => {
    // What an agent-context before the marker wrote: the same text without the marker line.
    const { repo, cfg, rules } = workspace(["d1", "d2", "d3"]);
    pointersJson(repo, cfg);
    const unmark = (t: string) => t.replace(/^# agent-context pointer sha256:[0-9a-f]{64}\n/m, "");
    const marked = ["001", "002", "003"].map((n) => readFileSync(join(rules, `repository-${n}.md`), "utf8"));
    marked.forEach((t, i) => {
      writeFileSync(join(rules, `repository-00${i + 1}.md`), unmark(t));
    });
    const altered = `${unmark(marked[2] ?? "")}Also mine.\n`;
    writeFileSync(join(rules, "repository-003.md"), altered);
    const r = pointersJson(repo, cfg);
    expect(readFileSync(join(rules, "repository-001.md"), "utf8")).toBe(marked[0]);
    expect(readFileSync(join(rules, "repository-002.md"), "utf8")).toBe(marked[1]);
    expect(readFileSync(join(rules, "repository-003.md"), "utf8")).toBe(altered);
    expect(r.pointers.map((p) => p.file.slice(-7))).toEqual(["-001.md", "-002.md", "-004.md"]);
    expect(r.notices.map((n) => [n.file, n.message.slice(0, 40)])).toEqual([
      [join(rules, "repository-003.md"), "reads like a pointer but carries no agen"],
    ]);
  });

  it("a_symlink_or_directory_named_like_a_pointer_is_left_alone", () => {
    const { root, repo, cfg, rules } = workspace(["d1", "d2"]);
    w(join(root, "elsewhere.md"), "user text\n");
    mkdirSync(join(rules, "repository-001.md"), { recursive: true });
    execFileSync("ln", ["-s", join(root, "elsewhere.md"), join(rules, "repository-002.md")]);
    const r = pointersJson(repo, cfg);
    expect(r.pointers.map((p) => p.file)).toEqual([
      join(rules, "repository-003.md"),
      join(rules, "repository-004.md"),
    ]);
    expect(readFileSync(join(root, "elsewhere.md"), "utf8")).toBe("user text\n");
    expect(r.notices.map((n) => n.message)).toEqual([
      expect.stringContaining("named like a pointer but a directory"),
      expect.stringContaining("named like a pointer but a symbolic link"),
    ]);
  });

  it("the_marker_sits_in_the_frontmatter_and_costs_a_fixed_96_bytes_of_file", () => {
    const { repo, cfg, rules } = workspace(["d1"]);
    const r = pointersJson(repo, cfg);
    const text = readFileSync(join(rules, "repository-001.md"), "utf8");
    expect(text).toMatch(
      /^---\n# agent-context pointer sha256:[0-9a-f]{64}\npaths:\n {2}- "d1\/"\n---\nMemory for /,
    );
    expect(r.pointers[0]?.bytes).toBe(Buffer.byteLength(text));
    const unmarked = text.replace(/^# agent-context pointer.*\n/m, "");
    expect(Buffer.byteLength(text) - Buffer.byteLength(unmarked)).toBe(96);
  });
});

describe("every bound is reported where it cuts", () => {
  it("pointers_name_the_depth_limit_and_the_first_directory_it_cuts_in_a_100_level_nest", () => {
    const levels = Array.from({ length: 99 }, (_, i) => `n${i + 1}`);
    const dirs = ["", ...levels.map((_, i) => levels.slice(0, i + 1).join("/"))];
    const { repo, cfg } = workspace(dirs);
    const r = pointers(repo, cfg);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^wrote 65 pointer\(s\)/);
    const cut = levels.slice(0, 65).join("/");
    const lines = r.stderr.split("\n").filter((l) => l.includes("bound:"));
    expect(lines).toEqual([
      `warning: ${cut}: bound: memory files are looked for at most 64 directories deep (the walker's depth limit); this directory and everything below it got no pointer`,
    ]);
  });
});

describe("the rules walk's depth bound", () => {
  it("pointers_name_the_depth_limit_where_it_cuts_the_rules_directory", () => {
    const { repo, cfg } = workspace([]);
    const deep = Array.from({ length: 66 }, (_, i) => `r${i + 1}`);
    w(join(repo, ".claude/rules/top.md"), '---\npaths: "top/**"\n---\nx\n');
    w(join(repo, ".claude/rules", ...deep, "deep.md"), '---\npaths: "deep/**"\n---\nx\n');
    const r = pointers(repo, cfg);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^wrote 1 pointer\(s\)/);
    expect(r.stderr.split("\n").filter((l) => l.includes("bound:"))).toEqual([
      `warning: .claude/rules/${deep.slice(0, 65).join("/")}: bound: rules are looked for at most 64 directories deep (the walker's depth limit); this directory and everything below it got no pointer`,
    ]);
  });
});

describe("an unwritable config dir", () => {
  it("a_config_dir_below_a_regular_file_is_one_line_naming_it_exit_2_and_nothing_written", () => {
    const { root, repo } = workspace(["d1"]);
    w(join(root, "afile"), "x\n");
    const before = snapshot(root);
    const r = pointers(repo, join(root, "afile/cfg"));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      `agent-context: cannot write pointers into ${join(root, "afile/cfg/rules")}: ENOTDIR, a component of the path is a file, not a directory; nothing written — make that path a directory, or pass another --config-dir\n`,
    );
    expect(snapshot(root)).toEqual(before);
  });

  it("a_rules_path_that_is_a_file_is_named_and_left_as_it_was", () => {
    const { repo, cfg, rules } = workspace(["d1"]);
    w(rules, "not a directory\n");
    const r = pointers(repo, cfg);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^agent-context: cannot write pointers into ${rules}: EEXIST, it exists and is not a directory; nothing written — [^\\n]*\\n$`,
      ),
    );
    expect(readFileSync(rules, "utf8")).toBe("not a directory\n");
  });

  it("a_write_that_fails_midway_changes_no_pointer_and_leaves_no_temporary_file", () => {
    // A real failure as root: the file size limit (ulimit -f, 1 KiB blocks) lets small pointers be staged
    // and fails the large one with EFBIG.
    const { repo, cfg, rules } = workspace(["a1", "a2", "a3", "a4"]);
    pointersJson(repo, cfg);
    const before = snapshot(cfg);
    w(join(repo, "a0/CLAUDE.md"), "new memory\n"); // shifts the pointers' texts: 001 and 002 would change
    for (const d of ["a2", "a3", "a4"]) rmSync(join(repo, d), { recursive: true }); // 004 would be removed
    const imports = Array.from({ length: 40 }, (_, i) => `@doc-${i}.md`).join("\n");
    w(join(repo, "z/CLAUDE.md"), `${imports}\n`);
    for (let i = 0; i < 40; i++) w(join(repo, `z/doc-${i}.md`), "d\n");
    const r = spawnSync(
      "bash",
      [
        "-c",
        `ulimit -f 1; exec "$0" "$@"`,
        process.execPath,
        CLI,
        "pointers",
        "--config-dir",
        cfg,
        "--no-project-settings",
      ],
      { cwd: repo, encoding: "utf8" },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^agent-context: cannot write pointers into ${rules}: EFBIG, [^\\n]*; nothing written — [^\\n]*\\n$`,
      ),
    );
    expect(snapshot(cfg)).toEqual(before);
    // without the limit the same run succeeds
    const ok = pointersJson(repo, cfg);
    expect(ok.pointers).toHaveLength(3);
    expect(ok.removed).toEqual([join(rules, "repository-004.md")]);
  });

  it("a_config_dir_the_run_created_is_removed_again_when_the_write_fails", () => {
    const { root, repo } = workspace([]);
    const imports = Array.from({ length: 40 }, (_, i) => `@doc-${i}.md`).join("\n");
    w(join(repo, "z/CLAUDE.md"), `${imports}\n`);
    for (let i = 0; i < 40; i++) w(join(repo, `z/doc-${i}.md`), "d\n");
    const cfg = join(root, "new/cfg");
    const r = spawnSync(
      "bash",
      [
        "-c",
        `ulimit -f 1; exec "$0" "$@"`,
        process.execPath,
        CLI,
        "pointers",
        "--config-dir",
        cfg,
        "--no-project-settings",
      ],
      { cwd: repo, encoding: "utf8" },
    );
    expect(r.status).toBe(2);
    expect(existsSync(join(root, "new"))).toBe(false);
  });
});
