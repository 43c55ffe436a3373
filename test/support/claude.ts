/**
 * Runs the pinned real Claude Code CLI offline against a scripted upstream and parses what it sent.
 * Ground truth for the claude-code agent model (see DESIGN.md, "Ground truth"). The harness itself lives
 * in the product (src/agents/claude-code/verify.ts, which `verify` runs on the user's CLI); this file
 * adds the pinned releases of test/agents.
 */
import {
  type ClaudeRun,
  type RunClaudeCliOptions,
  runClaudeCli,
} from "../../src/agents/claude-code/verify.js";
import { pinnedBin, pinnedReleases, pinnedVersion } from "./process.js";
import { logSession } from "./session-log.js";

export {
  allTexts,
  CLAUDE_LABELS,
  type ClaudeRun,
  type LoadedSection,
  launchFiles,
  launchSections,
  parseSections,
} from "../../src/agents/claude-code/verify.js";

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

/** The verify runner's options, with a pinned release in place of the executable. */
export interface RunClaudeOptions extends Omit<RunClaudeCliOptions, "bin"> {
  /** The pinned Claude Code release to run (default: the main pin). */
  release?: string;
}

/** Runs `claude -p PROMPT` of a pinned release in `cwd` offline; resolves when the CLI exits (or is killed at the timeout). */
export async function runClaude(opts: RunClaudeOptions): Promise<ClaudeRun> {
  const { release, ...rest } = opts;
  logSession("claude-code", release ?? claudeVersion(), rest);
  return runClaudeCli({ ...rest, bin: claudeBin(release) });
}
