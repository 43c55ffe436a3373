import type { Command } from "commander";
import { serveHook } from "../../hook/serve.js";

/**
 * Registers `agent-context hook`: the PreToolUse hook through the full CLI. It runs the same code as the
 * bundled `node dist/hook.cjs` that `init` installs (src/hook/serve.ts: the same stdin bound, watchdog and
 * chain), only slower to start. Always exits 0 (test/e2e/bad-input-hook.test.ts).
 */
export function registerHook(program: Command): void {
  program
    .command("hook")
    .description(
      "PreToolUse hook: reads Claude Code's hook JSON on stdin, prints additionalContext or nothing",
    )
    .action(async () => {
      await serveHook();
    });
}
