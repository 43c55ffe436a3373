/**
 * The context item: one file an agent puts into its context window, and why. Produced by an agent's loader
 * (src/agents/<id>/), read by every later room; nothing downstream re-reads the file.
 */

/** When the agent puts the item into its context window. */
export type LoadedAt = "launch" | "read" | "tool";

/**
 * What kind of source the item is. Each kind is one source an agent puts into its first request (or later);
 * the cap charges the kinds `.agent-context.json`'s `charge` names (src/budget/kinds.ts).
 * - `memory`: a memory file (CLAUDE.md, `.claude/CLAUDE.md`, AGENTS.md, GEMINI.md, the agent's own names)
 * - `import`: a file pulled in through an `@path` import
 * - `rule`: a rule file (`.claude/rules/**`, an agent's instructions directory)
 * - `local`: personal memory (CLAUDE.local.md; loaded but never charged)
 * - `routed`: a rule delivered by the agent-context hook for a tool call (never launch context)
 * - `skill`: a skill's entry in the agent's skills list (`SKILL.md`'s name and description, as the CLI
 *   writes the entry; the body is not sent)
 * - `subagent`: a custom agent's entry in the agent's list of agent types (name, description, tools)
 * - `command`: a custom slash command's entry (Claude Code lists them with the skills)
 * - `output-style`: the output style a setting selects, as the CLI adds it to the system prompt
 * - `auto-memory`: the agent's own saved memory for the project (Claude Code's `MEMORY.md`; user view)
 * - `extension`: an installed extension's context (Gemini CLI's extension context files; user view)
 */
export type ItemKind =
  | "memory"
  | "import"
  | "rule"
  | "local"
  | "routed"
  | "skill"
  | "subagent"
  | "command"
  | "output-style"
  | "auto-memory"
  | "extension";

/** Every item kind, in the order renderers list kinds that tie (the sources' order of the first request). */
export const ITEM_KINDS: readonly ItemKind[] = [
  "memory",
  "import",
  "rule",
  "skill",
  "command",
  "subagent",
  "output-style",
  "auto-memory",
  "extension",
  "local",
  "routed",
];

/**
 * The kinds a cap can charge: every kind of launch context but personal memory (`local`, never charged) and
 * the hook's `routed` rules (not launch context). `.agent-context.json`'s `charge` lists a subset.
 */
export const CHARGEABLE_KINDS: readonly ItemKind[] = ITEM_KINDS.filter(
  (k) => k !== "local" && k !== "routed",
);

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
   * UTF-8 bytes of the text the agent adds around this item that depends on the machine (absolute paths in
   * its framing, a roots table): as sent on this machine, shown, never charged and never part of a delta, so
   * `bytes` is the same in every checkout. Absent when the agent adds none (or the loader does not measure it).
   */
  framingBytes?: number;
  /**
   * The path of the item whose bytes already hold this one's text (an import the agent inlines into its
   * importer's block): shown, never summed again. Absent for an item that is its own text in the request.
   */
  countedIn?: string;
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

/** One item in every JSON output: the contract's fields, then the agent's extras (camelCase keys). */
export interface ContextItemJson {
  path: string;
  kind: ItemKind;
  loadedAt: LoadedAt;
  bytes: number;
  fileBytes: number;
  charged: boolean;
  importedBy: string | null;
  reason: string;
  framingBytes?: number;
  countedIn?: string;
  /** The agent's extras (e.g. Codex's `truncatedBytes`). */
  [extra: string]: unknown;
}

/**
 * Projects an item onto the stable JSON contract: the common fields in order, `framingBytes` when the loader
 * measured it (machine-dependent, never charged), `countedIn` for text inside another item, then the agent's
 * extras.
 */
export function itemToJson(item: ContextItem): ContextItemJson {
  const out: Record<string, unknown> = {};
  for (const k of CONTEXT_ITEM_JSON_FIELDS) out[k] = item[k];
  if (item.framingBytes !== undefined) out.framingBytes = item.framingBytes;
  if (item.countedIn !== undefined) out.countedIn = item.countedIn;
  if (item.extra) for (const [k, v] of Object.entries(item.extra)) out[k] = v;
  return out as ContextItemJson;
}

/**
 * The bytes the items put into the request, each once: items counted in another item (inlined imports) are
 * left out, whatever is charged. With {@link framingTotal}, what the agent sends for them on this machine.
 */
export function sentBytes(items: readonly ContextItem[]): number {
  let n = 0;
  for (const i of items) if (i.countedIn === undefined) n += i.bytes;
  return n;
}

/** The machine-dependent framing of the items, each once (an inlined import's is in its block's). */
export function framingTotal(items: readonly ContextItem[]): number {
  let n = 0;
  for (const i of items) if (i.countedIn === undefined) n += i.framingBytes ?? 0;
  return n;
}
