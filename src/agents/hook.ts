/**
 * The agent the PreToolUse hook serves, for the hook's executable (src/hook/) and `init`: the registry's one
 * agent whose model declares `capabilities.hook`, named here without loading the registry. The registry
 * loads every agent's loader and verify runner (about 60 modules, `http` and `child_process` among them);
 * the hook reads only this plain data on every call and, when a call may attach something, the on-read
 * module it names. test/unit/agent-boundary.test.ts holds this equal to the registry's.
 */
import type { AgentHook } from "../model/agent.js";
import { claudeHook } from "./claude-code/hook.js";

/** The hook agent's registry id and its hook capability. */
export const HOOK_AGENT: { readonly id: string; readonly hook: AgentHook } = {
  id: "claude-code",
  hook: claudeHook,
};
