/**
 * Runs the pinned real Claude Code CLI offline against a scripted upstream and parses what it sent.
 * Ground truth for the claude-code agent model (see DESIGN.md, "Ground truth").
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pinnedBin, pinnedReleases, pinnedVersion, runProcess } from "./process.js";
import { type RecordedRequest, startUpstream, type Turn } from "./upstream.js";

export const CLAUDE_CODE_PACKAGE = "@anthropic-ai/claude-code";

/**
 * Absolute path of the `claude` binary of a pinned release (test/agents/package.json). `release` defaults
 * to the main pin (2.1.332, the release the claude-code model is verified on); another pinned release is
 * an alias there (e.g. 2.1.197).
 */
export function claudeBin(release?: string): string {
  return pinnedBin(CLAUDE_CODE_PACKAGE, "claude", release);
}

/** The installed version of a pinned release (default: the main pin), read from its package.json. */
export function claudeVersion(release?: string): string {
  return pinnedVersion(CLAUDE_CODE_PACKAGE, release);
}

/** Every pinned Claude Code release, the main pin first. */
export function claudeReleases(): string[] {
  return pinnedReleases(CLAUDE_CODE_PACKAGE);
}

export interface ClaudeRun {
  code: number | null;
  stdout: string;
  stderr: string;
  requests: RecordedRequest[];
  mainRequests: RecordedRequest[];
  home: string;
  configDir: string;
}

export interface RunClaudeOptions {
  cwd: string;
  prompt?: string;
  script?: Turn[];
  args?: string[];
  /** Throwaway HOME (created when absent). */
  home?: string;
  /** Throwaway CLAUDE_CONFIG_DIR (created when absent). */
  configDir?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** The pinned Claude Code release to run (default: the main pin). */
  release?: string;
}

/** Runs `claude -p PROMPT` in `cwd` offline; resolves when the CLI exits (or is killed at the timeout). */
export async function runClaude(opts: RunClaudeOptions): Promise<ClaudeRun> {
  const up = await startUpstream(opts.script ?? []);
  const home = opts.home ?? mkdtempSync(join(tmpdir(), "ac-home-"));
  const configDir = opts.configDir ?? join(home, ".claude-config");
  mkdirSync(configDir, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    CLAUDE_CONFIG_DIR: configDir,
    ANTHROPIC_BASE_URL: up.url,
    ANTHROPIC_API_KEY: "sk-test-offline",
    DISABLE_TELEMETRY: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    ...opts.env,
  };
  const args = ["-p", opts.prompt ?? "hello", ...(opts.args ?? [])];
  try {
    const r = await runProcess(claudeBin(opts.release), args, {
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
 * the text. Relies on the formats observed in the pinned CLIs (see LoadedSection): 2.1.332 closes the
 * reminder after the last file; 2.1.197 follows it with its `# currentDate` entry.
 */
export function parseSections(text: string): LoadedSection[] {
  const out: LoadedSection[] = [];
  const marks = [...text.matchAll(SECTION)];
  marks.forEach((m, i) => {
    const start = (m.index ?? 0) + m[0].length;
    const next = marks[i + 1];
    let end = next ? (next.index ?? text.length) : text.length;
    let body = text.slice(start, end);
    if (!next) {
      const close = body.lastIndexOf("\n</system-reminder>");
      if (close >= 0) body = body.slice(0, close);
      // 2.1.197 puts the memory under a `# claudeMd` heading and the next context entry (`# currentDate`)
      // in the same reminder, right after the last file's text.
      const date = body.lastIndexOf("\n# currentDate\n");
      if (date >= 0) body = body.slice(0, date);
    }
    end = 0;
    out.push({ path: m[1] ?? "", label: m[2] ?? "", text: body });
  });
  return out;
}

/** The launch set: the sections of the first main request's first user message. */
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
