/**
 * The context item: one file an agent puts into its context window, and why. Produced by an agent's loader
 * (src/agents/<id>/), read by every later room; nothing downstream re-reads the file.
 */

/** When the agent puts the item into its context window. */
export type LoadedAt = "launch" | "read" | "tool";

/**
 * What kind of source the item is.
 * - `memory`: a memory file (CLAUDE.md, `.claude/CLAUDE.md`, AGENTS.md, GEMINI.md, the agent's own names)
 * - `import`: a file pulled in through an `@path` import
 * - `rule`: a rule file (`.claude/rules/**`, an agent's instructions directory)
 * - `local`: personal memory (CLAUDE.local.md; loaded but not charged)
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
  /**
   * Agent-specific fields of the JSON contract (e.g. Codex's `truncatedBytes`), appended after the common
   * fields by {@link itemToJson}. Keys are camelCase; values are JSON.
   */
  extra?: Readonly<Record<string, unknown>>;
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

/** Projects an item onto the stable JSON contract: the common fields in order, then the agent's extras. */
export function itemToJson(item: ContextItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of CONTEXT_ITEM_JSON_FIELDS) out[k] = item[k];
  if (item.extra) for (const [k, v] of Object.entries(item.extra)) out[k] = v;
  return out;
}
