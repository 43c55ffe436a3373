/**
 * The PreToolUse hook protocol, as Claude Code 2.1.332 speaks it (docs/findings-hook.md): one JSON object
 * on stdin (`session_id`, `cwd`, `hook_event_name`, `tool_name`, `tool_input`, ...), and on stdout either
 * nothing or `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"..."}}`.
 *
 * It injects; it never decides: the output never carries `permissionDecision`, `decision`, `continue` or
 * anything else that changes whether the tool runs (settled on Claude Code 2.1.332: a Write or Bash that the
 * default permission mode denies stays denied with the hook installed; test/conformance/hook-claude.test.ts).
 */
import { isAbsolute } from "node:path";

/** Largest stdin the hook accepts (bytes, 16 MiB); a larger payload is not hook JSON and gets no answer. */
export const MAX_HOOK_STDIN = 16 * 1024 * 1024;

/** Watchdog default (milliseconds): 5000. */
export const DEFAULT_HOOK_TIMEOUT_MS = 5000;

/**
 * Milliseconds after which the hook's watchdog ends it with status 0 and no output:
 * AGENT_CONTEXT_HOOK_TIMEOUT_MS, default {@link DEFAULT_HOOK_TIMEOUT_MS}. The same for both entry points
 * (`node dist/hook.cjs` and `agent-context hook`).
 */
export function hookTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.AGENT_CONTEXT_HOOK_TIMEOUT_MS) || DEFAULT_HOOK_TIMEOUT_MS;
}

/** One PreToolUse event, as far as the hook reads it. */
export interface HookEvent {
  /** `tool_name`; never empty. */
  tool: string;
  /** `tool_input`: an object (its fields are parsed by ./targets.ts). */
  input: Record<string, unknown>;
  /** `cwd` when it is absolute, else `fallbackCwd`. */
  cwd: string;
  /** `session_id`, or null when missing or empty. */
  sessionId: string | null;
}

/** The result of reading stdin: an event, or the reason there is none (a line for stderr, maybe empty). */
export type ReadEvent = { ok: true; event: HookEvent } | { ok: false; stderr: string };

/**
 * Reads one hook event from the stdin text. Garbage gives `{ ok: false }` with a line for stderr; JSON
 * that names no tool or no tool input gives `{ ok: false, stderr: "" }` (nothing to say).
 * @param stdin the whole stdin, decoded as UTF-8 (at most {@link MAX_HOOK_STDIN} bytes; pass "" if more)
 * @param fallbackCwd the directory used when the event carries no absolute `cwd`
 * Never throws.
 */
export function readHookEvent(stdin: string, fallbackCwd: string): ReadEvent {
  let payload: unknown;
  try {
    payload = JSON.parse(stdin);
  } catch {
    return {
      ok: false,
      stderr: "agent-context hook: stdin is not Claude Code hook JSON; nothing injected\n",
    };
  }
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) {
    return { ok: false, stderr: "agent-context hook: stdin is not a hook JSON object; nothing injected\n" };
  }
  const p = payload as Record<string, unknown>;
  const tool = typeof p.tool_name === "string" ? p.tool_name : "";
  const input = p.tool_input;
  if (!tool || !input || typeof input !== "object" || Array.isArray(input)) return { ok: false, stderr: "" };
  return {
    ok: true,
    event: {
      tool,
      input: input as Record<string, unknown>,
      cwd: typeof p.cwd === "string" && isAbsolute(p.cwd) ? p.cwd : fallbackCwd,
      sessionId: typeof p.session_id === "string" && p.session_id !== "" ? p.session_id : null,
    },
  };
}

/**
 * The stdout for an additionalContext: the PreToolUse JSON, or "" when there is nothing to inject.
 * Never a permission decision.
 */
export function hookStdout(additionalContext: string): string {
  if (additionalContext === "") return "";
  return JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext } });
}
