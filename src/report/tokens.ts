/**
 * Tokens in the outputs (src/app/tokens.ts counts them): the number with its method, `~` before an
 * estimate, and the token cap's verdict. Shared by the text, Markdown, JSON and HTML renderers.
 */
import { agentName } from "../agents/index.js";
import type { CapRun } from "../app/cap.js";
import type { RunTokens } from "../app/tokens.js";

export {
  type ItemTokensJson,
  itemTokensJson,
  type RunTokensJson,
  runTokensJson,
} from "../app/tokens.js";

const n = (x: number) => x.toLocaleString("en-US");

/** `1,234` for an exact count, `~1,234` for an estimate. */
export function tokenNumber(count: number, exact: boolean): string {
  return `${exact ? "" : "~"}${n(count)}`;
}

/** An item's tokens as a short cell (`~380 tok`), or "" when the run has none. */
export function itemTokensCell(run: CapRun, path: string): string {
  const t = run.tokens?.items.get(path);
  return t ? `${tokenNumber(t.count, t.exact)} tok` : "";
}

/** The run's total tokens as a short cell (`~1,234 tok`), or "" when the run has none. */
export function totalTokensCell(run: CapRun): string {
  const t = run.tokens;
  return t ? `${tokenNumber(t.total, t.exact)} tok` : "";
}

/** ` (~685 tokens)` after a total of bytes; "" when tokens were not counted. */
export function totalTokensNote(run: CapRun): string {
  const t = run.tokens;
  return t ? ` (${tokenNumber(t.total, t.exact)} tokens)` : "";
}

/**
 * The run's total tokens and how they were counted, for the closing line:
 * `~685 tokens by Claude Code 2.1.332's estimate, Opus 4.7+ tokenizer (model claude-opus-5-5)`.
 */
export function tokensMethod(run: CapRun): string {
  const t = run.tokens;
  if (!t) return "";
  return `${tokenNumber(t.total, t.exact)} tokens by ${t.label}${t.model ? ` (model ${t.model})` : ""}`;
}

/**
 * The lines of one run's token cap and note for the text report (the total is on the headline): the cap's
 * verdict when one is set, the method's note; [] otherwise.
 */
export function tokensLines(run: CapRun): string[] {
  return run.tokens ? tokenCapLines(run.tokens) : [];
}

/** {@link tokensLines} for counted tokens (`cap` and `explain` print the same lines). */
export function tokenCapLines(t: RunTokens): string[] {
  const total = tokenNumber(t.total, t.exact);
  const lines: string[] = [];
  if (t.cap !== null && t.ok)
    lines.push(`tokens: ${total} of the ${n(t.cap)}-token cap, ${n(t.cap - t.total)} to spare`);
  else if (t.cap !== null)
    lines.push(
      `ERROR: ${total} tokens of launch context — ${n(t.over)} over the ${n(t.cap)}-token cap (tokenCap). Cut text; bytes stay the ratchet's unit.`,
    );
  if (t.note) lines.push(`tokens: ${t.note}`);
  return lines;
}

/**
 * The line naming the sessions that start without some of the charged files (Claude Code's Explore and
 * Plan), one per kind of session; [] when none.
 */
export function partialSessionLines(run: CapRun): string[] {
  return (run.partialSessions ?? []).map((s) => {
    const shown = s.paths.slice(0, 5).join(", ");
    const more = s.paths.length > 5 ? ` and ${s.paths.length - 5} more` : "";
    return `not every session: on ${agentName(run.agent)} ${run.agentVersion}, ${s.sessions} start without ${shown}${more} (the main session and general-purpose subagents load them)`;
  });
}
