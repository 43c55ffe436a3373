/**
 * The hook's fast entry point, bundled by scripts/bundle.mjs into dist/hook.mjs:
 * `node /abs/dist/hook.mjs [hook]` as a PreToolUse command hook. Reads stdin to its end, answers, exits 0.
 * Nothing runs at import time beyond module evaluation of what the call needs; stdin and stdout are used
 * through file descriptors (no stream objects, which cost several ms to set up).
 * A watchdog ends the process with status 0 and no output after AGENT_CONTEXT_HOOK_TIMEOUT_MS
 * (default 5000 ms), so a stuck stdin or a slow file system never holds a tool call. It is armed only
 * when the call has to wait (stdin not yet complete, or the on-read model loading): in the common case
 * Claude Code has written and closed stdin before the hook starts, and no timer is ever created.
 */
import { constants, openSync, readSync, writeSync } from "node:fs";
import { hookTimeoutMs, MAX_HOOK_STDIN, runHook } from "./hook.js";

const g = globalThis as { __agentContextBase?: string; __agentContextArmWatchdog?: () => void };
// The on-read model is not bundled: it loads from dist/ beside this file when a call needs it (./onread.ts).
g.__agentContextBase = import.meta.url;
g.__agentContextArmWatchdog = arm;

let watchdog: ReturnType<typeof setTimeout> | undefined;
/** Arms the watchdog (once). */
function arm(): void {
  if (watchdog) return;
  const timeoutMs = hookTimeoutMs();
  watchdog = setTimeout(() => {
    say(2, `agent-context hook: no answer within ${timeoutMs} ms; nothing injected\n`);
    process.exit(0);
  }, timeoutMs);
}

const chunks: Buffer[] = [];
let size = 0;

function say(fd: number, text: string): void {
  try {
    writeSync(fd, text);
  } catch {
    // a closed pipe: nothing to do
  }
}

/**
 * Reads stdin without a stream object: through a non-blocking descriptor of the same pipe or file
 * (`/dev/stdin` opened with O_NONBLOCK), polling every 2 ms while the writer has not closed it, so the
 * watchdog can always fire. Where that open fails, falls back to `process.stdin`.
 */
function readStdin(): void {
  let fd: number;
  try {
    fd = openSync("/dev/stdin", constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    arm();
    process.stdin.on("data", (c: Buffer) => take(c, c.length));
    process.stdin.on("error", () => finish(""));
    process.stdin.on("end", () => done());
    return;
  }
  const buf = Buffer.allocUnsafe(65536);
  const poll = (): void => {
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "EAGAIN") {
          arm();
          setTimeout(poll, 2);
          return;
        }
        finish("");
        return;
      }
      if (n === 0) {
        done();
        return;
      }
      take(Buffer.from(buf.subarray(0, n)), n);
    }
  };
  poll();
}

function take(c: Buffer, n: number): void {
  size += n;
  if (size <= MAX_HOOK_STDIN) chunks.push(c);
}

function done(): void {
  finish(size <= MAX_HOOK_STDIN ? Buffer.concat(chunks).toString("utf8") : "");
}

function finish(text: string): void {
  runHook(text)
    .then((r) => {
      if (r.stderr) say(2, r.stderr);
      if (r.stdout) say(1, r.stdout);
    })
    .catch(() => {
      // fail open
    })
    .finally(() => {
      if (watchdog) clearTimeout(watchdog);
      process.exitCode = 0;
    });
}

readStdin();
