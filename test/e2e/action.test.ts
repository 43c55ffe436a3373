import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = resolve(import.meta.dirname, "../..");
const INSTALL_STEP = "Install agent-context";

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string; required?: boolean }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as Action;

/** Substitutes `${{ inputs.NAME }}` as the Actions runner does (defaults for inputs not given). */
function substitute(s: string, inputs: Record<string, string>): string {
  return s.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_m, name: string) => {
    if (!(name in action.inputs)) throw new Error(`action.yml refers to an undeclared input ${name}`);
    return inputs[name] ?? action.inputs[name]?.default ?? "";
  });
}

/**
 * The action's checkout as a runner gets it for a ref that ships dist/: the tracked files the action uses
 * and the built dist/, no node_modules (a copy, so the install step never touches this checkout's).
 */
function actionCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), "ac-action-checkout-"));
  for (const f of ["action.yml", "package.json", "package-lock.json", ".npmrc", "README.md", "dist"])
    cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  return dir;
}

/** The checkout every test below runs the action from; its install step has run once (beforeAll). */
let ACTION = "";
let install = { code: 0 as number | null, stdout: "", stderr: "" };
beforeAll(() => {
  ACTION = actionCheckout();
  install = runAction(mkdtempSync(join(tmpdir(), "ac-action-ws-")), {}, { only: INSTALL_STEP });
}, 120_000);

/**
 * Runs the action's `run` steps in order as the runner runs a composite action's bash steps
 * (`bash --noprofile --norc -eo pipefail FILE`, GITHUB_ACTION_PATH = the action's checkout, the working
 * directory = the workspace). The `uses:` steps (setup-node) are skipped: this machine has Node already.
 * The install step runs once per checkout (beforeAll); the tests run the steps after it.
 */
function runAction(workspace: string, given: Record<string, string>, opts: { only?: string } = {}) {
  let stdout = "";
  let stderr = "";
  let code: number | null = 0;
  for (const [i, step] of action.runs.steps.entries()) {
    if (step.uses) continue;
    if (!step.run) continue;
    if (opts.only ? step.name !== opts.only : step.name === INSTALL_STEP) continue;
    expect(step.shell).toBe("bash");
    const script = join(mkdtempSync(join(tmpdir(), "ac-action-step-")), `step-${i}.sh`);
    writeFileSync(script, substitute(step.run, given));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      GITHUB_ACTION_PATH: ACTION,
      GITHUB_WORKSPACE: workspace,
      GITHUB_ACTIONS: "true",
      CI: "true",
    };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(String(v), given);
    const r = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      cwd: workspace,
      env,
      encoding: "utf8",
    });
    stdout += r.stdout;
    stderr += r.stderr;
    code = r.status;
    if (code !== 0) break;
  }
  return { code, stdout, stderr };
}

function gitRepo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "ac-action-ws-"));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, ".."), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  const git = (...a: string[]) => spawnSync("git", a, { cwd: dir, encoding: "utf8" });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "init");
  return dir;
}

describe("the GitHub Action (action.yml)", () => {
  it("is_a_composite_action_that_sets_up_node_first", () => {
    expect(action.runs.using).toBe("composite");
    expect(action.runs.steps[0]?.uses).toMatch(/^actions\/setup-node@v\d+$/);
    expect(Object.keys(action.inputs).sort()).toEqual([
      "args",
      "command",
      "directory",
      "format",
      "node-version",
    ]);
  });

  it("installs_only_the_runtime_dependencies_of_a_ref_that_ships_dist_and_no_agent", () => {
    expect(install.stderr).toBe("");
    expect(install.code).toBe(0);
    const has = (p: string) => existsSync(join(ACTION, "node_modules", p));
    for (const dep of Object.keys(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).dependencies))
      expect(has(dep), dep).toBe(true);
    for (const dev of ["typescript", "vitest", "@biomejs/biome", "esbuild", "@anthropic-ai", "@openai"])
      expect(has(dev), dev).toBe(false);
  });

  it("passes_inputs_through_the_environment_never_into_the_script_text", () => {
    for (const step of action.runs.steps) expect(step.run ?? "").not.toMatch(/\$\{\{/);
  });

  it("lint_with_format_github_prints_workflow_commands_for_the_workspace", () => {
    const ws = gitRepo({ "CLAUDE.md": "# Project\n", "CLAUDE.local.md": "my notes\n" });
    const r = runAction(ws, { command: "lint", format: "github" });
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("::warning file=CLAUDE.local.md,line=1,col=1,title=local-memory-tracked::");
    expect(r.code).toBe(0);
  });

  it("cap_over_the_cap_fails_the_step_with_an_error_annotation_on_the_largest_file", () => {
    const ws = gitRepo({
      ".agent-context.json": '{"cap": 100}\n',
      "CLAUDE.md": "# Project\n@docs/conventions.md\n",
      "docs/conventions.md": "Use tabs, never spaces.\n".repeat(10),
    });
    const r = runAction(ws, {});
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^::error file=docs\/conventions.md,line=1,col=1,title=cap-exceeded::Claude Code loads \d+ bytes/m,
    );
  });

  it("cap_within_the_cap_passes_silently", () => {
    const ws = gitRepo({ ".agent-context.json": '{"cap": 4096}\n', "CLAUDE.md": "# Project\n" });
    const r = runAction(ws, { command: "cap" });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
  });

  it("format_sarif_prints_a_sarif_log", () => {
    const ws = gitRepo({ ".agent-context.json": '{"cap": 1}\n', "CLAUDE.md": "# Project\n" });
    const r = runAction(ws, { command: "cap", format: "sarif" });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).runs[0].results[0].ruleId).toBe("cap-exceeded");
  });

  it("the_directory_input_selects_the_repository_to_check", () => {
    const ws = mkdtempSync(join(tmpdir(), "ac-action-outer-"));
    const inner = gitRepo({ "CLAUDE.local.md": "notes\n" });
    const r = runAction(ws, { command: "lint", directory: inner, format: "json" });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).diagnostics.map((d: { ruleId: string }) => d.ruleId)).toEqual([
      "local-memory-tracked",
    ]);
  });

  it("an_unknown_command_input_fails_with_an_annotation", () => {
    const r = runAction(gitRepo({}), { command: "rm -rf /" });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("::error title=agent-context::input 'command' must be cap or lint");
  });

  it("a_shell_metacharacter_in_an_input_is_not_executed", () => {
    const ws = gitRepo({});
    const r = runAction(ws, { command: "lint", directory: "$(touch pwned)" });
    expect(r.code).toBe(2);
    expect(spawnSync("ls", [ws], { encoding: "utf8" }).stdout).not.toContain("pwned");
  });
});

describe("the pre-commit hooks (.pre-commit-hooks.yaml)", () => {
  const hooks = parse(readFileSync(join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as {
    id: string;
    entry: string;
    language: string;
    pass_filenames: boolean;
  }[];

  it("declares_cap_and_lint_as_node_hooks_calling_the_package_bin", () => {
    const bin = Object.keys(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).bin);
    expect(hooks.map((h) => h.id)).toEqual(["agent-context-cap", "agent-context-lint"]);
    for (const h of hooks) {
      expect(h.language).toBe("node");
      expect(h.pass_filenames).toBe(false);
      expect(bin).toContain(h.entry.split(" ")[0]);
    }
  });

  it("the_lint_hook_entry_runs_in_a_repository", () => {
    const h = hooks.find((x) => x.id === "agent-context-lint");
    const args = (h?.entry ?? "").split(" ").slice(1);
    const ws = gitRepo({ "CLAUDE.local.md": "notes\n" });
    const r = spawnSync(process.execPath, [join(ROOT, "dist/cli/main.js"), ...args], {
      cwd: ws,
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("CLAUDE.local.md:1:1 warning local-memory-tracked");
  });
});
