/**
 * Claude Code's own size limits and how it counts tokens, as found in the pinned CLIs (2.1.332 and 2.1.197)
 * and settled offline (docs/findings-limits.md, test/conformance/limits-cli.test.ts):
 * - the large-memory-file warning: a memory file or rule whose loaded text is longer than
 *   `max(40000, round(W × 0.05 × C))` characters (W the main model's context window, C its characters per
 *   token: 4 for the models of the older tokenizer, 3 for the others); 2.1.332 adds a total limit,
 *   `max(120000, per-file limit)`, over the files under the per-file limit. Interactive sessions print it;
 *   `-p` prints nothing, and nested files over it are cut on read (2.1.332);
 * - the custom agents' notice: their `NAME: DESCRIPTION` lines over 15,000 tokens counted as characters / 4;
 * - a hook's `additionalContext` over 10,000 characters arrives as a file path and a 2,000-character
 *   preview, so the agent-context hook's own bound (`hook.maxBytes`) must stay at or under it;
 * - the built-in Explore and Plan subagents start without CLAUDE.md, its imports, unscoped rules and local
 *   and user memory (both releases).
 */

import type {
  AgentTokens,
  ContextItem,
  Finding,
  LimitOptions,
  LintRuleMeta,
  PartialSession,
  Snapshot,
} from "../../model/index.js";
import { claudeFamilyOf } from "../../tokens/estimate.js";
import { CLAUDE_CODE_NAME, CLAUDE_CODE_RELEASES } from "./release.js";
import { CLAUDE_AUTO_MEMORY_MAX_CHARS, CLAUDE_AUTO_MEMORY_MAX_LINES } from "./sources.js";

/** The per-file limit's floor, its share of the context window, and the total limit's floor (characters). */
export const CLAUDE_MEMORY_FILE_MIN_CHARS = 40_000;
export const CLAUDE_MEMORY_FILE_WINDOW_SHARE = 0.05;
export const CLAUDE_MEMORY_TOTAL_MIN_CHARS = 120_000;
/** The context window the CLI assumes for a model it does not know (tokens). */
export const CLAUDE_DEFAULT_CONTEXT_WINDOW = 200_000;
/** The window of a `[1m]` model and of the models settled with one (claude-opus-4-8, claude-opus-5-5). */
export const CLAUDE_LONG_CONTEXT_WINDOW = 1_000_000;
/** The custom agents' notice: their listing lines over this many tokens, counted as characters / 4. */
export const CLAUDE_AGENT_DESCRIPTIONS_MAX_TOKENS = 15_000;
/** The longest `additionalContext` a hook delivers inline (characters). */
export const CLAUDE_HOOK_CONTEXT_MAX_CHARS = 10_000;

/** The releases the total memory limit exists on. */
const TOTAL_LIMIT_RELEASES = new Set(["2.1.332"]);

/** Models settled with a 1,000,000-token window offline (limits-cli `..._nested-default_model_...`). */
const LONG_CONTEXT_MODELS = /^claude-opus-(4-[89]|[5-9]-\d+)/;

/**
 * The model a limit assumes when `--model` names none: a 200,000-token model of the older tokenizer, whose
 * per-file limit (40,000 characters) is the lowest the CLI applies, so no session meets a warning `cap` did
 * not give.
 */
const LIMIT_DEFAULT_MODEL = "claude-sonnet-4-6";

/** The context window (tokens) the CLI gives a model id. */
export function claudeContextWindow(model: string): number {
  const id = model.trim().toLowerCase();
  if (/\[1m\]$/.test(id)) return CLAUDE_LONG_CONTEXT_WINDOW;
  const bare = id.slice(Math.max(0, id.indexOf("claude-"))).replace(/\./g, "-");
  return LONG_CONTEXT_MODELS.test(bare) ? CLAUDE_LONG_CONTEXT_WINDOW : CLAUDE_DEFAULT_CONTEXT_WINDOW;
}

/** The per-file large-memory limit (characters) for a model id: `max(40000, round(W × 0.05 × C))`. */
export function claudeMemoryFileLimit(model: string): number {
  const perToken = claudeFamilyOf(model) === "claude-legacy" ? 4 : 3;
  return Math.max(
    CLAUDE_MEMORY_FILE_MIN_CHARS,
    Math.round(claudeContextWindow(model) * CLAUDE_MEMORY_FILE_WINDOW_SHARE * perToken),
  );
}

/** How Claude Code's models count: the character-kind estimate per tokenizer; exact through the API. */
export const claudeTokens: AgentTokens = {
  // 2.1.332's default model offline (limits-cli `on_2_1_332_the_nested-default_model_limit_...`).
  defaultModel: "claude-opus-5-5",
  counting: (model) => ({ estimate: claudeFamilyOf(model) }),
  anthropic: () => true,
};

/** The kinds the large-memory-file warning counts (memory files, their imports, rules; not auto memory). */
const MEMORY_WARNING_KINDS = new Set(["memory", "import", "rule", "local"]);

/** Explore and Plan start without these (limits-cli, both releases). */
export const claudePartialSessions: readonly PartialSession[] = [
  {
    sessions: "the built-in Explore and Plan subagents",
    without: (item: ContextItem) => item.loadedAt === "launch" && MEMORY_WARNING_KINDS.has(item.kind),
    releases: CLAUDE_CODE_RELEASES,
  },
];

const n = (x: number) => x.toLocaleString("en-US");

/** The rule ids of the warnings below, for SARIF (`cap --format sarif`). */
export const CLAUDE_LIMIT_RULES: readonly LintRuleMeta[] = [
  {
    id: "claude-large-memory-file",
    description:
      "A memory file or rule over Claude Code's large-memory-file limit (it warns; nested copies are cut)",
    defaultSeverity: "warning",
  },
  {
    id: "claude-large-memory-total",
    description: "Instruction files adding up to more than Claude Code 2.1.332's total limit",
    defaultSeverity: "warning",
  },
  {
    id: "claude-agent-descriptions",
    description: "Custom subagent descriptions over Claude Code's 15,000-token notice",
    defaultSeverity: "warning",
  },
  {
    id: "claude-auto-memory-cut",
    description:
      "Auto memory (MEMORY.md) over Claude Code's 200 lines or 25,000 characters: the rest never loads",
    defaultSeverity: "warning",
  },
  {
    id: "claude-hook-context-limit",
    description: "hook.maxBytes above the 10,000 characters a hook's context arrives whole in",
    defaultSeverity: "warning",
  },
];

function warning(ruleId: string, file: string, message: string, help: string): Finding {
  return { ruleId, file, line: 1, column: 1, severity: "warning", message, help };
}

/** The files of a launch the large-memory-file warning checks, with their loaded text's characters. */
function memoryFiles(snapshot: Snapshot): { path: string; chars: number }[] {
  return snapshot.items
    .filter((i) => MEMORY_WARNING_KINDS.has(i.kind) && i.countedIn === undefined)
    .map((i) => ({ path: i.path, chars: (snapshot.texts.get(i.path) ?? "").length }));
}

/** Claude Code's limits a session of this launch meets (see the file's comment). */
export function claudeLimits(snapshot: Snapshot, opts: LimitOptions): Finding[] {
  const release = snapshot.agent.version;
  const model = opts.model ?? LIMIT_DEFAULT_MODEL;
  const limit = claudeMemoryFileLimit(model);
  const which = opts.model
    ? `the limit for ${model}`
    : `the limit for a model with a ${n(CLAUDE_DEFAULT_CONTEXT_WINDOW)}-token context such as ${model}; --model names yours`;
  const out: Finding[] = [];
  const files = memoryFiles(snapshot);
  for (const f of files)
    if (f.chars > limit)
      out.push(
        warning(
          "claude-large-memory-file",
          f.path,
          `${f.path} is ${n(f.chars)} characters, over ${CLAUDE_CODE_NAME} ${release}'s ${n(limit)}-character large-memory-file limit (${which}): interactive sessions warn "${f.path} is over the ${(limit / 1000).toFixed(1)}k-char limit"${release === "2.1.332" ? ", and a nested copy read on demand is cut there" : ""}`,
          `cut it under ${n(limit)} characters, or move detail into files read on demand`,
        ),
      );
  if (TOTAL_LIMIT_RELEASES.has(release)) {
    const total = Math.max(CLAUDE_MEMORY_TOTAL_MIN_CHARS, limit);
    const under = files.filter((f) => f.chars <= limit);
    const sum = under.reduce((s, f) => s + f.chars, 0);
    if (sum > total) {
      const largest = [...under].sort((a, b) => b.chars - a.chars)[0];
      out.push(
        warning(
          "claude-large-memory-total",
          largest?.path ?? ".",
          `${under.length} instruction files add up to ${n(sum)} characters, over ${CLAUDE_CODE_NAME} ${release}'s ${n(total)}-character total limit (${which}); largest: ${largest?.path}`,
          "cut the largest files, or scope rules with `paths:` so they load on demand",
        ),
      );
    }
  }
  // Auto memory (user view): cut at 200 lines and 25,000 characters (./sources.ts cuts it as the CLI does).
  for (const i of snapshot.items) {
    if (i.kind !== "auto-memory") continue;
    const m = /\n\n> WARNING: MEMORY\.md is ([^.]*(?:\.\d[^.]*)?)\. Only part of it was loaded/.exec(
      snapshot.texts.get(i.path) ?? "",
    );
    if (m)
      out.push(
        warning(
          "claude-auto-memory-cut",
          i.path,
          `auto memory ${i.path} is ${m[1]}: ${CLAUDE_CODE_NAME} ${release} loads only its first ${n(CLAUDE_AUTO_MEMORY_MAX_LINES)} lines and ${n(CLAUDE_AUTO_MEMORY_MAX_CHARS)} characters`,
          "keep MEMORY.md an index of one-line entries; move detail into topic files",
        ),
      );
  }
  const agents = snapshot.items.filter((i) => i.kind === "subagent" && i.countedIn === undefined);
  const chars = agents.reduce((s, i) => s + listingLine(snapshot.texts.get(i.path) ?? "").length, 0);
  const tokens = Math.round(chars / 4);
  if (tokens > CLAUDE_AGENT_DESCRIPTIONS_MAX_TOKENS) {
    const largest = [...agents].sort((a, b) => b.bytes - a.bytes)[0];
    out.push(
      warning(
        "claude-agent-descriptions",
        largest?.path ?? ".",
        `the custom subagents' descriptions add up to ~${n(tokens)} tokens (characters / 4), over ${CLAUDE_CODE_NAME} ${release}'s ${n(CLAUDE_AGENT_DESCRIPTIONS_MAX_TOKENS)}-token limit: interactive sessions warn "Agent descriptions are over the 15,000-token limit"`,
        "shorten the descriptions (the body loads only when the subagent runs)",
      ),
    );
  }
  const maxBytes = opts.hook?.maxBytes;
  if (maxBytes !== undefined && maxBytes > CLAUDE_HOOK_CONTEXT_MAX_CHARS)
    out.push(
      warning(
        "claude-hook-context-limit",
        ".agent-context.json",
        `hook.maxBytes is ${n(maxBytes)}: ${CLAUDE_CODE_NAME} ${release} delivers a hook's additionalContext over ${n(CLAUDE_HOOK_CONTEXT_MAX_CHARS)} characters only as a file path and a 2,000-character preview`,
        `set hook.maxBytes to ${n(CLAUDE_HOOK_CONTEXT_MAX_CHARS)} or less (the default is 8,192)`,
      ),
    );
  return out;
}

/** `NAME: DESCRIPTION` of a subagent entry `- NAME: DESCRIPTION (Tools: …)`, as the notice counts it. */
function listingLine(entry: string): string {
  return entry.replace(/^- /, "").replace(/ \(Tools: [^)]*\)$/, "");
}
