/**
 * The snapshot: everything one agent's loader learned in one pass over the disk, for one launch (a working
 * directory, a view, a release). `cap`, `explain`, `route`, `hook`, `lint`, `pointers` and the renderers
 * start from it; nothing downstream reads an instruction file or re-derives an import or a rule.
 */
import type { MeasurementCut } from "./cut.js";
import type { Finding } from "./finding.js";
import type { ContextItem, ItemKind } from "./item.js";

/**
 * Which view of the model a snapshot is.
 * - `fresh-clone`: the repository alone, default settings, no user layer (what CI and the cap judge);
 * - `user`: this machine's user files, settings, approvals and environment added.
 */
export type View = "fresh-clone" | "user";

/** The agent and release a snapshot models. */
export interface AgentRef {
  /** Registry id, e.g. `claude-code`. */
  id: string;
  /** Display name, e.g. `Claude Code`. */
  name: string;
  /** The release of the agent CLI this snapshot was computed for. */
  version: string;
  /**
   * Set when the model knows {@link version} only from its release ranges (not one it was verified on):
   * outputs say "modelled from release ranges".
   */
  basis?: "release-ranges";
}

/** What happened to one `@import`. */
export type ImportStatus =
  /** Expanded into the context. */
  | "loaded"
  /** The target was already in the context (loaded once per launch). */
  | "duplicate"
  /** No file at the resolved path. */
  | "missing"
  /** The target resolves outside the working directory; the agent does not follow it at launch. */
  | "outside-cwd"
  /** Beyond the agent's import hop limit. */
  | "beyond-hop-limit"
  /** Not a text file by its extension; the agent skips it. */
  | "not-text"
  /** Could not be read (permissions, too large, a fifo...); a finding says which. */
  | "unreadable"
  /** Read, but empty after the agent's stripping: nothing injected, its imports not followed. */
  | "empty"
  /** Dropped by the agent for another reason (e.g. its own `paths:` under a rule); `reason` says which. */
  | "dropped";

/** One `@import` token as the agent reads it, where it leads, and whether it loaded. */
export interface ImportEdge {
  /** The importing file (display path, as ContextItem.path). */
  from: string;
  /** 1-based line and column (UTF-16 code units) of the `@` in the importing file. */
  line: number;
  column: number;
  /** The path as written after `@` (fragment cut). */
  token: string;
  /** Absolute resolved target, as the agent resolves it (from the importer's real directory). */
  targetAbs: string;
  /** Display path of the target. */
  target: string;
  /** Absolute real path of the target when a link made it differ from `targetAbs` (else absent). */
  realTarget?: string;
  /** Hops from the top-level file (1 = imported directly by a memory file or rule). */
  hop: number;
  status: ImportStatus;
  /** Why it did or did not load, one phrase. */
  reason: string;
}

/** A rule file (e.g. `.claude/rules/**.md`), classified as the agent classifies it. */
export interface RuleRecord {
  /** Display path (POSIX, relative to the root; absolute outside it). */
  path: string;
  /** Absolute path as reached (through links). */
  absPath: string;
  /** Absolute real path (links resolved). */
  realPath: string;
  /** Directory the globs are relative to (absolute). */
  base: string;
  /** True when the agent treats it as path-scoped. */
  scoped: boolean;
  /** The globs the agent matches (empty when unscoped). */
  globs: string[];
  /** For an unscoped rule with frontmatter: why the agent does not treat it as scoped. */
  unscopedWhy?: string;
  /** Injected text (after the agent's stripping); "" when unreadable. */
  text: string;
  /** Size on disk, in bytes. */
  fileBytes: number;
  /** Whether the rule itself is injected at launch (unscoped and reachable). */
  atLaunch: boolean;
  /** When an unscoped rule does not load at launch: why (e.g. its real path leaves the working directory). */
  notLoadedWhy?: string;
}

/** A memory file the agent may attach later (nested below the working directory, or another agent's). */
export interface MemoryRecord {
  /** Display path. */
  path: string;
  absPath: string;
  /** The directory it applies to (absolute): a read below it attaches the file. */
  dir: string;
  kind: "memory" | "local";
}

/**
 * A memory file the agent finds at a launch level but does not load, and why (e.g. Claude Code's
 * AGENTS.md when a CLAUDE file gives text).
 */
export interface SkippedMemory {
  /** Display path. */
  path: string;
  absPath: string;
  /** Why it does not load, one sentence. */
  why: string;
  /** The file whose text hides it (display path), when another file does. */
  hiddenBy?: string;
}

/**
 * One thing outside the repository that the user view applied (or one command-line flag): a user memory
 * file, a setting, an environment switch, an approval, an extra directory. Printed so a user sees why
 * their launch differs from the fresh clone's.
 */
export interface AppliedSource {
  kind: "file" | "setting" | "env" | "approval" | "flag";
  /** The file's display path, the setting's key, the variable's or flag's name. */
  name: string;
  /** The value as read (settings, env, flags); absent for files. */
  value?: string;
  /** Where it was read from (a settings file's path), when that is not `name`. */
  from?: string;
  /** What it did to the set, one phrase (e.g. `adds 2 files`, `disables every CLAUDE.md`). */
  effect: string;
}

/**
 * A list's fixed text (its header and footer) that the agent sends only because the repository (or user)
 * added an entry to the list: reported once per agent and list, never per item, and charged like the list's
 * entries (by `kind`). A header the agent sends in every session anyway is the agent's, not the
 * repository's: a loader reports it with `charged: false` or not at all. JSON (`cap --json`'s `overhead`):
 * `{ list, kind, bytes, charged, why }`.
 */
export interface ListOverhead {
  /** The list's name as the agent's findings call it, e.g. `custom agents`, `agent roles`. */
  list: string;
  /** The kind of the list's entries: the cap charges the overhead when it charges this kind. */
  kind: ItemKind;
  /** UTF-8 bytes of the fixed text (header and footer together), without anything machine-dependent. */
  bytes: number;
  /** Whether the text is there because of the repository's entries (the loader's verdict, as ContextItem's). */
  charged: boolean;
  /** One phrase: why the agent sends it, e.g. `the list's header, sent once a custom agent exists`. */
  why: string;
  /** The fixed text itself, when the loader has it (tokens are counted on it; else estimated from bytes). */
  text?: string;
}

/**
 * A source that adds context only by running repository (or user) code: an MCP server's tools and
 * instructions, a SessionStart hook's output; or a plugin the settings enable, which adds context only from
 * the user's install of it. Never run (never installed), so never measured: listed by name so a report says
 * what its total leaves out. JSON (`cap --json`'s `unmeasured`): `{ kind, name, source }`.
 */
export interface UnmeasuredSource {
  /**
   * `mcp-server`: an MCP server the agent would start; `hook`: a hook whose output the agent adds; `plugin`:
   * a plugin the settings enable whose files are not on this machine (the fresh-clone view, or not installed):
   * what it adds depends on the user's install.
   */
  kind: "mcp-server" | "hook" | "plugin";
  /** The server's name, the hook's event and command as configured, or the plugin's `name@marketplace`. */
  name: string;
  /** The file that declares it (display path, as ContextItem.path). */
  source: string;
}

/** Everything later stages need about one agent's launch. */
export interface Snapshot {
  agent: AgentRef;
  view: View;
  /** Absolute repository root (real path). */
  root: string;
  /** Absolute working directory of the launch (real path). */
  cwd: string;
  /** Every file that loads at launch, in the agent's load order; `loadedAt: "launch"`. */
  items: ContextItem[];
  /** Injected text per item path (same keys as items[].path); its UTF-8 size is the item's `bytes`. */
  texts: ReadonlyMap<string, string>;
  /** Every import token the launch loader met (memory files, rules — scoped ones too — and imports), in order. */
  imports: ImportEdge[];
  /** Every rule file of the working directory and its ancestors, in the agent's order. */
  rules: RuleRecord[];
  /**
   * Memory files the launch loaded, in load order. Nested memory below the working directory is an
   * on-demand question: the agent's `onDemand(snapshot)` answers it (its own loader, the same code path).
   */
  memory: MemoryRecord[];
  /** Problems met while loading. */
  findings: Finding[];
  /**
   * The bounds of agent-context's own that cut this measurement (./cut.ts): a walk stopped by its entry,
   * depth or time limit, a file over the reader's size limit, where the agent would have kept going. What
   * was found before the cut is in `items` and `rules`; `cap` fails on a non-empty list. Absent or empty:
   * complete.
   */
  incomplete?: MeasurementCut[];
  /** The lists' fixed text the launch adds because of the repository's entries, once per list; absent: none. */
  overhead?: ListOverhead[];
  /** Sources that would add context only by running code, never run; absent: none found. */
  unmeasured?: UnmeasuredSource[];
  /** Memory files found at a launch level that the agent skips, with why; absent when none. */
  skipped?: SkippedMemory[];
  /**
   * For an agent that searches upward for a project root before loading (Codex: its root markers), the
   * directory it settled on (absolute; null when it found none) and one sentence saying why. Absent for an
   * agent without such a search.
   */
  projectRoot?: { path: string | null; why: string };
  /** What the user view (or a flag such as `--add-dir`) applied beyond the repository; empty or absent in the fresh-clone view. */
  applied?: AppliedSource[];
  /**
   * The agent's own verdict beyond the cap: a non-null `failure` (a short phrase) fails `cap` whatever the
   * cap says (e.g. Codex cutting its chain at its byte budget); `detail` explains it in plain lines, the
   * first being the headline; `noun` names it in a line that points back at it ("the truncation"); `tally`
   * names such failures in a summary ("truncated by Codex"); `json` is added to the `cap --json` object
   * as is.
   */
  verdict?: {
    failure: string | null;
    /** The failure as a finding at its place (for `--format github|sarif`). */
    finding?: Finding;
    noun?: string;
    tally?: string;
    detail?: readonly string[];
    json?: Readonly<Record<string, unknown>>;
  };
}
