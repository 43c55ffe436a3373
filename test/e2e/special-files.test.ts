/**
 * Entries that are not regular files, through the built CLI on real temp repositories: a rule that is a
 * fifo or a symlink to a device gets the warning a CLAUDE.md fifo gets, and `lint` says what an import
 * target is (a fifo, a directory, a link loop, a link to nothing) instead of "resolves to no file".
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type CliRun, cap, cleanup, run, tempRepo } from "./cap-helpers.js";

afterAll(cleanup);

function lint(root: string): Promise<CliRun> {
  return run(["lint", root], {}, root);
}

describe("special files", () => {
  it("cap_warns_about_a_rule_that_is_a_fifo_or_a_link_to_dev_zero", async () => {
    const root = tempRepo({ "CLAUDE.md": "memory\n" });
    mkdirSync(join(root, ".claude/rules"), { recursive: true });
    execFileSync("mkfifo", [join(root, ".claude/rules/fifo.md")]);
    symlinkSync("/dev/zero", join(root, ".claude/rules/zero.md"));
    const r = await cap([root]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      "warning: .claude/rules/fifo.md: is a fifo, not a regular file; it was not opened\n",
    );
    expect(r.stderr).toContain(
      "warning: .claude/rules/zero.md: is a device, not a regular file; it was not opened\n",
    );
    const l = await lint(root);
    expect(l.stdout).toContain(
      ".claude/rules/fifo.md:1:1 warning file-unreadable .claude/rules/fifo.md: is a fifo",
    );
    expect(l.stdout).toContain(
      ".claude/rules/zero.md:1:1 warning file-unreadable .claude/rules/zero.md: is a device",
    );
  });

  it("lint_names_what_an_import_target_is_when_it_is_not_a_regular_file", async () => {
    const root = tempRepo({
      "CLAUDE.md": "Mem @docs/f.md @docs/d.md @docs/self.md @docs/dangle.md @docs/missing.md\n",
    });
    mkdirSync(join(root, "docs/d.md"), { recursive: true });
    execFileSync("mkfifo", [join(root, "docs/f.md")]);
    symlinkSync("self.md", join(root, "docs/self.md"));
    symlinkSync("nothere.md", join(root, "docs/dangle.md"));
    const out = (await lint(root)).stdout;
    expect(out).toContain(
      "CLAUDE.md:1:5 error import-missing @docs/f.md names a fifo, not a regular file, so nothing is imported",
    );
    expect(out).toContain(
      "CLAUDE.md:1:16 error import-missing @docs/d.md names a directory, not a regular file, so nothing is imported",
    );
    expect(out).toContain(
      "CLAUDE.md:1:27 error import-missing @docs/self.md is a symlink loop (the link resolves to itself), so nothing is imported",
    );
    expect(out).toContain(
      "CLAUDE.md:1:41 error import-missing @docs/dangle.md is a symlink to a missing file, so nothing is imported",
    );
    expect(out).toContain(
      "CLAUDE.md:1:57 error import-missing @docs/missing.md resolves to no file, so nothing is imported",
    );
    expect(out).not.toMatch(/@docs\/(f|d|self|dangle)\.md resolves to no file/);
    expect((await cap([root])).stderr).toContain(
      "warning: CLAUDE.md: docs/self.md: imported by CLAUDE.md but a symlink loop (the link resolves to itself); the import costs nothing",
    );
  });
});
