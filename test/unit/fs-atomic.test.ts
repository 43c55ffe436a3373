import {
  chmodSync,
  existsSync,
  mkdirSync,
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

  it("a_failure_while_committing_puts_back_every_file_committed_before_it", () => {
    // A removal that fails after two renames (unlink of a directory: EISDIR, as root too).
    const dir = mkdtempSync(join(tmpdir(), "ac-atomic-"));
    const a = join(dir, "a.md");
    const b = join(dir, "b.md");
    const c = join(dir, "c.md");
    writeFileSync(a, "old a");
    mkdirSync(c);
    expect(() =>
      writeFilesAtomic([
        { path: a, data: "new a" },
        { path: b, data: "new b" },
        { path: c, data: null },
      ]),
    ).toThrow();
    expect(readFileSync(a, "utf8")).toBe("old a");
    expect(existsSync(b)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(["a.md", "c.md"]);
  });

  it("a_null_entry_removes_its_file_with_the_writes", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-atomic-"));
    const a = join(dir, "a.md");
    const b = join(dir, "b.md");
    writeFileSync(b, "stale");
    writeFilesAtomic([
      { path: a, data: "new a" },
      { path: b, data: null, expected: "stale" },
    ]);
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

describe("writeFilesAtomic with the text a change was computed from", () => {
  it("a_file_changed_since_it_was_read_is_left_alone_and_nothing_is_written", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-expect-"));
    const a = join(dir, "a.json");
    const b = join(dir, "b.json");
    writeFileSync(a, "A0");
    writeFileSync(b, "B0");
    writeFileSync(b, "B1 (someone else's edit)");
    expect(() =>
      writeFilesAtomic([
        { path: a, data: "A-new", expected: "A0" },
        { path: b, data: "B-new", expected: "B0" },
      ]),
    ).toThrow(/b\.json: changed while agent-context was working; left alone, nothing written/);
    expect(readFileSync(a, "utf8")).toBe("A0");
    expect(readFileSync(b, "utf8")).toBe("B1 (someone else's edit)");
    expect(readdirSync(dir).sort()).toEqual(["a.json", "b.json"]);
  });

  it("a_file_expected_absent_that_appeared_is_left_alone", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-expect-"));
    writeFileSync(join(dir, "new.json"), "theirs");
    expect(() => writeFilesAtomic([{ path: join(dir, "new.json"), data: "ours", expected: null }])).toThrow(
      /changed while agent-context was working/,
    );
    expect(readFileSync(join(dir, "new.json"), "utf8")).toBe("theirs");
  });
});
