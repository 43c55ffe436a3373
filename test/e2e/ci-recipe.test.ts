/**
 * The CI recipe of the README and docs/ci.md, played as a team meets it (issue 29): the tarball `npm pack`
 * makes is committed to a repository that installs it (`npm install -D ./vendor/…`), `init` prints the
 * workflow, the team commits it and pushes to a base branch; a pull request then runs that workflow's steps
 * as a runner does (./actions-runner.ts): a full-depth checkout of the merge of the pull request into its
 * base, `npm ci` from the committed tarball, the action the tarball ships by local path with GITHUB_* set as
 * Actions sets them, the comment step against a GitHub API stand-in on loopback. Also: the plain `run:`
 * steps and the local pre-commit hooks of docs/ci.md, and what `npx --no-install` and `npx --package` run
 * when the registry offers a package under the unclaimed name.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  type FakeGithub,
  fakeGithub,
  pullRequestEnv,
  runCompositeAction,
  runnerEnv,
  runScript,
  type Step,
  type StepResult,
  stepRuns,
} from "./actions-runner.js";

const ROOT = resolve(import.meta.dirname, "../..");
const VERSION = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version as string;
const TARBALL = `agent-context-${VERSION}.tgz`;
const TOKEN = "ghs_job-token";

/** This process's environment without what `npm test` and a CI run add (npm config, CI markers). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^npm_/i.test(k) && k !== "CI" && !k.startsWith("GITHUB_")) env[k] = v;
  return { ...env, NO_COLOR: "1", ...extra };
}

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = cleanEnv()) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: "utf8", timeout: 150_000, stdio: "pipe" });
  return { code: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

function git(cwd: string, ...args: string[]): string {
  const r = sh("git", ["-c", "user.name=Teammate", "-c", "user.email=t@example.com", ...args], cwd);
  expect(r.stderr, `git ${args.join(" ")}`).toBe("");
  expect(r.code).toBe(0);
  return r.stdout;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
}

/** The first fenced block in `file` whose first line is `first`, without its fences. */
function block(file: string, first: string): string {
  const text = readFileSync(join(ROOT, file), "utf8");
  const at = text.indexOf(`\`\`\`yaml\n${first}\n`);
  expect(at, `${file}: a yaml block starting ${first}`).toBeGreaterThanOrEqual(0);
  const body = text.slice(at + "```yaml\n".length);
  return body.slice(0, body.indexOf("```"));
}

let origin = "";
let adopter = "";
let cache = "";
let initOut = "";

beforeAll(() => {
  const base = mkdtempSync(join(tmpdir(), "ac-recipe-"));
  origin = join(base, "origin.git");
  adopter = join(base, "adopter");
  mkdirSync(adopter);
  git(base, "init", "-q", "--bare", "-b", "main", origin);
  git(adopter, "init", "-q", "-b", "main");
  write(adopter, {
    ".gitignore": "node_modules/\n",
    "CLAUDE.md": "# Project\n@docs/conventions.md\n",
    "docs/conventions.md": "Use tabs.\n",
    ".claude/rules/style.md": "Prefer small functions.\n",
  });
  // The README's steps: pack into vendor/, install from there, init, commit what init printed.
  mkdirSync(join(adopter, "vendor"));
  const pack = sh("npm", ["pack", "--pack-destination", join(adopter, "vendor")], ROOT);
  expect(pack.code, pack.stderr).toBe(0);
  cache = mkdtempSync(join(tmpdir(), "ac-recipe-npm-cache-"));
  const install = sh(
    "npm",
    ["install", "-D", `./vendor/${TARBALL}`, "--no-audit", "--no-fund", "--cache", cache],
    adopter,
  );
  expect(install.code, install.stderr).toBe(0);
  const init = sh("npx", ["--no-install", "agent-context", "init"], adopter);
  expect(init.code, init.stderr).toBe(0);
  initOut = init.stdout;
  write(adopter, {
    ".github/workflows/agent-context.yml": initOut.slice(initOut.indexOf("# .github/workflows/")),
  });
  git(adopter, "add", "-A");
  git(adopter, "commit", "-qm", "agent-context: the cap, the hook and the workflow");
  git(adopter, "remote", "add", "origin", origin);
  git(adopter, "push", "-q", "origin", "main");
}, 300_000);

/**
 * Pull request #7 from `branch` (the base's files with `files` changed), checked out as actions/checkout
 * does for a `pull_request` run with `fetch-depth: 0`: a clone of the remote with every branch, at the merge
 * of the head into the base (refs/pull/7/merge), detached.
 */
function pullRequest(branch: string, files: Record<string, string>): string {
  git(adopter, "checkout", "-q", "-B", branch, "main");
  write(adopter, files);
  git(adopter, "commit", "-qam", `change on ${branch}`);
  git(adopter, "push", "-q", "-f", "origin", branch);
  git(adopter, "checkout", "-q", "main");
  const ws = join(mkdtempSync(join(tmpdir(), "ac-recipe-ws-")), "repo");
  git(tmpdir(), "clone", "-q", origin, ws);
  git(ws, "checkout", "-q", "--detach", "origin/main");
  git(ws, "merge", "-q", "--no-ff", "--no-edit", `origin/${branch}`);
  return ws;
}

/**
 * Runs the job's steps from the checkout `ws` as the runner does. actions/checkout has been done
 * ({@link pullRequest}; its `fetch-depth` must be 0); actions/setup-node is this machine's Node (its
 * `node-version` must not be newer); `run:` steps run in bash; `./…` actions run as composite actions.
 */
async function runJob(ws: string, steps: Step[], env: Record<string, string>) {
  let stdout = "";
  let stderr = "";
  let failed: number | null = null;
  const ran: string[] = [];
  for (const step of steps) {
    if (!stepRuns(step, {}, failed !== null)) continue;
    let r: StepResult;
    if (step.uses?.startsWith("actions/checkout@")) {
      expect(step.with?.["fetch-depth"]).toBe(0);
      continue;
    }
    if (step.uses?.startsWith("actions/setup-node@")) {
      const major = Number(process.versions.node.split(".")[0]);
      expect(major).toBeGreaterThanOrEqual(Number(step.with?.["node-version"]));
      continue;
    }
    if (step.uses?.startsWith("./")) {
      const given = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, String(v)]));
      r = await runCompositeAction(join(ws, step.uses), ws, given, { env, token: TOKEN });
      ran.push(`${step.uses} ${given.command}`);
    } else if (step.run) {
      r = await runScript(step.run, ws, runnerEnv(ws, env));
      ran.push(step.run);
    } else throw new Error(`a step this runner stand-in cannot run: ${JSON.stringify(step)}`);
    stdout += r.stdout;
    stderr += r.stderr;
    if (r.code !== 0 && failed === null) failed = r.code;
  }
  return { code: failed ?? 0, stdout, stderr, ran };
}

const workflowSteps = (ws: string): Step[] =>
  parse(readFileSync(join(ws, ".github/workflows/agent-context.yml"), "utf8")).jobs["agent-context"].steps;

describe("the CI recipe, from the committed tarball", () => {
  let api: FakeGithub;
  beforeAll(async () => {
    api = await fakeGithub("o/r", 7);
  });
  afterAll(async () => {
    await api.close();
  });
  const env = () => ({ ...pullRequestEnv(api, "o/r", 7, "main"), npm_config_cache: cache });

  it("the_workflow_init_printed_is_the_one_the_readme_and_docs_ci_show", () => {
    const printed = initOut.slice(initOut.indexOf("# .github/workflows/"));
    expect(block("README.md", "# .github/workflows/agent-context.yml")).toBe(printed);
    expect(block("docs/ci.md", "# .github/workflows/agent-context.yml")).toBe(printed);
    expect(parse(printed).jobs["agent-context"].permissions).toEqual({
      contents: "read",
      "pull-requests": "write",
    });
  });

  it("a_pull_request_runs_the_shipped_action_after_npm_ci_and_gets_one_comment_and_the_summary", async () => {
    const ws = pullRequest("feature", { "docs/conventions.md": "Use tabs. Never spaces.\n" });
    const e = env();
    const r = await runJob(ws, workflowSteps(ws), e);
    expect(r.ran).toEqual([
      "npm ci",
      "./node_modules/agent-context cap",
      "./node_modules/agent-context lint",
    ]);
    expect(r.code).toBe(0);
    // The action found its dependencies where npm ci put them: it installed nothing of its own.
    expect(existsSync(join(ws, "node_modules/agent-context/node_modules"))).toBe(false);
    expect(existsSync(join(ws, "node_modules/agent-context/package-lock.json"))).toBe(false);
    const summary = readFileSync(e.GITHUB_STEP_SUMMARY, "utf8");
    expect(summary.split("\n")[0]).toBe("<!-- agent-context:cap -->");
    expect(summary).toContain("| `docs/conventions.md` | import | 9 B | 23 B | +14 B |");
    expect(summary).toMatch(/^Change against `merge base with origin\/main \([0-9a-f]{7}\)`\.$/m);
    expect(summary).toContain("<!-- agent-context:lint -->");
    expect(r.stdout).toContain("created the comment on pull request #7");
    const ours = api.comments.filter((c) => c.body.startsWith("<!-- agent-context:cap -->"));
    expect(ours).toHaveLength(1);
    expect(api.comments.filter((c) => c.body.startsWith("<!-- agent-context:lint -->"))).toEqual([]);
    expect(api.requests.every((q) => q.endsWith(`Bearer ${TOKEN}`))).toBe(true);
  }, 180_000);

  it("a_pull_request_over_the_cap_fails_the_job_with_an_annotation_and_lint_still_runs", async () => {
    const ws = pullRequest("too-big", { "docs/conventions.md": "Use tabs.\n".repeat(600) });
    const r = await runJob(ws, workflowSteps(ws), env());
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error file=docs\/conventions.md,line=1,col=1,title=cap-exceeded::/m);
    expect(r.ran).toContain("./node_modules/agent-context lint");
  }, 180_000);

  it("the_plain_run_steps_of_docs_ci_give_the_same_verdict_and_summary", async () => {
    const steps = parse(block("docs/ci.md", "      - run: npm ci")) as Step[];
    expect(steps.map((s) => s.run)).toEqual([
      "npm ci",
      "npx --no-install agent-context cap --format github",
      "npx --no-install agent-context lint --format github",
      'npx --no-install agent-context cap --format markdown >> "$GITHUB_STEP_SUMMARY" || true',
    ]);
    const ws = pullRequest("too-big-plain", { "docs/conventions.md": "Use tabs.\n".repeat(600) });
    const e = env();
    const r = await runJob(ws, steps, e);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error file=docs\/conventions.md,line=1,col=1,title=cap-exceeded::/m);
    expect(r.ran).toHaveLength(4);
    expect(readFileSync(e.GITHUB_STEP_SUMMARY, "utf8")).toMatch(/^<!-- agent-context:cap -->\n/);
  }, 180_000);

  it("the_local_pre_commit_hooks_run_the_installed_package", () => {
    const config = block("docs/ci.md", "# .pre-commit-config.yaml");
    const [repo] = parse(config).repos as { repo: string; hooks: Record<string, unknown>[] }[];
    expect(repo?.repo).toBe("local");
    for (const hook of repo?.hooks ?? []) {
      expect(hook).toMatchObject({ language: "system", pass_filenames: false, always_run: true });
      // pre-commit runs a system hook's entry split as a shell would split it, with no file names.
      const [cmd, ...args] = String(hook.entry).split(" ");
      const r = sh(cmd as string, args, adopter);
      expect({ id: hook.id, code: r.code, stderr: r.stderr }).toEqual({ id: hook.id, code: 0, stderr: "" });
    }
    expect(sh("npx", ["--no-install", "agent-context", "cap"], adopter).stdout).toMatch(
      /^agent-context cap: clean — \d+ bytes/,
    );
  });
});

/** A package registry on loopback that offers a package under agent-context's unclaimed name. */
async function squatterRegistry() {
  const dir = mkdtempSync(join(tmpdir(), "ac-squat-"));
  write(dir, {
    "pkg/package.json": JSON.stringify({
      name: "agent-context",
      version: "9.9.9",
      bin: { "agent-context": "x.js" },
    }),
    "pkg/x.js": '#!/usr/bin/env node\nconsole.log("SQUATTED");\n',
  });
  expect(sh("npm", ["pack", "--pack-destination", dir], join(dir, "pkg")).code).toBe(0);
  const tgz = readFileSync(join(dir, "agent-context-9.9.9.tgz"));
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const port = (server.address() as AddressInfo).port;
    if (req.url === "/agent-context/-/agent-context-9.9.9.tgz") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return res.end(tgz);
    }
    if (req.url === "/agent-context") {
      const tarball = `http://127.0.0.1:${port}/agent-context/-/agent-context-9.9.9.tgz`;
      const version = {
        name: "agent-context",
        version: "9.9.9",
        bin: { "agent-context": "x.js" },
        dist: { tarball },
      };
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(
        JSON.stringify({
          name: "agent-context",
          "dist-tags": { latest: "9.9.9" },
          versions: { "9.9.9": version },
        }),
      );
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end("{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe("npx runs only agent-context's own package (issue 29, no name squatting)", () => {
  it("npx_no_install_never_runs_the_package_the_registry_offers_under_the_name", async () => {
    const reg = await squatterRegistry();
    try {
      // Asynchronous: the registry answers from this process, which a synchronous spawn would block.
      const npx = (cwd: string, args: string[]) =>
        runScript(`exec npx ${args.join(" ")}`, cwd, {
          ...(cleanEnv() as Record<string, string>),
          npm_config_registry: reg.url,
          npm_config_cache: mkdtempSync(join(tmpdir(), "ac-squat-cache-")),
        });
      const empty = mkdtempSync(join(tmpdir(), "ac-squat-cwd-"));
      // The threat: a bare npx that may install fetches and runs whatever is published under the name.
      expect((await npx(empty, ["--yes", "agent-context", "--version"])).stdout).toBe("SQUATTED\n");
      const fetched = reg.requests.length;
      expect(reg.requests).toContain("GET /agent-context/-/agent-context-9.9.9.tgz");
      const refused = await npx(empty, ["--no-install", "agent-context", "--version"]);
      expect(refused.code).not.toBe(0);
      expect(refused.stdout).toBe("");
      expect(reg.requests.slice(fetched).filter((q) => q.includes(".tgz"))).toEqual([]);
      // With the package installed, --no-install runs it.
      expect((await npx(adopter, ["--no-install", "agent-context", "--version"])).stdout).toBe(
        `${VERSION}\n`,
      );
    } finally {
      await reg.close();
    }
  }, 120_000);

  it("a_repository_without_package_json_runs_the_committed_tarball_by_its_path", () => {
    const repo = mkdtempSync(join(tmpdir(), "ac-nonnode-"));
    write(repo, { "CLAUDE.md": "# A Go service\n", "main.go": "package main\n" });
    mkdirSync(join(repo, "vendor"));
    cpSync(join(adopter, "vendor", TARBALL), join(repo, "vendor", TARBALL));
    git(repo, "init", "-q", "-b", "main");
    const r = sh(
      "npx",
      ["--yes", "--package", `./vendor/${TARBALL}`, "agent-context", "cap"],
      repo,
      cleanEnv({ npm_config_cache: cache }),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^agent-context cap: clean — 14 bytes of launch context/);
    // Nothing of npm's in the repository.
    expect(readdirSync(repo).sort()).toEqual([".git", "CLAUDE.md", "main.go", "vendor"]);
  }, 120_000);
});
