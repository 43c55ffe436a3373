/**
 * The fast dead-glob check (one sorted index of the files, patterns tried only under their literal
 * directory prefix) answers exactly what the reference answers (every rule's globs tried on every file),
 * on generated repositories: random file trees with mixed letter case, random glob lists mixing anchored
 * and unanchored patterns, wildcards, classes, negations, leading slashes and case variants, and rule
 * directories at the root and nested.
 */
import { describe, expect, it } from "vitest";
import { compileClaudeGlobs } from "../../src/globs/claude.js";
import { deadGlobIndex, globsMatchSomething, patternDirPrefix } from "../../src/lint/rules/rule-dead-glob.js";
import { propertySize } from "../support/properties.js";

/** How many generated repositories each comparison runs on (100 in CI). */
const REPOSITORIES = propertySize(30, 100);

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEGS = ["src", "Src", "lib", "pkg", "a", "B", "docs", "x.y", "node"];
const NAMES = ["a.ts", "b.TS", "c.md", "index.js", "x", "README.md", "d.kt"];

function generated(seed: number): { files: string[]; globLists: string[][] } {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const files = new Set<string>();
  const n = 1 + Math.floor(r() * 60);
  for (let i = 0; i < n; i++) {
    const depth = Math.floor(r() * 4);
    const segs = Array.from({ length: depth }, () => pick(SEGS));
    files.add([...segs, pick(NAMES)].join("/"));
  }
  const part = () =>
    pick([
      () => pick(SEGS),
      () => pick(SEGS).toUpperCase(),
      () => "*",
      () => "**",
      () => `${pick(SEGS)}*`,
      () => "[ab]",
      () => "?",
    ])();
  const glob = () => {
    const k = 1 + Math.floor(r() * 4);
    let g = Array.from({ length: k }, part).join("/");
    if (r() < 0.5) g = `${g}/${pick(["*.ts", "*.md", pick(NAMES), "**"])}`;
    if (r() < 0.15) g = `/${g}`;
    if (r() < 0.1) g = `!${g}`;
    if (r() < 0.1) g = `${g}/`;
    return g;
  };
  const globLists = Array.from({ length: 40 }, () => Array.from({ length: 1 + Math.floor(r() * 3) }, glob));
  return { files: [...files], globLists };
}

describe("the dead-glob index", () => {
  it("gives_the_same_answer_as_trying_every_file_on_generated_repositories", () => {
    const root = "/repo";
    let compared = 0;
    let live = 0;
    for (let seed = 1; seed <= REPOSITORIES; seed++) {
      const { files, globLists } = generated(seed);
      const index = deadGlobIndex(root, files);
      for (const globs of globLists) {
        for (const base of [root, `${root}/src`, `${root}/Src`, `${root}/pkg/a`]) {
          const want = globsMatchSomething(globs, base, root, files);
          expect([seed, base, globs, index.matches(globs, base)]).toEqual([seed, base, globs, want]);
          compared++;
          if (want) live++;
        }
      }
    }
    // Both answers occur often, so the comparison means something.
    expect(live).toBeGreaterThan(compared / 10);
    expect(compared - live).toBeGreaterThan(compared / 10);
  });

  it("counts_the_files_a_glob_list_matches_as_trying_every_file_does_on_generated_repositories", () => {
    // The report's count of files per scoped rule, through the index, against counting every file.
    const root = "/repo";
    let nonzero = 0;
    for (let seed = 1; seed <= REPOSITORIES; seed++) {
      const { files, globLists } = generated(seed);
      const index = deadGlobIndex(root, files);
      for (const globs of [...globLists, ["src/**", "src/a/**", "Src/*.ts"], ["a/**", "a/b/**"]]) {
        for (const base of [root, `${root}/src`, `${root}/Src`, `${root}/pkg/a`, "/elsewhere"]) {
          const prefix = base === root ? "" : base.slice(root.length + 1);
          const m = compileClaudeGlobs(globs);
          let want = 0;
          if (!base.startsWith(`${root}/`) && base !== root) want = 0;
          else
            for (const f of files) {
              if (prefix !== "" && !f.startsWith(`${prefix}/`)) continue;
              if (m.match(prefix === "" ? f : f.slice(prefix.length + 1)) !== null) want++;
            }
          expect([seed, base, globs, index.count(globs, base)]).toEqual([seed, base, globs, want]);
          if (want > 1) nonzero++;
        }
      }
    }
    expect(nonzero).toBeGreaterThan(REPOSITORIES);
  });

  it("a_pattern_anchored_by_a_slash_has_its_literal_directories_as_prefix_and_others_have_none", () => {
    expect(patternDirPrefix("packages/P1/**/*.ts")).toBe("packages/p1/");
    expect(patternDirPrefix("/src/a.ts")).toBe("src/");
    expect(patternDirPrefix("*.ts")).toBeNull();
    expect(patternDirPrefix("docs/")).toBeNull();
    expect(patternDirPrefix("**/x/*.ts")).toBeNull();
    expect(patternDirPrefix("!src/a.ts")).toBeNull();
  });
});
