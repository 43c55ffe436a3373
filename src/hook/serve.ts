/**
 * Serving one hook call in this process: read stdin to its end, run the chain (./chain.ts), print the
 * answer, exit 0. The one runner of both entry points: the bundled `node dist/hook.cjs` (./entry.ts) and
 * `agent-context hook` (src/cli/commands/hook.ts), so they share the stdin bound, the watchdog and the chain.
 *
 * Stdin and stdout are used through file descriptors (no stream objects, which cost several ms to set up):
 * stdin through a non-blocking descriptor of the same pipe or file (`/dev/stdin` opened with O_NONBLOCK),
 * polled every 2 ms while the writer has not closed it, so the watchdog can always fire. Where that open
 * fails, it falls back to `process.stdin`. In the common case Claude Code has written and closed stdin
 * before the hook starts, and no timer is ever created.
 */
import { constants, openSync, readSync, writeSync } from "node:fs";
import { deadlinePassed, setDeadline, sinceStart } from "../fs/deadline.js";
import { runHook } from "./chain.js";
import { hookTimeoutMs, MAX_HOOK_STDIN } from "./protocol.js";
import { armWatchdog, disarmWatchdog, installWatchdog } from "./watchdog.js";

/** Writes all of `text` to `fd`; false when it could not (a closed pipe). Never throws. */
function say(fd: number, text: string): boolean {
  try {
    const buf = Buffer.from(text, "utf8");
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads stdin to its end. Resolves with its text (UTF-8), or "" when it is larger than
 * {@link MAX_HOOK_STDIN} bytes or cannot be read. Never rejects; arms the watchdog while it waits.
 */
export function readHookStdin(): Promise<string> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const take = (c: Buffer) => {
      size += c.length;
      if (size <= MAX_HOOK_STDIN) chunks.push(c);
    };
    const end = () => done(size <= MAX_HOOK_STDIN ? Buffer.concat(chunks).toString("utf8") : "");
    let fd: number;
    try {
      fd = openSync("/dev/stdin", constants.O_RDONLY | constants.O_NONBLOCK);
    } catch {
      armWatchdog();
      process.stdin.on("data", (c: Buffer) => take(c));
      process.stdin.on("error", () => done(""));
      process.stdin.on("end", end);
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
            armWatchdog();
            setTimeout(poll, 2);
            return;
          }
          done("");
          return;
        }
        if (n === 0) {
          end();
          return;
        }
        take(Buffer.from(buf.subarray(0, n)));
      }
    };
    poll();
  });
}

/** The share of the watchdog's timeout after which the hook's work stops (src/fs/deadline.ts). */
export const DEADLINE_SHARE = 0.8;

/**
 * Serves one PreToolUse call in this process: stdin → chain → stdout/stderr; sets exit status 0.
 *
 * Two bounds, both ending with status 0: the process deadline, set here to {@link DEADLINE_SHARE} of the
 * watchdog's timeout (AGENT_CONTEXT_HOOK_TIMEOUT_MS, default 5000 ms: 4000 ms), which the hook's walks,
 * reads, loops and synchronous steps check (src/fs/deadline.ts) — once it has passed, the call prints no
 * stdout and one line on stderr, whatever the handlers produced; and the watchdog (./watchdog.ts), which
 * ends the process while it waits (stdin, a module load). Never rejects.
 */
export async function serveHook(): Promise<void> {
  installWatchdog();
  const timeout = hookTimeoutMs();
  const bound = Math.floor(timeout * DEADLINE_SHARE);
  // Counted from the process's start, so Node's own start-up is inside it.
  setDeadline(bound - sinceStart());
  try {
    const r = await runHook(await readHookStdin());
    // Fault injection for the test that the session state records only what is printed.
    if (process.env.AGENT_CONTEXT_HOOK_FAULT === "late") setDeadline(Number.MIN_VALUE);
    if (deadlinePassed()) {
      // Nothing is printed, so nothing is recorded as delivered: a later call of the session injects it.
      r.abandon();
      process.exitCode = 0;
      say(
        2,
        `agent-context hook: stopped at its deadline (${bound} ms, ${DEADLINE_SHARE * 100}% of the ${timeout} ms watchdog); nothing injected\n`,
      );
      return;
    }
    if (r.stderr) say(2, r.stderr);
    if (r.stdout === "" || say(1, r.stdout)) r.commit();
    else r.abandon();
  } catch {
    // fail open
  } finally {
    disarmWatchdog();
    process.exitCode = 0;
  }
}
