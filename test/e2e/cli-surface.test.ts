/**
 * One command-line surface (src/cli/options.ts): every command takes the same DIR (default: found upward
 * from the working directory: the nearest .agent-context.json, else the git top level, else the directory
 * itself) and the same --cwd (relative to the current directory). The built CLI on real temp git
 * repositories.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agentContext } from "../support/cli-run.js";
import { type CapJson, CLI, cleanup, commit, git, tempRepo } from "./cap-helpers.js";

afterAll(cleanup);

/** Runs the built CLI in `cwd` (no CI variables, no colour, its own state dir). */
async function run(args: string[], cwd: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", XDG_STATE_HOME: join(cwd, ".state") };
  for (const k of ["CI", "GITHUB_ACTIONS", "GITHUB_BASE_REF"]) delete env[k];
  const r = await agentContext([...args], { cwd, env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A git repository shaped like examples/acme-shop: root memory importing docs, a nested package. */
const SHOP = {
  ".agent-context.json": '{ "cap": 3000 }\n',
  "CLAUDE.md": "# Shop\n\n@docs/conventions.md\n",
  "docs/conventions.md": "Conventions for the whole shop.\n",
  "packages/api/CLAUDE.md": "# API\n\nValidate every request body.\n",
  "packages/api/src/users.ts": "export const users = [];\n",
  ".agent-context/routers/api.md":
    "# Router: api\n\n`packages/api/src/**` | RULE-API-001 → .agent-context/rules/api/ |\n",
  ".agent-context/rules/api/RULE-API-001.md": "# RULE-API-001\n\nValidate every request body.\n",
};

function shop(files: Record<string, string> = SHOP): string {
  const root = tempRepo(files);
  git(root, "init", "-q");
  return root;
}

describe("DIR found upward", () => {
  it("cap_run_from_a_subdirectory_finds_the_repository_config_upward", async () => {
    const root = shop();
    const api = join(root, "packages/api");
    const here = await run(["cap", "--json"], api);
    expect(here.code).toBe(0);
    const j = JSON.parse(here.stdout) as CapJson;
    expect(j).toMatchObject({ root, cwd: api, cap: 3000 });
    expect(j.items.map((i) => i.path)).toEqual(["CLAUDE.md", "packages/api/CLAUDE.md"]);
    // The same measurement as naming DIR and --cwd from elsewhere.
    const named = await run(["cap", root, "--cwd", api, "--json"], realpathSync("/"));
    expect(JSON.parse(named.stdout)).toEqual(j);
    // The in-repository import outside packages/api is explained as such, never "move it into the repository".
    const text = await run(["cap"], api);
    expect(text.stdout).toContain("for a launch in packages/api/");
    expect(text.stderr).toContain(
      "docs/conventions.md: imported by CLAUDE.md but lies outside the working directory (packages/api)",
    );
    expect(text.stderr).not.toContain("inside the repository");
  });

  it("the_example_repository_measured_from_packages_api_equals_dir_and_cwd_named_from_the_top", async () => {
    const top = join(import.meta.dirname, "../..");
    const api = join(top, "examples/acme-shop/packages/api");
    const fromApi = await run(["cap"], api);
    const fromTop = await run(["cap", "examples/acme-shop", "--cwd", "examples/acme-shop/packages/api"], top);
    expect(fromApi.code).toBe(0);
    expect(fromApi).toEqual(fromTop);
    expect(fromApi.stdout).toContain("1367 bytes of launch context for a launch in packages/api/");
    expect(fromApi.stderr).not.toContain("inside the repository");
  });

  it("the_nearest_config_wins_over_the_git_top_level", async () => {
    const root = shop({
      "CLAUDE.md": "top\n",
      "sub/.agent-context.json": '{ "cap": 2000 }\n',
      "sub/CLAUDE.md": "sub\n",
      "sub/deep/x.txt": "x\n",
    });
    const j = JSON.parse((await run(["cap", "--json"], join(root, "sub/deep"))).stdout) as CapJson;
    expect(j).toMatchObject({ root: join(root, "sub"), cwd: join(root, "sub/deep"), cap: 2000 });
  });

  it("without_a_config_the_git_top_level_is_the_root_also_for_a_worktree_whose_git_is_a_file", async () => {
    const main = tempRepo({ "CLAUDE.md": "main\n", "pkg/CLAUDE.md": "pkg\n" });
    git(main, "init", "-q");
    commit(main, {}, "first");
    const wt = join(tempRepo(), "wt");
    git(main, "worktree", "add", "-q", wt);
    expect(existsSync(join(wt, ".git"))).toBe(true);
    const inMain = JSON.parse((await run(["cap", "--json"], join(main, "pkg"))).stdout) as CapJson;
    expect(inMain).toMatchObject({ root: main, cwd: join(main, "pkg"), cap: 4096 });
    const inWt = JSON.parse((await run(["cap", "--json"], join(wt, "pkg"))).stdout) as CapJson;
    expect(inWt).toMatchObject({ root: wt, cwd: join(wt, "pkg") });
  });

  it("with_neither_config_nor_git_the_current_directory_is_the_root", async () => {
    const d = tempRepo({ "a/CLAUDE.md": "a\n" });
    const j = JSON.parse((await run(["cap", "--json"], join(d, "a"))).stdout) as CapJson;
    expect(j).toMatchObject({ root: join(d, "a"), cwd: join(d, "a") });
  });

  it("lint_and_init_run_from_a_subdirectory_judge_the_repository_found_upward", async () => {
    const root = shop();
    const api = join(root, "packages/api");
    const lint = await run(["lint", "--json"], api);
    expect(JSON.parse(lint.stdout).root).toBe(root);
    const bare = shop({ "CLAUDE.md": "x\n", "pkg/a.txt": "a\n" });
    const init = await run(["init", "--dry-run"], join(bare, "pkg"));
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(/\.agent-context\.json/);
    expect(existsSync(join(bare, ".agent-context.json"))).toBe(false);
    await run(["init"], join(bare, "pkg"));
    expect(existsSync(join(bare, ".agent-context.json"))).toBe(true);
    expect(existsSync(join(bare, "pkg/.agent-context.json"))).toBe(false);
  });
});

describe("a directory with no instruction files", () => {
  const NONE =
    "holds no instruction files for any agent (Claude Code, Codex, Gemini CLI or GitHub Copilot CLI loads nothing there); run it on the repository, or pass its root as DIR\n";

  it("cap_lint_and_report_say_in_one_line_that_no_agent_loads_anything_there_and_keep_their_verdict", async () => {
    // Issue 29: `cap` on such a folder said only "0 bytes"; the likely mistake is the directory.
    const root = shop({ "main.go": "package main\n", "docs/notes.md": "Not for any agent.\n" });
    for (const cmd of ["cap", "lint", "report"]) {
      const r = await run([cmd], root);
      expect({ cmd, code: r.code, stderr: r.stderr }).toEqual({
        cmd,
        code: 0,
        stderr: `agent-context: . ${NONE}`,
      });
    }
    const sub = join(root, "docs");
    expect((await run(["cap", root], sub)).stderr).toBe(`agent-context: .. ${NONE}`);
  });

  it("a_repository_where_only_one_agent_loads_a_nested_or_scoped_file_is_not_empty", async () => {
    // Nothing loads at the root's launch for Claude Code, but Codex's nested AGENTS.md and a scoped rule
    // are instruction files: no line.
    const cases: Record<string, string>[] = [
      { "packages/api/AGENTS.md": "# API\n" },
      { ".claude/rules/api.md": "---\npaths: packages/api/**\n---\nValidate.\n" },
    ];
    for (const files of cases) {
      const r = await run(["cap"], shop(files));
      expect({ files, code: r.code, stderr: r.stderr }).toEqual({ files, code: 0, stderr: "" });
    }
  });
});

describe("a mistyped command or option", () => {
  it("gets_the_suggestion_and_one_line_pointing_at_the_help_not_the_whole_help", async () => {
    // Issue 29: the whole help followed the suggestion.
    const root = shop();
    const command = await run(["cpa"], root);
    expect({ code: command.code, stdout: command.stdout }).toEqual({ code: 2, stdout: "" });
    expect(command.stderr).toBe(
      "error: unknown command 'cpa'\n(Did you mean cap?)\n(run `agent-context --help` for the commands)\n",
    );
    const option = await run(["lint", "--fxi"], root);
    expect({ code: option.code, stdout: option.stdout }).toEqual({ code: 2, stdout: "" });
    expect(option.stderr).toBe(
      "error: unknown option '--fxi'\n(Did you mean --fix?)\n(run `agent-context lint --help` for its options)\n",
    );
  });
});

describe("one meaning of DIR and --cwd", () => {
  it("every_command_takes_dir_and_cwd_with_one_meaning", async () => {
    const root = shop();
    const packages = join(root, "packages");
    // --cwd is taken from the current directory (packages/), not from DIR: `api` is packages/api.
    const capJ = JSON.parse((await run(["cap", root, "--cwd", "api", "--json"], packages)).stdout) as CapJson;
    expect(capJ).toMatchObject({ root, cwd: join(root, "packages/api") });
    // route: a Bash command's words are relative to --cwd; DIR named as the second positional.
    const route = await run(
      ["route", "cat src/users.ts", root, "--tool", "Bash", "--cwd", "api", "--json"],
      packages,
    );
    expect(route.code).toBe(0);
    const rj = JSON.parse(route.stdout);
    expect(rj.root).toBe(root);
    expect(rj.paths).toContain("packages/api/src/users.ts");
    expect(rj.rows).toHaveLength(1);
    // explain: the launch set is the launch in --cwd (packages/api/CLAUDE.md loads at launch there).
    const ex = await run(["explain", "api/src/users.ts", root, "--cwd", "api", "--json"], packages);
    expect(ex.code).toBe(0);
    const launch = JSON.parse(ex.stdout).launch.map((i: { path: string }) => i.path);
    expect(launch).toEqual(capJ.items.map((i) => i.path));
    // Without DIR every command finds the same root upward, and without --cwd runs where it was started.
    const capUp = JSON.parse((await run(["cap", "--json"], join(root, "packages/api"))).stdout) as CapJson;
    expect(capUp).toEqual(capJ);
    const routeUp = JSON.parse(
      (await run(["route", "src/users.ts", "--json"], join(root, "packages/api"))).stdout,
    );
    expect(routeUp.root).toBe(root);
    expect(routeUp.target).toBe("packages/api/src/users.ts");
    const mapUp = await run(["route", "--map"], join(root, "packages/api"));
    expect(mapUp.stdout).toContain("api");
    expect((await run(["route", "--map", root], realpathSync("/"))).stdout).toBe(mapUp.stdout);
  });

  it("every_command_documents_dir_and_cwd_in_the_same_words", async () => {
    const root = shop();
    const helps = Object.fromEntries(
      await Promise.all(
        ["cap", "route", "explain", "lint", "init", "report"].map(
          async (c) => [c, (await run([c, "--help"], root)).stdout] as const,
        ),
      ),
    );
    const oneLine = (s: string) => s.replace(/\s+/g, " ");
    for (const [c, h] of Object.entries(helps)) {
      expect(oneLine(h), c).toContain(
        "repository root, where .agent-context.json lives (default: found upward",
      );
    }
    for (const c of ["cap", "route", "explain"]) {
      expect(oneLine(helps[c] as string), c).toContain(
        "--cwd <dir> directory the agent runs in, relative to the current directory",
      );
    }
  });

  it("a_cwd_outside_dir_missing_or_a_file_is_the_same_usage_error_in_every_command", async () => {
    const root = shop();
    const other = tempRepo();
    mkdirSync(join(other, "d"));
    const cases: [string[], string][] = [
      [["--cwd", join(other, "d")], `--cwd ${join(other, "d")}: must be inside ${root}`],
      [["--cwd", "nope"], "--cwd nope: no such directory"],
      [["--cwd", "CLAUDE.md"], "--cwd CLAUDE.md: not a directory"],
    ];
    for (const [flags, message] of cases) {
      for (const args of [
        ["cap", root],
        ["route", "x.ts", root],
        ["explain", "x.ts", root],
      ]) {
        const r = await run([...args, ...flags], root);
        expect([r.code, r.stderr], args.join(" ")).toEqual([
          2,
          `agent-context: ${message}${message.endsWith(root) ? " (the repository being measured)" : ""}\n`,
        ]);
      }
    }
    for (const cmd of ["cap", "lint", "init", "explain x.ts", "route x.ts"]) {
      const r = await run([...cmd.split(" "), join(root, "missing")], root);
      expect([r.code, r.stderr], cmd).toEqual([
        2,
        `agent-context: DIR ${join(root, "missing")}: no such directory\n`,
      ]);
    }
  });
});

describe("a reader that stops early", () => {
  // Before: `agent-context cap | head -1` printed an EPIPE stack trace. Fixed in src/cli/main.ts.
  it("piping_into_head_ends_quietly_without_a_stack_trace", () => {
    // Over the cap, cap prints one line per contributor: 2,000 rules make far more than a pipe's buffer.
    const rules = Object.fromEntries(
      Array.from({ length: 2000 }, (_, n) => [`.claude/rules/rule-${n}.md`, `Rule ${n}: always do ${n}.\n`]),
    );
    const root = tempRepo({ ".agent-context.json": '{"cap": 10}\n', ...rules });
    const r = spawnSync(
      "bash",
      ["-c", `node "${CLI}" cap "${root}" | head -n 1 >/dev/null; exit "\${PIPESTATUS[0]}"`],
      {
        encoding: "utf8",
      },
    );
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect([1, 141]).toContain(r.status);
  });
});
