/**
 * The hook with the real pinned Claude Code CLI (offline, scripted upstream): what it injects arrives in
 * the next request; it never changes a permission decision; its fail-open paths leave the session working.
 * Verified on @anthropic-ai/claude-code 2.1.332 (see docs/findings-hook.md).
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoWithScopedRules } from "../e2e/hook-helpers.js";
import { makeRouter } from "../fixtures/router/make-router.mjs";
import { allTexts, type ClaudeRun, runClaude } from "../support/claude.js";
import type { RecordedRequest } from "../support/upstream.js";

const HOOK = resolve("dist/hook.cjs");
const PROFILE =
  "workspaces/org/fieldkit/source/fieldkit/feature/profile/src/commonMain/kotlin/ProfileScreen.kt";
const ACCEPT = ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"];

function install(dir: string, commands: string[]): void {
  mkdirSync(join(dir, ".claude"), { recursive: true });
  writeFileSync(
    join(dir, ".claude/settings.json"),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Write|Edit|MultiEdit|NotebookEdit|Bash",
            hooks: commands.map((command) => ({ type: "command", command })),
          },
        ],
      },
    }),
  );
}

/** Hook context texts that arrived in a request (Claude Code 2.1.332 labels them "PreToolUse:<Tool> hook additional context:"). */
function hookContexts(req: RecordedRequest | undefined): string[] {
  return (req ? allTexts(req) : []).filter((t) => /^PreToolUse:\w+ hook additional context: /.test(t));
}

// biome-ignore lint/suspicious/noExplicitAny: API message blocks
function toolResults(run: ClaudeRun): any[] {
  const last = run.mainRequests[run.mainRequests.length - 1];
  // biome-ignore lint/suspicious/noExplicitAny: API message blocks
  return ((last?.body.messages ?? []) as any[]).flatMap((m) =>
    Array.isArray(m.content) ? m.content.filter((b: { type: string }) => b.type === "tool_result") : [],
  );
}

describe("the hook under the real Claude Code CLI", () => {
  it("matched_rules_arrive_in_the_next_request_and_nothing_arrives_for_a_non_matching_target", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-hook-claude-"));
    makeRouter(dir);
    mkdirSync(join(dir, ".git"));
    install(dir, [`node ${HOOK}`]);
    const run = await runClaude({
      cwd: dir,
      args: ACCEPT,
      script: [
        [{ type: "tool_use", name: "Write", input: { file_path: join(dir, PROFILE), content: "class P\n" } }],
        [{ type: "tool_use", name: "Write", input: { file_path: join(dir, "README.md"), content: "# r\n" } }],
        [
          {
            type: "tool_use",
            name: "Bash",
            input: { command: "git add -A && git status", description: "stage" },
          },
        ],
      ],
    });
    expect(run.code).toBe(0);
    const [, afterProfile, afterReadme, afterBash] = run.mainRequests;
    const ctx1 = hookContexts(afterProfile);
    expect(ctx1).toHaveLength(1);
    expect(ctx1[0]).toContain(`rules that apply to Write \`${PROFILE}\``);
    expect(ctx1[0]).toContain("Marker rule-tdd-global-001.");
    expect(ctx1[0]).toContain("Marker rule-ci-001.");
    // Nothing new for README.md: the request after it carries only the first context.
    expect(hookContexts(afterReadme)).toEqual(ctx1);
    const ctx3 = hookContexts(afterBash);
    expect(ctx3).toHaveLength(2);
    expect(ctx3[1]).toContain("PreToolUse:Bash hook additional context: ");
    expect(ctx3[1]).toContain("Marker rule-git-staging-001.");
    // The hook did not stop the writes.
    expect(existsSync(join(dir, PROFILE))).toBe(true);
    expect(existsSync(join(dir, "README.md"))).toBe(true);
  });

  it("in_the_default_permission_mode_a_denied_write_and_bash_stay_denied_with_the_hook_installed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-hook-claude-deny-"));
    makeRouter(dir);
    mkdirSync(join(dir, ".git"));
    install(dir, [`node ${HOOK}`]);
    const run = await runClaude({
      cwd: dir,
      script: [
        [{ type: "tool_use", name: "Write", input: { file_path: join(dir, PROFILE), content: "class P\n" } }],
        [
          {
            type: "tool_use",
            name: "Bash",
            input: { command: "npm publish > out.txt", description: "publish" },
          },
        ],
      ],
    });
    expect(run.code).toBe(0);
    const results = toolResults(run);
    expect(results).toHaveLength(2);
    for (const r of results) expect(r.is_error).toBe(true);
    expect(JSON.stringify(results[0].content)).toMatch(/permission/i);
    expect(existsSync(join(dir, PROFILE))).toBe(false);
    expect(existsSync(join(dir, "out.txt"))).toBe(false);
    // The rules were still delivered: the hook injects, it never decides.
    const ctx = hookContexts(run.mainRequests[2]);
    expect(ctx.join("\n")).toContain("Marker rule-tdd-global-001.");
    expect(ctx.join("\n")).toContain("Marker rule-release-publish-001.");
  });

  it("garbage_input_and_a_missing_shard_leave_the_session_working", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-hook-claude-open-"));
    mkdirSync(join(dir, ".git"));
    // No .agent-context/routers at all, and a second hook fed garbage instead of the hook JSON.
    install(dir, [`node ${HOOK}`, `echo 'not json' | node ${HOOK}`]);
    const run = await runClaude({
      cwd: dir,
      args: ACCEPT,
      script: [
        [{ type: "tool_use", name: "Write", input: { file_path: join(dir, "a.kt"), content: "x\n" } }],
        [{ type: "tool_use", name: "Bash", input: { command: "echo ok > b.txt", description: "write" } }],
      ],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(dir, "a.kt"))).toBe(true);
    expect(existsSync(join(dir, "b.txt"))).toBe(true);
    for (const r of toolResults(run)) expect(r.is_error ?? false).toBe(false);
    expect(hookContexts(run.mainRequests[run.mainRequests.length - 1])).toEqual([]);
    expect(run.stdout).toContain("done");
  });

  it("additional_context_over_ten_thousand_characters_is_replaced_by_a_file_pointer", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-hook-claude-size-"));
    mkdirSync(join(dir, ".git"));
    // A stand-in hook that answers with N characters for a file named n-N.txt (N-8 "é" after an 8-char marker).
    const script = join(dir, "size-hook.mjs");
    writeFileSync(
      script,
      `let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const n=+/n-(\\d+)/.exec(JSON.parse(s).tool_input.file_path)[1];` +
        `process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:"PreToolUse",additionalContext:"SIZEMARK"+"é".repeat(n-8)}}))})`,
    );
    install(dir, [`node ${script}`]);
    const run = await runClaude({
      cwd: dir,
      args: ACCEPT,
      script: [
        [{ type: "tool_use", name: "Write", input: { file_path: join(dir, "n-10000.txt"), content: "x" } }],
        [{ type: "tool_use", name: "Write", input: { file_path: join(dir, "n-10001.txt"), content: "x" } }],
      ],
    });
    expect(run.code).toBe(0);
    const [fits, over] = hookContexts(run.mainRequests[2]);
    expect(fits).toBe(`PreToolUse:Write hook additional context: SIZEMARK${"é".repeat(9992)}`);
    expect(over).toMatch(/<persisted-output>\nOutput too large/);
    expect(over).toContain("additionalContext.txt");
    expect(over).not.toContain("é".repeat(2100));
  });

  it("scoped_rules_reach_the_agent_once_for_a_write_and_for_a_shell_command_that_the_cli_misses", async () => {
    const dir = repoWithScopedRules("ac-hook-claude-src2-");
    install(dir, [`node ${HOOK}`]);
    const run = await runClaude({
      cwd: dir,
      args: ACCEPT,
      script: [
        // The CLI attaches kt.md and sub/CLAUDE.md itself after this Write (docs/findings-hook.md §5).
        [
          {
            type: "tool_use",
            name: "Write",
            input: { file_path: join(dir, "sub/deep/new.kt"), content: "y\n" },
          },
        ],
        // The CLI attaches nothing for cp; the hook knows kt.md and sub/CLAUDE.md are already in context.
        [
          {
            type: "tool_use",
            name: "Bash",
            input: { command: "cp sub/deep/old.kt sub/deep/c.kt", description: "cp" },
          },
        ],
        // The CLI attaches nothing for touch; the hook delivers conf.md.
        [
          {
            type: "tool_use",
            name: "Bash",
            input: { command: "mkdir -p conf && touch conf/app.yaml", description: "t" },
          },
        ],
      ],
    });
    expect(run.code).toBe(0);
    const last = run.mainRequests[3];
    const all = last ? allTexts(last).join("\n") : "";
    const count = (m: string) => all.split(m).length - 1;
    expect(count("KT-RULE-MARK")).toBe(1);
    expect(count("SUB-MEMORY-MARK")).toBe(1);
    expect(count("CONF-RULE-MARK")).toBe(1);
    const ctx = hookContexts(last);
    expect(ctx).toHaveLength(1);
    expect(ctx[0]).toContain("PreToolUse:Bash hook additional context: ");
    expect(ctx[0]).toContain("=== .claude/rules/conf.md (");
    expect(ctx[0]).toContain("CONF-RULE-MARK");
  });
});
