/**
 * The one record that flows from an agent's loader model to every later step (budget, route, pointers,
 * lint, report). Nothing downstream re-reads files or re-derives a rule: what it needs is here.
 */

/** When the agent puts the item into its context window. */
export type LoadedAt = "launch" | "read" | "tool";

/**
 * What kind of source the item is.
 * - `memory`: CLAUDE.md / `.claude/CLAUDE.md` / AGENTS.md (and the agent's fallback names)
 * - `import`: a file pulled in through an `@path` import
 * - `rule`: a Markdown file under `.claude/rules/`
 * - `local`: CLAUDE.local.md (personal memory; loaded but not charged)
 * - `routed`: a rule delivered by the agent-context hook for a tool call
 */
export type ItemKind = "memory" | "import" | "rule" | "local" | "routed";

export interface ContextItem {
  /** POSIX path relative to the repository root; absolute when the file lies outside it. */
  path: string;
  kind: ItemKind;
  loadedAt: LoadedAt;
  /** UTF-8 bytes of the text that actually lands in the context, after the agent's own stripping. */
  bytes: number;
  /** Size of the file on disk, in bytes. */
  fileBytes: number;
  /** Whether the item counts against the cap. */
  charged: boolean;
  /** The path (same convention as `path`) of the file whose `@import` pulled this one in, or null. */
  importedBy: string | null;
  /** Human-readable reason the item loads (and, where useful, what to do about it). */
  reason: string;
  /** Codex only: bytes of this file the agent's budget cut off. */
  truncatedBytes?: number;
}

/** The item fields of the stable JSON output contract, in contract order. */
export const CONTEXT_ITEM_JSON_FIELDS = [
  "path",
  "kind",
  "loadedAt",
  "bytes",
  "fileBytes",
  "charged",
  "importedBy",
  "reason",
] as const;

/** Projects an item onto the stable JSON contract (drops any internal fields). */
export function itemToJson(item: ContextItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of CONTEXT_ITEM_JSON_FIELDS) out[k] = item[k];
  if (item.truncatedBytes !== undefined) out.truncatedBytes = item.truncatedBytes;
  return out;
}

/**
 * A problem found while loading (a file that could not be read, an import that resolves nowhere...).
 * Loaders collect problems instead of throwing; lint and report render them.
 */
export interface Problem {
  /** Path as in {@link ContextItem.path}. */
  file: string;
  /** 1-based line, when known. */
  line?: number;
  /** 1-based column, when known. */
  column?: number;
  message: string;
  /** What to do about it. */
  hint?: string;
  /**
   * Set when the problem is an import outside the launch directory (`cwd`, display path): lets a report
   * over several launch directories group the same import into one line.
   */
  outsideCwd?: { target: string; importedBy: string; cwd: string; inRepo: boolean };
}
