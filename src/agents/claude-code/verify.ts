/**
 * Runs a real Claude Code CLI offline against the loopback upstream (src/verify/upstream.ts) and parses
 * what it sent: the one harness the product's `verify` and the conformance suite (test/support/claude.ts)
 * share. Settled against Claude Code 2.1.332 and 2.1.197 (the `Contents of PATH (label):` sections are
 * the same in both).
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ProcessResult, runProcess } from "../../verify/process.js";
import { type RecordedRequest, startUpstream, type Turn } from "../../verify/upstream.js";

export interface ClaudeRun {
  /** Exit status (null when killed). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the CLI was killed at the timeout. */
  timedOut?: boolean;
  /** Set when the binary could not be started. */
  spawnError?: string;
  /** Every request the upstream received, in order. */
  requests: RecordedRequest[];
  /** The main conversation's requests (those offering tools), in order. */
  mainRequests: RecordedRequest[];
  /** The throwaway HOME the CLI ran with. */
  home: string;
  /** The throwaway CLAUDE_CONFIG_DIR the CLI ran with. */
  configDir: string;
}

export interface RunClaudeCliOptions {
  /** The `claude` executable (absolute path, or a name found on PATH). */
  bin: string;
  /** Directory the CLI starts in (absolute). */
  cwd: string;
  /** The `-p` prompt (default "hello"). */
  prompt?: string;
  /** Scripted assistant turns of the main conversation. */
  script?: Turn[];
  /** Extra arguments after `-p PROMPT`. */
  args?: string[];
  /** Throwaway HOME (a fresh temp directory when absent). */
  home?: string;
  /** Throwaway CLAUDE_CONFIG_DIR (HOME/.claude-config when absent; created). */
  configDir?: string;
  /** Extra environment, applied last. */
  env?: Record<string, string>;
  /** Kill the CLI after this many milliseconds (default 60,000). */
  timeoutMs?: number;
}

/**
 * The environment of an offline run: exactly these variables, nothing inherited but PATH. The API base is
 * the loopback upstream, the key a dummy, telemetry, error reporting, auto-update and non-essential traffic
 * off (the switches Claude Code 2.1.332 and 2.1.197 read).
 */
export function claudeOfflineEnv(
  upstreamUrl: string,
  home: string,
  configDir: string,
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    CLAUDE_CONFIG_DIR: configDir,
    ANTHROPIC_BASE_URL: upstreamUrl,
    ANTHROPIC_API_KEY: "sk-test-offline",
    DISABLE_TELEMETRY: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
  };
}

/**
 * Runs `BIN -p PROMPT [args]` in `cwd` offline against a fresh loopback upstream playing `script`;
 * resolves when the CLI exits (or is killed at the timeout). Never rejects for a CLI failure: the caller
 * reads `code`, `timedOut`, `spawnError`.
 */
export async function runClaudeCli(opts: RunClaudeCliOptions): Promise<ClaudeRun> {
  const up = await startUpstream(opts.script ?? []);
  const home = opts.home ?? mkdtempSync(join(tmpdir(), "ac-home-"));
  const configDir = opts.configDir ?? join(home, ".claude-config");
  mkdirSync(configDir, { recursive: true });
  const env = { ...claudeOfflineEnv(up.url, home, configDir), ...opts.env };
  const args = ["-p", opts.prompt ?? "hello", ...(opts.args ?? [])];
  try {
    const r: ProcessResult = await runProcess(opts.bin, args, {
      cwd: opts.cwd,
      env,
      timeoutMs: opts.timeoutMs ?? 60_000,
    });
    return { ...r, requests: up.requests, mainRequests: up.mainRequests(), home, configDir };
  } finally {
    await up.close();
  }
}

export interface LoadedSection {
  /** Absolute path as the CLI printed it. */
  path: string;
  /** The label in parentheses, e.g. "project instructions, checked into the codebase". */
  label: string;
  /** The injected text. */
  text: string;
}

// biome-ignore lint/suspicious/noExplicitAny: message content from the API
function textBlocks(message: any): string[] {
  if (!message) return [];
  if (typeof message.content === "string") return [message.content];
  if (!Array.isArray(message.content)) return [];
  // biome-ignore lint/suspicious/noExplicitAny: message content from the API
  return (message.content as any[]).flatMap((b) => {
    if (b.type === "text") return [b.text as string];
    if (b.type === "tool_result") {
      if (typeof b.content === "string") return [b.content];
      // biome-ignore lint/suspicious/noExplicitAny: nested blocks
      return ((b.content as any[]) ?? []).filter((x) => x.type === "text").map((x) => x.text as string);
    }
    return [];
  });
}

/** Every text of every message in a request (user and assistant), in order. */
export function allTexts(req: RecordedRequest): string[] {
  // biome-ignore lint/suspicious/noExplicitAny: message list
  return ((req.body?.messages ?? []) as any[]).flatMap(textBlocks);
}

const SECTION = /(?:^|\n)Contents of (\/[^\n]*?) \(([^()\n]*)\):\n\n/g;

/**
 * Parses every `Contents of PATH (label):` section out of a text (a system-reminder). Each section's text
 * runs to the next section or to the closing `</system-reminder>`; the separator blank line is not part of
 * the text. Relies on the format observed in the pinned CLI (see LoadedSection).
 */
export function parseSections(text: string): LoadedSection[] {
  const out: LoadedSection[] = [];
  const marks = [...text.matchAll(SECTION)];
  marks.forEach((m, i) => {
    const start = (m.index ?? 0) + m[0].length;
    const next = marks[i + 1];
    const end = next ? (next.index ?? text.length) : text.length;
    let body = text.slice(start, end);
    if (!next) {
      const close = body.lastIndexOf("\n</system-reminder>");
      if (close >= 0) body = body.slice(0, close);
    }
    out.push({ path: m[1] ?? "", label: m[2] ?? "", text: body });
  });
  return out;
}

/**
 * The launch set: the sections of the first main request's first user message. Throws when the CLI sent
 * no main request (the message carries the exit status and the start of stderr).
 */
export function launchSections(run: ClaudeRun): LoadedSection[] {
  const first = run.mainRequests[0];
  if (!first) throw new Error(`the CLI sent no request (exit ${run.code}): ${run.stderr.slice(0, 2000)}`);
  const firstUser = first.body.messages?.[0];
  return textBlocks(firstUser).flatMap(parseSections);
}

/**
 * The launch sections with their exact injected texts. The CLI joins sections with a blank line and
 * trims each text (2.1.332), so `parseSections` leaves one separator newline on every section but the
 * last; this drops it.
 */
export function launchFiles(run: ClaudeRun): LoadedSection[] {
  const sections = launchSections(run);
  return sections.map((s, i) =>
    i < sections.length - 1 && s.text.endsWith("\n") ? { ...s, text: s.text.slice(0, -1) } : s,
  );
}

/** Section labels of CLI 2.1.332: checked-in project memory (memory, imports, rules) and CLAUDE.local.md. */
export const CLAUDE_LABELS = {
  project: "project instructions, checked into the codebase",
  local: "user's private project instructions, not checked in",
} as const;
