import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agentById } from "../../src/agents/index.js";
import { checkRatchet, findDefaultBase, isCi, readConfigAt } from "../../src/budget/ratchet.js";
import { UsageError } from "../../src/errors.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.com",
  GIT_CONFIG_NOSYSTEM: "1",
};
function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    env: GIT_ENV,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}
function repo(): string {
  const d = mkdtempSync(join(tmpdir(), "ac-ratchet-"));
  dirs.push(d);
  git(d, "init", "-q", "-b", "main");
  return d;
}
function commitConfig(d: string, text: string | null, msg: string, file = ".agent-context.json"): void {
  if (text !== null) writeFileSync(join(d, file), text);
  writeFileSync(join(d, `${msg}.txt`), msg);
  git(d, "add", "-A");
  git(d, "commit", "-q", "-m", msg);
}

describe("ratchet", () => {
  it("raising_the_cap_above_the_base_fails", () => {
    const d = repo();
    commitConfig(d, '{"cap": 2000}', "base");
    const r = checkRatchet(d, "HEAD", "--base", { cap: 2001 }, agentById("claude-code"));
    expect(r).toMatchObject({ ok: false, baseCap: 2000, currentCap: 2001, baseHasConfig: true });
  });

  it("lowering_the_cap_below_the_base_passes", () => {
    const d = repo();
    commitConfig(d, '{"cap": 2000}', "base");
    expect(checkRatchet(d, "HEAD", "--base", { cap: 1999 }, agentById("claude-code")).ok).toBe(true);
  });

  it("keeping_the_cap_equal_to_the_base_passes", () => {
    const d = repo();
    commitConfig(d, '{"cap": 2000}', "base");
    expect(checkRatchet(d, "HEAD", "--base", { cap: 2000 }, agentById("claude-code")).ok).toBe(true);
  });

  it("a_config_missing_at_the_base_means_no_floor_yet_and_the_ratchet_passes_saying_it_starts_here", () => {
    const d = repo();
    commitConfig(d, null, "base");
    const r = checkRatchet(d, "HEAD", "--base", { cap: 9000 }, agentById("claude-code"));
    expect(r).toMatchObject({ ok: true, baseCap: null, baseHasConfig: false, currentCap: 9000 });
    expect(r.note).toBe(
      "no .agent-context.json at HEAD: the ratchet starts with this change (cap 9000 becomes the floor)",
    );
  });

  it("a_config_deleted_at_head_means_the_default_cap_which_fails_below_a_lower_base", () => {
    const d = repo();
    commitConfig(d, '{"cap": 3000}', "base");
    const r = checkRatchet(d, "HEAD", "--base", {}, agentById("claude-code"));
    expect(r).toMatchObject({ ok: false, baseCap: 3000, currentCap: 4096, baseHasConfig: true, note: null });
  });

  it("the_base_is_read_from_the_named_revision_not_the_work_tree", () => {
    const d = repo();
    commitConfig(d, '{"cap": 1000}', "one");
    commitConfig(d, '{"cap": 3000}', "two");
    expect(checkRatchet(d, "HEAD~1", "--base", { cap: 3000 }, agentById("claude-code")).ok).toBe(false);
    expect(checkRatchet(d, "HEAD", "--base", { cap: 3000 }, agentById("claude-code")).ok).toBe(true);
  });

  it("a_root_in_a_subdirectory_reads_its_own_config_at_the_base", () => {
    const d = repo();
    mkdirSync(join(d, "pkg"));
    commitConfig(d, '{"cap": 9000}', "root");
    commitConfig(d, '{"cap": 100}', "pkg", "pkg/.agent-context.json");
    expect(readConfigAt(join(d, "pkg"), "HEAD").config).toEqual({ cap: 100 });
  });

  it("per_agent_caps_ratchet_separately", () => {
    const d = repo();
    commitConfig(d, '{"cap": 2000, "agents": {"codex": {"cap": 30000}}}', "base");
    const cur = { cap: 2000, agents: { codex: { cap: 30001 } } };
    expect(checkRatchet(d, "HEAD", "--base", cur, agentById("claude-code")).ok).toBe(true);
    expect(checkRatchet(d, "HEAD", "--base", cur, agentById("codex")).ok).toBe(false);
  });

  it("a_base_that_is_not_a_commit_is_a_usage_error", () => {
    const d = repo();
    commitConfig(d, null, "base");
    expect(() => readConfigAt(d, "no-such-branch")).toThrow(/no-such-branch: not a commit/);
  });

  it("a_malformed_config_at_the_base_is_a_usage_error_naming_it", () => {
    const d = repo();
    commitConfig(d, "{cap: 1", "base");
    expect(() => readConfigAt(d, "HEAD")).toThrow(UsageError);
    expect(() => readConfigAt(d, "HEAD")).toThrow(/HEAD:\.agent-context\.json:1:2: not valid JSON/);
  });

  it("a_directory_outside_git_is_a_usage_error_for_base", () => {
    const d = mkdtempSync(join(tmpdir(), "ac-nogit-"));
    dirs.push(d);
    expect(() => readConfigAt(d, "HEAD")).toThrow(/not inside a git repository/);
  });
});

describe("default base in CI", () => {
  it("is_the_merge_base_with_main", () => {
    const d = repo();
    commitConfig(d, '{"cap": 1000}', "base");
    const baseSha = git(d, "rev-parse", "HEAD").trim();
    git(d, "checkout", "-q", "-b", "feature");
    commitConfig(d, '{"cap": 5000}', "raise");
    git(d, "checkout", "-q", "main");
    commitConfig(d, '{"cap": 900}', "main-moves");
    git(d, "checkout", "-q", "feature");
    const def = findDefaultBase(d, {});
    expect(def).toEqual({ found: true, ref: baseSha, via: "merge base with main" });
  });

  it("prefers_origin_github_base_ref_on_pull_requests", () => {
    const d = repo();
    commitConfig(d, null, "one");
    git(d, "branch", "release");
    git(d, "update-ref", "refs/remotes/origin/release", "HEAD");
    commitConfig(d, null, "two");
    const def = findDefaultBase(d, { GITHUB_BASE_REF: "release" });
    expect(def).toMatchObject({ found: true, via: "merge base with origin/release" });
  });

  it("finds_none_without_a_default_branch", () => {
    const d = mkdtempSync(join(tmpdir(), "ac-ratchet-"));
    dirs.push(d);
    git(d, "init", "-q", "-b", "trunk");
    commitConfig(d, null, "one");
    const def = findDefaultBase(d, {});
    expect(def.found).toBe(false);
    expect(def.found === false && def.why).toMatch(/no default branch found/);
  });

  it("finds_none_outside_git", () => {
    const d = mkdtempSync(join(tmpdir(), "ac-nogit-"));
    dirs.push(d);
    expect(findDefaultBase(d, {})).toEqual({ found: false, why: "not inside a git work tree" });
  });

  it.each([
    [{ CI: "true" }, true],
    [{ CI: "1" }, true],
    [{ GITHUB_ACTIONS: "true" }, true],
    [{ CI: "false" }, false],
    [{ CI: "" }, false],
    [{}, false],
  ])("ci_detection_of_%o_is_%s", (env, expected) => {
    expect(isCi(env)).toBe(expected);
  });
});
