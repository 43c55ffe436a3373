/**
 * Bad stdin for the PreToolUse hook, through both entries (the bundled `dist/hook.cjs` and the full CLI's
 * `agent-context hook`): a stdin that never closes, a huge one, garbage. Always status 0, never output
 * that decides, never a hang.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const CLI = resolve("dist/cli/main.js");
const HOOK = resolve("dist/hook.cjs");
const ENTRIES: [string, string[]][] = [
  ["dist/hook.cjs", [HOOK]],
  ["agent-context hook", [CLI, "hook"]],
];

beforeAll(() => {
  process.env.TMPDIR = mkdtempSync(join(tmpdir(), "ac-bad-hook-tmp-"));
});

/** Runs an entry with stdin left open (never written, never closed); resolves on exit or after 20 s. */
function runWithOpenStdin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const p = spawn(process.execPath, args, {
      env: { ...process.env, AGENT_CONTEXT_HOOK_TIMEOUT_MS: "500" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (c) => {
      stdout += c;
    });
    p.stderr.on("data", (c) => {
      stderr += c;
    });
    const kill = setTimeout(() => p.kill("SIGKILL"), 20_000);
    p.on("exit", (code) => {
      clearTimeout(kill);
      p.stdin.destroy();
      done({ code, stdout, stderr });
    });
  });
}

describe.each(ENTRIES)("%s with bad stdin", (_name, args) => {
  // Before: `agent-context hook` (the full CLI) waited for stdin forever: the tool call hung.
  // Fixed in src/cli/commands/hook.ts (the same watchdog as the fast entry).
  it("a_stdin_that_never_closes_ends_with_status_0_and_no_output", async () => {
    const r = await runWithOpenStdin(args);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("nothing injected");
  });

  it("a_huge_or_garbage_stdin_ends_with_status_0_and_no_output", () => {
    for (const input of [Buffer.alloc(20 * 1024 * 1024, 0x7b), Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22])]) {
      const r = spawnSync(process.execPath, args, { input, encoding: "utf8", timeout: 20_000 });
      expect(r.signal).toBeNull();
      expect(r.status).toBe(0);
      expect(r.stdout).toBe("");
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
