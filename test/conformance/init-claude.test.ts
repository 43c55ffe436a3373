/**
 * The hook command `init` writes for an in-repository install (`node "$CLAUDE_PROJECT_DIR/…/dist/hook.cjs"`)
 * runs under the real pinned Claude Code CLI: Claude Code 2.1.332 sets CLAUDE_PROJECT_DIR for hook commands.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { repoWithLocalInstall } from "../e2e/init-helpers.js";
import { makeRouter } from "../fixtures/router/make-router.mjs";
import { allTexts, runClaude } from "../support/claude.js";

const PROFILE =
  "workspaces/org/fieldkit/source/fieldkit/feature/profile/src/commonMain/kotlin/ProfileScreen.kt";

it("the_claude_project_dir_hook_command_init_writes_runs_under_the_real_claude_cli", async () => {
  const { dir, cli } = repoWithLocalInstall();
  makeRouter(dir);
  mkdirSync(join(dir, ".git"));
  expect(spawnSync(process.execPath, [cli, "init"], { cwd: dir, encoding: "utf8" }).status).toBe(0);
  expect(readFileSync(join(dir, ".claude/settings.json"), "utf8")).toContain("$CLAUDE_PROJECT_DIR/");
  const run = await runClaude({
    cwd: dir,
    args: ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"],
    script: [
      [{ type: "tool_use", name: "Write", input: { file_path: join(dir, PROFILE), content: "class P\n" } }],
    ],
  });
  expect(run.code).toBe(0);
  const after = run.mainRequests[1];
  const ctx = (after ? allTexts(after) : []).filter((t) =>
    /^PreToolUse:Write hook additional context: /.test(t),
  );
  expect(ctx).toHaveLength(1);
  expect(ctx[0]).toContain("Marker rule-tdd-global-001.");
});

it("a_session_launched_in_a_subdirectory_does_not_run_the_root_project_hook", async () => {
  const { dir, cli } = repoWithLocalInstall();
  makeRouter(dir);
  spawnSync("git", ["init", "-q", dir]);
  expect(spawnSync(process.execPath, [cli, "init"], { cwd: dir, encoding: "utf8" }).status).toBe(0);
  const sub = join(dir, "workspaces/org");
  mkdirSync(sub, { recursive: true });
  const run = await runClaude({
    cwd: sub,
    args: ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"],
    script: [
      [{ type: "tool_use", name: "Write", input: { file_path: join(dir, PROFILE), content: "class P\n" } }],
    ],
  });
  expect(run.code).toBe(0);
  const after = run.mainRequests[1];
  expect(after).toBeDefined();
  const ctx = (after ? allTexts(after) : []).filter((t) => /hook additional context/.test(t));
  expect(ctx).toEqual([]);
});
