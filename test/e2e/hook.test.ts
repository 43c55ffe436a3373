import { spawn, spawnSync } from "node:child_process";
import {
  chownSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { Script } from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { fnv1a } from "../../src/router/index-build.js";
import { makeRouter } from "../fixtures/router/make-router.mjs";
import { repoWithScopedRules } from "./hook-helpers.js";

const HOOK = resolve("dist/hook.cjs");
const HOOK_BODY = resolve("dist/hook-body.cjs");
const CLI = resolve("dist/cli/main.js");
const PROFILE =
  "workspaces/org/fieldkit/source/fieldkit/feature/profile/src/commonMain/kotlin/ProfileScreen.kt";

let root = "";
beforeAll(() => {
  // The hook keeps its index cache and session state under the OS temp dir: give this file its own.
  process.env.TMPDIR = mkdtempSync(join(tmpdir(), "ac-hook-tmp-"));
  root = mkdtempSync(join(tmpdir(), "ac-hook-"));
  makeRouter(root);
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function hook(stdin: string, env: Record<string, string> = {}, args: string[] = []): Run {
  const r = spawnSync(process.execPath, [HOOK, ...args], {
    input: stdin,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 20_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const call = (dir: string, tool: string, input: Record<string, unknown>, session = `s-${Math.random()}`) =>
  JSON.stringify({
    session_id: session,
    cwd: dir,
    hook_event_name: "PreToolUse",
    permission_mode: "default",
    tool_name: tool,
    tool_input: input,
  });

/** Where dist/hook.cjs keeps the V8 code cache of `body` under the temp dir `tmp` (scripts/hook-loader.cjs). */
function codeCacheFile(tmp: string, body: string): string {
  const uid = process.getuid?.() ?? 0;
  return join(tmp, `agent-context-${uid}`, `hook-code-${fnv1a(body)}-${process.versions.v8}.cache`);
}

/** Whether `file` holds `body` byte for byte and V8 data this Node accepts for it. */
function cacheAccepted(file: string, body: string): boolean {
  const source = readFileSync(body);
  const cache = readFileSync(file);
  if (cache.readUInt32LE(0) !== source.length || !cache.subarray(4, 4 + source.length).equals(source))
    return false;
  const s = new Script(source.toString("utf8"), {
    filename: body,
    cachedData: cache.subarray(4 + source.length),
  });
  return !s.cachedDataRejected;
}

/** The only shape the hook may print: additionalContext and nothing that decides. */
function context(r: Run): string {
  expect(r.status).toBe(0);
  if (r.stdout === "") return "";
  const j = JSON.parse(r.stdout);
  expect(Object.keys(j)).toEqual(["hookSpecificOutput"]);
  expect(Object.keys(j.hookSpecificOutput)).toEqual(["hookEventName", "additionalContext"]);
  expect(j.hookSpecificOutput.hookEventName).toBe("PreToolUse");
  expect(r.stdout).not.toMatch(/permissionDecision|"decision"|"continue"/);
  return j.hookSpecificOutput.additionalContext;
}

describe("the bundled PreToolUse hook (dist/hook.cjs)", () => {
  it("injects_the_matched_rules_for_a_write", () => {
    const t = context(hook(call(root, "Write", { file_path: join(root, PROFILE), content: "x" })));
    expect(t).toContain(`rules that apply to Write \`${PROFILE}\``);
    for (const id of ["RULE-IMPL-DEAD-CLICKABLE-001", "RULE-TDD-GLOBAL-001", "RULE-CI-001"])
      expect(t).toContain(id);
    expect(t).toContain("=== RULE-CI-001 (layers/feature/rules/RULE-CI-001-pipeline-green.md)");
  });

  it("injects_for_a_bash_command_word_run", () => {
    const t = context(hook(call(root, "Bash", { command: "git add -A && git commit -m x" })));
    expect(t).toContain("RULE-GIT-STAGING-001");
  });

  it("prints_nothing_for_a_target_no_trigger_matches", () => {
    expect(context(hook(call(root, "Write", { file_path: join(root, "README.md") })))).toBe("");
  });

  it("accepts_the_hook_word_as_its_argument", () => {
    expect(context(hook(call(root, "Bash", { command: "npm publish" }), {}, ["hook"]))).toContain(
      "RULE-RELEASE-PUBLISH-001",
    );
  });

  it("the_cli_hook_command_answers_the_same", () => {
    const fast = hook(call(root, "Write", { file_path: join(root, PROFILE) }));
    const stdin = call(root, "Write", { file_path: join(root, PROFILE) });
    const slow = spawnSync(process.execPath, [CLI, "hook"], { input: stdin, encoding: "utf8" });
    expect(slow.status).toBe(0);
    expect(slow.stdout).toBe(fast.stdout);
  });

  it("the_dist_hook_mjs_entry_earlier_releases_installed_answers_the_same", () => {
    const fast = hook(call(root, "Write", { file_path: join(root, PROFILE) }));
    const legacy = spawnSync(process.execPath, [resolve("dist/hook.mjs")], {
      input: call(root, "Write", { file_path: join(root, PROFILE) }),
      encoding: "utf8",
    });
    expect(legacy.status).toBe(0);
    expect(legacy.stderr).toBe("");
    expect(context(fast)).toContain("RULE-TDD-GLOBAL-001");
    expect(legacy.stdout).toBe(fast.stdout);
  });

  it("a_call_loads_neither_the_esm_loader_nor_crypto_nor_streams", () => {
    // Start-up is most of a call (bench/hook.mjs): the entry is CommonJS and takes built-ins by require.
    const probe = join(mkdtempSync(join(tmpdir(), "ac-hook-mods-")), "mods.cjs");
    writeFileSync(
      probe,
      `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(`${probe}.txt`)}, process.moduleLoadList.join("\\n")));\n`,
    );
    // Stdin from a file, read through a descriptor (a socket, as Claude Code passes, needs process.stdin).
    writeFileSync(`${probe}.json`, call(root, "Write", { file_path: join(root, PROFILE) }));
    const fd = openSync(`${probe}.json`, "r");
    const r = spawnSync(process.execPath, ["--require", probe, HOOK], {
      stdio: [fd, "pipe", "pipe"],
      encoding: "utf8",
    });
    closeSync(fd);
    expect(context({ status: r.status, stdout: r.stdout, stderr: r.stderr })).toContain(
      "RULE-TDD-GLOBAL-001",
    );
    const loaded = readFileSync(`${probe}.txt`, "utf8").split("\n");
    for (const m of [
      "NativeModule crypto",
      "NativeModule stream",
      "NativeModule internal/modules/esm/translators",
      // `performance.now()` loads perf_hooks and ten more modules; the deadline's clock is process.uptime()
      "NativeModule perf_hooks",
    ])
      expect(loaded).not.toContain(m);
  });

  it("the_first_call_makes_the_code_cache_in_the_private_state_dir_and_this_node_accepts_it", () => {
    // dist/hook.cjs (scripts/hook-loader.cjs) writes it when a call that found none exits: the source's
    // length, the source, V8's data; a rejected cache would silently cost every call its compile.
    const env = { TMPDIR: mkdtempSync(join(tmpdir(), "ac-hook-cc-")) };
    const file = codeCacheFile(env.TMPDIR, HOOK_BODY);
    expect(existsSync(file)).toBe(false);
    const first = hook(call(root, "Write", { file_path: join(root, PROFILE) }), env);
    expect(context(first)).toContain("RULE-TDD-GLOBAL-001");
    expect(first.stderr).toBe("");
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
    expect(cacheAccepted(file, HOOK_BODY)).toBe(true);
    // The next call reads it and leaves it as it is.
    const made = statSync(file).mtimeMs;
    expect(hook(call(root, "Write", { file_path: join(root, PROFILE) }), env).stdout).toBe(first.stdout);
    expect(statSync(file).mtimeMs).toBe(made);
    // The package ships none (issue 29: it was a quarter of the tarball).
    expect(existsSync(`${HOOK_BODY}.cache`)).toBe(false);
  });

  it("the_hook_code_is_ascii_and_builds_no_table_it_never_uses", () => {
    // Every call holds this source in V8's young heap; more than ~1 MB allocated there costs a scavenge.
    const body = readFileSync(resolve("dist/hook-body.cjs"));
    // One non-ASCII character makes it a two-byte string: twice the bytes (src/router/shard.ts, `\u2192`).
    expect(body.findIndex((b) => b > 0x7f)).toBe(-1);
    // jsonc-parser's formatting tables (1,200 strings, ~340 KB of young heap) are for `format`, never called.
    expect(body.toString("latin1")).not.toContain("cachedBreakLinesWithSpaces");
  });

  it("a_missing_short_stale_or_rejected_code_cache_changes_nothing_of_the_answer_and_is_made_again", () => {
    const tmp = mkdtempSync(join(tmpdir(), "ac-hook-cc-"));
    const dir = mkdtempSync(join(tmpdir(), "ac-hook-cache-"));
    const body = readFileSync(HOOK_BODY);
    writeFileSync(join(dir, "hook.cjs"), readFileSync(HOOK));
    const cacheFile = codeCacheFile(tmp, join(dir, "hook-body.cjs"));
    // The cache a first call makes for this body.
    writeFileSync(join(dir, "hook-body.cjs"), body);
    const stdin = () => call(root, "Write", { file_path: join(root, PROFILE) });
    const run = () =>
      spawnSync(process.execPath, [join(dir, "hook.cjs")], {
        input: stdin(),
        encoding: "utf8",
        env: { ...process.env, TMPDIR: tmp },
      });
    const expected = run().stdout;
    expect(expected).toContain("rules that apply to Write");
    const cache = readFileSync(cacheFile);
    const v8Data = cache.subarray(4 + body.length);
    const header = (n: number) => {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(n);
      return b;
    };
    // A body rebuilt or edited to the same length: V8 checks only the length, so running the old body's
    // cached code instead of this one would show in the answer.
    const edited = Buffer.from(
      body.toString("latin1").replace("rules that apply to", "rules that apply on"),
      "latin1",
    );
    expect(edited.length).toBe(body.length);
    const cases: [string, Buffer, Buffer | null, string][] = [
      ["the first call's", body, cache, expected],
      ["missing", body, null, expected],
      ["empty", body, Buffer.alloc(0), expected],
      ["short", body, cache.subarray(0, 1000), expected],
      ["cut in V8's data", body, cache.subarray(0, 4 + body.length + 1000), expected],
      ["V8's data alone", body, v8Data, expected],
      [
        "another V8's",
        body,
        Buffer.concat([header(body.length), body, Buffer.from(v8Data).fill(0, 0, 16)]),
        expected,
      ],
      ["the old body's", edited, cache, expected.replace("rules that apply to", "rules that apply on")],
    ];
    for (const [what, source, bytes, answer] of cases) {
      writeFileSync(join(dir, "hook-body.cjs"), source);
      rmSync(cacheFile, { force: true });
      if (bytes) writeFileSync(cacheFile, bytes, { mode: 0o600 });
      const r = run();
      expect({ what, status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
        what,
        status: 0,
        stdout: answer,
        stderr: "",
      });
      // Whatever it found, the call leaves a cache of the body it ran.
      expect({ what, accepted: cacheAccepted(cacheFile, join(dir, "hook-body.cjs")) }).toEqual({
        what,
        accepted: true,
      });
    }
    // No body at all (a broken install): it fails open like the hook, with one line on stderr.
    rmSync(join(dir, "hook-body.cjs"));
    const alone = run();
    expect({ status: alone.status, stdout: alone.stdout }).toEqual({ status: 0, stdout: "" });
    expect(alone.stderr).toMatch(
      /^agent-context hook: cannot read .*hook-body\.cjs \(ENOENT\); nothing injected\n$/,
    );
  });

  it("a_code_cache_in_a_state_dir_another_user_owns_or_a_link_points_at_is_never_used", () => {
    // The attack: a cache holding the real source (so the byte check passes) with V8's code of another
    // body of the same length. In this user's own private directory it runs (the control); in one another
    // user owns or a link points at, the loader neither reads nor writes a cache.
    const body = readFileSync(HOOK_BODY);
    const dir = mkdtempSync(join(tmpdir(), "ac-hook-cache-"));
    writeFileSync(join(dir, "hook.cjs"), readFileSync(HOOK));
    const edited = Buffer.from(
      body.toString("latin1").replace("rules that apply to", "rules that apply on"),
      "latin1",
    );
    writeFileSync(join(dir, "hook-body.cjs"), edited);
    const learn = mkdtempSync(join(tmpdir(), "ac-hook-cc-"));
    const run = (tmp: string) =>
      spawnSync(process.execPath, [join(dir, "hook.cjs")], {
        input: call(root, "Write", { file_path: join(root, PROFILE) }),
        encoding: "utf8",
        env: { ...process.env, TMPDIR: tmp },
      });
    expect(run(learn).stdout).toContain("rules that apply on");
    const learned = readFileSync(codeCacheFile(learn, join(dir, "hook-body.cjs")));
    const poisoned = Buffer.concat([learned.subarray(0, 4), body, learned.subarray(4 + body.length)]);
    writeFileSync(join(dir, "hook-body.cjs"), body);
    const plant = (tmp: string) => {
      const f = codeCacheFile(tmp, join(dir, "hook-body.cjs"));
      mkdirSync(dirname(f), { recursive: true, mode: 0o700 });
      writeFileSync(f, poisoned, { mode: 0o600 });
      return f;
    };
    const control = mkdtempSync(join(tmpdir(), "ac-hook-cc-"));
    plant(control);
    expect(run(control).stdout).toContain("rules that apply on");

    const foreign = mkdtempSync(join(tmpdir(), "ac-hook-cc-"));
    const f = plant(foreign);
    const linked = mkdtempSync(join(tmpdir(), "ac-hook-cc-"));
    symlinkSync(dirname(f), join(linked, basename(dirname(f))));
    expect(run(linked).stdout).toContain("rules that apply to");
    if (process.getuid?.() === 0) {
      chownSync(dirname(f), 12345, 12345);
      expect(run(foreign).stdout).toContain("rules that apply to");
      expect(readFileSync(f).equals(poisoned)).toBe(true);
    }
  });

  it("injects_each_rule_once_per_session", () => {
    const sid = `once-${Math.random()}`;
    const first = context(hook(call(root, "Write", { file_path: join(root, PROFILE) }, sid)));
    expect(first).toContain("RULE-TDD-GLOBAL-001");
    const again = context(hook(call(root, "Write", { file_path: join(root, "a/src/x/Other.kt") }, sid)));
    expect(again).toBe("");
    const other = context(hook(call(root, "Write", { file_path: join(root, "a/src/x/Other.kt") })));
    expect(other).toContain("RULE-TDD-GLOBAL-001");
  });

  it("injects_again_when_session_state_cannot_be_kept", () => {
    const sid = `nostate-${Math.random()}`;
    const env = { TMPDIR: "/dev/null/not-a-dir" };
    const stdin = call(root, "Write", { file_path: join(root, "a/src/x/Other.kt") }, sid);
    expect(context(hook(stdin, env))).toContain("RULE-TDD-GLOBAL-001");
    expect(context(hook(stdin, env))).toContain("RULE-TDD-GLOBAL-001");
  });

  it("once_per_session_can_be_turned_off", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-hook-off-"));
    mkdirSync(join(dir, ".agent-context/routers"), { recursive: true });
    writeFileSync(join(dir, ".agent-context/routers/a.md"), "`*.kt` | R-1\n");
    writeFileSync(join(dir, ".agent-context.json"), '{"hook":{"oncePerSession":false}}');
    const stdin = call(dir, "Write", { file_path: join(dir, "x.kt") }, "fixed-session");
    expect(context(hook(stdin))).toContain("R-1");
    expect(context(hook(stdin))).toContain("R-1");
  });
});

describe("the hook fails open", () => {
  const noOutput = (r: Run) => {
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
  };

  it.each([
    ["garbage", "not json {"],
    ["empty", ""],
    ["an_array", "[1,2]"],
    ["a_string", '"x"'],
    ["binary", "\u0000\u0001\uFFFD"],
  ])("%s_stdin_exits_0_with_no_output", (_n, stdin) => {
    noOutput(hook(stdin));
  });

  it("no_tool_input_and_no_target_exit_0_with_no_output", () => {
    noOutput(hook(JSON.stringify({ tool_name: "Write", cwd: root })));
    noOutput(hook(call(root, "Write", {})));
    noOutput(hook(call(root, "Bash", { command: "   " })));
    noOutput(hook(call(root, "Write", { file_path: 42 })));
  });

  it("no_shards_exit_0_with_no_output", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-hook-none-"));
    mkdirSync(join(dir, ".git"));
    noOutput(hook(call(dir, "Write", { file_path: join(dir, "x.kt") })));
  });

  it("a_malformed_shard_gives_no_injection_and_a_line_on_stderr", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-hook-bad-"));
    mkdirSync(join(dir, ".agent-context/routers"), { recursive: true });
    writeFileSync(join(dir, ".agent-context/routers/bad.md"), "`*.kt R-1\n`*.kt`\n");
    const r = hook(call(dir, "Write", { file_path: join(dir, "x.kt") }));
    noOutput(r);
    expect(r.stderr).toContain("bad.md:1");
  });

  it("a_shard_that_is_a_fifo_and_a_rule_file_that_is_a_fifo_are_never_opened", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-hook-fifo-"));
    mkdirSync(join(dir, ".agent-context/routers"), { recursive: true });
    mkdirSync(join(dir, "rules"));
    spawnSync("mkfifo", [join(dir, ".agent-context/routers/fifo.md"), join(dir, "rules/R-1.md")]);
    writeFileSync(join(dir, ".agent-context/routers/ok.md"), "`*.kt` | R-1 → rules/\n");
    const t = context(hook(call(dir, "Write", { file_path: join(dir, "x.kt") })));
    expect(t).toContain("- R-1 → rules/");
    expect(t).not.toContain("=== R-1 (rules/R-1.md)\n");
  });

  it("a_malformed_config_gives_no_injection_and_names_the_file", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-hook-cfg-"));
    makeRouter(dir);
    writeFileSync(join(dir, ".agent-context.json"), "{oops");
    const r = hook(call(dir, "Write", { file_path: join(dir, PROFILE) }));
    noOutput(r);
    expect(r.stderr).toContain(".agent-context.json");
  });

  it("an_exception_inside_the_hook_exits_0_with_no_output", () => {
    const r = hook(call(root, "Write", { file_path: join(root, PROFILE) }), {
      AGENT_CONTEXT_HOOK_FAULT: "throw",
    });
    noOutput(r);
    expect(r.stderr).toContain("internal error");
  });

  it("a_stdin_that_never_ends_times_out_with_exit_0_and_no_output", async () => {
    const child = spawn(process.execPath, [HOOK], {
      env: { ...process.env, AGENT_CONTEXT_HOOK_TIMEOUT_MS: "300" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stdin.write('{"tool_name":"Write",');
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((res) => child.on("close", res));
    child.stdin.destroy();
    expect(code).toBe(0);
    expect(out).toBe("");
  });
});

describe("scoped rules and nested memory (trigger source 2) through the hook", () => {
  it("a_write_gets_nothing_from_the_hook_because_the_cli_attaches_those_files_itself", () => {
    const dir = repoWithScopedRules();
    expect(context(hook(call(dir, "Write", { file_path: join(dir, "sub/deep/new.kt") })))).toBe("");
    expect(context(hook(call(dir, "Bash", { command: "cat sub/deep/old.kt" })))).toBe("");
  });

  it("a_bash_command_the_cli_ignores_gets_the_matching_scoped_rule_and_nested_memory", () => {
    const dir = repoWithScopedRules();
    const t = context(hook(call(dir, "Bash", { command: "cp sub/deep/old.kt sub/deep/c.kt" })));
    expect(t).toContain("=== sub/CLAUDE.md (");
    expect(t).toContain("SUB-MEMORY-MARK");
    expect(t).toContain("=== .claude/rules/kt.md (");
    expect(t).not.toContain("CONF-RULE-MARK");
  });

  it("what_the_cli_attached_for_an_earlier_write_is_not_repeated_in_the_session", () => {
    const dir = repoWithScopedRules();
    const sid = `src2-${Math.random()}`;
    expect(context(hook(call(dir, "Write", { file_path: join(dir, "sub/deep/new.kt") }, sid)))).toBe("");
    expect(context(hook(call(dir, "Bash", { command: "cp sub/deep/old.kt sub/deep/c.kt" }, sid)))).toBe("");
    expect(context(hook(call(dir, "Bash", { command: "touch conf/app.yaml" }, sid)))).toContain(
      "CONF-RULE-MARK",
    );
  });

  it("a_nested_agents_md_the_cli_adds_only_after_a_read_is_not_counted_as_given_by_an_edit", () => {
    // An AGENTS.md-only repository: Claude Code 2.1.332's AGENTS.md plugin adds sub/AGENTS.md after a
    // Read below sub/, not after an Edit; so a later Bash command the CLI ignores still gets it.
    const dir = repoWithScopedRules();
    rmSync(join(dir, "sub/CLAUDE.md"));
    writeFileSync(join(dir, "AGENTS.md"), "ROOT-AGENTS-MARK\n");
    writeFileSync(join(dir, "sub/AGENTS.md"), "SUB-AGENTS-MARK\n");
    const sid = `agents-${Math.random()}`;
    hook(
      call(dir, "Edit", { file_path: join(dir, "sub/deep/old.kt"), old_string: "x", new_string: "y" }, sid),
    );
    const t = context(hook(call(dir, "Bash", { command: "cp sub/deep/old.kt sub/deep/c.kt" }, sid)));
    expect(t).toContain("SUB-AGENTS-MARK");
    expect(t).not.toContain("ROOT-AGENTS-MARK");
  });

  it("route_prints_the_same_for_a_command", () => {
    const dir = repoWithScopedRules();
    const r = spawnSync(process.execPath, [CLI, "route", "touch conf/app.yaml", "--tool", "Bash"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(r.stdout).toContain("=== .claude/rules/conf.md (");
    expect(r.stdout).toContain("CONF-RULE-MARK");
  });
});
