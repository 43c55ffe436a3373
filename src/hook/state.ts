/**
 * Once-per-session state: the keys of what the hook already injected in a Claude Code session, in a small
 * JSON file in the OS temp dir keyed by `session_id` and the repository root. Failure to read means
 * "nothing delivered yet" (inject again); failure to write is ignored. Neither ever blocks a tool call.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fnv1a, stateDir, writeFileAtomic } from "../router/index-build.js";

/** The state file for a session in a root. */
export function sessionFile(sessionId: string, root: string): string {
  return join(stateDir(), `session-${fnv1a(sessionId)}${fnv1a(`${root}\u0000${sessionId}`)}.json`);
}

/** Keys delivered so far in the session (empty when there is no readable state). Never throws. */
export function loadDelivered(sessionId: string, root: string): Set<string> {
  try {
    const j = JSON.parse(readFileSync(sessionFile(sessionId, root), "utf8")) as { delivered?: unknown };
    if (Array.isArray(j.delivered))
      return new Set(j.delivered.filter((x): x is string => typeof x === "string"));
  } catch {
    // missing or corrupt: nothing delivered
  }
  return new Set();
}

/** Records delivered keys. Returns false when the state could not be written. Never throws. */
export function saveDelivered(sessionId: string, root: string, keys: Set<string>): boolean {
  return writeFileAtomic(sessionFile(sessionId, root), JSON.stringify({ delivered: [...keys] }));
}
