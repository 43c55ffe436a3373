/**
 * One release for every command (issue 32), through the built CLI: `route` and the hook answer for the
 * Claude Code release given (`route --agent-version`) or pinned (`agents.claude-code.release`), `init`
 * records the installed CLI's release (a real pinned `claude` on PATH), `cap --user` models the installed
 * release, and `lint` and `pointers` say the release they model.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeBin } from "../support/claude.js";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const HOOK = resolve(import.meta.dirname, "../../dist/hook.cjs");
/** A PATH without any `claude` (the system directories only). */
const BARE_PATH = ["/usr/local/bin", "/usr/bin", "/bin"].join(delimiter);

function run(args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, PATH: BARE_PATH, NO_COLOR: "1", XDG_STATE_HOME: join(cwd, ".state"), ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function repo(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-release-cmd-")));
  mkdirSync(join(root, ".git"));
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  return root;
}

/** A directory holding `claude`, a link to the pinned `release`'s binary: a PATH entry of an install. */
function pathWithClaude(release: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "ac-release-bin-")));
  symlinkSync(claudeBin(release), join(dir, "claude"));
  return [dir, BARE_PATH].join(delimiter);
}

const NESTED = { "CLAUDE.md": "root\n", "pkg/CLAUDE.md": "PKG-MEMORY-MARK\n", "pkg/a.txt": "a\n" };
const pinned = (release: string) => ({
  ".agent-context.json": JSON.stringify({ agents: { "claude-code": { release } } }),
});

/** Runs the installed hook on one PreToolUse event; its additionalContext ("" when none). */
function hook(root: string, tool: string, input: Record<string, unknown>): string {
  const r = spawnSync(process.execPath, [HOOK], {
    cwd: root,
    encoding: "utf8",
    input: JSON.stringify({
      session_id: `s-${Math.random().toString(36).slice(2)}`,
      hook_event_name: "PreToolUse",
      tool_name: tool,
      tool_input: input,
      cwd: root,
    }),
    // A loaded machine must not make the hook fail open here (its deadline is the watchdog's).
    env: { ...process.env, XDG_STATE_HOME: join(root, ".state"), AGENT_CONTEXT_HOOK_TIMEOUT_MS: "60000" },
  });
  expect(r.status, r.stderr).toBe(0);
  if (r.stdout.trim() === "") return "";
  return JSON.parse(r.stdout).hookSpecificOutput?.additionalContext ?? "";
}

describe("route answers for the release", () => {
  it("on_2_1_197_route_says_the_hook_delivers_the_nested_claude_md_for_cat_and_a_new_files_write_and_on_2_1_332_it_does_not", () => {
    const root = repo(NESTED);
    const cat = run(["route", "--tool", "Bash", "cat pkg/a.txt", "--agent-version", "2.1.197"], root);
    expect(cat.code).toBe(0);
    expect(cat.stdout).toContain("=== pkg/CLAUDE.md");
    expect(cat.stdout).toContain("Claude Code 2.1.197 would not attach it for this Bash call");
    expect(cat.stdout).toContain("PKG-MEMORY-MARK");
    expect(cat.stderr).toContain("as the hook serves Claude Code 2.1.197 (--agent-version; verified on it)");
    const write = run(["route", "pkg/new.ts", "--agent-version", "2.1.197"], root);
    expect(write.stdout).toContain("Claude Code 2.1.197 would not attach it for this Write call");
    for (const args of [
      ["route", "--tool", "Bash", "cat pkg/a.txt", "--agent-version", "2.1.332"],
      ["route", "pkg/new.ts", "--agent-version", "2.1.332"],
    ])
      expect(run(args, root).stdout).not.toContain("PKG-MEMORY-MARK");
    // The default release is not said (as in cap and lint): every other line of route names a file.
    expect(run(["route", "pkg/new.ts"], root).stderr).not.toContain("as the hook serves");
  });

  it("route_answers_at_each_boundary_as_the_release_ranges_say_cat_from_2_1_293_write_from_2_1_288", () => {
    const root = repo(NESTED);
    const delivers = (args: string[], release: string) =>
      run([...args, "--agent-version", release, "--json"], root).stdout.includes("pkg/CLAUDE.md");
    const cat = ["route", "--tool", "Bash", "cat pkg/a.txt"];
    const write = ["route", "pkg/new.ts"];
    expect([delivers(cat, "2.1.292"), delivers(cat, "2.1.293")]).toEqual([true, false]);
    expect([delivers(write, "2.1.287"), delivers(write, "2.1.288")]).toEqual([true, false]);
  });

  it("route_models_the_configured_release_and_json_names_it_and_why", () => {
    const root = repo({ ...NESTED, ...pinned("2.1.250") });
    const r = run(["route", "pkg/new.ts", "--json"], root);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.release).toEqual({ version: "2.1.250", why: "configured", basis: "release-ranges" });
    expect(j.onRead.map((o: { path: string }) => o.path)).toEqual(["pkg/CLAUDE.md"]);
    // --agent-version wins over the configuration.
    const given = JSON.parse(
      run(["route", "pkg/new.ts", "--json", "--agent-version", "2.1.332"], root).stdout,
    );
    expect(given.release.why).toBe("--agent-version");
    expect(given.onRead).toEqual([]);
  });

  it("route_with_a_release_the_model_does_not_know_is_a_usage_error_listing_the_known", () => {
    const root = repo(NESTED);
    const r = run(["route", "pkg/new.ts", "--agent-version", "2.0.1"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--agent-version 2.0.1: the Claude Code model knows 2.1.332, 2.1.197");
  });
});

describe("the hook models the configured release", () => {
  it("with_agents_claude_code_release_2_1_197_the_hook_delivers_the_nested_claude_md_for_cat_and_without_it_not", () => {
    const old = repo({ ...NESTED, ...pinned("2.1.197") });
    expect(hook(old, "Bash", { command: "cat pkg/a.txt" })).toContain("PKG-MEMORY-MARK");
    expect(hook(old, "Write", { file_path: join(old, "pkg/new.ts"), content: "x" })).toContain(
      "PKG-MEMORY-MARK",
    );
    const current = repo(NESTED);
    expect(hook(current, "Bash", { command: "cat pkg/a.txt" })).not.toContain("PKG-MEMORY-MARK");
    expect(hook(current, "Write", { file_path: join(current, "pkg/new.ts"), content: "x" })).not.toContain(
      "PKG-MEMORY-MARK",
    );
  });
});

describe("init records the installed release", () => {
  it("with_a_claude_cli_on_path_init_records_its_release_and_says_so", () => {
    const root = repo({ "CLAUDE.md": "root\n" });
    const r = run(["init"], root, { PATH: pathWithClaude("2.1.197") });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "agents.claude-code.release set to 2.1.197, the Claude Code CLI installed here",
    );
    expect(r.stdout).toContain("launch total: 4 bytes as Claude Code 2.1.197 loads it");
    const config = JSON.parse(readFileSync(join(root, ".agent-context.json"), "utf8"));
    expect(config.agents).toEqual({ "claude-code": { release: "2.1.197" } });
    // cap now models it, saying why.
    expect(run(["cap"], root).stdout).toContain("Claude Code 2.1.197 (agents.claude-code.release)");
  });

  it("an_existing_configuration_gains_the_release_in_place_and_one_pinning_a_release_is_left_as_it_is", () => {
    const text = '{\n    "cap": 9000\n}\n';
    const root = repo({ "CLAUDE.md": "root\n", ".agent-context.json": text });
    const r = run(["init"], root, { PATH: pathWithClaude("2.1.197") });
    expect(r.code).toBe(0);
    expect(readFileSync(join(root, ".agent-context.json"), "utf8")).toBe(
      '{\n    "cap": 9000,\n    "agents": {\n        "claude-code": {\n            "release": "2.1.197"\n        }\n    }\n}\n',
    );
    const kept = repo({ "CLAUDE.md": "root\n", ...pinned("2.1.250") });
    const again = run(["init"], kept, { PATH: pathWithClaude("2.1.197") });
    expect(again.stdout).not.toContain("release set to");
    expect(JSON.parse(readFileSync(join(kept, ".agent-context.json"), "utf8")).agents).toEqual({
      "claude-code": { release: "2.1.250" },
    });
  });

  it("without_a_claude_cli_init_records_no_release_and_says_nothing_of_one", () => {
    const root = repo({ "CLAUDE.md": "root\n" });
    const r = run(["init"], root);
    expect(r.code).toBe(0);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/release|installed here/);
    expect(JSON.parse(readFileSync(join(root, ".agent-context.json"), "utf8")).agents).toBeUndefined();
  });

  it("a_claude_of_a_release_the_model_does_not_know_is_said_and_neither_recorded_by_init_nor_modelled_by_cap_user", () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "ac-release-bin-")));
    writeFileSync(join(dir, "claude"), "#!/bin/sh\necho '1.0.0 (Claude Code)'\n", { mode: 0o755 });
    const PATH = [dir, BARE_PATH].join(delimiter);
    const root = repo({ "CLAUDE.md": "root\n" });
    const init = run(["init"], root, { PATH });
    expect(init.code).toBe(0);
    expect(init.stderr).toContain("agent-context init: Claude Code 1.0.0 (");
    expect(init.stderr).toContain("is a release the model does not know");
    expect(init.stderr).toContain("; not recorded — run `agent-context verify --probes`");
    expect(JSON.parse(readFileSync(join(root, ".agent-context.json"), "utf8")).agents).toBeUndefined();
    const cap = run(["cap", "--user", "--json"], root, { PATH });
    expect(cap.stderr).toContain("agent-context cap: Claude Code 1.0.0 (");
    expect(cap.stderr).toContain("; modelled as the configured or newest verified release —");
    expect(JSON.parse(cap.stdout).release.why).not.toBe("installed");
  });
});

describe("every command says the release it models", () => {
  it("cap_user_models_the_installed_release_found_on_path_or_given_with_cli_and_the_fresh_clone_view_the_default", () => {
    const root = repo({ "AGENTS.md": "agents only\n" });
    // 2.1.197 loads no AGENTS.md at launch; 2.1.332 does.
    const user = JSON.parse(
      run(["cap", "--user", "--json"], root, { PATH: pathWithClaude("2.1.197") }).stdout,
    );
    expect([user.agentVersion, user.release.why, user.total]).toEqual(["2.1.197", "installed", 0]);
    const cli = JSON.parse(run(["cap", "--user", "--json", "--cli", claudeBin("2.1.197")], root).stdout);
    expect([cli.agentVersion, cli.release.why]).toEqual(["2.1.197", "installed"]);
    const fresh = JSON.parse(run(["cap", "--json"], root, { PATH: pathWithClaude("2.1.197") }).stdout);
    expect([fresh.agentVersion, fresh.release.why]).toEqual(["2.1.332", "default"]);
    expect(fresh.total).toBeGreaterThan(0);
    const text = run(["cap", "--user"], root, { PATH: pathWithClaude("2.1.197") }).stdout;
    expect(text).toContain("Claude Code 2.1.197 (the CLI installed here)");
    expect(run(["cap", "--cli", claudeBin("2.1.197")], root).code).toBe(2);
  });

  it("lint_and_pointers_model_the_configured_release_and_say_it", () => {
    const root = repo({ "CLAUDE.md": "root\n", ...pinned("2.1.250") });
    expect(run(["lint"], root).stderr).toContain(
      "agent-context lint: modelling Claude Code 2.1.250 (agents.claude-code.release in .agent-context.json; modelled from release ranges)",
    );
    expect(run(["lint"], repo({ "CLAUDE.md": "root\n" })).stderr).not.toContain("modelling");
    const config = realpathSync(mkdtempSync(join(tmpdir(), "ac-release-cfg-")));
    const p = run(["pointers", "--config-dir", config, "--dry-run", "--json"], root);
    expect(p.code).toBe(0);
    expect(JSON.parse(p.stdout).agentVersion).toBe("2.1.250");
    const text = run(["pointers", "--config-dir", config, "--dry-run"], repo({ "CLAUDE.md": "root\n" }));
    expect(text.stdout).toContain(
      "for Claude Code 2.1.332 (the newest verified; pin one with agents.claude-code.release in .agent-context.json; verified on it)",
    );
  });
});
