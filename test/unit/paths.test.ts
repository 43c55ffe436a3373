/** src/fs/paths.ts: the one path display and containment helper, as a table. */
import { describe, expect, it } from "vitest";
import { displayPath, inside, relativeInside, toPosix } from "../../src/fs/paths.js";

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
});
