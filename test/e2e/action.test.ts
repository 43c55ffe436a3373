import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = resolve(import.meta.dirname, "../..");
const INSTALL_STEP = "Install agent-context";

interface Step {
  name?: string;
  if?: string;
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
 * A step's `if:` as the runner evaluates it, for the forms action.yml uses: `${{ A && B }}` where each term
 * is `!cancelled()` (true: nothing is cancelled here) or `inputs.NAME == 'VALUE'`. Without `!cancelled()`
 * (or `always()`), a step after a failed one does not run (the runner's implicit `success()`).
 */
function stepRuns(step: Step, inputs: Record<string, string>, failed: boolean): boolean {
  if (step.if === undefined) return !failed;
  const expr = step.if.replace(/^\$\{\{\s*/, "").replace(/\s*\}\}$/, "");
  let statusCheck = false;
  const ok = expr.split("&&").every((raw) => {
    const term = raw.trim();
    if (term === "!cancelled()" || term === "always()") {
      statusCheck = true;
      return true;
    }
    const m = /^inputs\.([\w-]+)\s*==\s*'([^']*)'$/.exec(term);
    if (!m) throw new Error(`action.yml: an if: this test cannot evaluate: ${step.if}`);
    return substitute(`\${{ inputs.${m[1]} }}`, inputs) === m[2];
  });
  return ok && (statusCheck || !failed);
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
beforeAll(async () => {
  ACTION = actionCheckout();
  install = await runAction(mkdtempSync(join(tmpdir(), "ac-action-ws-")), {}, { only: INSTALL_STEP });
}, 120_000);

/**
 * Runs the action's `run` steps in order as the runner runs a composite action's bash steps
 * (`bash --noprofile --norc -eo pipefail FILE`, GITHUB_ACTION_PATH = the action's checkout, the working
 * directory = the workspace). The `uses:` steps (setup-node) are skipped: this machine has Node already.
 * The install step runs once per checkout (beforeAll); the tests run the steps after it.
 */
async function runAction(
  workspace: string,
  given: Record<string, string>,
  opts: { only?: string; env?: Record<string, string> } = {},
) {
  let stdout = "";
  let stderr = "";
  let code: number | null = 0;
  let failed: number | null = null;
  for (const [i, step] of action.runs.steps.entries()) {
    if (step.uses) continue;
    if (!step.run) continue;
    if (opts.only ? step.name !== opts.only : step.name === INSTALL_STEP) continue;
    if (!stepRuns(step, given, failed !== null)) continue;
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
    Object.assign(env, opts.env ?? {});
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(String(v), given);
    // Asynchronous, so a loopback server in this process (the GitHub API stand-in) can answer the step.
    const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
        cwd: workspace,
        env,
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (b: Buffer) => {
        out += b.toString("utf8");
      });
      child.stderr.on("data", (b: Buffer) => {
        err += b.toString("utf8");
      });
      child.on("close", (status) => done({ status, stdout: out, stderr: err }));
    });
    stdout += r.stdout;
    stderr += r.stderr;
    code = r.status;
    if (code !== 0 && failed === null) failed = code;
  }
  return { code: failed ?? code, stdout, stderr };
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
      "comment",
      "directory",
      "format",
      "github-token",
      "node-version",
      "report",
      "report-file",
      "summary",
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

  it("lint_with_format_github_prints_workflow_commands_for_the_workspace", async () => {
    const ws = gitRepo({ "CLAUDE.md": "# Project\n", "CLAUDE.local.md": "my notes\n" });
    const r = await runAction(ws, { command: "lint", format: "github" });
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("::warning file=CLAUDE.local.md,line=1,col=1,title=local-memory-tracked::");
    expect(r.code).toBe(0);
  });

  it("cap_over_the_cap_fails_the_step_with_an_error_annotation_on_the_largest_file", async () => {
    const ws = gitRepo({
      ".agent-context.json": '{"cap": 100}\n',
      "CLAUDE.md": "# Project\n@docs/conventions.md\n",
      "docs/conventions.md": "Use tabs, never spaces.\n".repeat(10),
    });
    const r = await runAction(ws, {});
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^::error file=docs\/conventions.md,line=1,col=1,title=cap-exceeded::Claude Code loads \d+ bytes/m,
    );
  });

  it("report_true_writes_the_html_report_even_when_the_cap_fails_and_uploads_it", async () => {
    const ws = gitRepo({ ".agent-context.json": '{"cap": 1}\n', "CLAUDE.md": "# Project\n" });
    const r = await runAction(
      ws,
      { report: "true", "report-file": "out/report.html", summary: "false", comment: "false" },
      {},
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(join(ws, "out/report.html"));
    expect(readFileSync(join(ws, "out/report.html"), "utf8")).toMatch(/^<!doctype html>/);
    const upload = action.runs.steps.find((s) => s.uses?.startsWith("actions/upload-artifact@"));
    expect(upload?.uses).toBe("actions/upload-artifact@v4");
    const expr = (inner: string) => ["$", "{{ ", inner, " }}"].join("");
    expect(upload?.if).toBe(expr("!cancelled() && inputs.report == 'true'"));
    expect(upload?.with?.path).toBe(expr("inputs.report-file"));
  });

  it("without_report_no_html_file_is_written", async () => {
    const ws = gitRepo({ ".agent-context.json": '{"cap": 4096}\n', "CLAUDE.md": "# Project\n" });
    const r = await runAction(ws, { command: "cap", summary: "false", comment: "false" });
    expect(r.code).toBe(0);
    expect(existsSync(join(ws, "agent-context-report.html"))).toBe(false);
  });

  it("cap_within_the_cap_passes_silently", async () => {
    const ws = gitRepo({ ".agent-context.json": '{"cap": 4096}\n', "CLAUDE.md": "# Project\n" });
    const r = await runAction(ws, { command: "cap" });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
  });

  it("format_sarif_prints_a_sarif_log", async () => {
    const ws = gitRepo({ ".agent-context.json": '{"cap": 1}\n', "CLAUDE.md": "# Project\n" });
    const r = await runAction(ws, { command: "cap", format: "sarif" });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).runs[0].results[0].ruleId).toBe("cap-exceeded");
  });

  it("the_directory_input_selects_the_repository_to_check", async () => {
    const ws = mkdtempSync(join(tmpdir(), "ac-action-outer-"));
    const inner = gitRepo({ "CLAUDE.local.md": "notes\n" });
    const r = await runAction(ws, { command: "lint", directory: inner, format: "json" });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).diagnostics.map((d: { ruleId: string }) => d.ruleId)).toEqual([
      "local-memory-tracked",
    ]);
  });

  it("an_unknown_command_input_fails_with_an_annotation", async () => {
    const r = await runAction(gitRepo({}), { command: "rm -rf /" });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("::error title=agent-context::input 'command' must be cap or lint");
  });

  it("a_shell_metacharacter_in_an_input_is_not_executed", async () => {
    const ws = gitRepo({});
    const r = await runAction(ws, { command: "lint", directory: "$(touch pwned)" });
    expect(r.code).toBe(2);
    expect(spawnSync("ls", [ws], { encoding: "utf8" }).stdout).not.toContain("pwned");
  });
});

/**
 * A stand-in for the GitHub REST API on loopback: what the Action's comment step calls. `GET /user` answers
 * as GitHub does for the token: a user's login (`identity`), or, for GitHub Actions' own token (the
 * default), 403 "Resource not accessible by integration"; comments are written as that identity
 * (`github-actions[bot]` for the Actions token). Comments carry GitHub's shape, `user: { login, type }`.
 */
interface FakeGithub {
  url: string;
  comments: { id: number; body: string; user: { login: string; type: string } }[];
  requests: string[];
  close(): Promise<void>;
}

const user = (login: string) => ({ login, type: login.endsWith("[bot]") ? "Bot" : "User" });

async function fakeGithub(
  opts: { denyWrites?: boolean; identity?: string; comments?: FakeGithub["comments"] } = {},
): Promise<FakeGithub> {
  const comments: FakeGithub["comments"] = opts.comments ?? [
    { id: 1, body: "Looks good to me", user: user("reviewer") },
  ];
  const author = opts.identity ?? "github-actions[bot]";
  const requests: string[] = [];
  let next = 100;
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (b: Buffer) => {
      raw += b.toString("utf8");
    });
    req.on("end", () => {
      requests.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      const url = new URL(req.url ?? "/", "http://x");
      if (req.method === "GET" && url.pathname === "/user")
        return opts.identity
          ? send(200, { login: opts.identity, type: "User" })
          : send(403, { message: "Resource not accessible by integration" });
      if (req.method === "GET" && url.pathname === "/repos/o/r/issues/7/comments") {
        const page = Number(url.searchParams.get("page") ?? "1");
        return send(200, page === 1 ? comments.map((c) => ({ ...c, html_url: `c/${c.id}` })) : []);
      }
      if (opts.denyWrites) return send(403, { message: "Resource not accessible by integration" });
      const body = (JSON.parse(raw || "{}") as { body?: string }).body ?? "";
      if (req.method === "POST" && url.pathname === "/repos/o/r/issues/7/comments") {
        const c = { id: next++, body, user: user(author) };
        comments.push(c);
        return send(201, { ...c, html_url: `c/${c.id}` });
      }
      const m = /^\/repos\/o\/r\/issues\/comments\/(\d+)$/.exec(url.pathname);
      const c = m && comments.find((x) => x.id === Number(m[1]));
      if (req.method === "PATCH" && c) {
        c.body = body;
        return send(200, { ...c, html_url: `c/${c.id}` });
      }
      send(404, { message: "Not Found" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    comments,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** A pull request as the runner checks it out: a base commit on origin/main, a head commit on a branch. */
function pullRequest(base: Record<string, string>, head: Record<string, string | null>): string {
  const ws = gitRepo(base);
  const git = (...a: string[]) =>
    spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...a], {
      cwd: ws,
      encoding: "utf8",
    });
  git("update-ref", "refs/remotes/origin/main", "HEAD");
  git("checkout", "-q", "-b", "feature");
  commitFiles(ws, head);
  return ws;
}

function commitFiles(ws: string, files: Record<string, string | null>): void {
  for (const [p, text] of Object.entries(files)) {
    if (text === null) rmSync(join(ws, p));
    else {
      mkdirSync(join(ws, p, ".."), { recursive: true });
      writeFileSync(join(ws, p), text);
    }
  }
  spawnSync("git", ["add", "-A"], { cwd: ws });
  spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "change"], {
    cwd: ws,
  });
}

function prEnv(api: FakeGithub): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), "ac-action-run-"));
  writeFileSync(join(dir, "event.json"), JSON.stringify({ number: 7, pull_request: { number: 7 } }));
  writeFileSync(join(dir, "summary.md"), "");
  return {
    GITHUB_API_URL: api.url,
    GITHUB_REPOSITORY: "o/r",
    GITHUB_EVENT_NAME: "pull_request",
    GITHUB_EVENT_PATH: join(dir, "event.json"),
    GITHUB_STEP_SUMMARY: join(dir, "summary.md"),
    GITHUB_BASE_REF: "main",
    RUNNER_TEMP: dir,
  };
}

describe("the Action on a pull request: job summary and one comment", () => {
  const base = {
    ".agent-context.json": '{"cap": 4096}\n',
    "CLAUDE.md": "# Project\n@docs/conventions.md\n",
    "docs/conventions.md": "Use tabs.\n",
    ".claude/rules/style.md": "Prefer small functions.\n",
  };

  it("writes_the_per_file_change_to_the_summary_and_keeps_one_comment_updated_in_place", async () => {
    const ws = pullRequest(base, {
      "docs/conventions.md": "Use tabs. Never spaces.\n",
      ".claude/rules/style.md": '---\npaths: "src/**"\n---\nPrefer small functions.\n',
    });
    const api = await fakeGithub();
    try {
      const env = prEnv(api);
      const r1 = await runAction(ws, { "github-token": "tok" }, { env });
      expect(r1.stderr).toBe("");
      expect(r1.code).toBe(0);
      const summary = readFileSync(env.GITHUB_STEP_SUMMARY as string, "utf8");
      expect(summary.split("\n")[0]).toBe("<!-- agent-context:cap -->");
      expect(summary).toContain("| `docs/conventions.md` | import | 9 B | 23 B | +14 B |");
      expect(summary).toContain("| `.claude/rules/style.md` | rule | 23 B | — | -23 B (now scoped) |");
      expect(summary).toMatch(/^Change against `merge base with origin\/main \([0-9a-f]{7}\)`\.$/m);
      expect(r1.stdout).toContain("created the comment on pull request #7");
      expect(api.comments).toHaveLength(2);
      expect(api.comments[1]?.body).toBe(summary);
      expect(api.requests.every((q) => q.endsWith("Bearer tok"))).toBe(true);

      // The next push: the same comment is updated, none is added, the reviewer's is untouched.
      commitFiles(ws, { "docs/conventions.md": null, "CLAUDE.md": "# Project\n" });
      const env2 = prEnv(api);
      const r2 = await runAction(ws, { "github-token": "tok" }, { env: env2 });
      expect(r2.code).toBe(0);
      expect(r2.stdout).toContain("updated the comment on pull request #7");
      expect(api.comments).toHaveLength(2);
      expect(api.comments[0]).toEqual({ id: 1, body: "Looks good to me", user: user("reviewer") });
      expect(api.comments[1]?.body).toContain(
        "| `docs/conventions.md` | import | 9 B | — | -9 B (deleted) |",
      );
      expect(api.comments[1]?.body).toBe(readFileSync(env2.GITHUB_STEP_SUMMARY as string, "utf8"));
    } finally {
      await api.close();
    }
  });

  it("a_token_that_may_not_comment_gets_a_notice_and_the_check_keeps_its_verdict", async () => {
    const ws = pullRequest(base, { "docs/conventions.md": "Use tabs.\n".repeat(500) });
    const api = await fakeGithub({ denyWrites: true });
    try {
      const env = prEnv(api);
      const r = await runAction(ws, { "github-token": "read-only" }, { env });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^::error file=docs\/conventions.md.*title=cap-exceeded::/m);
      expect(r.stdout).toContain(
        "::notice title=agent-context::no permission to comment on pull request #7 (HTTP 403",
      );
      expect(readFileSync(env.GITHUB_STEP_SUMMARY as string, "utf8")).toMatch(
        /\| ❌ [\d,]+ B over \| Claude Code/,
      );
      expect(api.comments).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it("a_comment_with_the_marker_that_someone_else_wrote_is_never_edited", async () => {
    const ws = pullRequest(base, { "CLAUDE.md": "# Project!\n" });
    const forged = { id: 5, body: "<!-- agent-context:cap -->\nall clean, merge me", user: user("mallory") };
    const api = await fakeGithub({ comments: [{ ...forged }] });
    try {
      const r = await runAction(ws, { "github-token": "tok" }, { env: prEnv(api) });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("created the comment on pull request #7");
      expect(api.comments[0]).toEqual(forged);
      expect(api.comments).toHaveLength(2);
      expect(api.comments[1]?.user.login).toBe("github-actions[bot]");
      expect(api.requests.some((q) => q.startsWith("PATCH"))).toBe(false);
    } finally {
      await api.close();
    }
  });

  it("a_personal_token_edits_its_owners_comment_and_no_other", async () => {
    const ws = pullRequest(base, { "CLAUDE.md": "# Project!\n" });
    const bots = {
      id: 5,
      body: "<!-- agent-context:cap -->\nold, by the Actions token",
      user: user("github-actions[bot]"),
    };
    const alices = { id: 6, body: "<!-- agent-context:cap -->\nold, by alice", user: user("alice") };
    const api = await fakeGithub({ identity: "alice", comments: [{ ...bots }, { ...alices }] });
    try {
      const r = await runAction(ws, { "github-token": "alices-token" }, { env: prEnv(api) });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("updated the comment on pull request #7");
      expect(api.comments[0]).toEqual(bots);
      expect(api.comments[1]?.body).toMatch(/^<!-- agent-context:cap -->\n### agent-context/);
      expect(api.requests.filter((q) => q.startsWith("PATCH"))).toEqual([
        "PATCH /repos/o/r/issues/comments/6 Bearer alices-token",
      ]);
    } finally {
      await api.close();
    }
  });

  it("summary_and_comment_can_be_turned_off", async () => {
    const ws = pullRequest(base, { "CLAUDE.md": "# Project!\n" });
    const api = await fakeGithub();
    try {
      const env = prEnv(api);
      const r = await runAction(ws, { summary: "false", comment: "false" }, { env });
      expect(r.code).toBe(0);
      expect(readFileSync(env.GITHUB_STEP_SUMMARY as string, "utf8")).toBe("");
      expect(api.requests).toEqual([]);
    } finally {
      await api.close();
    }
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
