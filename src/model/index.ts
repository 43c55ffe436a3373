/** The records every room shares, and the agent interface. */
export * from "./agent.js";
export * from "./cut.js";
export * from "./finding.js";
export * from "./item.js";
export * from "./snapshot.js";
export * from "./verify.js";
