/** Glob matching: Claude Code's `paths:` semantics (claude.ts). */
export * from "./claude.js";
