/**
 * The PreToolUse hook: Claude Code's hook JSON on stdin → `{"hookSpecificOutput":{"hookEventName":
 * "PreToolUse","additionalContext":"..."}}` on stdout, or nothing.
 *
 * It injects; it never decides: the output never carries `permissionDecision`, `decision`, `continue` or
 * anything else that changes whether the tool runs (settled on Claude Code 2.1.332: a Write or Bash that the
 * default permission mode denies stays denied with the hook installed; test/e2e/hook-claude.test.ts).
 * It fails open every way: garbage stdin, no target, no shards, a malformed shard or config, an unreadable
 * file, an exception — the result is no output (and a line on stderr where it helps). Exit status is
 * always 0 (the entry point guarantees it, also on a timeout).
 */

import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { loadConfig } from "../config.js";
import { pointerContext } from "./pointers.js";
import { DEFAULT_MAX_BYTES } from "./render.js";
import { findRoot } from "./root.js";
import { routeCallWithOnRead } from "./route.js";
import { loadDelivered, saveDelivered } from "./state.js";

/** Largest stdin the hook accepts (bytes, 16 MiB); a larger payload is not hook JSON and gets no answer. */
export const MAX_HOOK_STDIN = 16 * 1024 * 1024;

/**
 * Milliseconds after which the hook's watchdog ends it with status 0 and no output:
 * AGENT_CONTEXT_HOOK_TIMEOUT_MS, default 5000. Shared by both entry points (dist/hook.mjs and the CLI).
 */
export function hookTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.AGENT_CONTEXT_HOOK_TIMEOUT_MS) || 5000;
}

export interface HookOutput {
  stdout: string;
  stderr: string;
}

/** The hook's answer for one stdin payload. Never rejects. */
export async function runHook(stdin: string, opts: { env?: NodeJS.ProcessEnv } = {}): Promise<HookOutput> {
  const env = opts.env ?? process.env;
  try {
    // Fault injection for the fail-open tests (test/e2e/hook.test.ts): an exception inside the hook.
    if (env.AGENT_CONTEXT_HOOK_FAULT === "throw") throw new Error("injected fault");
    let payload: unknown;
    try {
      payload = JSON.parse(stdin);
    } catch {
      return {
        stdout: "",
        stderr: "agent-context hook: stdin is not Claude Code hook JSON; nothing injected\n",
      };
    }
    if (!payload || typeof payload !== "object" || Array.isArray(payload)) {
      return {
        stdout: "",
        stderr: "agent-context hook: stdin is not a hook JSON object; nothing injected\n",
      };
    }
    const p = payload as Record<string, unknown>;
    const tool = typeof p.tool_name === "string" ? p.tool_name : "";
    const input = p.tool_input;
    if (!tool || !input || typeof input !== "object") return { stdout: "", stderr: "" };
    const cwd = typeof p.cwd === "string" && isAbsolute(p.cwd) ? p.cwd : process.cwd();
    const root = findRoot(cwd, env);
    let config: ReturnType<typeof loadConfig>["config"];
    try {
      config = loadConfig(root).config;
    } catch (e) {
      return { stdout: "", stderr: `agent-context hook: ${(e as Error).message}; nothing injected\n` };
    }
    const sessionId = typeof p.session_id === "string" && p.session_id !== "" ? p.session_id : null;
    const once = config.hook?.oncePerSession !== false && sessionId !== null;
    const delivered = once && sessionId ? loadDelivered(sessionId, root) : new Set<string>();
    const r = await routeCallWithOnRead({
      root,
      cwd,
      tool,
      input: input as Record<string, unknown>,
      config,
      delivered,
    });
    const stderr = r.index.cached ? "" : r.problems.map((m) => `agent-context hook: ${m}\n`).join("");
    if (once && sessionId && (r.injection.text || r.cliKeys.some((k) => !delivered.has(k)))) {
      for (const k of r.injection.delivered) delivered.add(k);
      for (const k of r.cliKeys) delivered.add(k);
      saveDelivered(sessionId, root, delivered);
    }
    // Hook-route pointers (issue 4): pointer rules with absolute globs in the harness's config dir, for
    // files the CLI attaches no user rule to (outside its working directory). They share the call's bound.
    const routed = r.injection.text ?? "";
    const pointers = await pointerContext(
      payload,
      env.CLAUDE_CONFIG_DIR ?? join(homedir(), ".claude"),
      (config.hook?.maxBytes ?? DEFAULT_MAX_BYTES) - Buffer.byteLength(routed, "utf8"),
    );
    const text = [routed, pointers ?? ""].filter((t) => t !== "").join("\n\n");
    if (!text) return { stdout: "", stderr };
    const out = { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: text } };
    return { stdout: JSON.stringify(out), stderr };
  } catch (e) {
    return {
      stdout: "",
      stderr: `agent-context hook: internal error, nothing injected: ${(e as Error)?.message ?? e}\n`,
    };
  }
}
