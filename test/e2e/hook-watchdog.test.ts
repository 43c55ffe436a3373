/**
 * The hook's watchdog holds for every input: the built hook, run as `init` installs it (`node <abs>/dist/hook.cjs`
 * through a shell), fed generated worst inputs — 50,000 scoped rules, a Bash command naming 200,000 paths, a
 * 1 MB link-heavy unscoped rule, a router trigger and a rule glob that cannot compile next to good ones, a
 * Bash command over 8 KB — exits 0 within its bound with empty or valid PreToolUse JSON, and the good rows
 * still inject. The bound is made small (AGENT_CONTEXT_HOOK_TIMEOUT_MS) so it bites quickly; before the
 * process deadline (src/fs/deadline.ts) these calls took 18 s, 34 s and over 60 s.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolTarget } from "../../src/hook/targets.js";

const HOOK = resolve("dist/hook.cjs");
const CLI = resolve("dist/cli/main.js");
/** The watchdog's timeout for the slow cases (ms); the deadline is 80% of it. */
const TIMEOUT_MS = 1500;
/**
 * What a run may take beyond TIMEOUT_MS: starting `sh` and Node on a loaded 2-core machine, and writing a
 * 4 MB stdin. Generous, yet far below what the unbounded hook took (18 s to past 60 s).
 */
const SLACK_MS = 2500;

const tmps: string[] = [];
let tmp = "";

function write(base: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, rel)), { recursive: true });
    writeFileSync(join(base, rel), text);
  }
}

function repo(name: string, files: Record<string, string> = {}): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `ac-watchdog-${name}-`)));
  tmps.push(dir);
  write(dir, { ".git/HEAD": "ref: refs/heads/main\n", ...files });
  return dir;
}

interface HookRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  stdout: string;
  stderr: string;
  /** The additionalContext, "" for empty stdout; throws when stdout is not valid PreToolUse JSON. */
  context: string;
}

/** Runs the hook as `init` installs it: `node <abs>/dist/hook.cjs`, through a shell. */
function runHook(
  root: string,
  tool: string,
  input: Record<string, unknown>,
  timeoutMs?: number,
  stateTmp = tmp,
): HookRun {
  const stdin = JSON.stringify({
    session_id: `s-${Math.random()}`,
    cwd: root,
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: input,
  });
  const t = performance.now();
  const r = spawnSync("/bin/sh", ["-c", `node "${HOOK}"`], {
    cwd: root,
    input: stdin,
    encoding: "utf8",
    env: {
      ...process.env,
      TMPDIR: stateTmp,
      ...(timeoutMs ? { AGENT_CONTEXT_HOOK_TIMEOUT_MS: String(timeoutMs) } : {}),
    },
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - t;
  let context = "";
  if (r.stdout !== "") {
    const out = JSON.parse(r.stdout) as {
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(Object.keys(out)).toEqual(["hookSpecificOutput"]);
    expect(out.hookSpecificOutput.hookEventName).toBe("PreToolUse");
    context = out.hookSpecificOutput.additionalContext;
  }
  return { status: r.status, signal: r.signal, ms, stdout: r.stdout, stderr: r.stderr, context };
}

function expectWithinBound(r: HookRun): void {
  expect(r.signal).toBeNull();
  expect(r.status).toBe(0);
  expect(r.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

let rules50k = "";
let huge = "";
let bad = "";

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "ac-watchdog-tmp-"));
  tmps.push(tmp);
  rules50k = repo("rules50k", { "src/a.ts": "x\n" });
  mkdirSync(join(rules50k, ".claude/rules"), { recursive: true });
  for (let i = 0; i < 50_000; i++)
    writeFileSync(
      join(rules50k, ".claude/rules", `r${i}.md`),
      `---\npaths: ["src/m${i}/**"]\n---\nrule ${i}\n`,
    );
  huge = repo("huge", {
    ".claude/rules/huge.md": "See [x](y) and `z` @q.md <!-- c --> [a][b] *e* _f_\n".repeat(20_000),
    ".claude/rules/ts.md": '---\npaths: ["**/*.ts"]\n---\nTS-SCOPED-MARK\n',
    "src/a.ts": "x\n",
  });
  bad = repo("bad", {
    ".agent-context/routers/bad.md": [
      `\`${"*a".repeat(3000)}b\` | BAD-STARS → rules/ |`,
      "`src/**/*.ts` | GOOD → rules/ |",
      "`git push` | PUSH → rules/ |",
      "",
    ].join("\n"),
    "rules/GOOD.md": "GOOD-RULE-MARK\n",
    "rules/BAD-STARS.md": "BAD-STARS-MARK\n",
    "rules/PUSH.md": "PUSH-RULE-MARK\n",
    ".claude/rules/nest.md": `---\npaths: ["${"[".repeat(5000)}a${"]".repeat(5000)}"]\n---\nNEST-MARK\n`,
    ".claude/rules/ts.md": '---\npaths: ["**/*.ts"]\n---\nTS-SCOPED-MARK\n',
    "src/a.ts": "x\n",
  });
}, 60_000);

afterAll(() => {
  for (const d of tmps) rmSync(d, { recursive: true, force: true });
});

describe("the hook's watchdog holds for every input", () => {
  it("fifty_thousand_scoped_rules_end_within_the_bound_with_status_0_and_empty_or_valid_output", () => {
    const r = runHook(rules50k, "Bash", { command: "cp src/a.ts src/m7/b.ts" }, TIMEOUT_MS);
    expectWithinBound(r);
  });

  it("a_bash_command_naming_200000_paths_ends_within_the_bound_with_status_0_and_empty_or_valid_output", () => {
    const paths = Array.from({ length: 200_000 }, (_, i) => `src/d${i % 100}/f${i}.ts`).join(" ");
    const r = runHook(bad, "Bash", { command: `cp ${paths} out/` }, TIMEOUT_MS);
    expectWithinBound(r);
  });

  it("a_one_megabyte_link_heavy_rule_ends_within_the_bound_with_status_0_and_empty_or_valid_output", () => {
    const r = runHook(huge, "Bash", { command: "cp src/a.ts src/b.ts" }, TIMEOUT_MS);
    expectWithinBound(r);
  });

  it("a_call_stopped_at_its_deadline_says_so_on_stderr_and_prints_nothing", () => {
    const r = runHook(rules50k, "Bash", { command: "cp src/a.ts src/m7/b.ts" }, TIMEOUT_MS);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(
      "stopped at its deadline (1200 ms, 80% of the 1500 ms watchdog); nothing injected",
    );
  });
});

describe("one bad trigger or rule glob costs only its row", () => {
  it("a_trigger_that_cannot_compile_and_a_glob_of_5000_nested_brackets_leave_the_good_rows_injected", () => {
    // `src/ab.ts` contains the bad trigger's required literal "ab", so its regex is tried for this target.
    for (const input of [{ command: "cp src/a.ts src/ab.ts" }, { file_path: "src/ab.ts" }]) {
      const r = runHook(bad, "command" in input ? "Bash" : "Write", input);
      expect(r.status).toBe(0);
      expect(r.context).toContain("GOOD-RULE-MARK");
      expect(r.context).not.toContain("BAD-STARS-MARK");
      expect(r.context).not.toContain("NEST-MARK");
      if ("command" in input) expect(r.context).toContain("TS-SCOPED-MARK");
    }
  });

  it("the_hook_names_the_shard_and_line_of_a_trigger_it_cannot_use", () => {
    // A fresh state directory: the index is built (a cached index was reported when it was built).
    const fresh = mkdtempSync(join(tmpdir(), "ac-watchdog-tmp-"));
    tmps.push(fresh);
    const r = runHook(bad, "Write", { file_path: "src/ab.ts" }, undefined, fresh);
    expect(r.stderr).toMatch(
      /\.agent-context\/routers\/bad\.md:1: trigger `\*a\*a.*` is not used \(longer than 1,024 characters\)/,
    );
  });

  it("route_and_lint_report_the_bad_trigger_as_a_finding_naming_the_file_not_a_stack_trace", () => {
    const opts = {
      cwd: bad,
      encoding: "utf8" as const,
      env: { ...process.env, TMPDIR: tmp },
      timeout: 30_000,
    };
    const route = spawnSync(process.execPath, [CLI, "route", "src/ab.ts", "--json"], opts);
    expect(route.status).toBe(0);
    expect(route.stderr).not.toMatch(/internal error|\n\s+at /);
    const json = JSON.parse(route.stdout) as { rows: { rules: string[] }[] };
    expect(json.rows.flatMap((r) => r.rules)).toEqual(["GOOD"]);
    const lint = spawnSync(process.execPath, [CLI, "lint", "--format", "json"], opts);
    expect(lint.stderr).not.toMatch(/internal error|\n\s+at /);
    expect([0, 1]).toContain(lint.status);
    expect(lint.stdout).toContain(".agent-context/routers/bad.md");
    expect(lint.stdout).toMatch(/is not used \(longer than 1,024 characters\)/);
  });
});

describe("long targets are shortened in the header, never the rules dropped", () => {
  it("a_bash_command_over_8_kb_still_injects_its_rules_under_the_8192_byte_bound", () => {
    const command = `git push ${"x".repeat(9000)} src/a.ts`;
    const r = runHook(bad, "Bash", { command });
    expect(r.status).toBe(0);
    expect(r.context).toContain("PUSH-RULE-MARK");
    expect(r.context).toContain("GOOD-RULE-MARK");
    expect(r.context).toContain(`(${Buffer.byteLength(command).toLocaleString("en-US")} bytes in all)`);
    expect(Buffer.byteLength(r.context)).toBeLessThanOrEqual(8192);
  });
});

describe("path-like words are de-duplicated in linear time", () => {
  it("a_command_naming_200000_distinct_paths_parses_into_200000_targets_within_seconds", () => {
    const paths = Array.from({ length: 200_000 }, (_, i) => `d${i % 100}/f${i}.ts`);
    const t = toolTarget("Bash", { command: `cp ${paths.join(" ")} ${paths[0]}` }, "/r", "/home/u");
    expect(t?.kind).toBe("command");
    expect(t?.kind === "command" ? t.files.length : 0).toBe(200_000);
  }, 15_000);
});
