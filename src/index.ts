/** The agent-context library API. */

export {
  agentById,
  agentName,
  agents,
  defaultAgent,
  findAgent,
  registerAgent,
  selectAgents,
} from "./agents/index.js";
export * from "./agents/library.js";
export { currentUserEnvironment } from "./agents/user-environment.js";
export * from "./budget/index.js";
export * from "./config.js";
export * from "./errors.js";
export { type GitResult, isGitWorkTree, runGit } from "./fs/git.js";
export { displayPath, inside, relativeInside, toPosix } from "./fs/paths.js";
export * from "./markdown/index.js";
export * from "./model/index.js";
export { type HookPointerOptions, hookRoutePointers, MAX_HOOK_CONTEXT_BYTES } from "./pointers/hook-route.js";
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
export { VERSION } from "./version.js";
