/**
 * A process deadline: set once by the process that serves the hook (src/hook/serve.ts), read cheaply by the
 * work that may run long for a hostile repository or tool input (walks, reads, the per-target and per-rule
 * loops of the hook, trigger matching). Nothing else sets it, so `cap`, `lint`, `route` and tests never
 * see it (every check is then one comparison with 0).
 *
 * Two ways the work stops when the deadline passes:
 * - {@link checkDeadline}, called in loops: throws a {@link DeadlineExceeded};
 * - {@link withinDeadline}, around a synchronous step that has no loop of ours to check (a CommonMark
 *   parse, a regular expression): runs it under V8's execution timeout (`vm.Script#runInThisContext`
 *   with `timeout`), which interrupts even a running parser or regex and throws.
 * Either error may be caught and swallowed by code that fails open; the serving process therefore asks
 * {@link deadlinePassed} before it answers and then prints nothing.
 * A {@link withinDeadline} inside another is a plain call: the outer timeout covers it.
 */
import { Script } from "node:vm";

/** Thrown by {@link checkDeadline} and {@link withinDeadline} once the deadline has passed. */
export class DeadlineExceeded extends Error {
  constructor() {
    super("the hook's deadline passed");
    this.name = "DeadlineExceeded";
  }
}

/** True for a {@link DeadlineExceeded} from any copy of this module (the bundle holds one, dist/ another). */
export function isDeadlineExceeded(e: unknown): boolean {
  return (e as Error | undefined)?.name === "DeadlineExceeded";
}

/**
 * Milliseconds since the process started, on a monotonic clock: `process.uptime()`, counted from Node's
 * start like `performance.now()` (about 2 ms later), which would load perf_hooks and ten more modules
 * into every hook call (about 2 ms; bench/hook.mjs).
 */
export function sinceStart(): number {
  return process.uptime() * 1000;
}

/**
 * The deadline on {@link sinceStart}'s clock (milliseconds since process start), 0 when none is set, and
 * the tick counter. Kept on `globalThis` so that every copy of this module in the process shares it: the
 * bundled hook (dist/hook.cjs) loads the on-read model and pointer matcher from dist/ (src/hook/dist-module.ts),
 * which import their own copy of this file.
 */
const SHARED_KEY = Symbol.for("agent-context.deadline");
const holder = globalThis as Record<symbol, { at: number; ticks: number } | undefined>;
if (holder[SHARED_KEY] === undefined) holder[SHARED_KEY] = { at: 0, ticks: 0 };
const shared = holder[SHARED_KEY] as { at: number; ticks: number };

/**
 * Sets the process deadline `ms` milliseconds from now (replacing any earlier one); `ms <= 0` or a
 * non-finite value clears it.
 */
export function setDeadline(ms: number): void {
  shared.at = Number.isFinite(ms) && ms > 0 ? sinceStart() + ms : 0;
}

/** Clears the deadline (tests; a process that served its call). */
export function clearDeadline(): void {
  shared.at = 0;
}

/** Milliseconds left before the deadline (may be negative), or Infinity when none is set. */
export function deadlineRemaining(): number {
  return shared.at === 0 ? Number.POSITIVE_INFINITY : shared.at - sinceStart();
}

/** True when a deadline is set and has passed. */
export function deadlinePassed(): boolean {
  return shared.at !== 0 && sinceStart() >= shared.at;
}

/** Throws {@link DeadlineExceeded} when a deadline is set and has passed; else returns (cost: one clock read). */
export function checkDeadline(): void {
  if (shared.at !== 0 && sinceStart() >= shared.at) throw new DeadlineExceeded();
}

/**
 * {@link checkDeadline} for the innermost loops: reads the clock once every 1,024 calls (no clock read at
 * all when no deadline is set). Throws {@link DeadlineExceeded} like it.
 */
export function tickDeadline(): void {
  if (shared.at !== 0 && (++shared.ticks & 1023) === 0 && sinceStart() >= shared.at)
    throw new DeadlineExceeded();
}

const GLOBAL_KEY = "__agentContextWithinDeadline";
let script: Script | undefined;

/**
 * Runs `fn` synchronously and returns its result. With no deadline set it is a plain call. With one set,
 * `fn` runs under V8's execution timeout for the time left, so even a step that never returns to our
 * code (a parse, a regex) is interrupted when the deadline passes.
 * @throws DeadlineExceeded when the deadline has passed before or while `fn` runs; whatever `fn` throws
 */
export function withinDeadline<T>(fn: () => T): T {
  if (shared.at === 0) return fn();
  const left = Math.floor(shared.at - sinceStart());
  if (left <= 0) throw new DeadlineExceeded();
  const g = globalThis as Record<string, unknown>;
  const outer = g[GLOBAL_KEY];
  // Inside another call's timeout, set for the same deadline, `fn` is interrupted by it already: a plain
  // call (each timeout costs Node a watchdog thread, about 0.2 ms).
  if (outer !== undefined) return fn();
  g[GLOBAL_KEY] = fn;
  script ??= new Script(`globalThis.${GLOBAL_KEY}()`);
  try {
    return script.runInThisContext({ timeout: left }) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException)?.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") throw new DeadlineExceeded();
    throw e;
  } finally {
    g[GLOBAL_KEY] = outer;
  }
}
