/**
 * The speed shortcuts of `cap` (bench/cap.mjs) against the slow paths they replace: same answers.
 */

import { isUtf8 } from "node:buffer";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ruleBase } from "../../src/agents/claude-code/rules.js";
import { displayPath } from "../../src/fs/paths.js";
import { type ReadOptions, readTextFile, withReadSnapshot } from "../../src/fs/read.js";
import { LinkResolver, linkRealpath, walkFiles } from "../../src/fs/walk.js";
import { type RuleLookup, resolveRule, ruleFileInside, ruleLookup } from "../../src/router/render.js";
import { seededRandom } from "../support/random.js";

/** displayPath's definition, without its fast path. */
const slowDisplayPath = (abs: string, root: string) => {
  const rel = relative(root, abs);
  if (rel === "") return ".";
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return abs.split(sep).join("/");
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

describe("readTextFile with walkedRegular", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-walked-")));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "d/sub"), { recursive: true });
  writeFileSync(join(root, "d/file.md"), "text\n");
  writeFileSync(join(root, "d/big.md"), "x".repeat(100));
  writeFileSync(join(root, "d/bad.md"), Buffer.from([0x61, 0xff, 0x0a]));
  writeFileSync(join(root, "d/locked.md"), "secret\n", { mode: 0o000 });
  symlinkSync("file.md", join(root, "d/link.md"));
  execFileSync("mkfifo", [join(root, "d/fifo.md")]);
  it("every_file_the_walk_lists_reads_the_same_with_and_without_the_hint", () => {
    const walk = walkFiles(join(root, "d"));
    expect(walk.files.length).toBeGreaterThan(3);
    for (const f of walk.files)
      for (const limit of [undefined, 10])
        expect(readTextFile(f.realPath, limit, { walkedRegular: true })).toEqual(
          readTextFile(f.realPath, limit),
        );
  });
  // The hint is a claim made at walk time: a file swapped since then still reads as without it.
  const swapped = ["sub", "fifo.md", "absent.md", "file.md/x", "locked.md"];
  it.each(swapped)("d/%s_reads_the_same_with_a_stale_hint", (name) => {
    const p = join(root, "d", name);
    expect(readTextFile(p, undefined, { walkedRegular: true })).toEqual(readTextFile(p));
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

describe("linkRealpath agrees with realpath(3)", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-links-")));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const d = join(root, "p/q");
  mkdirSync(join(d, "sub"), { recursive: true });
  writeFileSync(join(root, "p/up.md"), "up\n");
  writeFileSync(join(d, "file.md"), "x\n");
  const links: Record<string, string> = {
    "to-file": "file.md",
    "to-up": "../up.md",
    "to-parent": "..",
    "to-grandparent": "../..",
    "to-sub": "sub",
    "nested-target": "sub/../file.md",
    absolute: join(d, "file.md"),
    dangling: "nothing.md",
    self: "self",
    dot: ".",
    "to-link": "to-file",
    "to-link-dir": "to-sub",
    "up-dangling": "../nothing",
  };
  for (const [name, target] of Object.entries(links)) symlinkSync(target, join(d, name));
  // A chain of 12 links: longer than linkRealpath follows.
  for (let i = 0; i < 12; i++) symlinkSync(i === 0 ? "file.md" : `c${i - 1}`, join(d, `c${i}`));
  // A chain of 45 links: past the 40 Linux resolves (ELOOP), which must not come back as an answer.
  for (let i = 0; i < 45; i++) symlinkSync(i === 0 ? "file.md" : `e${i - 1}`, join(d, `e${i}`));
  it.each(readdirSync(d).filter((n) => n !== "sub" && n !== "file.md"))("link_%s", (name) => {
    const fast = linkRealpath(d, name);
    let slow: string | undefined;
    try {
      slow = realpathSync.native(join(d, name));
    } catch {
      slow = undefined;
    }
    if (fast !== undefined) expect(fast).toBe(slow);
    // The shapes the benchmark's chains use must take the fast path.
    if (["to-file", "to-up", "to-parent", "to-link", "c3", "c11", "e39"].includes(name))
      expect(fast).toBeDefined();
  });
});

/** Random trees of files, directories and symlinks of every shape (relative, absolute, up, chains, cycles). */
function randomLinkTree(root: string, seed: number): void {
  let s = seed;
  const rnd = (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
  const dirs = [""];
  const names: string[] = [];
  for (let i = 0; i < 12; i++) {
    const d = `${dirs[rnd(dirs.length)]}${dirs.length > 0 ? "/" : ""}d${i}`.replace(/^\//, "");
    mkdirSync(join(root, d), { recursive: true });
    dirs.push(d);
  }
  for (let i = 0; i < 12; i++) {
    const f = `${dirs[rnd(dirs.length)]}/f${i}.md`.replace(/^\//, "");
    writeFileSync(join(root, f), `${i}\n`);
    names.push(f);
  }
  const all = [...dirs.filter((d) => d !== ""), ...names];
  for (let i = 0; i < 40; i++) {
    const at = `${dirs[rnd(dirs.length)]}/l${i}.md`.replace(/^\//, "");
    const to = all[rnd(all.length)] as string;
    const fromDir = at.split("/").slice(0, -1);
    const kind = rnd(7);
    let target: string;
    if (kind === 0) target = join(root, to);
    else if (kind === 1)
      target = `l${rnd(40)}.md`; // maybe a chain, a dangling link or a cycle
    else if (kind === 2)
      target = fromDir.length > 0 ? ".." : "l0.md"; // never out of the tree
    else if (kind === 3)
      target = `${"../".repeat(fromDir.length)}${to}/../${(all[rnd(all.length)] as string).split("/").pop()}`;
    else target = `${"../".repeat(fromDir.length)}${to}`;
    symlinkSync(target, join(root, at));
    all.push(at);
  }
}

describe("LinkResolver and the walk's real paths agree with realpath(3) on generated trees", () => {
  const seeds = Array.from({ length: 30 }, (_, i) => i + 1);
  it.each(seeds)("seed_%i_every_entry_resolves_as_realpath_resolves_it", (seed) => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-linktree-")));
    try {
      randomLinkTree(root, seed);
      const links = new LinkResolver();
      let settled = 0;
      const check = (dir: string) => {
        for (const name of readdirSync(dir)) {
          let slow: string | undefined;
          try {
            slow = realpathSync.native(join(dir, name));
          } catch {
            slow = undefined;
          }
          const fast = links.realOf(dir, name);
          if (fast !== undefined) {
            settled++;
            expect(fast, join(dir, name)).toBe(slow);
          }
        }
      };
      const realDirs = [root, ...walkDirs(root)];
      for (const dir of realDirs) check(dir);
      expect(settled).toBeGreaterThan(0);
      const walk = walkFiles(root, { maxDepth: Number.POSITIVE_INFINITY });
      for (const f of walk.files) expect(f.realPath, f.path).toBe(realpathSync.native(f.path));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

/** Every real directory below `root` (no links followed). */
function walkDirs(root: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(root, { withFileTypes: true }))
    if (e.isDirectory()) out.push(join(root, e.name), ...walkDirs(join(root, e.name)));
  return out;
}

describe("walkFiles bounds", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-bounds-")));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "rules/sub"), { recursive: true });
  mkdirSync(join(root, "outside/many"), { recursive: true });
  for (let i = 0; i < 50; i++) writeFileSync(join(root, `outside/many/f${i}.md`), "x\n");
  writeFileSync(join(root, "rules/a.md"), "a\n");
  symlinkSync(join(root, "outside"), join(root, "rules/ext"));
  symlinkSync("..", join(root, "rules/sub/up"));
  symlinkSync("self", join(root, "rules/self"));

  it("an_entry_limit_stops_the_walk_and_names_the_link_it_went_through", () => {
    const w = walkFiles(join(root, "rules"), { maxEntries: 20, maxDepth: Number.POSITIVE_INFINITY });
    expect(w.problems[0]).toEqual({
      kind: "bound",
      bound: "entries",
      limit: 20,
      own: true,
      path: join(root, "rules/ext"),
      message: `links to ${join(root, "outside")}; walk stopped after 20 directory entries (the walker's entry limit), so files beyond it were not counted; an agent may keep walking (remove or narrow the link)`,
    });
    expect(w.files.length).toBeLessThan(20);
  });

  it("a_time_limit_stops_the_walk_by_name", () => {
    const w = walkFiles(join(root, "rules"), { maxMillis: -1 });
    expect(w.problems[0]?.message).toMatch(/walk stopped after -0\.001 s \(the walker's time limit\)/);
  });

  it("link_loops_are_named_as_loops_and_the_rest_is_walked", () => {
    const w = walkFiles(join(root, "rules"));
    expect(w.problems).toEqual([
      {
        kind: "link-loop",
        path: join(root, "rules/self"),
        message: "link loop (the symlink resolves to itself); not followed",
      },
      {
        kind: "link-loop",
        path: join(root, "rules/sub/up"),
        message: `link loop: it points at ${join(root, "rules")}, a directory it sits in; not followed`,
      },
    ]);
    expect(w.files.map((f) => f.rel)).toContain("ext/many/f0.md");
    expect(w.files.map((f) => f.rel)).toContain("a.md");
  });

  it("no_depth_limit_still_stops_at_the_ceiling_far_below_which_deep_rules_load", () => {
    const deepRoot = realpathSync(mkdtempSync(join(tmpdir(), "ac-ceiling-")));
    try {
      mkdirSync(join(deepRoot, ...Array(70).fill("d")), { recursive: true });
      writeFileSync(join(deepRoot, ...Array(70).fill("d"), "x.md"), "x\n");
      const ok = walkFiles(deepRoot, { maxDepth: Number.POSITIVE_INFINITY });
      expect(ok.files.length).toBe(1);
      expect(ok.problems).toEqual([]);
      const cut = walkFiles(deepRoot, { maxDepth: Number.POSITIVE_INFINITY, maxEntries: 30 });
      expect(cut.problems[0]?.message).toMatch(/walk stopped after 30 directory entries/);
    } finally {
      rmSync(deepRoot, { recursive: true, force: true });
    }
  });
});

describe("withReadSnapshot", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-snap-")));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, "small.md"), "small\n");
  writeFileSync(join(root, "big.md"), "b".repeat(50));
  mkdirSync(join(root, "dir.md"));
  symlinkSync("small.md", join(root, "link.md"));
  const names = ["small.md", "big.md", "dir.md", "link.md", "absent.md"];
  const limits = [undefined, 10, 100, 5, 1000];
  it("every_read_in_the_scope_answers_as_a_fresh_read_under_every_limit_order", () => {
    // The reference: reads outside any scope.
    const expected = new Map(
      names.flatMap((n) => limits.map((l) => [`${n}:${l}`, readTextFile(join(root, n), l)] as const)),
    );
    for (const first of limits)
      withReadSnapshot(() => {
        for (const name of names) {
          const p = join(root, name);
          readTextFile(p, first);
          for (const limit of limits)
            expect(readTextFile(p, limit)).toEqual(expected.get(`${name}:${limit}`));
        }
      });
  });
  it("a_file_changed_inside_the_scope_reads_as_it_was_first_read_and_fresh_after_it", () => {
    const p = join(root, "changing.md");
    writeFileSync(p, "one\n");
    withReadSnapshot(() => {
      expect(readTextFile(p).ok && (readTextFile(p) as { text: string }).text).toBe("one\n");
      writeFileSync(p, "two\n");
      expect((readTextFile(p) as { text: string }).text).toBe("one\n");
    });
    expect((readTextFile(p) as { text: string }).text).toBe("two\n");
  });
  it("a_directory_is_listed_once_per_scope_and_every_walk_in_it_answers_as_a_fresh_walk", () => {
    const tree = join(root, "tree");
    mkdirSync(join(tree, "b", "c"), { recursive: true });
    mkdirSync(join(tree, "uni"));
    // `B.md` and `b.md` tie under the case-blind compare below (the listing's byte order then decides);
    // `uni` holds names whose UTF-16 order is not their byte order (U+E000 against an astral character).
    for (const f of [
      "b/z.md",
      "b/a.md",
      "b/c/m.md",
      "B.md",
      "b.md",
      "a.md",
      "uni/é.md",
      "uni/\u{1F600}.md",
      "uni/\uE000.md",
      "uni/z.md",
    ])
      writeFileSync(join(tree, f), "x\n");
    symlinkSync("b", join(tree, "link"));
    symlinkSync("nowhere", join(tree, "dangling"));
    const shapes: Parameters<typeof walkFiles>[1][] = [
      {},
      { order: "os" },
      { compare: (x, y) => x.toLowerCase().localeCompare(y.toLowerCase()) },
      { includeFile: (_r, n) => n !== "a.md" },
      { compare: () => 0 }, // every name ties: the walk keeps readdirSync's byte order
      { dedupeFiles: false },
    ];
    const fresh = shapes.map((o) => walkFiles(tree, o));
    withReadSnapshot(() => {
      // Each shape twice, interleaved: a kept listing is never reordered by a walk that sorts it. (Node's
      // readdirSync lists in byte order already, so sorting a kept listing in place is not observable with
      // these shapes; the walker sorts a copy all the same.)
      for (let round = 0; round < 2; round++)
        for (const [i, o] of shapes.entries()) expect(walkFiles(tree, o)).toEqual(fresh[i]);
      // Kept for the scope: a file added now is not listed again until the scope ends.
      writeFileSync(join(tree, "b", "new.md"), "x\n");
      expect(walkFiles(tree).files.map((f) => f.rel)).not.toContain("b/new.md");
    });
    expect(walkFiles(tree).files.map((f) => f.rel)).toContain("b/new.md");
  });
});

describe("resolveRule in a directory that is its own real path", () => {
  /** The lookup of a call, with every row directory marked as reached through a link: the slow path. */
  const slowLookup = (root: string, dirs: string[]): RuleLookup => {
    const l = ruleLookup(root);
    for (const d of dirs) l.dirsInside.set(d, { inside: ruleFileInside(root, d, l.realRoot), real: false });
    return l;
  };

  it("resolves_every_generated_rule_as_the_path_that_resolves_each_file_through_its_links", () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), "ac-rule-fast-")));
    const outside = join(base, "outside");
    mkdirSync(outside);
    writeFileSync(join(outside, "R-OUT.md"), "outside\n");
    let compared = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const rnd = seededRandom(seed);
      const root = join(base, `repo${seed}`);
      const dirs = ["rules", "a/rules", "a/b", "c"];
      for (const d of dirs) mkdirSync(join(root, d), { recursive: true });
      const ids = ["R-1", "R-2", "R-3", "R-4", "R-5", "R-6", "R-7"];
      for (const d of dirs)
        for (const id of ids) {
          const p = join(root, d, `${id}.md`);
          switch (rnd(8)) {
            case 0:
              break; // missing
            case 1:
              symlinkSync(join(outside, "R-OUT.md"), p);
              break;
            case 2:
              symlinkSync(`../${dirs[rnd(dirs.length)]}/${ids[rnd(ids.length)]}.md`, p);
              break;
            case 3:
              symlinkSync("nowhere.md", p);
              break;
            case 4:
              mkdirSync(p);
              break;
            case 5:
              writeFileSync(join(root, d, `${id}-named.md`), `---\nid: ${id}\n---\nprefixed ${id}\n`);
              break;
            default:
              writeFileSync(p, `---\nid: ${id}\n---\n${d} ${id}\n`);
          }
        }
      symlinkSync(join(root, "a/rules"), join(root, "linked")); // a row directory reached through a link
      symlinkSync(outside, join(root, "out")); // one that leaves the repository
      const rowDirs = [...dirs, "linked", "out", "missing"];
      for (const d of rowDirs)
        for (const id of ids) {
          const fast = resolveRule(root, id, d, ruleLookup(root));
          const slow = resolveRule(root, id, d, slowLookup(root, rowDirs));
          expect(fast, `${root} ${d} ${id}`).toEqual(slow);
          compared++;
        }
    }
    expect(compared).toBe(6 * 7 * 7);
    rmSync(base, { recursive: true, force: true });
  });
});

describe("readTextFile without an fstat before its read", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-sizes-")));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const sizes = [0, 1, 100, 65_535, 65_536, 65_537, 131_072, 200_001, 1_048_576, 1_048_577, 3_000_000];
  for (const n of sizes)
    writeFileSync(join(root, `f${n}.md`), Buffer.from(Array.from({ length: n }, (_, i) => 97 + (i % 26))));
  writeFileSync(join(root, "bad.md"), Buffer.from([0x61, 0xff, 0x0a]));
  mkdirSync(join(root, "dir.md"));
  execFileSync("mkfifo", [join(root, "fifo.md")]);
  /** What a read of `p` under `limit` must give, from a stat and readFileSync. */
  const reference = (p: string, limit: number) => {
    const st = statSync(p);
    if (!st.isFile())
      return { ok: false, reason: "not-regular", path: p, type: st.isDirectory() ? "directory" : "fifo" };
    if (st.size > limit) return { ok: false, reason: "too-large", path: p, fileBytes: st.size, limit };
    const raw = readFileSync(p);
    return {
      ok: true,
      path: p,
      realPath: p,
      text: raw.toString("utf8"),
      fileBytes: raw.length,
      validUtf8: isUtf8(raw),
      raw,
    };
  };
  /** A read result with its bytes and text as a digest: deep equality over megabytes is slow. */
  const digest = (r: Record<string, unknown>) => ({
    ...r,
    raw:
      r.raw === undefined
        ? undefined
        : createHash("sha256")
            .update(r.raw as Buffer)
            .digest("hex"),
    text:
      r.text === undefined
        ? undefined
        : createHash("sha256")
            .update(r.text as string)
            .digest("hex"),
  });
  const names = [...sizes.map((n) => `f${n}.md`), "bad.md", "dir.md", "fifo.md"];
  const limits = [0, 1, 100, 65_535, 65_536, 65_537, 1_048_576, 2_000_000, 64 * 1024 * 1024];
  it("every_size_around_the_read_buffer_and_every_limit_reads_as_a_stat_and_readFileSync_say", () => {
    let compared = 0;
    for (const name of names)
      for (const limit of limits) {
        const p = join(root, name);
        const want = digest(reference(p, limit));
        const got = (opts: ReadOptions) => digest(readTextFile(p, limit, opts) as Record<string, unknown>);
        expect(got({}), `${name} under ${limit}`).toEqual(want);
        expect(got({ parentIsReal: true }), `${name} under ${limit}`).toEqual(want);
        if (name.startsWith("f"))
          expect(got({ walkedRegular: true }), `${name} under ${limit}`).toEqual(want);
        compared++;
      }
    expect(compared).toBe(names.length * limits.length);
  });

  it("a_read_keeps_its_bytes_when_later_reads_go_through_the_same_buffer", () => {
    const first = readTextFile(join(root, "f100.md"));
    const later = readTextFile(join(root, "bad.md"));
    expect(first.ok && later.ok && first.raw.toString("latin1")).toBe(
      readFileSync(join(root, "f100.md"), "latin1"),
    );
  });

  it("a_walked_file_that_became_a_fifo_or_a_directory_is_refused_as_not_regular", () => {
    for (const [name, type] of [
      ["fifo.md", "fifo"],
      ["dir.md", "directory"],
    ] as const)
      expect(readTextFile(join(root, name), undefined, { walkedRegular: true })).toMatchObject({
        ok: false,
        reason: "not-regular",
        type,
      });
  });
});

describe("ruleBase without splitting the path", () => {
  /** ruleBase's definition: by the path's segments. */
  const bySegments = (absPath: string) => {
    const parts = absPath.split("/");
    const i = parts.lastIndexOf(".claude");
    if (i > 0 && parts[i + 1] === "rules") return parts.slice(0, i).join("/") || "/";
    return dirname(dirname(dirname(absPath)));
  };

  it("gives_every_generated_path_the_base_its_segments_give", () => {
    const segs = [
      "",
      ".claude",
      "rules",
      ".claudex",
      "x.claude",
      "a",
      "rules.md",
      "r.md",
      ".claude.md",
      "rulesx",
    ];
    const rnd = seededRandom(7);
    const seen = new Set<string>();
    for (let k = 0; k < 20_000; k++) {
      const n = 1 + rnd(7);
      const p = (rnd(4) === 0 ? "" : "/") + Array.from({ length: n }, () => segs[rnd(segs.length)]).join("/");
      seen.add(ruleBase(p) === bySegments(p) ? "same" : p);
    }
    for (const p of [
      "/.claude/rules/a.md",
      "/r/.claude/rules",
      "/r/.claude",
      "/.claude",
      ".claude/rules/x",
      "/",
    ])
      seen.add(ruleBase(p) === bySegments(p) ? "same" : p);
    expect([...seen]).toEqual(["same"]);
  });
});
