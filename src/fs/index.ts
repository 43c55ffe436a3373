export * from "./read.js";
export * from "./walk.js";
