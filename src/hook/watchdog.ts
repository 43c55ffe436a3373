/**
 * The hook's watchdog: after {@link hookTimeoutMs} it prints one line on stderr and ends the process with
 * status 0 and no stdout, so a stuck stdin or a slow file system never holds a tool call. It is armed only
 * when a call has to wait (stdin not yet complete, or a lazily loaded model), so the common call creates
 * no timer. Only a process that serves the hook ({@link installWatchdog}, from ./serve.ts) can be ended by
 * it: in-process callers (`agent-context route`, tests) arm nothing.
 */
import { writeSync } from "node:fs";
import { hookTimeoutMs } from "./protocol.js";

let installed = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Lets {@link armWatchdog} end this process: called once by the process that serves the hook. */
export function installWatchdog(): void {
  installed = true;
}

/** Arms the watchdog (once per process); a no-op unless {@link installWatchdog} was called. */
export function armWatchdog(env: NodeJS.ProcessEnv = process.env): void {
  if (!installed || timer) return;
  const ms = hookTimeoutMs(env);
  timer = setTimeout(() => {
    try {
      writeSync(2, `agent-context hook: no answer within ${ms} ms; nothing injected\n`);
    } catch {
      // a closed pipe: nothing to say
    }
    process.exit(0);
  }, ms);
}

/** Clears an armed watchdog (the call answered). */
export function disarmWatchdog(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
}
