/**
 * `cap --base` reads the base revision from git's objects, never from a checkout (issue 25): no filter,
 * hook or fsmonitor the repository's git configuration names ever runs, a stalled LFS smudge cannot hang
 * it, only the files a launch reads are written (a repository's other files never reach the temporary
 * directory), and a submodule or a sparse checkout measures the same at the base as in the working tree
 * where the files are equal. Real git, real repositories, the built CLI.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, cap, cleanup, commit, git, tempRepo, writeFiles } from "./cap-helpers.js";

afterEach(cleanup);

const BASE = {
  ".agent-context.json": '{"cap": 100000}\n',
  "CLAUDE.md": "# Project\n@docs/conventions.md\n",
  "docs/conventions.md": "Use tabs.\n",
  ".claude/rules/style.md": "Prefer small functions.\n",
};

function repo(files: Record<string, string> = BASE): string {
  const root = tempRepo();
  git(root, "init", "-q", "-b", "main");
  commit(root, files, "base");
  return root;
}

interface Delta {
  before: number;
  after: number;
  files: { path: string; status: string }[];
}

async function delta(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; d: Delta }> {
  const r = await cap([...args, "--json"], env);
  expect(r.stderr).not.toMatch(/^agent-context:/m);
  return { code: r.code, d: (JSON.parse(r.stdout) as { delta: Delta }).delta };
}

describe("cap --base reads git objects", () => {
  it("a_filter_a_hook_and_an_fsmonitor_the_repository_configures_never_run", async () => {
    const root = repo();
    const marker = join(tempRepo(), "MARKER");
    writeFiles(root, { ".gitattributes": "*.md filter=evil\n" });
    commit(root, {}, "a filter on every instruction file");
    for (const [k, v] of [
      ["filter.evil.smudge", `touch ${marker}.smudge; cat`],
      ["filter.evil.clean", `touch ${marker}.clean; cat`],
      ["filter.evil.process", `touch ${marker}.process`],
      ["filter.evil.required", "true"],
      ["core.fsmonitor", `touch ${marker}.fsmonitor`],
      ["core.hooksPath", join(root, "hooks")],
      ["diff.evil.textconv", `touch ${marker}.textconv`],
    ])
      git(root, "config", k as string, v as string);
    writeFiles(root, { ".gitattributes": "*.md filter=evil diff=evil\n" });
    for (const h of ["post-index-change", "post-checkout", "reference-transaction"]) {
      mkdirSync(join(root, "hooks"), { recursive: true });
      writeFileSync(join(root, "hooks", h), `#!/bin/sh\ntouch ${marker}.${h}\n`, { mode: 0o755 });
    }
    const { code, d } = await delta([root, "--base", "main"]);
    expect(code).toBe(0);
    expect(d.before).toBe(d.after);
    for (const s of [
      "smudge",
      "clean",
      "process",
      "fsmonitor",
      "textconv",
      "post-index-change",
      "post-checkout",
    ])
      expect(existsSync(`${marker}.${s}`), s).toBe(false);
  });

  it("a_stalled_lfs_smudge_cannot_hang_it", () => {
    const root = repo();
    writeFiles(root, { ".gitattributes": "*.md filter=lfs diff=lfs merge=lfs -text\n" });
    commit(root, {}, "lfs");
    git(root, "config", "filter.lfs.smudge", "sleep 600");
    git(root, "config", "filter.lfs.process", "sleep 600");
    git(root, "config", "filter.lfs.required", "true");
    const t = Date.now();
    const r = spawnSync(process.execPath, [CLI, "cap", root, "--base", "main"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    expect(Date.now() - t).toBeLessThan(60_000);
  });

  it("only_the_files_a_launch_reads_are_written_so_a_tiny_temporary_disk_is_enough", () => {
    // A 256 KiB tmpfs as TMPDIR (a private mount namespace); the repository holds 4 MiB of other files,
    // which a checkout of the base would have written there.
    const root = repo();
    const big: Record<string, string> = {};
    for (let i = 0; i < 64; i++) big[`src/f${i}.ts`] = `// ${"x".repeat(64 * 1024)}\n`;
    commit(root, big, "sources");
    const tmp = tempRepo();
    const probe = spawnSync("unshare", ["-rm", "sh", "-c", `mount -t tmpfs -o size=256k tmpfs ${tmp}`]);
    if (probe.status !== 0) {
      console.warn("skipped: no mount namespace here (unshare -rm cannot mount a tmpfs)");
      return;
    }
    const r = spawnSync(
      "unshare",
      [
        "-rm",
        "sh",
        "-c",
        `mount -t tmpfs -o size=256k tmpfs "$1" && TMPDIR="$1" "$2" "$3" cap "$4" --base main`,
        "sh",
        tmp,
        process.execPath,
        CLI,
        root,
      ],
      { encoding: "utf8" },
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^change against main \([0-9a-f]{7}\): none/m);
  });

  it("a_submodule_at_the_base_commit_measures_as_in_the_working_tree", async () => {
    const sub = repo({ "CLAUDE.md": "Submodule memory.\n", ".claude/rules/s.md": "Sub rule.\n" });
    const root = repo();
    git(root, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "lib");
    git(root, "commit", "-qm", "submodule");
    const { code, d } = await delta([root, "--base", "main", "--cwd", join(root, "lib")]);
    expect(code).toBe(0);
    expect(d.after).toBeGreaterThan(0);
    expect(d.files).toEqual([]);
    expect(d.before).toBe(d.after);
  });

  it("a_path_a_sparse_checkout_leaves_out_is_left_out_of_the_base_too", async () => {
    const root = repo({ ...BASE, ".claude/rules/big.md": "A rule outside the sparse checkout.\n" });
    git(root, "sparse-checkout", "set", "--no-cone", "/*", "!/.claude/rules/big.md");
    expect(existsSync(join(root, ".claude/rules/big.md"))).toBe(false);
    const { d } = await delta([root, "--base", "main"]);
    expect(d.files).toEqual([]);
  });
});
