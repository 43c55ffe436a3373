/**
 * Recorded cases: a case is files (the repository), a throwaway home, files beside them, environment and
 * flags, written into one fresh directory `<B>` as `<B>/repo` (a git repository unless `git: false`),
 * `<B>/home` and `<B>/...`. What the real CLI sent is kept with `<B>` in place of that directory, so the
 * recording is the same on every machine (test/conformance/recorded/*.json), and both the CLI (the
 * conformance suites) and a model (`npm run conformance:recorded`) can be held against it.
 *
 * In a case's texts, keys and argument values, `<B>` is the case directory, `<R>` the repository, `<H>`
 * the home. An environment value `null` unsets the variable the harness would set.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Entry, tempDir, writeLayout } from "./codex-layout.js";
import { agentSlots } from "./process.js";

/** A file of a case: text, bytes, a link (`{ link }`, placeholders allowed), a directory, or generated text. */
export type CaseEntry = Entry | { repeat: [text: string, times: number] };

export interface RecordedCase {
  /** A sentence: what the pinned CLI does. */
  name: string;
  /** The area of the issue it settles (agreement counts are given per area). */
  area?: string;
  /** Files of the repository `<B>/repo`. */
  files: Record<string, CaseEntry>;
  /** Files of the throwaway home `<B>/home`. */
  home?: Record<string, CaseEntry>;
  /** Files beside the repository, relative to `<B>`. */
  outside?: Record<string, CaseEntry>;
  /** The launch directory, relative to the repository. */
  cwd?: string;
  /** False: the repository is no git repository. */
  git?: boolean;
  /** Environment over the harness's (`null` unsets one of the harness's variables). */
  env?: Record<string, string | null>;
  /** CLI arguments. */
  args?: string[];
  /**
   * What the finding says, checked against the CLI's output besides the recording: texts the recorded
   * output must hold, and texts it must not (so a re-recording cannot quietly drop the finding).
   */
  includes?: string[];
  excludes?: string[];
  /** Kill the CLI after this many milliseconds. */
  timeoutMs?: number;
}

export interface CaseDirs {
  base: string;
  repo: string;
  home: string;
  cwd: string;
  /** Replaces the placeholders in a string. */
  sub(s: string): string;
}

function materialise(e: CaseEntry, sub: (s: string) => string): Entry {
  if (typeof e === "string") return sub(e);
  if (Buffer.isBuffer(e)) return e;
  if ("repeat" in e) return e.repeat[0].repeat(e.repeat[1]);
  if ("link" in e) return { link: sub(e.link) };
  return e;
}

function layout(dir: string, files: Record<string, CaseEntry> | undefined, sub: (s: string) => string) {
  if (!files) return;
  writeLayout(dir, Object.fromEntries(Object.entries(files).map(([k, v]) => [sub(k), materialise(v, sub)])));
}

const made: string[] = [];

/** Writes a case into a fresh directory. */
export function writeCase(c: RecordedCase, prefix = "ac-rec-"): CaseDirs {
  const base = tempDir(prefix);
  made.push(base);
  const repo = join(base, "repo");
  const home = join(base, "home");
  mkdirSync(repo);
  mkdirSync(home);
  const sub = (s: string) => s.replaceAll("<R>", repo).replaceAll("<H>", home).replaceAll("<B>", base);
  writeLayout(repo, c.git === false ? {} : { ".git": { git: true } });
  layout(repo, c.files, sub);
  layout(home, c.home, sub);
  layout(base, c.outside, sub);
  const cwd = join(repo, c.cwd ?? ".");
  mkdirSync(cwd, { recursive: true });
  return { base, repo, home, cwd, sub };
}

/** Removes every case directory this process wrote. */
export function removeCases(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** The harness's environment with a case's over it (`null` deletes). */
export function caseEnv(
  harness: Record<string, string>,
  c: Pick<RecordedCase, "env">,
  sub: (s: string) => string,
): Record<string, string> {
  const env = { ...harness };
  for (const [k, v] of Object.entries(c.env ?? {})) {
    if (v === null) delete env[k];
    else env[k] = sub(v);
  }
  return env;
}

/** `s` with the case directory replaced by `<B>`. */
export function placeholders(s: string, base: string): string {
  return s.replaceAll(base, "<B>");
}

/** The recordings of a suite: `test/conformance/recorded/NAME.json`, an object keyed by case name. */
export function recordingPath(suite: string): string {
  return resolve(import.meta.dirname, "../conformance/recorded", `${suite}.json`);
}

/** Reads a suite's recordings ({} when none). */
export function readRecordings<T>(suite: string): Record<string, T> {
  const p = recordingPath(suite);
  return existsSync(p) ? (JSON.parse(readFileSync(p, "utf8")) as Record<string, T>) : {};
}

/**
 * With `AC_RECORD=1` a suite writes what the CLI sent as its recordings (merged over the old ones, keys
 * sorted) instead of comparing. Re-record only after checking each change against the findings.
 */
export const RECORDING = process.env.AC_RECORD === "1";

/** Writes (merges) a suite's recordings. */
export function writeRecordings<T>(suite: string, rec: Record<string, T>): void {
  const all = { ...readRecordings<T>(suite), ...rec };
  const sorted = Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((k) => [k, all[k]]),
  );
  mkdirSync(resolve(import.meta.dirname, "../conformance/recorded"), { recursive: true });
  writeFileSync(recordingPath(suite), `${JSON.stringify(sorted, null, 1)}\n`);
}

/** Runs `tasks` with at most `n` at a time (the machine has 2 cores), this file's share of them in a test run. */
export async function inTurn<T>(tasks: (() => Promise<T>)[], n: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(agentSlots(n), tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return out;
}
