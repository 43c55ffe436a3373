import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeFileAtomic, writeFilesAtomic } from "../../src/fs/atomic.js";

describe("atomic writes", () => {
  it("replaces_a_file_and_keeps_its_mode_leaving_no_temp_file", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-atomic-"));
    const f = join(dir, "a.md");
    writeFileSync(f, "old");
    chmodSync(f, 0o600);
    writeFileAtomic(f, "new");
    expect(readFileSync(f, "utf8")).toBe("new");
    expect(statSync(f).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["a.md"]);
  });

  it("a_failure_while_staging_changes_no_file_and_leaves_no_temp_file", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-atomic-"));
    const a = join(dir, "a.md");
    writeFileSync(a, "old a");
    expect(() =>
      writeFilesAtomic([
        { path: a, data: "new a" },
        { path: join(dir, "missing-dir", "b.md"), data: "new b" },
      ]),
    ).toThrow(/ENOENT/);
    expect(readFileSync(a, "utf8")).toBe("old a");
    expect(readdirSync(dir)).toEqual(["a.md"]);
  });

  it("writes_every_file_when_all_stage", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-atomic-"));
    writeFilesAtomic([
      { path: join(dir, "a.md"), data: "A" },
      { path: join(dir, "b.md"), data: Buffer.from("B") },
    ]);
    expect(readFileSync(join(dir, "a.md"), "utf8") + readFileSync(join(dir, "b.md"), "utf8")).toBe("AB");
    expect(existsSync(join(dir, "a.md"))).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["a.md", "b.md"]);
  });
});
