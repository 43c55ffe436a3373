/**
 * One hook room (issue 9): the bundled `dist/hook.cjs` that `init` installs and `agent-context hook` run the
 * same chain (router rules, on-read gaps, pointers), and the installed hook serves hook-route pointers
 * written with any `--prefix` (`pointers --hook` is gone). Built CLI, real files, no mocks.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { makeRouter } from "../fixtures/router/make-router.mjs";
import { repoWithScopedRules } from "./hook-helpers.js";

const HOOK = resolve("dist/hook.cjs");
const CLI = resolve("dist/cli/main.js");
const PROFILE =
  "workspaces/org/fieldkit/source/fieldkit/feature/profile/src/commonMain/kotlin/ProfileScreen.kt";

function w(p: string, t: string) {
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, t);
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one entry on `stdin`, each run with a temp dir of its own (index cache and session state start
 * cold, so two runs see the same state).
 */
function entry(args: string[], stdin: string, env: Record<string, string> = {}): Run {
  const r = spawnSync(process.execPath, args, {
    input: stdin,
    encoding: "utf8",
    env: { ...process.env, TMPDIR: mkdtempSync(join(tmpdir(), "ac-hook-room-tmp-")), ...env },
    timeout: 20_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
const bundled = (stdin: string, env?: Record<string, string>) => entry([HOOK], stdin, env);
const viaCli = (stdin: string, env?: Record<string, string>) => entry([CLI, "hook"], stdin, env);

const event = (cwd: string, tool: string, input: Record<string, unknown>, session = "room-session") =>
  JSON.stringify({
    session_id: session,
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: input,
  });

function context(r: Run): string {
  expect(r.status).toBe(0);
  if (r.stdout === "") return "";
  const j = JSON.parse(r.stdout);
  expect(Object.keys(j.hookSpecificOutput)).toEqual(["hookEventName", "additionalContext"]);
  expect(r.stdout).not.toMatch(/permissionDecision|"decision"|"continue"/);
  return j.hookSpecificOutput.additionalContext;
}

/** An app, an added directory `lib` next to it with a scoped rule and nested memory, and a config dir. */
function harness() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-hook-room-")));
  const app = join(root, "app");
  const lib = join(root, "lib");
  const cfg = join(root, "cfg");
  mkdirSync(join(app, ".git"), { recursive: true });
  w(join(lib, ".claude/rules/api.md"), '---\npaths:\n  - "src/**/*.ts"\n---\nLIB-RULE-BODY\n');
  w(join(lib, "src/x/a.ts"), "a\n");
  w(join(lib, "sub/CLAUDE.md"), "LIB-MEMORY\n");
  return { root, app, lib, cfg };
}

function pointers(args: string[]): Run {
  const r = spawnSync(process.execPath, [CLI, "pointers", ...args], { encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("one hook room", () => {
  it("agent_context_hook_and_the_bundled_entry_give_the_same_output_for_the_same_event", () => {
    const routed = mkdtempSync(join(tmpdir(), "ac-hook-room-router-"));
    makeRouter(routed);
    const scoped = repoWithScopedRules("ac-hook-room-src2-");
    const bad = mkdtempSync(join(tmpdir(), "ac-hook-room-bad-"));
    w(join(bad, ".agent-context/routers/bad.md"), "`*.kt R-1\n`*.kt` | R-2\n");
    const { app, lib, cfg } = harness();
    expect(pointers(["--config-dir", cfg, "--cwd", app, "--add-dir", lib]).status).toBe(0);
    const events: [string, string, Record<string, string>?][] = [
      ["router rules for a Write", event(routed, "Write", { file_path: join(routed, PROFILE) })],
      ["a Bash word run", event(routed, "Bash", { command: "git add -A && git commit -m x" })],
      ["an on-read gap", event(scoped, "Bash", { command: "cp sub/deep/old.kt sub/deep/c.kt" })],
      ["what the CLI attaches itself", event(scoped, "Write", { file_path: join(scoped, "sub/deep/n.kt") })],
      [
        "a hook-route pointer",
        event(app, "Read", { file_path: join(lib, "src/x/a.ts") }),
        { CLAUDE_CONFIG_DIR: cfg },
      ],
      ["a malformed shard", event(bad, "Write", { file_path: join(bad, "x.kt") })],
      ["no target", event(routed, "Write", {})],
      ["garbage", "not json {"],
    ];
    const answered: string[] = [];
    for (const [name, stdin, env] of events) {
      const a = bundled(stdin, env);
      const b = viaCli(stdin, env);
      expect({ name, ...b }).toEqual({ name, ...a });
      if (context(a) !== "") answered.push(name);
    }
    // the comparison is not of empty answers only
    expect(answered).toEqual([
      "router rules for a Write",
      "a Bash word run",
      "an on-read gap",
      "a hook-route pointer",
      "a malformed shard", // its second row stands
    ]);
  });

  it("pointers_written_with_a_custom_prefix_are_served_by_the_hook", () => {
    const { app, lib, cfg } = harness();
    expect(
      pointers(["--config-dir", cfg, "--cwd", app, "--add-dir", lib, "--prefix", "ci_run-7"]).status,
    ).toBe(0);
    const stdin = event(app, "Read", { file_path: join(lib, "src/x/a.ts") });
    for (const run of [bundled, viaCli]) {
      const t = context(run(stdin, { CLAUDE_CONFIG_DIR: cfg }));
      expect(t).toContain(join(lib, ".claude/rules/api.md"));
      expect(t).not.toContain("LIB-RULE-BODY"); // a pointer, not the rule
    }
    expect(
      context(bundled(event(app, "Read", { file_path: join(lib, "sub/q.txt") }), { CLAUDE_CONFIG_DIR: cfg })),
    ).toContain(join(lib, "sub/CLAUDE.md"));
    expect(
      context(bundled(event(app, "Read", { file_path: join(lib, "other.txt") }), { CLAUDE_CONFIG_DIR: cfg })),
    ).toBe("");
  });

  it("pointers_of_two_prefixes_in_one_config_dir_are_both_served", () => {
    const { root, app, lib, cfg } = harness();
    const lib2 = join(root, "lib2");
    w(join(lib2, "CLAUDE.md"), "LIB2-MEMORY\n");
    expect(pointers(["--config-dir", cfg, "--cwd", app, "--add-dir", lib]).status).toBe(0);
    expect(pointers(["--config-dir", cfg, "--cwd", app, "--add-dir", lib2, "--prefix", "other"]).status).toBe(
      0,
    );
    const env = { CLAUDE_CONFIG_DIR: cfg };
    expect(context(bundled(event(app, "Read", { file_path: join(lib, "src/x/a.ts") }), env))).toContain(
      join(lib, ".claude/rules/api.md"),
    );
    expect(context(bundled(event(app, "Read", { file_path: join(lib2, "a.txt") }), env))).toContain(
      join(lib2, "CLAUDE.md"),
    );
  });

  it("a_user_rule_with_absolute_globs_that_no_pointers_run_wrote_is_never_injected", () => {
    const { app, lib, cfg } = harness();
    w(join(cfg, "rules/mine-001.md"), `---\npaths:\n  - "${lib}/**"\n---\nMY-OWN-RULE-TEXT\n`);
    const t = context(
      bundled(event(app, "Read", { file_path: join(lib, "src/x/a.ts") }), { CLAUDE_CONFIG_DIR: cfg }),
    );
    expect(t).toBe("");
  });

  it("pointers_has_no_hook_option_any_more_the_installed_hook_serves_pointers", () => {
    const { app, cfg } = harness();
    const r = pointers(["--config-dir", cfg, "--cwd", app, "--hook"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--hook");
    const help = spawnSync(process.execPath, [CLI, "pointers", "--help"], { encoding: "utf8" });
    expect(help.stdout).not.toContain("--hook");
  });

  it("router_rules_and_a_pointer_for_the_same_file_share_one_answer_under_one_byte_bound", () => {
    // The repository root holds the app (the session's cwd) and an added directory beside it: a file in
    // the added directory fires the repository's router and a hook-route pointer in one call.
    const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-hook-room-both-")));
    const app = join(root, "app");
    const lib = join(root, "lib");
    const cfg = join(root, "cfg");
    mkdirSync(join(root, ".git"), { recursive: true });
    mkdirSync(app, { recursive: true });
    w(join(root, ".agent-context/routers/a.md"), "`lib/**/*.ts` | R-LIB → rules/\n");
    w(join(root, "rules/R-LIB.md"), "ROUTED-RULE-TEXT\n");
    w(join(lib, ".claude/rules/api.md"), '---\npaths:\n  - "src/**/*.ts"\n---\nLIB-RULE-BODY\n');
    w(join(lib, "src/x/a.ts"), "a\n");
    expect(pointers(["--config-dir", cfg, "--cwd", app, "--add-dir", lib, "--prefix", "p"]).status).toBe(0);
    const stdin = event(app, "Read", { file_path: join(lib, "src/x/a.ts") });
    const t = context(bundled(stdin, { CLAUDE_CONFIG_DIR: cfg }));
    expect(t).toContain("ROUTED-RULE-TEXT");
    expect(t).toContain(join(lib, ".claude/rules/api.md"));
    expect(t.indexOf("ROUTED-RULE-TEXT")).toBeLessThan(t.indexOf(join(lib, ".claude/rules/api.md")));
    expect(viaCli(stdin, { CLAUDE_CONFIG_DIR: cfg }).stdout).toBe(
      bundled(stdin, { CLAUDE_CONFIG_DIR: cfg }).stdout,
    );
  });
});
