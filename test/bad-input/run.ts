/**
 * Running the built CLI and the installed hook against a bad input, and the checks every run must pass:
 * the helpers of test/slow/bad-input-corpus.test.ts. Real processes on real files, no mocks.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join, resolve } from "node:path";

export const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
export const HOOK = resolve(import.meta.dirname, "../../dist/hook.cjs");

export interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `file args` with `stdin` (Buffer or text; the pipe is closed after it), killed with SIGKILL after
 * `killMs`. Resolves with what it printed (up to 64 MiB each) and how long it took; never rejects.
 */
export function runProcess(
  file: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string | Buffer; killMs: number },
): Promise<Run> {
  return new Promise((done) => {
    const t = performance.now();
    const p = spawn(file, args, { cwd: opts.cwd, env: opts.env, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    const LIMIT = 64 * 1024 * 1024;
    p.stdout.on("data", (c: Buffer) => {
      outBytes += c.length;
      if (outBytes <= LIMIT) out.push(c);
    });
    p.stderr.on("data", (c: Buffer) => {
      errBytes += c.length;
      if (errBytes <= LIMIT) err.push(c);
    });
    p.stdin.on("error", () => {}); // a hook that exits before reading all of a huge stdin
    const kill = setTimeout(() => p.kill("SIGKILL"), opts.killMs);
    p.on("close", (status, signal) => {
      clearTimeout(kill);
      done({
        status,
        signal,
        ms: performance.now() - t,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
      });
    });
    p.stdin.end(opts.stdin ?? "");
  });
}

/** Runs at most `n` of `jobs` at once; resolves when all are done, in order. */
export async function pool<T>(n: number, jobs: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await (jobs[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, jobs.length) }, worker));
  return out;
}

/** A stack trace in output: a V8 frame line, or Node's internals named. */
export const STACK_TRACE = /^\s+at .+|node:internal/m;

const sigCache = new Map<string, string>();

/**
 * A signature of every entry under `root`, not following links (a link to `/` is one entry): path →
 * kind, size and, for regular files up to 1 MiB, a SHA-256 of the content; bigger files are signed by
 * size, inode and nanosecond mtime and ctime (any write changes them), so a 200 MB file is not re-read.
 */
export function treeSignature(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    const abs = rel ? join(root, rel) : root;
    let names: string[];
    try {
      names = readdirSync(abs);
    } catch {
      return;
    }
    for (const name of names) {
      const r = rel ? `${rel}/${name}` : name;
      const p = join(root, r);
      const st = lstatSync(p, { bigint: true });
      if (st.isSymbolicLink()) out.set(r, `link ${readlinkSync(p)}`);
      else if (st.isDirectory()) {
        out.set(r, "dir");
        walk(r);
      } else if (st.isFile()) {
        const meta = `${st.size}:${st.ino}:${st.mtimeNs}:${st.ctimeNs}`;
        if (st.size > 1024 * 1024) out.set(r, `file ${meta}`);
        else {
          const key = `${p}\0${meta}`;
          let sig = sigCache.get(key);
          if (sig === undefined) {
            sig = `file ${st.size} ${createHash("sha256").update(readFileSync(p)).digest("hex")}`;
            sigCache.set(key, sig);
          }
          out.set(r, sig);
        }
      } else out.set(r, `special ${st.mode}`);
    }
  };
  walk("");
  return out;
}

/** The paths whose signature differs between two {@link treeSignature}s (added, removed or changed). */
export function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [k, v] of before) if (after.get(k) !== v) out.push(k);
  for (const k of after.keys()) if (!before.has(k)) out.push(k);
  return out.sort();
}

/**
 * Problems with the hook's and the router's state files under `stateRoot` (the TMPDIR the runs got): every
 * `*.json` must parse, every line of a `*.jsonl` (the router's index cache) must parse and the file must end
 * with its newline, every line of a session `*.log` must be a JSON string. Returns one line per problem.
 */
export function stateProblems(stateRoot: string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(dir, n);
      const st = lstatSync(p);
      if (st.isDirectory()) visit(p);
      else if (n.endsWith(".json")) {
        try {
          JSON.parse(readFileSync(p, "utf8"));
        } catch (e) {
          out.push(`${p}: ${(e as Error).message}`);
        }
      } else if (n.endsWith(".jsonl")) {
        const text = readFileSync(p, "utf8");
        if (!text.endsWith("\n")) out.push(`${p}: torn (no final newline)`);
        for (const line of text.split("\n")) {
          if (!line) continue;
          try {
            JSON.parse(line);
          } catch (e) {
            out.push(`${p}: ${(e as Error).message}`);
          }
        }
      } else if (n.endsWith(".log")) {
        for (const line of readFileSync(p, "utf8").split("\n")) {
          if (!line) continue;
          try {
            if (typeof JSON.parse(line) !== "string") out.push(`${p}: a line that is not a JSON string`);
          } catch {
            out.push(`${p}: a torn line ${JSON.stringify(line.slice(0, 80))}`);
          }
        }
      }
    }
  };
  visit(stateRoot);
  return out;
}

/**
 * The hook's stdout is nothing, or exactly `{"hookSpecificOutput":{"hookEventName":"PreToolUse",
 * "additionalContext":…}}` and never a decision. Returns the additionalContext ("" for none); throws
 * (failing the test) on anything else.
 */
export function hookContext(stdout: string): string {
  if (stdout === "") return "";
  const out = JSON.parse(stdout) as { hookSpecificOutput?: Record<string, unknown> };
  const keys = Object.keys(out).join(",");
  const inner = Object.keys(out.hookSpecificOutput ?? {}).join(",");
  if (keys !== "hookSpecificOutput" || inner !== "hookEventName,additionalContext")
    throw new Error(`hook stdout is not a bare PreToolUse answer: ${stdout.slice(0, 200)}`);
  return String(out.hookSpecificOutput?.additionalContext);
}
