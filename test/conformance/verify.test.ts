/**
 * `agent-context verify` as a user runs it: the built CLI, the real pinned agent CLIs found on PATH or
 * given with --cli, real temp repositories. Output, exit codes, --read, --save-case, --json, the errors
 * (exit 2), and the safety properties: nothing but loopback traffic, a throwaway home, no repository hook,
 * nothing written into the repository.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runClaudeCli } from "../../src/agents/claude-code/verify.js";
import { agentById } from "../../src/agents/index.js";
import { startTrap } from "../../src/verify/upstream.js";
import { claudeBin, runClaude } from "../support/claude.js";
import { spawned } from "../support/cli-run.js";
import { AGENTS_DIR } from "../support/process.js";

const EXAMPLE = resolve(import.meta.dirname, "../../examples/acme-shop");
/** The pinned install's bin directory: `claude` (2.1.332) and `codex`, as a user's PATH would hold them. */
const BIN_DIR = join(AGENTS_DIR, "node_modules/.bin");
const CLAUDE_2_1_332 = join(BIN_DIR, "claude");
const CLAUDE_2_1_197 = claudeBin("2.1.197");
/** PATH with the pinned claude and codex first (as a user's install would be found). */
const AGENTS_PATH = `${BIN_DIR}:${process.env.PATH ?? ""}`;
const claudeKnows197 = agentById("claude-code").releases.includes("2.1.197");
/** Whether this machine lets this user make a network namespace (then verify uses one). */
const NAMESPACES =
  process.platform === "linux" &&
  spawnSync("unshare", ["--user", "--map-root-user", "--net", "true"], { stdio: "ignore" }).status === 0;

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function temp(prefix = "ac-verify-e2e-"): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(d);
  return d;
}

function writeTree(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** A copy of the example repository (its own git repository). */
function exampleCopy(): string {
  const d = join(temp(), "acme-shop");
  cpSync(EXAMPLE, d, { recursive: true });
  return d;
}

interface Run {
  status: number | null;
  /** stdout without its last line when that says how the CLI was isolated (see `isolation`). */
  stdout: string;
  stderr: string;
  /** The `isolation: ...` line the text output ends with ("" for JSON and errors). */
  isolation: string;
}

/** Splits the closing `isolation: ...` line off a text output. */
function splitIsolation(out: string): { stdout: string; isolation: string } {
  const m = /(?:^|\n)(isolation: [^\n]*)\n$/.exec(out);
  return m
    ? { stdout: out.slice(0, out.length - (m[1] as string).length - 1), isolation: m[1] as string }
    : { stdout: out, isolation: "" };
}

/** Runs the built `agent-context verify ...args` in `cwd`. */
async function verify(args: string[], opts: { cwd: string; env?: Record<string, string> }): Promise<Run> {
  const env: Record<string, string> = { PATH: AGENTS_PATH, HOME: process.env.HOME ?? "/root", ...opts.env };
  const { status, stdout, stderr } = await spawned(["verify", ...args], { cwd: opts.cwd, env, timeout: 0 });
  return { status, stderr, ...splitIsolation(stdout) };
}

/** Every entry under `root` with its type, size, mode, mtime and content hash: any write shows. */
function treeState(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      const st = lstatSync(p);
      const hash = st.isFile() ? createHash("sha256").update(readFileSync(p)).digest("hex") : "";
      out.push(`${p} ${st.mode} ${st.size} ${st.mtimeMs} ${hash}`);
      if (st.isDirectory()) visit(p);
    }
  };
  visit(root);
  return out;
}

describe("verify on the example repository", () => {
  it("claude_code_2_1_332_on_path_agrees_with_the_model_in_one_line", async () => {
    const r = await verify([], { cwd: exampleCopy() });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(
      "verify: Claude Code 2.1.332 agrees with the model on this repository — 7 files, 1809 bytes at launch as sent (framing and paths included; cap charges 2146), and 3 skill, subagent and command entries\n",
    );
    expect(r.status).toBe(0);
  });

  it("claude_code_2_1_197_given_with_cli_agrees_and_says_which_model_release_it_was_compared_with", async () => {
    const r = await verify(["--cli", CLAUDE_2_1_197], { cwd: exampleCopy() });
    expect(r.stdout).toBe(
      claudeKnows197
        ? "verify: Claude Code 2.1.197 agrees with the model on this repository — 7 files, 1809 bytes at launch as sent (framing and paths included; cap charges 2146), and 3 skill, subagent and command entries\n"
        : "the model does not know Claude Code 2.1.197: compared with the nearest release it knows, 2.1.332\n" +
            "verify: Claude Code 2.1.197 agrees with the model of 2.1.332 on this repository — 7 files, 1809 bytes at launch as sent (framing and paths included; cap charges 2146), and 3 skill, subagent and command entries\n",
    );
    expect(r.status).toBe(0);
  });

  it("codex_on_path_agrees_with_the_model", async () => {
    const r = await verify(["--agent", "codex"], { cwd: exampleCopy() });
    expect(r.stdout).toBe(
      "verify: Codex 0.171.0 agrees with the model on this repository — 1 file, 290 bytes at launch\n",
    );
    expect(r.status).toBe(0);
  });

  it("a_read_attaches_the_same_files_on_both_claude_code_releases", async () => {
    const root = exampleCopy();
    const args = ["--read", "packages/api/src/routes/users.ts", "--json"];
    const [a, b] = await Promise.all([
      verify(args, { cwd: root }),
      verify([...args, "--cli", CLAUDE_2_1_197], { cwd: root }),
    ]);
    const ja = JSON.parse(a.stdout);
    const jb = JSON.parse(b.stdout);
    expect(ja.reads).toEqual([{ file: "packages/api/src/routes/users.ts", files: 2, bytes: 393 }]);
    expect(jb.reads).toEqual(ja.reads);
    expect([ja.disagreements, jb.disagreements]).toEqual([[], []]);
    expect([a.status, b.status]).toEqual([0, 0]);
  });

  it("json_names_the_cli_the_model_release_the_launch_and_the_traffic", async () => {
    const r = await verify(["--json", "--agent-version", "2.1.332"], { cwd: exampleCopy() });
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      agent: { id: "claude-code", name: "Claude Code" },
      cli: { path: CLAUDE_2_1_332, release: "2.1.332" },
      model: { release: "2.1.332", exact: true, chosen: "--agent-version" },
      launch: { files: 7, bytes: 1809, charged: 2146, entries: 3 },
      disagreements: [],
      traffic: { loopback: [], refused: [] },
      agrees: true,
    });
    expect(j.copied).toContain("CLAUDE.md");
    expect(j.copied).not.toContain("package.json");
  });
});

describe("verify reports a disagreement with the case to report", () => {
  it("a_cli_release_compared_with_another_model_release_prints_every_difference_and_exits_1", async () => {
    const root = temp();
    writeTree(root, { "AGENTS.md": "Use pnpm.\n" });
    const r = await verify(["--cli", CLAUDE_2_1_197, "--agent-version", "2.1.332"], { cwd: root });
    expect(r.stdout).toBe(
      [
        "compared with the model of Claude Code 2.1.332 (--agent-version), not 2.1.197",
        "verify: Claude Code 2.1.197 disagrees with the model of 2.1.332 on this repository — 1 difference:",
        "  AGENTS.md (launch): the model delivers a file your CLI does not",
        '    model:    delivered, 9 bytes: "Use pnpm."',
        "    your CLI: not delivered",
        "report it at https://github.com/agent-context/agent-context/issues with the reproducing case: rerun with --save-case DIR (writes the instruction files only)",
        "",
      ].join("\n"),
    );
    expect(r.status).toBe(1);
  });

  it("save_case_writes_the_instruction_files_only_and_the_case_outside_the_repository", async () => {
    const root = temp();
    writeTree(root, {
      "AGENTS.md": "See @docs/style.md\n",
      "docs/style.md": "Style.\n",
      "src/secret.ts": "const key = 1;\n",
      "package.json": "{}\n",
      ".claude/settings.json": '{"hooks":{"SessionStart":[]},"env":{"X":"1"},"claudeMdExcludes":["x/**"]}\n',
    });
    const out = join(temp(), "case");
    const r = await verify(["--cli", CLAUDE_2_1_197, "--agent-version", "2.1.332", "--save-case", out], {
      cwd: root,
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`with the case written to ${out} (instruction files only)`);
    const files: string[] = [];
    const walk = (d: string, pre: string) => {
      for (const n of readdirSync(d).sort()) {
        if (lstatSync(join(d, n)).isDirectory()) walk(join(d, n), `${pre}${n}/`);
        else files.push(`${pre}${n}`);
      }
    };
    walk(out, "");
    expect(files).toEqual([".claude/settings.json", "AGENTS.md", "docs/style.md", "verify-case.json"]);
    expect(readFileSync(join(out, ".claude/settings.json"), "utf8")).toBe(
      '{\n  "claudeMdExcludes": [\n    "x/**"\n  ]\n}\n',
    );
    expect(JSON.parse(readFileSync(join(out, "verify-case.json"), "utf8"))).toMatchObject({
      agent: "claude-code",
      cliRelease: "2.1.197",
      modelRelease: "2.1.332",
      cwd: ".",
    });
  });

  it("save_case_inside_the_repository_or_into_a_non_empty_directory_is_refused", async () => {
    const root = temp();
    writeTree(root, { "CLAUDE.md": "m\n" });
    const inside = await verify(["--save-case", "case"], { cwd: root });
    expect(inside.stderr).toBe(
      "agent-context: --save-case " +
        join(root, "case") +
        ": inside the repository; verify writes nothing there — pick a directory outside it\n",
    );
    expect(inside.status).toBe(2);
    expect(existsSync(join(root, "case"))).toBe(false);
    const full = temp();
    writeFileSync(join(full, "x"), "x");
    const nonEmpty = await verify(["--save-case", full], { cwd: root });
    expect(nonEmpty.stderr).toBe(
      `agent-context: --save-case ${full}: not empty; give a new or empty directory\n`,
    );
    expect(nonEmpty.status).toBe(2);
  });
});

describe("verify exits 2 with a clear message when the CLI cannot be used", () => {
  it("a_cli_not_on_path_names_the_executable_and_the_remedy", async () => {
    const r = await verify([], { cwd: temp(), env: { PATH: "/nonexistent" } });
    expect(r.stderr).toBe(
      "agent-context: Claude Code: `claude` is not on PATH; install it (npm install -g @anthropic-ai/claude-code@2.1.332, the release the model is verified on), or give its path with --cli\n",
    );
    expect(r.status).toBe(2);
  });

  it("a_cli_path_that_is_missing_or_not_executable_is_named", async () => {
    const root = temp();
    writeFileSync(join(root, "notes.txt"), "x");
    const [missing, plain] = await Promise.all([
      verify(["--cli", "nowhere/claude"], { cwd: root }),
      verify(["--cli", "notes.txt"], { cwd: root }),
    ]);
    expect(missing.stderr).toBe("agent-context: --cli nowhere/claude: no such file\n");
    expect(plain.stderr).toBe("agent-context: --cli notes.txt: not an executable file\n");
    expect([missing.status, plain.status]).toEqual([2, 2]);
  });

  it("a_program_whose_version_line_is_not_the_agents_is_refused_before_it_runs", async () => {
    const r = await verify(["--cli", "/bin/echo"], { cwd: temp() });
    expect(r.stderr).toMatch(
      /^agent-context: Claude Code CLI \/bin\/echo: `--version` printed "echo \(GNU coreutils\)[^\n]*", not a version line verify knows \(claude of another tool, or a format this release of agent-context cannot read\)\n$/,
    );
    expect(r.status).toBe(2);
  });

  it("a_run_over_the_timeout_is_killed_and_reported", async () => {
    const root = temp();
    writeTree(root, { "CLAUDE.md": "m\n" });
    const r = await verify(["--timeout", "0.2"], { cwd: root });
    expect(r.stderr).toBe(
      "agent-context: Claude Code 2.1.332 (" +
        CLAUDE_2_1_332 +
        "): did not finish within 0.2 s (killed; raise --timeout)\n",
    );
    expect(r.status).toBe(2);
  });

  it("an_unknown_agent_version_lists_the_known_ones", async () => {
    const r = await verify(["--agent-version", "9.9.9"], { cwd: temp() });
    expect(r.stderr).toMatch(
      /^agent-context: --agent-version 9\.9\.9: the Claude Code model knows 2\.1\.332\b.*; pass one of them with --agent-version\n$/,
    );
    expect(r.status).toBe(2);
  });

  it("a_read_outside_the_repository_and_a_read_for_codex_are_usage_errors", async () => {
    const root = temp();
    writeTree(root, { "AGENTS.md": "a\n" });
    const [outside, codex] = await Promise.all([
      verify(["--read", "/etc/hostname"], { cwd: root }),
      verify(["--agent", "codex", "--read", "AGENTS.md"], { cwd: root }),
    ]);
    expect(outside.stderr).toBe(`agent-context: --read /etc/hostname: must be inside ${root}\n`);
    expect(codex.stderr).toBe(
      "agent-context: --read: Codex attaches nothing when it reads a file; verify compares its launch only\n",
    );
    expect([outside.status, codex.status]).toEqual([2, 2]);
  });
});

describe("verify is safe to run on any repository", () => {
  it("a_repository_hook_runs_under_the_cli_but_never_under_verify", async () => {
    const root = temp();
    const marks = temp("ac-verify-marks-");
    const hook = (name: string) => [{ hooks: [{ type: "command", command: `touch ${join(marks, name)}` }] }];
    writeTree(root, {
      "CLAUDE.md": "memory\n",
      ".claude/settings.json": JSON.stringify({
        hooks: { SessionStart: hook("session"), UserPromptSubmit: hook("prompt"), PreToolUse: hook("tool") },
        statusLine: { type: "command", command: `touch ${join(marks, "status")}` },
      }),
    });
    // The hooks are real: the CLI run in the repository itself fires them.
    await runClaude({ cwd: root });
    expect(readdirSync(marks).sort()).toEqual(["prompt", "session"]);
    rmSync(join(marks, "prompt"));
    rmSync(join(marks, "session"));
    const r = await verify(["--read", "CLAUDE.md"], { cwd: root });
    expect(r.status).toBe(0);
    expect(readdirSync(marks)).toEqual([]);
  });

  it("the_users_home_and_config_dir_are_never_read_or_written", async () => {
    const root = temp();
    writeTree(root, { "CLAUDE.md": "project\n", "AGENTS.md": "agents\n" });
    const home = temp("ac-verify-realhome-");
    writeTree(home, {
      ".claude/CLAUDE.md": "USER MEMORY 6d1f\n",
      ".claude/settings.json": '{"env":{"ANTHROPIC_BASE_URL":"https://example.invalid"}}\n',
      "cfg/CLAUDE.md": "CONFIG DIR MEMORY 6d1f\n",
      ".codex/AGENTS.md": "GLOBAL CODEX 6d1f\n",
    });
    const before = treeState(home);
    const env = { HOME: home, CLAUDE_CONFIG_DIR: join(home, "cfg"), CODEX_HOME: join(home, ".codex") };
    const [claude, codex] = await Promise.all([
      verify(["--json"], { cwd: root, env }),
      verify(["--json", "--agent", "codex"], { cwd: root, env }),
    ]);
    // Loaded user memory would be a file the model does not predict (the fresh-clone view has none).
    expect(JSON.parse(claude.stdout)).toMatchObject({ agrees: true, launch: { files: 1, bytes: 7 } });
    expect(JSON.parse(codex.stdout)).toMatchObject({ agrees: true, launch: { files: 1 } });
    expect(`${claude.stdout}${codex.stdout}`).not.toContain("6d1f");
    expect(treeState(home)).toEqual(before);
  });

  it("nothing_is_written_into_the_repository", async () => {
    const root = exampleCopy();
    // A hook that would write into the repository if the CLI ever ran in it with its settings.
    const write = [{ hooks: [{ type: "command", command: `touch ${join(root, "hook-wrote")}` }] }];
    writeTree(root, { ".claude/settings.json": JSON.stringify({ hooks: { SessionStart: write } }) });
    const before = treeState(root);
    await Promise.all([
      verify(["--read", "packages/web/src/api/client.ts"], { cwd: root }),
      verify(["--agent", "codex", "--cwd", "packages/api"], { cwd: root }),
    ]);
    expect(treeState(root)).toEqual(before);
  });

  it("nothing_but_loopback_traffic_leaves_either_cli", async () => {
    const root = exampleCopy();
    const runs = await Promise.all([
      verify(["--json"], { cwd: root }),
      verify(["--json", "--cli", CLAUDE_2_1_197], { cwd: root }),
      verify(["--json", "--agent", "codex"], { cwd: root }),
    ]);
    const traffic = runs.map((r) => JSON.parse(r.stdout).traffic);
    expect(traffic.map((t) => t.refused)).toEqual([[], [], []]);
    // 2.1.197 may probe its API base (the loopback upstream) with HEAD / before the first request.
    expect(traffic[0].loopback).toEqual([]);
    expect(traffic[1].loopback.filter((l: string) => l !== "HEAD /")).toEqual([]);
    expect(traffic[2].loopback).toEqual([]);
  });

  it("the_output_says_the_cli_ran_in_its_own_network_namespace_where_one_can_be_made_and_the_trap_proxy_otherwise", async () => {
    const root = temp();
    writeTree(root, { "CLAUDE.md": "m\n" });
    const [own, off] = await Promise.all([
      verify([], { cwd: root }),
      verify([], { cwd: root, env: { AGENT_CONTEXT_VERIFY_NAMESPACE: "off" } }),
    ]);
    expect(own.isolation).toBe(
      NAMESPACES
        ? "isolation: the CLI ran in its own network namespace (loopback only)"
        : expect.stringMatching(/^isolation: no network namespace \(/),
    );
    expect(off.isolation).toBe(
      "isolation: no network namespace (AGENT_CONTEXT_VERIFY_NAMESPACE=off); the CLI ran with a loopback-only environment and the trap proxy",
    );
    expect([own.stdout, own.status, off.status]).toEqual([off.stdout, 0, 0]);
  });

  it("the_users_base_url_and_proxies_never_reach_the_cli", async () => {
    // A service on this machine's loopback that a CLI following a repository's base URL would reach.
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? "");
      res.end("{}");
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const port = (server.address() as AddressInfo).port;
    try {
      const root = temp();
      writeTree(root, { "CLAUDE.md": "m\n" });
      // The environment verify builds for the CLI starts from nothing: these never reach it.
      const r = await verify(["--json"], {
        cwd: root,
        env: { ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, HTTPS_PROXY: `http://127.0.0.1:${port}` },
      });
      expect(JSON.parse(r.stdout)).toMatchObject({ agrees: true, traffic: { refused: [] } });
      expect(hits).toEqual([]);
    } finally {
      server.close();
    }
  });

  it("the_trap_proxy_sees_a_cli_that_tries_to_leave_the_machine", async () => {
    const trap = await startTrap();
    try {
      const root = temp();
      writeTree(root, { "CLAUDE.md": "m\n" });
      await runClaudeCli({
        bin: CLAUDE_2_1_332,
        cwd: root,
        env: {
          ANTHROPIC_BASE_URL: "https://api.anthropic.com",
          HTTPS_PROXY: trap.url,
          NO_PROXY: "127.0.0.1",
        },
        timeoutMs: 4_000,
      });
      expect(trap.attempts[0]).toEqual({ method: "CONNECT", target: "api.anthropic.com:443" });
    } finally {
      await trap.close();
    }
  });
});
