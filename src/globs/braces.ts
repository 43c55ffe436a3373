/**
 * Brace handling for every glob dialect, in one module:
 * - the scanning primitives (the `}` closing a `{`, the top-level commas of a brace body), escape-aware;
 * - {@link expandBraces}: full expansion, nested braces included (pointer globs, src/globs/rebase.ts);
 *   router triggers compile the same groups into regex alternations (src/globs/trigger.ts);
 * - {@link expandBracesAsClaudeCode} and {@link splitPathsValue}: the way Claude Code 2.1.332 reads a
 *   `paths:` value, quirks included (nested braces expand oddly there), with the CLI's budget.
 */

/**
 * The index of the `}` closing the `{` at `open` in `glob`, or -1 when it is never closed. A backslash
 * escapes the next character (an escaped brace neither opens nor closes).
 */
export function closingBrace(glob: string, open: number): number {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    const c = glob[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "{") depth++;
    else if (c === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/**
 * Splits the body of a brace group (the text between `{` and its `}`) at its top-level commas, untrimmed:
 * `a,{b,c},d` → `a`, `{b,c}`, `d`. A backslash escapes the next character.
 */
export function splitBraceBody(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "," && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}

/**
 * Expands `{a,b}` groups, nested ones included, left to right; duplicates are dropped, first kept. A group
 * without a top-level comma (`{x}`) and an unclosed `{` are literal.
 * @param limit the most globs one pattern may expand to
 * @returns the expanded globs, or null when there would be more than `limit`
 */
export function expandBraces(glob: string, limit: number): string[] | null {
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c !== "{") continue;
    const close = closingBrace(glob, i);
    if (close < 0) return [glob];
    const parts = splitBraceBody(glob.slice(i + 1, close));
    if (parts.length < 2) {
      i = close;
      continue;
    }
    const head = glob.slice(0, i);
    const tail = glob.slice(close + 1);
    const out: string[] = [];
    for (const p of parts) {
      const sub = expandBraces(head + p + tail, limit);
      if (!sub) return null;
      out.push(...sub);
      if (out.length > limit) return null;
    }
    return [...new Set(out)];
  }
  return [glob];
}

/** Claude Code's brace expansion budget: at most this many patterns per `paths:` value... */
const CLAUDE_BRACE_MAX_RESULTS = 1000;
/** ...and about this many bytes of expanded text; beyond it a pattern stays unexpanded. */
const CLAUDE_BRACE_MAX_BYTES = 4 * 1024 * 1024;

/** What is left of the brace budget of one `paths:` value (see {@link claudeBraceBudget}). */
export interface BraceBudget {
  results: number;
  bytes: number;
}

/** A fresh budget for one `paths:` value, as the CLI allows. */
export function claudeBraceBudget(): BraceBudget {
  return { results: CLAUDE_BRACE_MAX_RESULTS, bytes: CLAUDE_BRACE_MAX_BYTES };
}

/**
 * Expands `{a,b}` groups the way Claude Code does: repeatedly the first group whose body holds no `}`
 * (`^([^{]*)\{([^}]+)\}(.*)$`), alternatives split on `,` and trimmed. Nested braces therefore expand
 * oddly (as in the CLI); a backslash escapes nothing. Over budget, the pattern is returned unexpanded.
 * Spends `budget`.
 */
export function expandBracesAsClaudeCode(pattern: string, budget: BraceBudget): string[] {
  if (!pattern.includes("{")) return [pattern];
  const out: string[] = [];
  const stack = [pattern];
  for (let cur = stack.pop(); cur !== undefined; cur = stack.pop()) {
    const m = /^([^{]*)\{([^}]+)\}(.*)$/s.exec(cur);
    if (!m) {
      out.push(cur);
      continue;
    }
    const [, pre = "", body = "", post = ""] = m;
    const alts = body.split(",").map((a) => a.trim());
    budget.bytes -= cur.length;
    const total = out.length + stack.length + alts.length;
    if (budget.bytes < 0 || total > budget.results || total * pattern.length > budget.bytes) return [pattern];
    for (let i = alts.length - 1; i >= 0; i--) stack.push(pre + alts[i] + post);
  }
  budget.results -= out.length;
  budget.bytes -= out.length * pattern.length;
  return out;
}

/**
 * Claude Code's reading of a `paths:` string: split on commas outside braces, each part trimmed, empty
 * parts dropped (a backslash escapes nothing).
 */
export function splitPathsValue(s: string): string[] {
  if (!s.includes(",")) {
    // Nothing to split on (the common `paths:` entry): the whole value, trimmed.
    const t = s.trim();
    return t ? [t] : [];
  }
  const parts: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of s) {
    if (ch === "{") {
      depth++;
      cur += ch;
    } else if (ch === "}") {
      depth--;
      cur += ch;
    } else if (ch === "," && depth === 0) {
      const t = cur.trim();
      if (t) parts.push(t);
      cur = "";
    } else cur += ch;
  }
  const t = cur.trim();
  if (t) parts.push(t);
  return parts;
}
