import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  claimDelivered,
  claimName,
  loadDelivered,
  releaseClaims,
  saveDelivered,
  sessionFile,
} from "../../src/hook/state.js";
import { cacheFile, findShards, loadIndex } from "../../src/router/index-build.js";
import { pathTarget } from "../../src/router/match.js";
import { hookLimits, routeCall } from "../../src/router/route.js";
import { parseShard, type RouterProblem, routerProblemLine } from "../../src/router/shard.js";

function repo(shards: Record<string, string>, files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "ac-router-"));
  mkdirSync(join(root, ".agent-context", "routers"), { recursive: true });
  for (const [n, t] of Object.entries(shards)) writeFileSync(join(root, ".agent-context", "routers", n), t);
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(join(root, p, ".."), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  return root;
}

const write = (root: string, file: string, config = {}, delivered?: Set<string>) =>
  routeCall({
    root,
    target: pathTarget("Write", root, root, file),
    config,
    delivered,
    useCache: false,
  });

describe("shard parsing", () => {
  it("reads_triggers_rules_and_directory_of_a_row", () => {
    const s = parseShard("# Feature\n\n`a/**`; `/b` | R-1, R-2 → layers/x/rules/ |\n", "f.md");
    expect(s.domain).toBe("Feature");
    expect(s.rows).toEqual([
      { shard: "f.md", line: 3, triggers: ["a/**", "/b"], rules: ["R-1", "R-2"], dir: "layers/x/rules" },
    ]);
  });

  it("reads_markdown_table_rows_and_ascii_arrows", () => {
    const s = parseShard("| Trigger | Rules |\n|---|---|\n| `*.kt` | R-1 -> d/ |\n", "t.md");
    expect(s.rows.map((r) => [r.triggers, r.rules, r.dir])).toEqual([[["*.kt"], ["R-1"], "d"]]);
  });

  it("ignores_rows_inside_fenced_code_and_frontmatter", () => {
    const s = parseShard("---\nx: `a` | R\n---\n```\n`a` | R-0\n```\n`b` | R-1\n", "f.md");
    expect(s.rows.map((r) => r.rules)).toEqual([["R-1"]]);
  });

  it("reports_malformed_rows_by_shard_and_line_and_keeps_the_others", () => {
    const s = parseShard("`unclosed | R\n`a` R-1\n`a` |\n`` | R\n`ok` | R-2\n", "m.md");
    expect(s.rows.map((r) => r.rules)).toEqual([["R-2"]]);
    expect(s.problems.map((p) => `${p.file}:${p.line}`)).toEqual(["m.md:1", "m.md:2", "m.md:3", "m.md:4"]);
    expect(s.problems.map((p) => routerProblemLine(p).split(":").slice(0, 2).join(":"))).toEqual([
      "m.md:1",
      "m.md:2",
      "m.md:3",
      "m.md:4",
    ]);
    expect(s.problems.every((p) => !p.message.startsWith("m.md"))).toBe(true); // the place is not in the words
    expect(
      s.problems.every(
        (p) => p.ruleId === "router-shard" && p.severity === "warning" && p.kind === "malformed-row",
      ),
    ).toBe(true);
  });

  it("takes_the_domain_from_the_file_name_without_a_heading", () => {
    expect(parseShard("`a` | R\n", "x/api.md").domain).toBe("api");
  });
});

describe("the compiled index and its cache", () => {
  it("a_second_load_is_served_from_the_cache_and_an_edit_invalidates_it", () => {
    const root = repo({ "a.md": "`*.kt` | R-1\n" });
    expect(loadIndex(root).cached).toBe(false);
    expect(loadIndex(root).cached).toBe(true);
    writeFileSync(join(root, ".agent-context/routers/a.md"), "`*.ts` | R-2\n");
    utimesSync(join(root, ".agent-context/routers/a.md"), new Date(), new Date(Date.now() + 5000));
    const idx = loadIndex(root);
    expect(idx.cached).toBe(false);
    expect(idx.rows.map((r) => r.rules)).toEqual([["R-2"]]);
  });

  it("a_new_shard_invalidates_the_cache", () => {
    const root = repo({ "a.md": "`*.kt` | R-1\n" });
    loadIndex(root);
    writeFileSync(join(root, ".agent-context/routers/b.md"), "`*.ts` | R-2\n");
    const idx = loadIndex(root);
    expect(idx.cached).toBe(false);
    expect(idx.rows).toHaveLength(2);
  });

  it("a_corrupt_cache_is_ignored_and_rebuilt", () => {
    const root = repo({ "a.md": "`*.kt` | R-1\n" });
    loadIndex(root);
    const cache = String(cacheFile(root));
    writeFileSync(cache, "{not json");
    const idx = loadIndex(root);
    expect(idx.cached).toBe(false);
    expect(idx.rows).toHaveLength(1);
    expect(readFileSync(cache, "utf8").split("\n").filter(Boolean)).toHaveLength(2); // the head and one row
  });

  it("shards_under_claude_rules_are_refused_with_a_problem", () => {
    const root = repo({}, { ".claude/rules/router.md": "`*.kt` | R\n" });
    const r = findShards(root, [".claude/rules/*.md"]);
    expect(r.stamps).toEqual([]);
    expect(r.problems[0]?.message).toMatch(/^router shards must not live under \.claude\/rules/);
    expect(r.problems[0]?.file).toBe(".claude/rules/router.md");
    expect(r.problems[0]?.kind).toBe("under-claude-rules");
  });

  it("configured_router_globs_find_shards_at_any_depth", () => {
    const root = repo({}, { "docs/routing/a/x.md": "`*.kt` | R\n", "docs/routing/y.txt": "`*.kt` | R\n" });
    expect(findShards(root, ["docs/routing/**/*.md"]).stamps.map((s) => s.path)).toEqual([
      "docs/routing/a/x.md",
    ]);
  });

  it("a_binary_shard_is_skipped_with_a_problem", () => {
    const root = repo({ "bin.md": "`*.kt` | R\u0000\n", "ok.md": "`*.kt` | R-2\n" });
    const idx = loadIndex(root, undefined, { useCache: false });
    expect(idx.rows.map((r) => r.rules)).toEqual([["R-2"]]);
    expect(idx.problems[0]).toMatchObject({ kind: "not-utf8", file: ".agent-context/routers/bin.md" });
    expect(routerProblemLine(idx.problems[0] as RouterProblem)).toMatch(
      /^\.agent-context\/routers\/bin\.md: router shard is not UTF-8 text/,
    );
  });
});

describe("hook limits from the configuration", () => {
  it("bad_values_fall_back_to_the_defaults_with_a_problem", () => {
    const problems: RouterProblem[] = [];
    expect(hookLimits({ hook: { maxRows: "x", maxBytes: -1 } } as never, problems)).toEqual({
      maxRows: 40,
      maxBytes: 8192,
      oncePerSession: true,
    });
    expect(problems.map((p) => p.kind)).toEqual(["config", "config"]);
    expect(problems.map(routerProblemLine)).toEqual([
      '.agent-context.json: "hook.maxRows" must be a positive whole number; using 40',
      '.agent-context.json: "hook.maxBytes" must be a positive whole number; using 8192',
    ]);
  });
});

describe("what one call injects", () => {
  it("inlines_rule_files_found_by_id_or_id_prefix_without_frontmatter", () => {
    const root = repo(
      { "a.md": "`*.kt` | R-1, R-2, R-3 → rules/ |\n" },
      {
        "rules/R-1.md": "---\nx: 1\n---\nBody one\n",
        "rules/R-2-slug.md": "Body two\n",
        "rules/R-20.md": "decoy",
      },
    );
    const t = write(root, "x.kt").injection.text;
    expect(t).toContain("=== R-1 (rules/R-1.md)\nBody one");
    expect(t).toContain("=== R-2 (rules/R-2-slug.md)\nBody two");
    expect(t).not.toContain("x: 1");
    expect(t).not.toContain("decoy");
    expect(t).toContain("- R-1, R-2, R-3 → rules/ (trigger `*.kt`, .agent-context/routers/a.md:1)");
  });

  it("caps_the_rows_per_call_and_counts_the_rest", () => {
    const rows = Array.from({ length: 50 }, (_, i) => `\`*.kt\` | R-${i}\n`).join("");
    const r = write(repo({ "a.md": rows }), "x.kt");
    expect(r.matches).toHaveLength(50);
    expect(r.injection.rows).toHaveLength(40);
    expect(r.injection.text).toContain("(10 more matching rows not listed: at most 40 rows");
  });

  it("rules_from_several_directories_in_one_call_are_each_inlined_and_a_linked_out_one_is_not", () => {
    // One call checks each row directory once (src/router/render.ts, RuleLookup): every directory gets
    // its own answer, and a rule linked out of an inside directory is still refused by its own check.
    const outside = mkdtempSync(join(tmpdir(), "ac-router-out-"));
    writeFileSync(join(outside, "R-OUT.md"), "OUTSIDE TEXT\n");
    const root = repo(
      { "a.md": "`*.kt` | R-A, R-OUT → one/ |\n`*.kt` | R-B → two/ |\n`*.kt` | R-A2 → one/ |\n" },
      { "one/R-A.md": "TEXT A\n", "one/R-A2.md": "TEXT A2\n", "two/R-B.md": "TEXT B\n" },
    );
    symlinkSync(join(outside, "R-OUT.md"), join(root, "one", "R-OUT.md"));
    const r = write(root, "x.kt");
    expect(r.injection.inlined).toEqual(["R-A", "R-B", "R-A2"]);
    for (const t of ["TEXT A", "TEXT B", "TEXT A2"]) expect(r.injection.text).toContain(t);
    expect(r.injection.text).not.toContain("OUTSIDE TEXT");
  });

  it("the_row_cap_is_configurable", () => {
    const rows = Array.from({ length: 5 }, (_, i) => `\`*.kt\` | R-${i}\n`).join("");
    const r = write(repo({ "a.md": rows }), "x.kt", { hook: { maxRows: 2 } });
    expect(r.injection.rows).toHaveLength(2);
    expect(r.injection.droppedRows).toBe(3);
  });

  it("never_exceeds_the_byte_bound_and_names_the_rules_it_could_not_inline", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`rules/R-${i}.md`] = `${"é".repeat(400)}\n`;
    const rows = Array.from({ length: 30 }, (_, i) => `\`*.kt\` | R-${i} → rules/\n`).join("");
    const r = write(repo({ "a.md": rows }, files), "x.kt", { hook: { maxBytes: 4000 } });
    expect(Buffer.byteLength(r.injection.text)).toBeLessThanOrEqual(4000);
    expect(r.injection.inlined.length).toBeGreaterThan(0);
    expect(r.injection.inlined.length).toBeLessThan(30);
    expect(r.injection.text).toMatch(/=== R-\d+ \(rules\/R-\d+\.md, 801 bytes: not inlined/);
  });

  it("a_pathological_target_with_every_row_firing_stays_within_both_bounds", () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `\`**\`; \`*\` | RULE-${i} → rules/\n`).join("");
    const r = write(repo({ "a.md": rows }), "a/b/c.kt");
    expect(r.matches).toHaveLength(2000);
    expect(r.injection.rows.length).toBeLessThanOrEqual(40);
    expect(Buffer.byteLength(r.injection.text)).toBeLessThanOrEqual(8192);
  });

  it("skips_rules_already_delivered_in_the_session_and_rows_left_empty", () => {
    const root = repo({ "a.md": "`*.kt` | R-1\n`*.kt` | R-1, R-2\n" });
    const r = write(root, "x.kt", {}, new Set(["rule::R-1"]));
    expect(r.injection.rows.map((x) => x.rules.map((y) => y.id))).toEqual([["R-2"]]);
  });

  it("declared_unlowerable_rules_are_not_injected_but_reported", () => {
    const r = write(repo({ "a.md": "`*.kt` | R-1, R-ALWAYS\n" }), "x.kt", { unlowerable: ["R-ALWAYS"] });
    expect(r.injection.rows[0]?.rules.map((x) => x.id)).toEqual(["R-1"]);
    expect(r.unlowerable).toEqual(["R-ALWAYS"]);
  });

  it("a_path_outside_the_root_is_no_target", () => {
    const r = write(repo({ "a.md": "`*.kt` | R-1\n" }), "/elsewhere/x.kt");
    expect(r.target).toBeNull();
    expect(r.injection.text).toBe("");
  });
});

describe("once-per-session state", () => {
  it("round_trips_delivered_keys_per_session_and_root", () => {
    const root = mkdtempSync(join(tmpdir(), "ac-state-"));
    const sid = `s-${Math.random()}`;
    expect(loadDelivered(sid, root).size).toBe(0);
    expect(saveDelivered(sid, root, new Set(["a", "b"]))).toBe(true);
    expect(loadDelivered(sid, root)).toEqual(new Set(["a", "b"]));
    expect(loadDelivered(`${sid}x`, root).size).toBe(0);
  });

  it("a_corrupt_line_in_the_session_log_is_skipped_and_the_rest_kept", () => {
    const root = mkdtempSync(join(tmpdir(), "ac-state-"));
    const sid = `s-${Math.random()}`;
    const log = String(sessionFile(sid, root));
    saveDelivered(sid, root, new Set(["a"]));
    appendFileSync(log, 'garbage\n{"half":\n');
    saveDelivered(sid, root, new Set(["b"]));
    expect(loadDelivered(sid, root)).toEqual(new Set(["a", "b"]));
    writeFileSync(log, "garbage");
    expect(loadDelivered(sid, root).size).toBe(0);
    rmSync(log);
  });

  it("a_key_is_claimed_by_exactly_one_call_and_a_released_claim_can_be_taken_again", () => {
    const root = mkdtempSync(join(tmpdir(), "ac-state-"));
    const sid = `s-${Math.random()}`;
    expect(claimDelivered(sid, root, ["a", "b"])).toEqual({ won: ["a", "b"], lost: [] });
    expect(claimDelivered(sid, root, ["b", "c"])).toEqual({ won: ["c"], lost: ["b"] });
    releaseClaims(sid, root, ["b"]);
    expect(claimDelivered(sid, root, ["b"])).toEqual({ won: ["b"], lost: [] });
  });

  it("keys_that_differ_only_in_case_or_past_the_named_length_are_claimed_apart", () => {
    const root = mkdtempSync(join(tmpdir(), "ac-state-"));
    const sid = `s-${Math.random()}`;
    const long = `rule:${"d/".repeat(200)}`;
    const keys = ["Rule", "rule", `${long}a.md`, `${long}b.md`, "é", "e\u0301"];
    expect(claimDelivered(sid, root, keys)).toEqual({ won: keys, lost: [] });
    expect(claimDelivered(sid, root, keys)).toEqual({ won: [], lost: keys });
    for (const k of keys) {
      const name = claimName(k);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
      expect(name).toMatch(/^[kh][0-9a-f-]+$/);
    }
  });
});
