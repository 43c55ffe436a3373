/**
 * `lint --fix` is all-or-nothing across files and leaves no temporary file: with one file that cannot be
 * written among several fixable ones, or one changed since it was read, no file changes, the message names
 * the file (a UsageError: the CLI prints one `agent-context:` line and exits 2, no stack trace).
 *
 * Running as root, file modes do not stop a write, so the failure is made real another way: when lint
 * reaches its write step (its `writing fixes` progress call), one target is replaced by a directory of the
 * same name, which no user, root included, can write a file over.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { lintRepository } from "../../src/lint/index.js";

const BROKEN = "---\nglobs: src/**/*.ts\n---\nBody\n";

function repo(n: number): { dir: string; files: string[] } {
  const dir = mkdtempSync(join(tmpdir(), "ac-fix-atomic-"));
  mkdirSync(join(dir, ".claude/rules"), { recursive: true });
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src/a.ts"), "x\n");
  const files = Array.from({ length: n }, (_, i) => `.claude/rules/r${i}.md`);
  for (const f of files) writeFileSync(join(dir, f), BROKEN);
  return { dir, files };
}

/** Every file name under `dir`, recursively (to find temporary files). */
function allNames(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" });
}

describe("lint --fix writes all files or none", () => {
  it("a_target_replaced_by_a_directory_changes_no_file_names_it_and_leaves_no_temporary_file", () => {
    const { dir, files } = repo(4);
    const victim = files[2] as string;
    let error: unknown;
    try {
      lintRepository({
        root: dir,
        fix: true,
        onProgress: (l) => {
          if (l !== "writing fixes") return;
          rmSync(join(dir, victim));
          mkdirSync(join(dir, victim));
          writeFileSync(join(dir, victim, "keep"), "k");
        },
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(join(dir, victim));
    expect((error as Error).message).toMatch(/nothing written/);
    for (const f of files) if (f !== victim) expect(readFileSync(join(dir, f), "utf8")).toBe(BROKEN);
    expect(allNames(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("a_file_changed_since_it_was_read_is_left_alone_with_a_message_and_no_file_changes", () => {
    const { dir, files } = repo(3);
    const changed = files[1] as string;
    const appended = `${BROKEN}a line the user appended\n`;
    let error: unknown;
    try {
      lintRepository({
        root: dir,
        fix: true,
        onProgress: (l) => {
          if (l === "writing fixes") writeFileSync(join(dir, changed), appended);
        },
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(changed);
    expect((error as Error).message).toMatch(/changed while agent-context was working/);
    expect(readFileSync(join(dir, changed), "utf8")).toBe(appended);
    for (const f of files) if (f !== changed) expect(readFileSync(join(dir, f), "utf8")).toBe(BROKEN);
    expect(allNames(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("with_nothing_in_the_way_every_file_is_fixed", () => {
    const { dir, files } = repo(3);
    const r = lintRepository({ root: dir, fix: true });
    expect(r.fixed.map((f) => f.file).sort()).toEqual([...files].sort());
    for (const f of files)
      expect(readFileSync(join(dir, f), "utf8")).toBe(BROKEN.replace("globs:", "paths:"));
  });
});
