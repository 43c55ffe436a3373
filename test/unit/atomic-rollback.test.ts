/**
 * writeFilesAtomic rolls back when a rename fails part-way (the step after every file is staged and
 * checked): the targets renamed already get their original bytes back, no staged file is left, and the
 * UsageError names the file that failed. The failure is injected into `renameSync` (the third rename),
 * since no file mode stops root from renaming.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

let renames = 0;
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  return {
    ...fs,
    renameSync: (from: string, to: string) => {
      if (++renames === 3) throw Object.assign(new Error("EACCES: injected"), { code: "EACCES" });
      return fs.renameSync(from, to);
    },
  };
});

// The unit tier shares modules between the files of a worker (vitest.config.ts): src/ is evaluated afresh
// here, under the mock, and again for the files after this one.
vi.resetModules();
afterAll(() => {
  vi.doUnmock("node:fs");
  vi.resetModules();
});
const { writeFilesAtomic } = await import("../../src/fs/atomic.js");
const { UsageError } = await import("../../src/errors.js");

describe("writeFilesAtomic", () => {
  it("a_rename_that_fails_part_way_rolls_back_the_files_renamed_already_and_leaves_no_temporary_file", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-atomic-rollback-"));
    const paths = [0, 1, 2, 3].map((i) => join(dir, `f${i}.md`));
    for (const p of paths) writeFileSync(p, `old ${p}\n`);
    renames = 0;
    let error: unknown;
    try {
      writeFilesAtomic(paths.map((p) => ({ path: p, data: `new ${p}\n`, expected: `old ${p}\n` })));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(paths[2]);
    for (const p of paths) expect(readFileSync(p, "utf8")).toBe(`old ${p}\n`);
    expect(readdirSync(dir).sort()).toEqual(["f0.md", "f1.md", "f2.md", "f3.md"]);
  });
});
