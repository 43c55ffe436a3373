/**
 * The cached index's row prefilter (src/router/match.ts `rowPrefilter`, `mayFire`) and its lazy rows
 * (src/router/index-build.ts `openIndex`): a call parses only the rows whose literals its target holds, and
 * must match exactly the rows a full match over every row finds. Held equal on the fixture router
 * and on generated shards and targets.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { routerTarget, toolTarget } from "../../src/hook/targets.js";
import { cacheFile, loadIndex, openIndex } from "../../src/router/index-build.js";
import { matchRows, mayFire, type RowMatch, type Target } from "../../src/router/match.js";
import { routeCall } from "../../src/router/route.js";
import { makeRouter } from "../fixtures/router/make-router.mjs";
import { propertySize } from "../support/properties.js";
import { seededRandom } from "../support/random.js";

const SEGS = ["src", "feature", "a", "b.kt", "Screen.kt", "x.ts", "lib", "commonMain", ".hidden", "é", "a b"];
const PIECES = ["**", "*", "?", "src", "feature", "*.kt", "*Screen.kt", "{a,b}", "[ab]", "lib", "x.ts", "é"];
const WORDS = ["git", "push", "-f", "npm", "publish", "add", "-A", "src/x.ts", "feature"];

function trigger(r: (n: number) => number): string {
  const kind = r(4);
  if (kind === 0) return Array.from({ length: 1 + r(3) }, () => WORDS[r(WORDS.length)]).join(" ");
  if (kind === 1) return `/${PIECES[r(PIECES.length)]}`;
  const n = 1 + r(4);
  return Array.from({ length: n }, () => PIECES[r(PIECES.length)]).join("/");
}

function target(r: (n: number) => number): Target {
  if (r(3) === 0) {
    const words = Array.from({ length: 1 + r(4) }, () => WORDS[r(WORDS.length)]).join(" ");
    const paths = words.split(" ").filter((w) => w.includes("."));
    return { tool: "Bash", display: words, paths, words };
  }
  const p = Array.from({ length: 1 + r(5) }, () => SEGS[r(SEGS.length)]).join("/");
  return { tool: "Write", display: p, paths: [p], words: null };
}

/** What a match shows: the row by shard and line, the trigger, mode and matched text. */
const shown = (ms: RowMatch[]) =>
  ms.map((m) => `${m.row.shard}:${m.row.line} ${m.trigger} ${m.mode} ${m.matched}`);

function shardRepo(shards: string[]): string {
  const root = mkdtempSync(join(tmpdir(), "ac-prefilter-"));
  mkdirSync(join(root, ".agent-context", "routers"), { recursive: true });
  for (const [i, t] of shards.entries())
    writeFileSync(join(root, ".agent-context", "routers", `s${i}.md`), t);
  return root;
}

describe("the row prefilter admits every row that can fire", () => {
  it("on_generated_shards_and_targets_the_prefiltered_rows_match_exactly_what_every_row_matches", () => {
    let compared = 0;
    let fired = 0;
    const seeds = propertySize(4, 12);
    for (let seed = 1; seed <= seeds; seed++) {
      const r = seededRandom(seed);
      const shards = Array.from({ length: 1 + r(3) }, () =>
        Array.from({ length: 5 + r(20) }, (_, i) => {
          const ts = Array.from({ length: 1 + r(3) }, () => `\`${trigger(r)}\``).join("; ");
          return `${ts} | R-${seed}-${i} → rules/ |`;
        }).join("\n"),
      );
      const root = shardRepo(shards);
      const full = loadIndex(root, undefined, { useCache: false });
      loadIndex(root); // writes the cache
      for (let k = 0; k < 150; k++) {
        const t = target(r);
        const want = shown(matchRows(full, t));
        const cached = openIndex(root);
        expect(cached.cached).toBe(true);
        expect(shown(matchRows({ rows: cached.select((p) => mayFire(p, t)) }, t))).toEqual(want);
        const built = openIndex(root, undefined, { useCache: false });
        expect(shown(matchRows({ rows: built.select((p) => mayFire(p, t)) }, t))).toEqual(want);
        compared++;
        fired += want.length;
      }
    }
    expect(compared).toBe(seeds * 150);
    expect(fired).toBeGreaterThan(seeds * 25); // the generated targets do fire rows, so the comparison says something
  });

  it("on_the_fixture_router_a_call_parses_only_a_few_rows_and_routes_as_before", () => {
    const root = mkdtempSync(join(tmpdir(), "ac-prefilter-fixture-"));
    mkdirSync(join(root, ".git"));
    makeRouter(root);
    const full = loadIndex(root, undefined, { useCache: false });
    loadIndex(root);
    const file =
      "workspaces/org/fieldkit/source/fieldkit/feature/profile/src/commonMain/kotlin/ProfileScreen.kt";
    for (const [tool, input] of [
      ["Write", { file_path: file }],
      ["Read", { file_path: "README.md" }],
      ["Bash", { command: "git push --force origin main" }],
      ["Bash", { command: `cat ${file}` }],
    ] as const) {
      const t = routerTarget(toolTarget(tool, input, root), root);
      expect(t).not.toBeNull();
      const open = openIndex(root);
      const rows = open.select((p) => mayFire(p, t as Target));
      expect(rows.length).toBeLessThan(full.rows.length / 4);
      expect(shown(matchRows({ rows }, t as Target))).toEqual(shown(matchRows(full, t as Target)));
    }
    const r = routeCall({
      root,
      target: routerTarget(toolTarget("Write", { file_path: file }, root), root),
      config: {},
    });
    expect(r.index.cached).toBe(true);
    expect(r.matches).toHaveLength(5);
  });
});

describe("the cache file", () => {
  it("holds_a_head_line_then_one_line_per_row", () => {
    const root = shardRepo(["`*.kt` | R-1 → rules/ |\n`git push` | R-2 → rules/ |\n"]);
    loadIndex(root);
    const lines = readFileSync(String(cacheFile(root)), "utf8").split("\n");
    expect(lines).toHaveLength(4); // head, two rows, the final newline
    expect(JSON.parse(lines[0] as string).pre).toEqual(["p.kt\u0000w.kt", "wgit push"]);
    expect(JSON.parse(lines[2] as string).rules).toEqual(["R-2"]);
  });

  it("a_damaged_row_line_is_found_when_the_row_is_read_and_the_index_is_rebuilt", () => {
    const root = shardRepo(["`*.kt` | R-1 → rules/ |\n`*.ts` | R-2 → rules/ |\n"]);
    loadIndex(root);
    const file = String(cacheFile(root));
    const lines = readFileSync(file, "utf8").split("\n");
    lines[2] = (lines[2] as string).replace('"', "'"); // the same bytes in number, the second row broken
    writeFileSync(file, lines.join("\n"));
    const t: Target = { tool: "Write", display: "a.ts", paths: ["a.ts"], words: null };
    const first = openIndex(root);
    expect(first.cached).toBe(true);
    expect(first.select((p) => mayFire(p, { ...t, paths: ["a.kt"] })).map((r) => r.rules)).toEqual([["R-1"]]);
    const rows = first.select((p) => mayFire(p, t));
    expect(rows.map((r) => r.rules)).toEqual([["R-2"]]);
    expect(first.cached).toBe(false);
    expect(openIndex(root).cached).toBe(true);
    expect(loadIndex(root).rows.map((r) => r.rules)).toEqual([["R-1"], ["R-2"]]);
  });

  it("a_cache_with_a_line_missing_or_added_or_a_byte_more_or_less_is_not_used", () => {
    const root = shardRepo(["`*.kt` | R-1 → rules/ |\n`*.ts` | R-2 → rules/ |\n"]);
    loadIndex(root);
    const file = String(cacheFile(root));
    const text = readFileSync(file, "utf8");
    const at = text.indexOf("R-2");
    for (const bad of [
      text.replace(/\n[^\n]*\n$/, "\n"),
      `${text}{}\n`,
      text.slice(0, -1),
      `${text.slice(0, at)}R-22${text.slice(at + 3)}`,
    ]) {
      writeFileSync(file, bad);
      const idx = loadIndex(root);
      expect(idx.cached).toBe(false);
      expect(idx.rows.map((r) => r.rules)).toEqual([["R-1"], ["R-2"]]);
    }
  });
});
