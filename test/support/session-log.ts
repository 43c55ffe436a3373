/**
 * Counts the real agent CLI sessions a run starts: with AGENT_CONTEXT_SESSION_LOG=FILE, every launch
 * through the harness (./claude.ts, ./codex.ts, ./gemini.ts, ./copilot.ts, ./claude-probes.ts and the
 * fuzzers' runners) appends one JSON line to FILE: the test file, the agent, the release and a hash of
 * every input that reaches the CLI (the files under the session's temp folder and its HOME, the
 * arguments, the prompt, the scripted turns, the extra environment), the temp folders' paths replaced by a
 * placeholder. Two lines with the same hash are the same session started twice. `node
 * scripts/session-count.mjs FILE` sums them per file. Without the variable it does nothing.
 *
 * The same hash keys {@link sharedSession}: a session a test file would start a second time with the same
 * inputs (two probes of claude-release-ranges that read the same run differently) runs once.
 */
import { createHash } from "node:crypto";
import { appendFileSync, lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";

export interface SessionInputs {
  cwd: string;
  home?: string | undefined;
  [key: string]: unknown;
}

/** The folder directly under the system's temp dir that holds `p` (the session's fixture), else `p`. */
function tempTop(p: string): string {
  const tmp = tmpdir();
  const rel = relative(tmp, p);
  if (rel.startsWith("..") || rel === "") return p;
  return join(tmp, rel.split(sep)[0] as string);
}

/**
 * Every entry under `dir` (bounded), `.git` read as its presence only (git writes times into it). False
 * when the lines do not hold the whole tree: a bound cut it, a folder could not be listed, or a file of
 * 1 MB or more is keyed by its size only.
 */
function treeLines(dir: string, tops: string[], out: string[], depth = 0): boolean {
  if (depth > 12 || out.length > 5000) return false;
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return false;
  }
  let whole = true;
  for (const name of names) {
    const p = join(dir, name);
    const st = lstatSync(p);
    const rel = placeholders(p, tops);
    if (name === ".git") out.push(`${rel} git`);
    else if (st.isSymbolicLink()) out.push(`${rel} -> ${placeholders(readlinkSync(p), tops)}`);
    else if (st.isDirectory()) {
      out.push(`${rel}/`);
      whole = treeLines(p, tops, out, depth + 1) && whole;
    } else if (st.isFile() && st.size < 1_000_000)
      out.push(
        `${rel} ${createHash("sha256")
          .update(placeholders(readFileSync(p, "latin1"), tops))
          .digest("hex")}`,
      );
    else {
      out.push(`${rel} ${st.size}`);
      whole = false;
    }
  }
  return whole;
}

function placeholders(text: string, tops: string[]): string {
  let t = text;
  tops.forEach((top, i) => {
    t = t.replaceAll(top, `<T${i}>`);
  });
  return t;
}

/** The content hash of a session's inputs (see the file's comment). */
export function sessionHash(agent: string, release: string, inputs: SessionInputs): string {
  return sessionKey(agent, release, inputs).hash;
}

/** {@link sessionHash}, and whether it covers every input (the tree read whole, see `treeLines`). */
function sessionKey(agent: string, release: string, inputs: SessionInputs): { hash: string; whole: boolean } {
  const tops = [...new Set([tempTop(inputs.cwd), ...(inputs.home ? [tempTop(inputs.home)] : [])])];
  const lines: string[] = [agent, release];
  let whole = true;
  for (const top of tops) whole = treeLines(top, tops, lines) && whole;
  const { run: _run, bin: _bin, ...rest } = inputs;
  lines.push(placeholders(JSON.stringify(rest), tops));
  return { hash: createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16), whole };
}

/** Appends the session's line when AGENT_CONTEXT_SESSION_LOG is set. */
export function logSession(agent: string, release: string | undefined, inputs: SessionInputs): void {
  const log = process.env.AGENT_CONTEXT_SESSION_LOG;
  if (!log) return;
  const worker = (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__;
  const file = relative(process.cwd(), worker?.filepath ?? process.argv[1] ?? "?");
  const line = {
    file,
    agent,
    release: release ?? "default",
    hash: sessionHash(agent, release ?? "", inputs),
  };
  appendFileSync(log, `${JSON.stringify(line)}\n`);
}

/** The sessions of this process (one test file: Vitest isolates files), by agent, release and inputs. */
const shared = new Map<string, Promise<unknown>>();

/**
 * `start()` once per distinct session in this process: a later call with the same agent, release and
 * inputs ({@link sessionHash}: every file under the session's temp folders and HOME, the arguments, the
 * script, the environment) gets the first call's result, and no second session is logged. The result
 * names the first call's folders, so only a caller that reads it relative to the paths it returns (the
 * probes' observation and its `root`) may share. A run that fails or that `keep` refuses (killed at its
 * timeout) is not kept: the next call starts its own (a retry is a retry). A session whose inputs the key
 * does not cover whole (a tree over the walk's bound, an unlistable folder, a file of 1 MB or more) is never
 * shared: it starts each time.
 */
export function sharedSession<T>(
  agent: string,
  release: string,
  inputs: SessionInputs,
  start: () => Promise<T>,
  keep: (result: T) => boolean = () => true,
): Promise<T> {
  const { hash: key, whole } = sessionKey(agent, release, inputs);
  if (!whole) {
    logSession(agent, release, inputs);
    return start();
  }
  const had = shared.get(key);
  if (had) return had as Promise<T>;
  logSession(agent, release, inputs);
  const p = start();
  shared.set(key, p);
  p.then(
    (r) => {
      if (!keep(r) && shared.get(key) === p) shared.delete(key);
    },
    () => {
      if (shared.get(key) === p) shared.delete(key);
    },
  );
  return p;
}
