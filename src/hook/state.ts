/**
 * Once-per-session state: what the hook already delivered in a Claude Code session, kept in the private
 * state directory (src/router/index-build.ts `stateDir`), keyed by `session_id` and the repository root.
 *
 * The agent runs tools in parallel, so several hooks of one session run at once. Two things make that
 * safe without a lock that could block a tool call:
 * - a key is delivered by the one call that creates its claim file (`open(…, "wx")`, atomic on every local
 *   file system): a call that loses a claim leaves that rule to the call that won it;
 * - what was delivered is appended, one JSON string per line, to a log file (`O_APPEND`: concurrent
 *   appends never overwrite each other), and read back as the union of its lines.
 * Failure to read means "nothing delivered yet" (inject again); failure to write is ignored; neither ever
 * blocks a tool call. Without a private state directory there is no state at all.
 */
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { joinPath } from "../fs/paths.js";
import { fnv1a, stateDir } from "../router/index-build.js";

/** Largest session log read, in bytes (beyond it the session starts over: rules may be injected again). */
export const MAX_SESSION_LOG_BYTES = 4 * 1024 * 1024;

function sessionBase(sessionId: string, root: string): string | null {
  const dir = stateDir();
  return dir === null
    ? null
    : joinPath(dir, `session-${fnv1a(sessionId)}${fnv1a(`${root}\u0000${sessionId}`)}`);
}

/** The log file of a session in a root, or null without a private state directory. */
export function sessionFile(sessionId: string, root: string): string | null {
  const base = sessionBase(sessionId, root);
  return base === null ? null : `${base}.log`;
}

/** Keys delivered so far in the session (empty when there is no readable state). Never throws. */
export function loadDelivered(sessionId: string, root: string): Set<string> {
  const out = new Set<string>();
  const file = sessionFile(sessionId, root);
  if (file === null) return out;
  try {
    const text = readFileSync(file, "utf8");
    if (Buffer.byteLength(text) > MAX_SESSION_LOG_BYTES) return out;
    for (const line of text.split("\n")) {
      if (!line) continue;
      try {
        const k = JSON.parse(line) as unknown;
        if (typeof k === "string") out.add(k);
      } catch {
        // a torn or foreign line: skip it, keep the rest
      }
    }
  } catch {
    // missing or unreadable: nothing delivered
  }
  return out;
}

/** Longest key, in UTF-8 bytes, whose claim file is named by the key itself (in hex: at most 241 bytes). */
const MAX_NAMED_KEY_BYTES = 120;

/**
 * The claim file name of `key`: `k` + the key's UTF-8 bytes in hex (one name per key, no collisions, safe on
 * case-insensitive file systems) up to
 * {@link MAX_NAMED_KEY_BYTES}, else `h` + 128 bits of FNV-1a over four seeds + the key's length. Not
 * node:crypto: loading it cost the hook about 9 ms per call (bench/hook.mjs), and a claim name guards a
 * session's own deliveries, not a secret.
 */
export function claimName(key: string): string {
  const bytes = Buffer.from(key, "utf8");
  if (bytes.length <= MAX_NAMED_KEY_BYTES) return `k${bytes.toString("hex")}`;
  return `h${fnv1a(key)}${fnv1a(`\u0001${key}`)}${fnv1a(`\u0002${key}`)}${fnv1a(`\u0003${key}`)}-${bytes.length}`;
}

function claimFile(claims: string, key: string): string {
  return joinPath(claims, claimName(key));
}

/**
 * Claims `keys` for this call: each key goes to exactly one of `won` (this call created its claim and
 * delivers it) or `lost` (another call of the session claimed it first). Without state (no private
 * directory, a claim directory that cannot be made), every key is won: the hook fails open, delivering
 * rather than withholding. Never throws.
 */
export function claimDelivered(
  sessionId: string,
  root: string,
  keys: readonly string[],
): { won: string[]; lost: string[] } {
  const base = sessionBase(sessionId, root);
  if (base === null || keys.length === 0) return { won: [...keys], lost: [] };
  const claims = `${base}.claims`;
  try {
    mkdirSync(claims, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") return { won: [...keys], lost: [] };
  }
  const won: string[] = [];
  const lost: string[] = [];
  for (const k of keys) {
    try {
      closeSync(openSync(claimFile(claims, k), "wx", 0o600));
      won.push(k);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") lost.push(k);
      else won.push(k);
    }
  }
  return { won, lost };
}

/** Gives back claims this call made but did not deliver after all (so another call may). Never throws. */
export function releaseClaims(sessionId: string, root: string, keys: readonly string[]): void {
  if (keys.length === 0) return;
  const base = sessionBase(sessionId, root);
  if (base === null) return;
  for (const k of keys) rmSync(claimFile(`${base}.claims`, k), { force: true });
}

/** Appends delivered keys to the session log. Returns false when it could not be written. Never throws. */
export function saveDelivered(sessionId: string, root: string, keys: Iterable<string>): boolean {
  const file = sessionFile(sessionId, root);
  if (file === null) return false;
  const lines = [...keys].map((k) => `${JSON.stringify(k)}\n`).join("");
  if (!lines) return true;
  try {
    appendFileSync(file, lines, { mode: 0o600 });
    return true;
  } catch {
    return false;
  }
}
