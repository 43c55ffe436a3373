/**
 * The hook's fast entry point, bundled by scripts/bundle.mjs into dist/hook.mjs:
 * `node /abs/dist/hook.mjs [hook]` as a PreToolUse command hook. Reads stdin to its end, answers, exits 0.
 * Nothing runs at import time beyond module evaluation of what the call needs.
 * A watchdog ends the process with status 0 and no output after AGENT_CONTEXT_HOOK_TIMEOUT_MS
 * (default 5000 ms), so a stuck stdin or a slow file system never holds a tool call.
 */
import { runHook } from "./hook.js";

const timeoutMs = Number(process.env.AGENT_CONTEXT_HOOK_TIMEOUT_MS) || 5000;
const watchdog = setTimeout(() => {
  process.stderr.write(`agent-context hook: no answer within ${timeoutMs} ms; nothing injected\n`);
  process.exit(0);
}, timeoutMs);

const chunks: Buffer[] = [];
let size = 0;
const MAX_STDIN = 16 * 1024 * 1024;
process.stdin.on("data", (c: Buffer) => {
  size += c.length;
  if (size <= MAX_STDIN) chunks.push(c);
});
process.stdin.on("error", () => finish(""));
process.stdin.on("end", () => finish(size <= MAX_STDIN ? Buffer.concat(chunks).toString("utf8") : ""));

function finish(text: string): void {
  try {
    const r = runHook(text);
    if (r.stderr) process.stderr.write(r.stderr);
    if (r.stdout) process.stdout.write(r.stdout);
  } catch {
    // fail open
  }
  clearTimeout(watchdog);
  process.exitCode = 0;
}
