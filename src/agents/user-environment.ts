/** This machine, as the user view reads it. */
import { homedir } from "node:os";
import type { UserEnvironment } from "../model/agent.js";

/**
 * The current process's home directory and environment, for `LaunchOptions.user` (`cap --user`,
 * `explain`). `HOME` wins over the OS account's home when set, as the agents' own CLIs do.
 */
export function currentUserEnvironment(): UserEnvironment {
  return { home: process.env.HOME || homedir(), env: { ...process.env } };
}
