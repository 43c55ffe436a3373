/**
 * The differential test's own parts, without the CLI: the seeded generator (deterministic, no
 * Math.random, covers what the model knows, pluggable), the shrinker and the fixture it prints.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  FEATURES,
  type Feature,
  type FuzzCase,
  generateCase,
  MEMORY_NAMES,
} from "../conformance/fuzz/generate.js";
import { rng } from "../conformance/fuzz/prng.js";
import { formatFixture, shrink, signature } from "../conformance/fuzz/shrink.js";

const RELEASES = ["2.1.332", "2.1.197"];
const gen = (seed: string, features?: Feature[]) =>
  generateCase(seed, { releases: RELEASES, ...(features ? { features } : {}) });
const many = Array.from({ length: 300 }, (_, i) => gen(`unit:${i}`));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the seeded generator", () => {
  it("the_same_seed_gives_the_same_case_and_other_seeds_other_cases", () => {
    expect(gen("s:1")).toEqual(gen("s:1"));
    expect(gen("s:1")).not.toEqual(gen("s:2"));
    const r1 = rng("x");
    const r2 = rng("x");
    expect(Array.from({ length: 50 }, () => r1.next())).toEqual(Array.from({ length: 50 }, () => r2.next()));
  });

  it("never_draws_from_math_random", () => {
    vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random called");
    });
    expect(() => gen("no-math-random")).not.toThrow();
  });

  it("integers_stay_within_their_bounds_and_reach_both_ends", () => {
    const r = rng("bounds");
    const seen = new Set(Array.from({ length: 500 }, () => r.int(2, 5)));
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });

  it("covers_every_memory_file_name_at_several_levels_and_a_random_working_directory", () => {
    const paths = many.flatMap((c) => [...Object.keys(c.files), ...Object.keys(c.links)]);
    for (const [name] of MEMORY_NAMES) {
      expect(paths.some((p) => p === name || p.endsWith(`/${name}`))).toBe(true);
    }
    expect(new Set(many.map((c) => c.cwd)).size).toBeGreaterThanOrEqual(5);
    expect(many.some((c) => c.cwd.startsWith("home/"))).toBe(true);
    expect(new Set(many.map((c) => c.release))).toEqual(new Set(RELEASES));
  });

  it("covers_rules_frontmatter_forms_imports_symlinks_and_encodings", () => {
    const texts = many.flatMap((c) => Object.values(c.files));
    const has = (re: RegExp) => texts.some((t) => re.test(t));
    expect(has(/^---\npaths: \[/)).toBe(true);
    expect(has(/^---\npaths:\n {2}- /)).toBe(true);
    expect(has(/^---\nglobs: /)).toBe(true);
    expect(has(/^---\npaths: [^\n]*, /)).toBe(true);
    expect(has(/\{src,lib\}/)).toBe(true);
    expect(has(/\r\n/)).toBe(true);
    expect(has(/^\ufeff/)).toBe(true);
    expect(has(/@<R>\//)).toBe(true);
    expect(has(/@~\//)).toBe(true);
    expect(has(/`@[^`]+`/)).toBe(true);
    expect(has(/<!-- @/)).toBe(true);
    expect(has(/@[^\s]+\.md[.,:]/)).toBe(true);
    expect(many.some((c) => Object.keys(c.files).some((p) => p.endsWith("h6.md")))).toBe(true);
    expect(many.some((c) => Object.values(c.links).some((t) => t.startsWith("<R>/")))).toBe(true);
    expect(many.some((c) => Object.keys(c.links).some((p) => p.endsWith("/loop")))).toBe(true);
    expect(many.some((c) => Object.keys(c.files).some((p) => p.startsWith("ext/")))).toBe(true);
    expect(many.every((c) => c.reads.length > 0 && c.reads.length <= 3)).toBe(true);
  });

  it("covers_the_user_layer_settings_environment_switches_and_added_directories", () => {
    const any = (f: (c: FuzzCase) => boolean) => many.some(f);
    expect(any((c) => ".cfg/CLAUDE.md" in c.files)).toBe(true);
    expect(any((c) => Object.keys(c.files).some((p) => p.startsWith(".cfg/rules/")))).toBe(true);
    expect(any((c) => Object.values(c.files).some((t) => t.includes('"claudeMdExcludes"')))).toBe(true);
    expect(any((c) => Object.keys(c.files).some((p) => p.endsWith(".claude/settings.local.json")))).toBe(
      true,
    );
    expect(any((c) => (c.files[".cfg/settings.json"] ?? "").includes('"instructionFiles"'))).toBe(true);
    expect(any((c) => c.env.CLAUDE_CODE_DISABLE_CLAUDE_MDS !== undefined)).toBe(true);
    expect(any((c) => c.env.CLAUDE_CODE_DISABLE_ATTACHMENTS === "1")).toBe(true);
    expect(
      any((c) => c.addDirs.length > 0 && c.env.CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD !== undefined),
    ).toBe(true);
    expect(
      any((c) => c.addDirs.length > 0 && c.env.CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD === undefined),
    ).toBe(true);
  });

  it("a_feature_added_at_the_end_keeps_the_files_every_earlier_feature_wrote", () => {
    const extra: Feature = {
      name: "a settings file",
      p: 1,
      apply: (ctx) => {
        ctx.files.set(".claude/example-feature.json", "{}\n");
        ctx.env.EXAMPLE_SWITCH = "1";
      },
    };
    for (let i = 0; i < 20; i++) {
      const before = gen(`plug:${i}`);
      const after = gen(`plug:${i}`, [...FEATURES, extra]);
      expect(after.files).toMatchObject(before.files);
      expect(after.files[".claude/example-feature.json"]).toBe("{}\n");
      expect(after.env).toEqual({ ...before.env, EXAMPLE_SWITCH: "1" });
    }
  });
});

describe("the shrinker", () => {
  const big: FuzzCase = {
    seed: "t:0",
    release: "2.1.332",
    cwd: "a/b",
    home: "home",
    git: [""],
    files: {
      "CLAUDE.md": "one\ntwo\nthe bad line\nthree\n",
      "a/CLAUDE.md": "x\n",
      "a/b/AGENTS.md": "y\n",
      "docs/a.md": "z\n",
    },
    links: { ".claude/rules/l.md": "../../docs/a.md" },
    env: {},
    addDirs: [],
    reads: ["docs/a.md", "a/CLAUDE.md"],
  };

  it("drops_every_file_link_read_and_line_the_disagreement_does_not_need", async () => {
    const fails = async (c: FuzzCase) => (c.files["CLAUDE.md"] ?? "").includes("bad");
    const r = await shrink(big, fails, { budget: 500, parallel: 2 });
    expect(r.case.files).toEqual({ "CLAUDE.md": "the bad line\n" });
    expect(r.case.links).toEqual({});
    expect(r.case.reads).toEqual([]);
    expect(r.case.git).toEqual([]);
    expect(r.case.cwd).toBe("");
    expect(r.runs).toBeLessThan(500);
  });

  it("stops_at_its_budget", async () => {
    let calls = 0;
    const r = await shrink(big, async () => ++calls > 0, { budget: 3, parallel: 1 });
    expect(calls).toBe(3);
    expect(r.runs).toBe(3);
  });

  it("a_disagreement_keeps_its_signature_when_reads_are_renumbered_or_texts_change", () => {
    expect(signature("read 3 (a.ts): the model loads x/r.md; the CLI does not")).toBe(
      signature("read 1 (b.ts): the model loads x/r.md; the CLI does not"),
    );
    expect(signature('launch: text of CLAUDE.md (l): CLI "a", model "b"')).toBe(
      signature('launch: text of CLAUDE.md (l): CLI "c", model "d"'),
    );
    expect(signature("launch: the CLI loads a.md (l); the model does not")).not.toBe(
      signature("launch: the model loads a.md (l); the CLI does not"),
    );
  });

  it("prints_a_fixture_that_evaluates_to_the_case_and_what_the_cli_loaded", () => {
    const root = "/tmp/ac-fuzz-X";
    const text = formatFixture(
      big,
      root,
      {
        launch: [{ path: `${root}/a/CLAUDE.md`, label: "l", text: "x" }],
        reads: [[{ path: `${root}/docs/a.md`, text: "z" }], []],
      },
      [`launch: the CLI loads ${root}/a/CLAUDE.md`],
    );
    expect(text).toContain("// launch: the CLI loads <R>/a/CLAUDE.md");
    const value = new Function(`return (${text.trim().replace(/,$/, "")});`)();
    expect(value).toMatchObject({
      seed: big.seed,
      release: big.release,
      cwd: big.cwd,
      files: big.files,
      links: big.links,
      reads: big.reads,
      expect: ["a/CLAUDE.md"],
      expectReads: [["docs/a.md"], []],
    });
  });
});
