import type { Command } from "commander";
import { hookTimeoutMs, MAX_HOOK_STDIN, runHook } from "../../router/hook.js";

/**
 * Registers `agent-context hook`: the PreToolUse hook through the full CLI (slower to start than the
 * bundled `node dist/hook.mjs`, same answer). Always exits 0. Like the fast entry, a watchdog ends it with
 * status 0 and no output after AGENT_CONTEXT_HOOK_TIMEOUT_MS (default 5000 ms), so a stdin that never
 * closes never holds a tool call (test/e2e/bad-input-hook.test.ts).
 */
export function registerHook(program: Command): void {
  program
    .command("hook")
    .description(
      "PreToolUse hook: reads Claude Code's hook JSON on stdin, prints additionalContext or nothing",
    )
    .action(async () => {
      const timeoutMs = hookTimeoutMs();
      const watchdog = setTimeout(() => {
        process.stderr.write(`agent-context hook: no answer within ${timeoutMs} ms; nothing injected\n`);
        process.exit(0);
      }, timeoutMs);
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const c of process.stdin) {
          size += (c as Buffer).length;
          if (size <= MAX_HOOK_STDIN) chunks.push(c as Buffer);
        }
      } catch {
        // fail open
      }
      const r = await runHook(size <= MAX_HOOK_STDIN ? Buffer.concat(chunks).toString("utf8") : "");
      clearTimeout(watchdog);
      if (r.stderr) process.stderr.write(r.stderr);
      if (r.stdout) process.stdout.write(r.stdout);
      process.exitCode = 0;
    });
}
