/**
 * `agent-context init`: start the ratchet where the repository is and install the routing hook.
 * - writes `.agent-context.json` with `{"cap": <current launch total>, "charge": [every kind]}` when it does
 *   not exist (an existing config is never rewritten — the cap only goes down, by hand — except by
 *   `--adopt-kinds`, which charges the kinds it does not charge yet and raises each agent's cap by exactly
 *   their bytes: src/app/init.ts plans it and hands the plan in);
 * - merges the PreToolUse hook entry into `.claude/settings.json`, preserving every other setting and hook;
 *   a second run changes nothing; a settings file that is not a JSON object with the expected shape is
 *   reported and left untouched byte for byte;
 * - plans every write first and performs them only when all inputs are sound (no partial write), each one
 *   atomically.
 */

import { mkdirSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { applyEdits, modify, visit } from "jsonc-parser";
import { HOOK_AGENT } from "../agents/hook.js";
import { defaultAgent } from "../agents/index.js";
import { type AgentContextConfig, CONFIG_FILE, parseConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { checkWriteInside, writeFilesAtomic } from "../fs/atomic.js";
import { MAX_JSON_NESTING, nestsDeeperThan } from "../fs/nesting.js";
import { describeReadFailure, readTextFile } from "../fs/read.js";
import { CHARGEABLE_KINDS, type ItemKind } from "../model/index.js";
import { CONFIG_SCHEMA_URL } from "../version.js";

/** The tool names the hook is registered for (issue 3: Claude Code only attaches rules itself on Read). */
export const HOOK_MATCHER = "Write|Edit|MultiEdit|NotebookEdit|Bash";

/** Relative path of the project settings file the hook goes into: the hook agent's (its hook capability). */
export const SETTINGS_FILE = HOOK_AGENT.hook.settingsFile;

/** Quotes a path for a POSIX shell when it holds anything beyond a safe character set. */
export function shellQuote(s: string): string {
  if (/^[A-Za-z0-9._+\-/=:@%]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Absolute path of the bundled hook entry point of this installation (`<package>/dist/hook.cjs`, CommonJS
 * for start-up speed; scripts/bundle.mjs). `<package>/dist/hook.mjs`, which earlier releases installed, still
 * serves and is recognised as installed ({@link chooseHookCommand}).
 */
export function hookEntryPath(): string {
  // This module is dist/install/init.js once built.
  return join(dirname(fileURLToPath(import.meta.url)), "..", "hook.cjs");
}

/** The entry earlier releases installed for `entry` (`…/dist/hook.mjs` for `…/dist/hook.cjs`), or null. */
function legacyEntry(entry: string): string | null {
  return entry.endsWith("hook.cjs") ? `${entry.slice(0, -"cjs".length)}mjs` : null;
}

/** The hook command `init` installs: `node <abs>/dist/hook.cjs` (shell-quoted when needed). */
export function hookCommand(entry: string = hookEntryPath()): string {
  return `node ${shellQuote(entry)}`;
}

/** The hook command `init` writes for one repository, and every form that counts as already installed. */
export interface HookCommandChoice {
  /** The command to write. */
  command: string;
  /** True when it names the hook through `$CLAUDE_PROJECT_DIR` (portable across clones and machines). */
  portable: boolean;
  /** Commands recognised as this hook already installed (the portable and the absolute form). */
  known: string[];
}

/** The line the committed hook command prints on stderr in a clone where the package is not installed. */
export const HOOK_MISSING_LINE =
  "agent-context hook: not installed in this clone (run npm ci); nothing injected";

/**
 * Chooses the hook command for `root`. When the real path of `entry` (this installation's
 * `dist/hook.cjs`) lies under the real path of `root` (agent-context installed in the repository, e.g.
 * `node_modules/agent-context`), the command runs `node "$CLAUDE_PROJECT_DIR/<relative>/dist/hook.cjs"`:
 * Claude Code sets CLAUDE_PROJECT_DIR to the project directory for hook commands (verified with Claude
 * Code 2.1.332, test/conformance/init-claude.test.ts), so the committed settings work in every clone. In a clone
 * where the package is not installed yet (no `npm ci`), it exits 0 with {@link HOOK_MISSING_LINE} on
 * stderr instead of node's stack trace and status 1 on every tool call (issue 29): `[ -f … ] && exec node
 * …; cat >/dev/null; echo … >&2`, for the POSIX shell Claude Code runs hook commands in. The `cat` reads
 * the hook input to its end first: a shell that exits before its input is written makes the writer's
 * pipe fail (EPIPE, seen in about one call in seven). Otherwise the absolute
 * `node /abs/dist/hook.cjs`, which only works on this machine (`portable: false`). `known` also holds the
 * forms earlier releases wrote (the unguarded portable command, the `dist/hook.mjs` entry), so re-running
 * `init` does not add a second hook.
 */
export function chooseHookCommand(root: string, entry: string = hookEntryPath()): HookCommandChoice {
  const absolute = hookCommand(entry);
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  const legacy = legacyEntry(entry);
  const rel = relative(real(root), real(entry));
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) {
    return {
      command: absolute,
      portable: false,
      known: legacy ? [absolute, hookCommand(legacy)] : [absolute],
    };
  }
  const inProject = (r: string) =>
    `"$CLAUDE_PROJECT_DIR/${r
      .split(sep)
      .join("/")
      .replace(/(["$`\\])/g, "\\$1")}"`;
  const unguarded = (r: string) => `node ${inProject(r)}`;
  const guarded = (drain: string) =>
    `f=${inProject(rel)}; [ -f "$f" ] && exec node "$f"; ${drain}echo '${HOOK_MISSING_LINE}' >&2`;
  const command = guarded("cat >/dev/null; ");
  const known = [command, guarded(""), unguarded(rel), absolute];
  if (legacy) known.push(unguarded(`${rel.slice(0, -"cjs".length)}mjs`), hookCommand(legacy));
  return { command, portable: true, known };
}

export interface InitPlanItem {
  /** Path relative to the root. */
  file: string;
  action: "create" | "update" | "unchanged";
  /** The full new content (for create/update). */
  content?: string;
  /** The file's text as read when planned (null: it did not exist); the write is refused if it changed since. */
  expected?: string | null;
  /** One line for the user. */
  note: string;
}

export interface InitOptions {
  root: string;
  /** Current charged launch total in bytes (the cap of a new config when over `defaultCap`). */
  launchTotal: number;
  /**
   * The default agent's default cap in bytes. A new config never gets a cap of 0 or one that leaves no
   * room for any change: within the default it gets the default, over it the current total (the ratchet
   * starts where the repository is). Default 4096.
   */
  defaultCap?: number;
  /** Hook command to install (default {@link hookCommand}). */
  command?: string;
  /** Other commands that count as the hook already installed (see {@link chooseHookCommand}). */
  known?: readonly string[];
  /**
   * `--adopt-kinds`: plans charging the kinds an existing configuration does not charge yet (its text, and
   * the text parsed) and raising each agent's cap by their bytes (src/app/init.ts measures them).
   */
  adopt?: (text: string, config: AgentContextConfig) => AdoptionPlan;
}

/** What adopting does for one agent. */
export interface AgentAdoption {
  /** Registry id. */
  agent: string;
  /** The kinds it charges from now on that it did not charge before. */
  kinds: ItemKind[];
  /** Their bytes (the largest over the launch directories), by which its cap is raised. */
  bytes: number;
  /** The cap before and after, bytes. */
  from: number;
  to: number;
  /** The key the cap is written to (`cap` or `agents.<id>.cap`); null when the cap is unchanged. */
  key: string | null;
}

/** The planned adoption: the new configuration text and one record per agent whose charging changes. */
export interface AdoptionPlan {
  /** The configuration text after adopting (equal to the input when nothing changes). */
  text: string;
  /** The kinds the configuration charges after adopting (top level). */
  charge: ItemKind[];
  agents: AgentAdoption[];
}

interface HookEntry {
  matcher?: unknown;
  hooks?: unknown;
  [k: string]: unknown;
}

/**
 * Merges the agent-context PreToolUse entry into a parsed settings object. Returns null when the command
 * (or one of `known`) is already installed (under any matcher). Throws {@link UsageError} for a shape it cannot merge into
 * without guessing (`hooks` or `hooks.PreToolUse` of the wrong type).
 */
export function mergeHook(
  settings: Record<string, unknown>,
  command: string,
  file: string,
  known: readonly string[] = [],
): Record<string, unknown> | null {
  const hooks = settings.hooks ?? {};
  if (!hooks || typeof hooks !== "object" || Array.isArray(hooks)) {
    throw new UsageError(
      `${file}: "hooks" must be an object; left untouched — fix it by hand, then rerun init`,
    );
  }
  const h = hooks as Record<string, unknown>;
  const pre = h.PreToolUse ?? [];
  if (!Array.isArray(pre)) {
    throw new UsageError(
      `${file}: "hooks.PreToolUse" must be an array; left untouched — fix it by hand, then rerun init`,
    );
  }
  for (const entry of pre as HookEntry[]) {
    if (entry && typeof entry === "object" && Array.isArray(entry.hooks)) {
      for (const hk of entry.hooks as { command?: unknown }[]) {
        if (hk && typeof hk === "object" && (hk.command === command || known.includes(hk.command as string)))
          return null;
      }
    }
  }
  const next = [...pre, { matcher: HOOK_MATCHER, hooks: [{ type: "command", command }] }];
  return { ...settings, hooks: { ...h, PreToolUse: next } };
}

/** Paths given more than once in the settings' object tree (duplicated keys), as `a.b` strings. */
function duplicatedPaths(text: string): Set<string> {
  const seen = new Set<string>();
  const dup = new Set<string>();
  visit(text, {
    onObjectProperty: (prop, _o, _l, _line, _col, pathSupplier) => {
      const key = JSON.stringify([...pathSupplier(), prop]);
      if (seen.has(key)) dup.add([...pathSupplier(), prop].join("."));
      seen.add(key);
    },
  });
  return dup;
}

/**
 * The settings text with the agent-context PreToolUse entry appended, edited in place: only the inserted
 * entry is new text (indented like the file, with its line endings); everything else is kept byte for byte.
 * Throws {@link UsageError} when `hooks` or `hooks.PreToolUse` is given twice (which one the agent reads is
 * not ours to guess).
 */
export function addHookInPlace(
  text: string,
  settings: Record<string, unknown>,
  command: string,
  file: string,
): string {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  const body = bom ? text.slice(1) : text;
  for (const p of duplicatedPaths(body)) {
    if (p === "hooks" || p === "hooks.PreToolUse")
      throw new UsageError(`${file}: "${p}" is given twice; left untouched — keep one, then rerun init`);
  }
  const entry = { matcher: HOOK_MATCHER, hooks: [{ type: "command", command }] };
  const indent = /\n([ \t]+)"/.exec(body)?.[1] ?? "  ";
  const formattingOptions = {
    insertSpaces: !indent.startsWith("\t"),
    tabSize: indent.startsWith("\t") ? 1 : indent.length,
    eol: body.includes("\r\n") ? "\r\n" : "\n",
  };
  const hooks = settings.hooks as Record<string, unknown> | undefined;
  const pre = hooks?.PreToolUse as unknown[] | undefined;
  const start = body.trim() === "" ? "{}" : body;
  const edits =
    hooks === undefined
      ? modify(start, ["hooks"], { PreToolUse: [entry] }, { formattingOptions })
      : pre === undefined
        ? modify(start, ["hooks", "PreToolUse"], [entry], { formattingOptions })
        : modify(start, ["hooks", "PreToolUse", pre.length], entry, {
            formattingOptions,
            isArrayInsertion: true,
          });
  const out = applyEdits(start, edits);
  return `${bom}${out}${body.trim() === "" ? formattingOptions.eol : ""}`;
}

/**
 * Plans `init` for a repository. Pure: reads, never writes. Throws {@link UsageError} naming the file for a
 * malformed `.agent-context.json` or `.claude/settings.json` (nothing is written then).
 */
export function planInit(opts: InitOptions): InitPlanItem[] {
  const plan: InitPlanItem[] = [];
  const command = opts.command ?? hookCommand();
  // init writes only inside the repository: a `.claude` or `.claude/settings.json` (or config) that links
  // to the user's global settings is refused before anything is read from it (even with --dry-run).
  for (const f of [CONFIG_FILE, SETTINGS_FILE])
    checkWriteInside(join(opts.root, f), opts.root, `the repository ${opts.root}`);

  const cfgPath = join(opts.root, CONFIG_FILE);
  const cfg = readTextFile(cfgPath);
  const newCap = Math.max(opts.launchTotal, opts.defaultCap ?? 4096);
  if (cfg.ok) {
    const c = parseConfig(cfg.text, cfgPath);
    const adoption = opts.adopt ? opts.adopt(cfg.text, c) : null;
    if (adoption && adoption.text !== cfg.text) {
      plan.push({
        file: CONFIG_FILE,
        action: "update",
        content: adoption.text,
        expected: cfg.text,
        note: adoptionNote(adoption),
      });
    } else {
      plan.push({
        file: CONFIG_FILE,
        action: "unchanged",
        note: adoption
          ? `${CONFIG_FILE} already charges ${adoption.charge.join(", ")}; left as it is`
          : `${CONFIG_FILE} exists (cap ${c.cap ?? c.agents?.[defaultAgent().id]?.cap ?? "default"}); left as it is — the cap only goes down, by hand`,
      });
    }
  } else if (cfg.reason === "missing") {
    plan.push({
      file: CONFIG_FILE,
      action: "create",
      // The kinds are written out (never "all"): a later release that models a new kind does not charge it
      // until the team adopts it.
      // `$schema`: editors complete and check the file against the schema this release ships.
      content: `${JSON.stringify({ $schema: CONFIG_SCHEMA_URL, cap: newCap, charge: CHARGEABLE_KINDS }, null, 2)}\n`,
      expected: null,
      note:
        newCap === opts.launchTotal
          ? `${CONFIG_FILE}: cap set to the current launch total, ${opts.launchTotal} bytes`
          : `${CONFIG_FILE}: cap set to the default, ${newCap} bytes (the launch context is ${opts.launchTotal} bytes; lower "cap" to tighten it — it only goes down)`,
    });
  } else {
    throw new UsageError(describeReadFailure(cfg, cfgPath));
  }

  const setPath = join(opts.root, SETTINGS_FILE);
  const set = readTextFile(setPath);
  if (set.ok) {
    const body = set.text.replace(/^\uFEFF/, "");
    // The settings are edited in place (jsonc-parser's edit functions): every byte of the other settings
    // stays as written — numbers such as 1e400, key order, duplicates, line endings, comments' absence.
    if (!set.validUtf8) {
      throw new UsageError(
        `${setPath}: not valid UTF-8; left untouched — re-save it as UTF-8, then rerun init`,
      );
    }
    if (nestsDeeperThan(body, MAX_JSON_NESTING))
      throw new UsageError(
        `${setPath}: nested deeper than ${MAX_JSON_NESTING} levels; left untouched — flatten it, then rerun init`,
      );
    let parsed: unknown;
    try {
      parsed = body.trim() === "" ? {} : JSON.parse(body);
    } catch (e) {
      throw new UsageError(
        `${setPath}: not valid JSON (${(e as Error).message}); left untouched — fix it, then rerun init`,
      );
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new UsageError(`${setPath}: must hold a JSON object; left untouched — fix it, then rerun init`);
    }
    const merged = mergeHook(parsed as Record<string, unknown>, command, setPath, opts.known);
    if (merged === null) {
      plan.push({
        file: SETTINGS_FILE,
        action: "unchanged",
        note: `${SETTINGS_FILE}: hook already installed`,
      });
    } else {
      plan.push({
        file: SETTINGS_FILE,
        action: "update",
        content: addHookInPlace(set.text, parsed as Record<string, unknown>, command, setPath),
        expected: set.text,
        note: `${SETTINGS_FILE}: PreToolUse hook added (${HOOK_MATCHER}); existing settings and hooks kept as written`,
      });
    }
  } else if (set.reason === "missing") {
    const merged = mergeHook({}, command, setPath) ?? {};
    plan.push({
      file: SETTINGS_FILE,
      action: "create",
      content: `${JSON.stringify(merged, null, 2)}\n`,
      expected: null,
      note: `${SETTINGS_FILE}: created with the PreToolUse hook (${HOOK_MATCHER})`,
    });
  } else {
    throw new UsageError(describeReadFailure(set, setPath));
  }
  return plan;
}

/** The one line `init --adopt-kinds` prints for the configuration: what it charges now and each raise. */
function adoptionNote(a: AdoptionPlan): string {
  const raises = a.agents
    .filter((x) => x.key !== null)
    .map(
      (x) => `${x.agent} cap ${x.from} → ${x.to} (+${x.bytes} bytes of ${x.kinds.join(", ")}, "${x.key}")`,
    );
  return `${CONFIG_FILE}: charges ${a.charge.join(", ")}${raises.length > 0 ? `; ${raises.join("; ")}` : "; no cap changes (the adopted kinds add no bytes)"} — commit it: the ratchet accepts exactly these raises in the change that adopts the kinds`;
}

/**
 * Performs a plan's writes all-or-nothing (src/fs/atomic.ts `writeFilesAtomic`): every file is staged
 * first; when one cannot be (an unwritable file or directory, `.claude` being a file) or a file changed
 * since it was planned, nothing is written and {@link UsageError} says which file and what to do. A
 * symlinked file is written through its link when the link stays inside the repository; one that leaves
 * it (a `.claude` linked to `~/.claude`) is refused, naming where it leads.
 */
export function applyInit(root: string, plan: readonly InitPlanItem[]): void {
  const writes = plan.filter((p) => p.action !== "unchanged" && p.content !== undefined);
  const within = { within: root, withinName: `the repository ${root}` };
  for (const p of writes) checkWriteInside(join(root, p.file), within.within, within.withinName);
  try {
    for (const p of writes) mkdirSync(dirname(join(root, p.file)), { recursive: true });
    writeFilesAtomic(
      writes.map((p) => ({
        path: join(root, p.file),
        data: p.content as string,
        ...(p.expected !== undefined ? { expected: p.expected } : {}),
      })),
      within,
    );
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const err = e as NodeJS.ErrnoException;
    const where = err.path ?? root;
    throw new UsageError(
      `${where}: cannot write (${err.code ?? err.message}); nothing was written — fix the permissions or remove what is in the way, then rerun init`,
    );
  }
}

/**
 * The GitHub Actions workflow `init` prints, the one the README and docs/ci.md show (a test keeps them
 * equal): it runs the composite action the package ships (action.yml) by local path from the install that
 * `npm ci` makes of the committed tarball, so it works before any published release of the action exists
 * (docs/ci.md keeps the published form, for when it does). The comment on the pull request needs
 * `pull-requests: write`; test/e2e/ci-recipe.test.ts runs these steps as a runner does.
 */
export function workflowSnippet(): string {
  return `# .github/workflows/agent-context.yml
name: agent-context
on: [pull_request]
jobs:
  agent-context:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pull-requests: write # the one comment with the report; without it, a notice instead
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # the cap ratchet compares against the merge base
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm ci # installs agent-context from the committed tarball
      - uses: ./node_modules/agent-context # the action the tarball ships
        with:
          command: cap
      - uses: ./node_modules/agent-context
        if: \${{ !cancelled() }} # lint even when the cap fails
        with:
          command: lint
          comment: "false" # annotations and the job summary; the comment is the cap's
`;
}
