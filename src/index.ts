/** The agent-context library API. */

export * from "./agents/claude-code/index.js";
export { crossAgentGaps } from "./agents/codex/gaps.js";
export {
  CODEX_VERIFIED_VERSION,
  type CodexChainOptions,
  type CodexChainResult,
  type CodexTruncation,
  codexChain,
} from "./agents/codex/index.js";
export { codexChainsByDir } from "./agents/codex/report-dirs.js";
export * from "./budget/index.js";
export * from "./config.js";
export * from "./errors.js";
export * from "./markdown/index.js";
export { MAX_HOOK_CONTEXT_BYTES, type PointerHookOptions, pointerHookContext } from "./pointers/hook.js";
export {
  generatePointers,
  MAX_DIRS_CHECKED,
  MAX_POINTER_BYTES,
  MAX_POINTERS,
  MAX_TOTAL_BYTES,
  POINTER_RULES,
  POINTERS_VERIFIED_ON,
  type Pointer,
  type PointerRoute,
  type PointersOptions,
  type PointersResult,
  readsBack,
} from "./pointers/index.js";
export * from "./report/index.js";
export * from "./types.js";
export { VERSION } from "./version.js";
