/** src/fs/paths.ts: the one path display and containment helper, as a table. */
import { posix } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveImportPath } from "../../src/agents/claude-code/text.js";
import { displayPath, inside, joinPath, relativeInside, resolvePath, toPosix } from "../../src/fs/paths.js";

// [dir, p, relativeInside(dir, p)]
const TABLE: [string, string, string | null][] = [
  ["/r", "/r", ""],
  ["/r", "/r/a", "a"],
  ["/r", "/r/a/b.md", "a/b.md"],
  ["/r", "/rs/a", null],
  ["/r", "/", null],
  ["/r", "/x/r/a", null],
  ["/r/s", "/r", null],
  ["/r", "/r/..x", "..x"],
  ["/r", "/r/..x/CLAUDE.md", "..x/CLAUDE.md"],
  ["/r", "/r/../x", null],
  ["/r", "/r/a/../b", "b"],
  ["/r", "/r/a/..", ""],
  ["/r/", "/r/a", "a"],
  ["/r", "/r//a", "a"],
  ["/r", "/r/./a", "a"],
  ["/r/./s", "/r/s/a", "a"],
  ["/", "/a/b", "a/b"],
  ["/", "/", ""],
  ["/r/s/..", "/r/a", "a"],
];

describe("path containment and display (src/fs/paths.ts)", () => {
  it.each(TABLE)("relativeInside(%j, %j)_is_%j", (dir, p, want) => {
    expect(relativeInside(dir, p)).toBe(want);
    expect(inside(dir, p)).toBe(want !== null);
  });

  it.each(TABLE)("displayPath(%j under %j)_is_relative_inside_and_absolute_outside", (root, abs, rel) => {
    expect(displayPath(abs, root)).toBe(rel === null ? abs : rel === "" ? "." : rel);
  });

  it("a_child_named_with_two_leading_dots_is_inside_and_shown_relative", () => {
    expect(displayPath("/repo/..notes/CLAUDE.md", "/repo")).toBe("..notes/CLAUDE.md");
    expect(displayPath("/repo/../notes/CLAUDE.md", "/repo")).toBe("/repo/../notes/CLAUDE.md");
  });

  it("to_posix_leaves_posix_paths_alone", () => {
    expect(toPosix("a/b/c")).toBe("a/b/c");
  });

  it("agrees_with_path_relative_on_generated_paths_with_empty_dot_and_dot_dot_segments", () => {
    // The fast path (normalised absolute paths, one pass) against the answer `path.relative` gives.
    const parts = ["a", "b", ".", "..", "", ".x", "..x", "x.", "..."];
    let seed = 7;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; // 32-bit LCG, exact in integers
      return (seed >>> 16) % n;
    };
    const gen = () => `/${Array.from({ length: next(5) }, () => parts[next(parts.length)]).join("/")}`;
    let checked = 0;
    for (let i = 0; i < 4000; i++) {
      const dir = gen();
      const p = next(2) === 0 ? `${dir}/${gen().slice(1)}` : gen();
      const r = posix.relative(dir, p);
      const want = r === "" ? "" : r === ".." || r.startsWith("../") ? null : r;
      expect([dir, p, relativeInside(dir, p)]).toEqual([dir, p, want]);
      checked++;
    }
    expect(checked).toBe(4000);
  });

  it("join_path_and_resolve_path_agree_with_path_join_and_resolve_on_generated_paths", () => {
    const parts = ["a", "b", ".", "..", "", ".x", "..x", "x."];
    let seed = 11;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 16) % n;
    };
    const segs = () => Array.from({ length: next(4) }, () => parts[next(parts.length)]).join("/");
    for (let i = 0; i < 4000; i++) {
      const dir = `/${segs()}`;
      const rel = next(8) === 0 ? `/${segs()}` : segs();
      expect([dir, rel, joinPath(dir, rel)]).toEqual([dir, rel, posix.join(dir, rel)]);
      const p = `${dir}/${rel}`;
      expect([p, resolvePath(p)]).toEqual([p, posix.resolve(p)]);
      // An import resolves from its importer's directory as path.resolve does (trailing `/` dropped too).
      const importer = `${dir}/CLAUDE.md`;
      expect([importer, rel, resolveImportPath(rel, importer, "/home")]).toEqual([
        importer,
        rel,
        rel.startsWith("~/")
          ? posix.join("/home", rel.slice(2))
          : posix.resolve(posix.dirname(importer), rel),
      ]);
    }
  });
});
