/**
 * The hook serves the Claude Code release it is configured for (`agents.claude-code.release`, which
 * `init` records from the installed CLI), under the real pinned CLIs offline: 2.1.197 attaches no nested
 * CLAUDE.md for a plain-read Bash command (`cat pkg/a.txt`; from 2.1.293 it does,
 * docs/findings-claude-release-ranges.md), so there the hook delivers it; 2.1.332 attaches it itself.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { type ClaudeRun, runClaude } from "../support/claude.js";

const HOOK = resolve("dist/hook.cjs");
const MARK = "PKG-MEMORY-MARK";
const ACCEPT = ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"];

/** A repository with nested memory `pkg/CLAUDE.md` over `pkg/a.txt`, the hook installed when `release` is given. */
function repo(release: string | null): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "ac-hook-release-")));
  mkdirSync(join(dir, ".git"));
  mkdirSync(join(dir, "pkg"));
  writeFileSync(join(dir, "CLAUDE.md"), "root memory\n");
  writeFileSync(join(dir, "pkg/CLAUDE.md"), `${MARK}\n`);
  writeFileSync(join(dir, "pkg/a.txt"), "a\n");
  if (release !== null) {
    writeFileSync(
      join(dir, ".agent-context.json"),
      JSON.stringify({ agents: { "claude-code": { release } } }),
    );
    mkdirSync(join(dir, ".claude"));
    writeFileSync(
      join(dir, ".claude/settings.json"),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: "Write|Edit|MultiEdit|NotebookEdit|Bash",
              hooks: [{ type: "command", command: `node ${HOOK}` }],
            },
          ],
        },
      }),
    );
  }
  return dir;
}

/** `cat pkg/a.txt` through the CLI's Bash tool, on `release`. */
function catRun(dir: string, release: string): Promise<ClaudeRun> {
  return runClaude({
    release,
    cwd: dir,
    args: ACCEPT,
    // A loaded machine must not make the hook fail open (its deadline is the watchdog's).
    env: { AGENT_CONTEXT_HOOK_TIMEOUT_MS: "30000" },
    script: [[{ type: "tool_use", name: "Bash", input: { command: "cat pkg/a.txt", description: "read" } }]],
  });
}

/** How many times the marker reached the request after the tool call. */
function marks(run: ClaudeRun): number {
  const after = run.mainRequests[1];
  return JSON.stringify(after?.body.messages ?? []).split(MARK).length - 1;
}

describe("the hook, configured for the release the CLI runs", () => {
  it("on_2_1_197_the_cli_attaches_no_nested_claude_md_for_cat_and_the_hook_configured_for_2_1_197_delivers_it", async () => {
    const bare = await catRun(repo(null), "2.1.197");
    expect(bare.code).toBe(0);
    expect(bare.mainRequests.length).toBeGreaterThanOrEqual(2);
    expect(marks(bare)).toBe(0);
    const hooked = await catRun(repo("2.1.197"), "2.1.197");
    expect(hooked.code).toBe(0);
    expect(marks(hooked)).toBe(1);
  });

  it("on_2_1_332_the_cli_attaches_it_itself_and_the_hook_configured_for_2_1_332_does_not_deliver_it_again", async () => {
    const bare = await catRun(repo(null), "2.1.332");
    expect(marks(bare)).toBe(1);
    const hooked = await catRun(repo("2.1.332"), "2.1.332");
    expect(hooked.code).toBe(0);
    expect(marks(hooked)).toBe(1);
  });
});
