export * from "./deadline.js";
export * from "./read.js";
export * from "./walk.js";
