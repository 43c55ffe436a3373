/** Renderers. */
export * from "./cap-json.js";
export * from "./cap-text.js";
export * from "./codex.js";
export * from "./color.js";
