/**
 * The hook's chain: one PreToolUse event in (stdin text), its answer out (stdout and stderr text).
 * Handlers run in order over one parsed call (./call.ts): on-read gaps, router rules, pointers; each adds
 * its part of the additionalContext. `agent-context route` runs the first two ({@link ROUTE_HANDLERS}), so
 * `route --print` prints what the hook injects in a fresh session (pointers depend on the harness's config
 * dir, not on the repository).
 *
 * It fails open every way: garbage stdin, no target, no shards, a malformed shard or config, an unreadable
 * file, an exception — the result is no output (and a line on stderr where it helps). It never decides
 * (./protocol.ts). Once-per-session state (./state.ts) records what was injected and what the CLI attached
 * itself, keyed by `session_id`; when it cannot be kept, rules are injected again, never blocked.
 */
import { loadConfig } from "../config.js";
import { withinDeadline } from "../fs/deadline.js";
import { findRoot } from "../router/root.js";
import { type ChainState, emptyChainState, type HookCall, type HookHandler } from "./call.js";
import { onReadGaps } from "./handlers/on-read.js";
import { hookPointers } from "./handlers/pointers.js";
import { routerRules } from "./handlers/router.js";
import { hookStdout, readHookEvent } from "./protocol.js";
import { claimDelivered, loadDelivered, releaseClaims, saveDelivered } from "./state.js";
import { routerTarget, toolTarget } from "./targets.js";

/** The handlers `agent-context route` runs: on-read gaps, then router rules (which render both). */
export const ROUTE_HANDLERS: readonly HookHandler[] = [onReadGaps, routerRules];

/** The hook's chain: {@link ROUTE_HANDLERS}, then hook-route pointers. */
export const HOOK_HANDLERS: readonly HookHandler[] = [...ROUTE_HANDLERS, hookPointers];

/** The hook's answer: what to print on stdout (PreToolUse JSON or "") and on stderr. */
export interface HookOutput {
  stdout: string;
  stderr: string;
  /**
   * Records in the session state what `stdout` delivers (and what Claude Code attaches itself). Call it
   * only once `stdout` has actually been written: a rule recorded but never printed (the deadline cut the
   * answer, stdout was closed) would be lost for the rest of the session. Never throws.
   */
  commit(): void;
  /** Gives back this call's claims without recording anything (the answer was not printed). Never throws. */
  abandon(): void;
}

/** An answer that records nothing. */
function answer(stdout: string, stderr: string): HookOutput {
  return { stdout, stderr, commit: () => {}, abandon: () => {} };
}

/**
 * Builds the call every handler reads: parses the tool input once (./targets.ts).
 * @param fields the event's tool, input and cwd (absolute), the repository root and its configuration
 * @throws DeadlineExceeded (src/fs/deadline.ts) once the hook's deadline has passed; nothing else
 */
export function hookCall(
  fields: Omit<HookCall, "target" | "routed" | "delivered" | "env"> & {
    delivered?: Set<string>;
    env?: NodeJS.ProcessEnv;
  },
): HookCall {
  const env = fields.env ?? process.env;
  return withinDeadline(() => {
    const target = toolTarget(fields.tool, fields.input, fields.cwd, env.HOME);
    return {
      ...fields,
      env,
      target,
      routed: routerTarget(target, fields.root),
      delivered: fields.delivered ?? new Set(),
    };
  });
}

/** Runs `handlers` in order over one call. Handlers never throw; the chain adds nothing of its own. */
export async function runChain(
  call: HookCall,
  handlers: readonly HookHandler[],
  state: ChainState = emptyChainState(),
): Promise<ChainState> {
  for (const h of handlers) await h(call, state);
  return state;
}

/** Rounds of claiming before a call gives up on the keys it keeps losing (each round re-renders). */
const CLAIM_ROUNDS = 3;

/**
 * Once per session across concurrent hooks: claims the keys `state` would deliver; when another call of the
 * session claimed some first, renders again without them (at most {@link CLAIM_ROUNDS} times, then leaves
 * out what it still loses), and gives back the claims of keys the final render no longer delivers. The
 * session log is written by the returned `commit` (what it delivers, and what Claude Code attaches
 * itself), only once the answer is printed; `abandon` gives back the remaining claims instead.
 */
async function deliverOnce(
  first: ChainState,
  delivered: Set<string>,
  sessionId: string,
  root: string,
  rerun: (delivered: Set<string>) => Promise<ChainState>,
): Promise<{ state: ChainState; commit: () => void; abandon: () => void }> {
  let state = first;
  const mine = new Set<string>();
  for (let round = 0; ; round++) {
    const wanted = state.deliveredNow.filter((k) => !delivered.has(k) && !mine.has(k));
    const { won, lost } = claimDelivered(sessionId, root, wanted);
    for (const k of won) mine.add(k);
    if (lost.length === 0) break;
    for (const k of lost) delivered.add(k);
    if (round + 1 >= CLAIM_ROUNDS) {
      state = { ...state, sections: [], deliveredNow: [] };
      break;
    }
    state = await rerun(delivered);
  }
  const now = new Set(state.deliveredNow);
  releaseClaims(
    sessionId,
    root,
    [...mine].filter((k) => !now.has(k)),
  );
  const fresh = [...state.deliveredNow, ...state.cliKeys].filter((k) => !delivered.has(k));
  const held = [...mine].filter((k) => now.has(k));
  return {
    state,
    commit: () => {
      saveDelivered(sessionId, root, new Set(fresh));
    },
    abandon: () => releaseClaims(sessionId, root, held),
  };
}

/**
 * The synchronous steps of a call before its handlers: the event read from stdin, the root, its
 * configuration, the session's deliveries so far, and the call the handlers read; or the answer already
 * (no event, a configuration that does not load).
 */
function prepare(stdin: string, env: NodeJS.ProcessEnv) {
  const ev = readHookEvent(stdin, process.cwd());
  if (!ev.ok) return answer("", ev.stderr);
  const { tool, input, cwd, sessionId } = ev.event;
  const root = findRoot(cwd, env);
  let config: ReturnType<typeof loadConfig>["config"];
  try {
    config = loadConfig(root, { paths: false }).config;
  } catch (e) {
    return answer("", `agent-context hook: ${(e as Error).message}; nothing injected\n`);
  }
  const once = config.hook?.oncePerSession !== false && sessionId !== null;
  const delivered = once && sessionId ? loadDelivered(sessionId, root) : new Set<string>();
  const call = hookCall({ tool, input, cwd, root, config, env, delivered });
  return { tool, input, cwd, sessionId, root, config, once, delivered, call };
}

/**
 * The hook's answer for one stdin payload (see the module doc). Never rejects.
 * @param stdin the whole stdin as UTF-8 text ("" when it was over the bound of ./protocol.ts)
 * @param opts.env the environment (default process.env): CLAUDE_CONFIG_DIR, CLAUDE_PROJECT_DIR, HOME,
 *   TMPDIR (session state), and AGENT_CONTEXT_HOOK_FAULT=throw (fault injection for the fail-open tests)
 */
export async function runHook(stdin: string, opts: { env?: NodeJS.ProcessEnv } = {}): Promise<HookOutput> {
  const env = opts.env ?? process.env;
  try {
    if (env.AGENT_CONTEXT_HOOK_FAULT === "throw") throw new Error("injected fault");
    // The steps before the handlers run under one timeout (each costs a watchdog thread).
    const ready = withinDeadline(() => prepare(stdin, env));
    if ("stdout" in ready) return ready;
    const { tool, input, cwd, sessionId, root, config, once, delivered } = ready;
    const state = await runChain(ready.call, HOOK_HANDLERS);
    if (!(once && sessionId)) return answer(hookStdout(state.sections.join("\n\n")), state.stderr.join(""));
    const d = await deliverOnce(state, delivered, sessionId, root, (k) =>
      runChain(hookCall({ tool, input, cwd, root, config, env, delivered: k }), HOOK_HANDLERS),
    );
    return {
      stdout: hookStdout(d.state.sections.join("\n\n")),
      stderr: d.state.stderr.join(""),
      commit: d.commit,
      abandon: d.abandon,
    };
  } catch (e) {
    return answer(
      "",
      `agent-context hook: internal error, nothing injected: ${(e as Error)?.message ?? e}\n`,
    );
  }
}
