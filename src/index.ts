/** The agent-context library API. */

export * from "./agents/claude-code/index.js";
export * from "./config.js";
export * from "./errors.js";
export * from "./markdown/index.js";
export * from "./types.js";
export { VERSION } from "./version.js";
