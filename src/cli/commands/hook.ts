import type { Command } from "commander";
import { runHook } from "../../router/hook.js";

/**
 * Registers `agent-context hook`: the PreToolUse hook through the full CLI (slower to start than the
 * bundled `node dist/hook.mjs`, same answer). Always exits 0.
 */
export function registerHook(program: Command): void {
  program
    .command("hook")
    .description(
      "PreToolUse hook: reads Claude Code's hook JSON on stdin, prints additionalContext or nothing",
    )
    .action(async () => {
      const chunks: Buffer[] = [];
      try {
        for await (const c of process.stdin) chunks.push(c as Buffer);
      } catch {
        // fail open
      }
      const r = await runHook(Buffer.concat(chunks).toString("utf8"));
      if (r.stderr) process.stderr.write(r.stderr);
      if (r.stdout) process.stdout.write(r.stdout);
      process.exitCode = 0;
    });
}
