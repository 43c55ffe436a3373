/** The agent-context library API. */
export * from "./config.js";
export * from "./errors.js";
export * from "./types.js";
export { VERSION } from "./version.js";
