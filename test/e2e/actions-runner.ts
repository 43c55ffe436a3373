/**
 * What a GitHub Actions runner does with a workflow's steps, for the forms agent-context's workflow and
 * action use, played on this machine: `run:` steps as `bash --noprofile --norc -eo pipefail FILE` in the
 * workspace, a composite action's steps with its inputs (defaults included) substituted and
 * GITHUB_ACTION_PATH set, `if:` expressions of the forms used (`!cancelled()`, `always()`,
 * `inputs.NAME == 'VALUE'`, joined by `&&`), and a GitHub REST API stand-in on loopback for the comment
 * step. What cannot run here is said by the caller (actions/checkout: the caller clones; setup-node: this
 * machine's Node).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";

export interface Step {
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string | number | boolean>;
}

export interface CompositeAction {
  inputs: Record<string, { default?: string; required?: boolean }>;
  runs: { using: string; steps: Step[] };
}

export interface StepResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The values of the contexts an expression may name: `inputs.*` and `github.token`. */
export interface Contexts {
  inputs?: Record<string, string>;
  token?: string;
}

/** Substitutes `${{ inputs.NAME }}` and `${{ github.token }}` as the runner does. */
export function substitute(s: string, ctx: Contexts): string {
  return s.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_m, name: string) => {
    if (name === "github.token") return ctx.token ?? "";
    const m = /^inputs\.([\w-]+)$/.exec(name);
    if (!m) throw new Error(`an expression this runner stand-in cannot evaluate: ${name}`);
    const value = ctx.inputs?.[m[1] as string];
    if (value === undefined) throw new Error(`an undeclared input: ${name}`);
    return value;
  });
}

/**
 * A step's `if:` as the runner evaluates it. Without a status function (`!cancelled()`, `always()`), a
 * step after a failed one does not run (the runner's implicit `success()`).
 */
export function stepRuns(step: Step, ctx: Contexts, failed: boolean): boolean {
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
    if (!m) throw new Error(`an if: this runner stand-in cannot evaluate: ${step.if}`);
    return substitute(`\${{ inputs.${m[1]} }}`, ctx) === m[2];
  });
  return ok && (statusCheck || !failed);
}

/** One `run:` step's script, run as the runner runs a bash step, asynchronously (a loopback server may answer). */
export function runScript(script: string, cwd: string, env: Record<string, string>): Promise<StepResult> {
  const file = join(mkdtempSync(join(tmpdir(), "ac-runner-step-")), "step.sh");
  writeFileSync(file, script);
  return new Promise((done) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", file], { cwd, env });
    let out = "";
    let err = "";
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString("utf8");
    });
    child.stderr.on("data", (b: Buffer) => {
      err += b.toString("utf8");
    });
    child.on("close", (code) => done({ code, stdout: out, stderr: err }));
  });
}

/** The environment every step gets: this machine's PATH and HOME, the runner's markers, then `extra`. */
export function runnerEnv(workspace: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    GITHUB_WORKSPACE: workspace,
    GITHUB_ACTIONS: "true",
    CI: "true",
    ...extra,
  };
}

/**
 * Runs a composite action (`<dir>/action.yml`) with the inputs `given` (`with:`), from `workspace`: its
 * `run:` steps in order, with its own `env:` and inputs substituted; its `uses:` steps (setup-node,
 * upload-artifact) are skipped, as this machine has Node and no artifact store. Returns what the steps
 * printed and the status of the first that failed (else of the last).
 */
export async function runCompositeAction(
  dir: string,
  workspace: string,
  given: Record<string, string>,
  opts: { env?: Record<string, string>; token?: string; skip?: (step: Step) => boolean } = {},
): Promise<StepResult & { ran: string[] }> {
  const action = parse(readFileSync(join(dir, "action.yml"), "utf8")) as CompositeAction;
  const inputs: Record<string, string> = {};
  for (const name of Object.keys(given))
    if (!(name in action.inputs)) throw new Error(`the action has no input ${name}`);
  for (const [name, spec] of Object.entries(action.inputs))
    inputs[name] = given[name] ?? substitute(spec.default ?? "", { token: opts.token });
  const ctx: Contexts = { inputs, token: opts.token };
  let stdout = "";
  let stderr = "";
  let last: number | null = 0;
  let failed: number | null = null;
  const ran: string[] = [];
  for (const step of action.runs.steps) {
    if (step.uses || !step.run) continue;
    if (opts.skip?.(step)) continue;
    if (!stepRuns(step, ctx, failed !== null)) continue;
    if (step.shell !== "bash") throw new Error(`a step with shell ${step.shell}`);
    const env = runnerEnv(workspace, { ...opts.env, GITHUB_ACTION_PATH: dir });
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(String(v), ctx);
    const r = await runScript(substitute(step.run, ctx), workspace, env);
    ran.push(step.name ?? "run");
    stdout += r.stdout;
    stderr += r.stderr;
    last = r.code;
    if (r.code !== 0 && failed === null) failed = r.code;
  }
  return { code: failed ?? last, stdout, stderr, ran };
}

/** GitHub's shape of a comment's author. */
export const user = (login: string) => ({ login, type: login.endsWith("[bot]") ? "Bot" : "User" });

/**
 * A stand-in for the GitHub REST API on loopback, for one pull request (`owner/repo` #`number`): what the
 * Action's comment step calls. `GET /user` answers 403 as GitHub does for GitHub Actions' own token, and
 * comments are written as `github-actions[bot]`.
 */
export interface FakeGithub {
  url: string;
  comments: { id: number; body: string; user: { login: string; type: string } }[];
  requests: string[];
  close(): Promise<void>;
}

export async function fakeGithub(repository: string, number: number): Promise<FakeGithub> {
  const comments: FakeGithub["comments"] = [{ id: 1, body: "Looks good to me", user: user("reviewer") }];
  const requests: string[] = [];
  let next = 100;
  const base = `/repos/${repository}/issues`;
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
        return send(403, { message: "Resource not accessible by integration" });
      if (req.method === "GET" && url.pathname === `${base}/${number}/comments`) {
        const page = Number(url.searchParams.get("page") ?? "1");
        return send(200, page === 1 ? comments.map((c) => ({ ...c, html_url: `c/${c.id}` })) : []);
      }
      const body = (JSON.parse(raw || "{}") as { body?: string }).body ?? "";
      if (req.method === "POST" && url.pathname === `${base}/${number}/comments`) {
        const c = { id: next++, body, user: user("github-actions[bot]") };
        comments.push(c);
        return send(201, { ...c, html_url: `c/${c.id}` });
      }
      const m = new RegExp(`^${base}/comments/(\\d+)$`).exec(url.pathname);
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

/**
 * The files GitHub Actions gives a `pull_request` run: the event payload and an empty job summary, in a
 * fresh RUNNER_TEMP; and the variables it sets for one (GITHUB_EVENT_NAME, GITHUB_BASE_REF, ...).
 */
export function pullRequestEnv(
  api: FakeGithub,
  repository: string,
  number: number,
  base: string,
): Record<string, string> & { GITHUB_STEP_SUMMARY: string } {
  const dir = mkdtempSync(join(tmpdir(), "ac-runner-temp-"));
  writeFileSync(join(dir, "event.json"), JSON.stringify({ number, pull_request: { number } }));
  writeFileSync(join(dir, "summary.md"), "");
  return {
    GITHUB_API_URL: api.url,
    GITHUB_REPOSITORY: repository,
    GITHUB_EVENT_NAME: "pull_request",
    GITHUB_EVENT_PATH: join(dir, "event.json"),
    GITHUB_STEP_SUMMARY: join(dir, "summary.md"),
    GITHUB_BASE_REF: base,
    GITHUB_HEAD_REF: "feature",
    GITHUB_REF: `refs/pull/${number}/merge`,
    RUNNER_TEMP: dir,
  };
}
