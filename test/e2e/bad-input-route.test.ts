/**
 * Bad input for `route`, `explain` and the PreToolUse hook: pathological triggers, absurd targets, a bad
 * --cwd. Each must answer (no hang: every run is bounded by a 20 s kill, and a killed run fails the test),
 * with the right exit status and no stack trace. Fixtures are generated here, in temp dirs.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CLI = resolve("dist/cli/main.js");
const HOOK = resolve("dist/hook.cjs");

let root = "";
const tmps: string[] = [];

function write(base: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, rel)), { recursive: true });
    writeFileSync(join(base, rel), text);
  }
}

interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI or hook. With `--cwd DIR` (an existing directory) the process also starts in DIR, so a relative
 * target means the same file to `route`/`explain` (relative to the process's directory) and to the hook.
 */
function run(file: string, args: string[], input?: string, env: Record<string, string> = {}): Run {
  const at = args.indexOf("--cwd");
  const dir = at >= 0 ? args[at + 1] : undefined;
  const r = spawnSync(process.execPath, [file, ...args], {
    cwd: dir && statSync(dir, { throwIfNoEntry: false })?.isDirectory() ? dir : undefined,
    input,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 20_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** A made-up path of `n` segments `seg`, then `last`. */
const deepPath = (n: number, seg: string, last: string) => `${Array(n).fill(seg).join("/")}/${last}`;

const hookCall = (tool: string, input: Record<string, unknown>) =>
  JSON.stringify({ session_id: `s-${Math.random()}`, cwd: root, tool_name: tool, tool_input: input });

beforeAll(() => {
  process.env.TMPDIR = mkdtempSync(join(tmpdir(), "ac-bad-route-tmp-"));
  tmps.push(process.env.TMPDIR);
  root = realpathSync(mkdtempSync(join(tmpdir(), "ac-bad-route-")));
  tmps.push(root);
  write(root, {
    ".git/HEAD": "ref: refs/heads/main\n",
    ".agent-context/routers/patho.md": [
      "`**/**/**/**/**/**/*a*a*a*a*a*a*b` | R-STARS → rules/ |",
      "`a/**/a/**/a/**/b` | R-GLOBSTARS → rules/ |",
      "`src/**/*.ts` | R-TS → rules/ |",
      "",
    ].join("\n"),
    "rules/R-STARS.md": "stars rule\n",
    "rules/R-GLOBSTARS.md": "globstars rule\n",
    "rules/R-TS.md": "ts rule\n",
    // A scoped rule, so the on-read model (nested memory, gitignore) is consulted for every target.
    ".claude/rules/ts.md": '---\npaths: ["**/*.ts"]\n---\nscoped ts rule\n',
  });
});
afterAll(() => {
  for (const d of tmps) rmSync(d, { recursive: true, force: true });
});

describe("pathological triggers and targets", () => {
  // Before: `*a*a*a*a*a*a*b` backtracked combinatorially inside each long segment (10 s for 400 segments
  // of 30 characters; this target did not finish), and `a/**/a/**/a/**/b` multiplied the backtracking by
  // the number of segments per `**` (did not finish in minutes). Fixed in src/globs/trigger.ts.
  const starsMiss = deepPath(60, "a".repeat(60), `${"a".repeat(60)}c`);
  const globstarsMiss = deepPath(1500, "a", "c");

  it("a_trigger_with_many_stars_answers_a_long_path_that_misses_without_hanging", () => {
    const r = run(CLI, ["route", starsMiss, "--cwd", root, "--json"]);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).rows).toEqual([]);
  });

  it("a_trigger_with_many_globstars_answers_a_path_of_1500_segments_that_misses_without_hanging", () => {
    const r = run(CLI, ["route", globstarsMiss, "--cwd", root, "--json"]);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain("R-GLOBSTARS");
  });

  it("the_pathological_triggers_still_fire_where_they_match", () => {
    const hit = run(CLI, ["route", deepPath(30, "a".repeat(40), "xaXaYaZaWaVaUb"), "--cwd", root]);
    expect(hit.status).toBe(0);
    expect(hit.stdout).toContain("R-STARS");
    const hit2 = run(CLI, ["route", deepPath(500, "a", "b"), "--cwd", root]);
    expect(hit2.status).toBe(0);
    expect(hit2.stdout).toContain("R-GLOBSTARS");
    const miss = run(CLI, ["route", "a/a/b/a/x", "--cwd", root]);
    expect(miss.stdout).not.toContain("R-GLOBSTARS");
  });

  it("the_hook_answers_the_pathological_cases_with_status_0_and_no_decision", () => {
    for (const p of [starsMiss, globstarsMiss]) {
      const r = run(HOOK, [], hookCall("Write", { file_path: p }));
      expect(r.signal).toBeNull();
      expect(r.status).toBe(0);
      expect(r.stdout).toBe("");
    }
  });

  // Before: the hook's nested-memory pre-check and the on-read model walked every segment of the target
  // with quadratic path joining and gitignore matching: route, explain and the hook (fast entry and CLI)
  // ran past 20 s. Fixed in src/hook/handlers/on-read.ts (then src/router/onread.ts) and src/agents/claude-code/on-read.ts.
  const tenK = deepPath(10_000, "x", "y.ts");

  it("a_target_of_ten_thousand_segments_is_routed_explained_and_hooked_without_hanging", () => {
    for (const r of [
      run(CLI, ["route", tenK, "--cwd", root, "--json"]),
      run(CLI, ["explain", tenK, "--cwd", root, "--json"]),
      run(HOOK, [], hookCall("Write", { file_path: tenK })),
      run(HOOK, [], hookCall("Bash", { command: `touch ${tenK}` })),
      run(CLI, ["hook"], hookCall("Write", { file_path: tenK })),
    ]) {
      expect(r.signal).toBeNull();
      expect(r.status).toBe(0);
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    }
  });

  // Before: a doubled globstar in a `routers` glob compiled to an invalid regular expression: an internal
  // error with a stack trace. Fixed in src/globs/trigger.ts (`**/**` is `**`).
  it("a_routers_glob_with_a_doubled_globstar_is_not_an_internal_error", () => {
    const d = realpathSync(mkdtempSync(join(tmpdir(), "ac-bad-route-")));
    tmps.push(d);
    write(d, {
      ".agent-context.json": '{"routers": ["docs/**/**"]}\n',
      "docs/router.md": "`src/**` | R1 → rules/ |\n",
    });
    const r = run(CLI, ["route", "src/a.ts", "--cwd", d]);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("R1");
  });
});

describe("a bad --cwd", () => {
  // Before: route exited 0 with no output for a --cwd that is missing or a file; explain named it "DIR".
  it("route_and_explain_reject_a_missing_or_file_cwd_with_status_2_naming_the_option", () => {
    writeFileSync(join(root, "plain-file"), "x\n");
    for (const cmd of ["route", "explain"]) {
      const missing = run(CLI, [cmd, "x.ts", "--cwd", join(root, "nope")]);
      expect(missing.status).toBe(2);
      expect(missing.stderr).toBe(`agent-context: --cwd ${join(root, "nope")}: no such directory\n`);
      const file = run(CLI, [cmd, "x.ts", "--cwd", join(root, "plain-file")]);
      expect(file.status).toBe(2);
      expect(file.stderr).toBe(`agent-context: --cwd ${join(root, "plain-file")}: not a directory\n`);
    }
  });
});
