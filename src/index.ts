/** The agent-context library API. */

export * from "./budget/index.js";
export * from "./config.js";
export * from "./errors.js";
export * from "./report/index.js";
export * from "./types.js";
export { VERSION } from "./version.js";
