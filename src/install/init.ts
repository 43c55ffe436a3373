/**
 * `agent-context init`: start the ratchet where the repository is and install the routing hook.
 * - writes `.agent-context.json` with `{"cap": <current launch total>}` when it does not exist (an existing
 *   config is never rewritten: the cap only goes down, by hand);
 * - merges the PreToolUse hook entry into `.claude/settings.json`, preserving every other setting and hook;
 *   a second run changes nothing; a settings file that is not a JSON object with the expected shape is
 *   reported and left untouched byte for byte;
 * - plans every write first and performs them only when all inputs are sound (no partial write), each one
 *   atomically.
 */

import { mkdirSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultAgent } from "../agents/index.js";
import { CONFIG_FILE, parseConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic.js";
import { describeReadFailure, readTextFile } from "../fs/read.js";

/** The tool names the hook is registered for (issue 3: Claude Code only attaches rules itself on Read). */
export const HOOK_MATCHER = "Write|Edit|MultiEdit|NotebookEdit|Bash";

/** Relative path of the Claude Code project settings file. */
export const SETTINGS_FILE = ".claude/settings.json";

/** Quotes a path for a POSIX shell when it holds anything beyond a safe character set. */
export function shellQuote(s: string): string {
  if (/^[A-Za-z0-9._+\-/=:@%]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Absolute path of the bundled hook entry point of this installation (`<package>/dist/hook.mjs`). */
export function hookEntryPath(): string {
  // This module is dist/install/init.js once built.
  return join(dirname(fileURLToPath(import.meta.url)), "..", "hook.mjs");
}

/** The hook command `init` installs: `node <abs>/dist/hook.mjs` (shell-quoted when needed). */
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

/**
 * Chooses the hook command for `root`. When the real path of `entry` (this installation's
 * `dist/hook.mjs`) lies under the real path of `root` (agent-context installed in the repository, e.g.
 * `node_modules/agent-context`), the command is `node "$CLAUDE_PROJECT_DIR/<relative>/dist/hook.mjs"`:
 * Claude Code sets CLAUDE_PROJECT_DIR to the project directory for hook commands (verified with Claude
 * Code 2.1.332, test/e2e/init-claude.test.ts), so the committed settings work in every clone. Otherwise
 * the absolute `node /abs/dist/hook.mjs`, which only works on this machine (`portable: false`).
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
  const rel = relative(real(root), real(entry));
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) {
    return { command: absolute, portable: false, known: [absolute] };
  }
  const posix = rel
    .split(sep)
    .join("/")
    .replace(/(["$`\\])/g, "\\$1");
  const command = `node "$CLAUDE_PROJECT_DIR/${posix}"`;
  return { command, portable: true, known: [command, absolute] };
}

export interface InitPlanItem {
  /** Path relative to the root. */
  file: string;
  action: "create" | "update" | "unchanged";
  /** The full new content (for create/update). */
  content?: string;
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

/** Detects the indentation of a JSON text (default two spaces). */
function detectIndent(text: string): string | number {
  const m = /\n([ \t]+)"/.exec(text);
  return m?.[1] ?? 2;
}

/**
 * Plans `init` for a repository. Pure: reads, never writes. Throws {@link UsageError} naming the file for a
 * malformed `.agent-context.json` or `.claude/settings.json` (nothing is written then).
 */
export function planInit(opts: InitOptions): InitPlanItem[] {
  const plan: InitPlanItem[] = [];
  const command = opts.command ?? hookCommand();

  const cfgPath = join(opts.root, CONFIG_FILE);
  const cfg = readTextFile(cfgPath);
  const newCap = Math.max(opts.launchTotal, opts.defaultCap ?? 4096);
  if (cfg.ok) {
    const c = parseConfig(cfg.text, cfgPath);
    plan.push({
      file: CONFIG_FILE,
      action: "unchanged",
      note: `${CONFIG_FILE} exists (cap ${c.cap ?? c.agents?.[defaultAgent().id]?.cap ?? "default"}); left as it is — the cap only goes down, by hand`,
    });
  } else if (cfg.reason === "missing") {
    plan.push({
      file: CONFIG_FILE,
      action: "create",
      content: `${JSON.stringify({ cap: newCap }, null, 2)}\n`,
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
    let parsed: unknown;
    const body = set.text.replace(/^\uFEFF/, "");
    // Rewriting must keep every other setting as it was: bytes that are not UTF-8 would come back as
    // U+FFFD, and a number beyond a double (1e400) as null. Such a file is left untouched.
    if (!set.validUtf8) {
      throw new UsageError(
        `${setPath}: not valid UTF-8; left untouched — re-save it as UTF-8, then rerun init`,
      );
    }
    let unwritable = false;
    try {
      parsed =
        body.trim() === ""
          ? {}
          : JSON.parse(body, (_k, v) => {
              if (typeof v === "number" && !Number.isFinite(v)) unwritable = true;
              return v;
            });
    } catch (e) {
      throw new UsageError(
        `${setPath}: not valid JSON (${(e as Error).message}); left untouched — fix it, then rerun init`,
      );
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new UsageError(`${setPath}: must hold a JSON object; left untouched — fix it, then rerun init`);
    }
    if (unwritable) {
      throw new UsageError(
        `${setPath}: holds a number too large for JSON tools to write back (such as 1e400); left untouched — fix it, then rerun init`,
      );
    }
    const merged = mergeHook(parsed as Record<string, unknown>, command, setPath, opts.known);
    if (merged === null) {
      plan.push({
        file: SETTINGS_FILE,
        action: "unchanged",
        note: `${SETTINGS_FILE}: hook already installed`,
      });
    } else {
      const bom = set.text.startsWith("\uFEFF") ? "\uFEFF" : "";
      const eol = set.text.includes("\r\n") ? "\r\n" : "\n";
      const json = JSON.stringify(merged, null, detectIndent(body)).replace(/\n/g, eol);
      plan.push({
        file: SETTINGS_FILE,
        action: "update",
        content: `${bom}${json}${eol}`,
        note: `${SETTINGS_FILE}: PreToolUse hook added (${HOOK_MATCHER}); existing settings and hooks kept`,
      });
    }
  } else if (set.reason === "missing") {
    const merged = mergeHook({}, command, setPath) ?? {};
    plan.push({
      file: SETTINGS_FILE,
      action: "create",
      content: `${JSON.stringify(merged, null, 2)}\n`,
      note: `${SETTINGS_FILE}: created with the PreToolUse hook (${HOOK_MATCHER})`,
    });
  } else {
    throw new UsageError(describeReadFailure(set, setPath));
  }
  return plan;
}

/** Performs a plan's writes atomically, in order. Throws the filesystem error of a failed write. */
export function applyInit(root: string, plan: readonly InitPlanItem[]): void {
  for (const p of plan) {
    if (p.action === "unchanged" || p.content === undefined) continue;
    const abs = join(root, p.file);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileAtomic(abs, p.content);
  }
}

/** The GitHub Actions workflow snippet `init` prints. */
export function workflowSnippet(): string {
  return `# .github/workflows/agent-context.yml
name: agent-context
on: [pull_request]
jobs:
  agent-context:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # the cap ratchet compares against the merge base
      - uses: OWNER/agent-context@v1
        with:
          command: cap
          format: github
      - uses: OWNER/agent-context@v1
        with:
          command: lint
          format: github
`;
}
