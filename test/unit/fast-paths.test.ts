/**
 * The speed shortcuts of `cap` (bench/cap.mjs) against the slow paths they replace: same answers.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { displayPath } from "../../src/agents/claude-code/rules.js";
import { readTextFile } from "../../src/fs/read.js";
import { walkFiles } from "../../src/fs/walk.js";

/** displayPath's definition, without its fast path. */
const slowDisplayPath = (abs: string, root: string) => {
  const rel = relative(root, abs);
  if (rel === "") return ".";
  if (rel.startsWith("..") || rel.startsWith(sep) || /^[a-zA-Z]:/.test(rel)) return abs.split(sep).join("/");
  return rel.split(sep).join("/");
};

describe("displayPath fast path", () => {
  const roots = ["/r", "/r/", "/r/s", "/r/./s", "/r//s", "/", "/r/s/..", "/.."];
  const tails = [
    "",
    "/",
    "/a",
    "/a/",
    "/a.md",
    "/./a",
    "/a/./b",
    "/a/../b",
    "/..",
    "/../x",
    "//a",
    "/a//b",
    "/.a",
    "/a..b",
    "/a/.",
    "/a/..",
    "/..a/b",
    "/a/b.",
    "x",
    "-x/a",
  ];
  const cases: [string, string][] = [];
  for (const root of roots)
    for (const t of tails) cases.push([`${root}${t}`, root], [`/r/s${t}`, root], [`/rs${t}`, root]);
  const unique = [...new Map(cases.map((c) => [c.join("\0"), c])).values()];
  it.each(unique)("displayPath(%j, %j)_equals_the_path_relative_definition", (abs, root) => {
    expect(displayPath(abs, root)).toBe(slowDisplayPath(abs, root));
  });
});

describe("readTextFile with parentIsReal", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-fast-")));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "d/sub"), { recursive: true });
  writeFileSync(join(root, "d/file.md"), "text\n");
  writeFileSync(join(root, "d/sub/inner.md"), "inner\n");
  symlinkSync("file.md", join(root, "d/link.md"));
  symlinkSync("sub", join(root, "d/dirlink"));
  symlinkSync("missing.md", join(root, "d/dangling.md"));
  symlinkSync("loop.md", join(root, "d/loop.md"));
  symlinkSync("../d/sub/inner.md", join(root, "d/up.md"));
  const names = ["file.md", "link.md", "dirlink", "dangling.md", "loop.md", "up.md", "absent.md", "sub"];
  it.each(names)("reading_d/%s_gives_the_same_result_with_and_without_the_hint", (name) => {
    const p = join(root, "d", name);
    const slow = readTextFile(p);
    const fast = readTextFile(p, undefined, { parentIsReal: true });
    expect(fast).toEqual(slow);
    if (name === "link.md") expect(fast.ok && fast.realPath).toBe(join(root, "d/file.md"));
  });
});

describe("walkFiles depth limit", () => {
  it("the_default_stops_below_depth_64_with_a_problem_and_infinity_walks_on", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-deep-")));
    try {
      const deep = join(root, ...Array(66).fill("a"));
      mkdirSync(deep, { recursive: true });
      writeFileSync(join(deep, "x.md"), "x\n");
      const cut = walkFiles(root);
      expect(cut.files).toEqual([]);
      expect(cut.problems[0]?.message).toMatch(/deeper than 64/);
      const all = walkFiles(root, { maxDepth: Number.POSITIVE_INFINITY });
      expect(all.files.map((f) => f.rel)).toEqual([`${"a/".repeat(66)}x.md`]);
      expect(all.problems).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
