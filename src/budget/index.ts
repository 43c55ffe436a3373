/** Budget: cap evaluation, the effective cap, the ratchet, and the `cap` pipeline. */

export * from "./adoption.js";
export * from "./cap-setting.js";
export * from "./evaluate.js";
export * from "./kinds.js";
export * from "./ratchet.js";
