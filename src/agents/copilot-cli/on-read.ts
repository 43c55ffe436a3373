/**
 * What Copilot CLI attaches when a tool (`view`, `create`, `edit`...) touches a path, settled on
 * @github/copilot 1.0.102: after the tool result it adds one user message,
 * `"\n" + reminders.join("\n")`, each reminder
 * `<system_reminder>\nCustom instructions from PATH. Apply these to any code you write here:\n\nTEXT\n</system_reminder>`
 * where TEXT is the file's text with `& < > " '` escaped as XML entities. Nothing is attached for a path
 * that does not exist. Otherwise, in this order:
 *
 * 1. every path-scoped instruction file of the launch table whose `applyTo` matches the path (relative to
 *    the git root), shown as in the table ({@link copilotShownPath});
 * 2. for each directory from the path's parent (a viewed directory counts as a path too) up to, not
 *    including, the cwd or any of its ancestors, and inside the git root — nearest first (so files beside
 *    the cwd count) — its `.github/copilot-instructions.md`, `AGENTS.md`, `CLAUDE.md`, `.claude/CLAUDE.md`,
 *    `GEMINI.md` (names matched without regard to case; `@` imports inlined as at launch except in
 *    GEMINI.md, then escaped; skipped when empty or whitespace only), then its `.github/instructions/**` and `.claude/rules/**` files that apply to
 *    every path or whose patterns (relative to the git root) match the path. All shown relative to the git
 *    root.
 *
 * Each file is attached once per session (a file inlined by an import at launch still counts as not yet
 * attached); a nested scoped file that did not match joins the files of step 1 and may attach on any later
 * view.
 * Pinned by the fuzz case `instruction_files_of_directories_below_the_cwd_attach_on_read` and the others
 * named in docs/findings-copilot-cli.md ("On demand").
 */
import { dirname, join, relative, resolve } from "node:path";
import { displayPath, inside, toPosix } from "../../fs/paths.js";
import { readTextFile, statSafe } from "../../fs/read.js";
import type { ContextItem, Finding, OnDemandResult, OnDemandSession, Snapshot } from "../../model/index.js";
import { copilotLaunchExtra } from "./extra.js";
import {
  COPILOT_INSTRUCTIONS_FILE,
  type CopilotInstructionFile,
  copilotApplyToMatches,
  copilotExpanded,
  copilotInstructionFilesOf,
  copilotMemoryFile,
  copilotShownPath,
} from "./launch.js";

/** The memory files of one directory a view attaches, in the CLI's order (before its instruction files). */
const ON_READ_MEMORY: readonly string[] = [
  COPILOT_INSTRUCTIONS_FILE,
  "AGENTS.md",
  "CLAUDE.md",
  ".claude/CLAUDE.md",
  "GEMINI.md",
];

/** Escapes text as Copilot does inside a reminder. */
export function copilotEscape(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** One reminder as sent. */
export function copilotReminder(shownPath: string, text: string): string {
  return `<system_reminder>\nCustom instructions from ${shownPath}. Apply these to any code you write here:\n\n${copilotEscape(text)}\n</system_reminder>`;
}

/**
 * The AgentModel's `onDemand`: {@link copilotOnDemand} with the path-scoped files and the git root of the
 * snapshot's launch (./extra.ts).
 */
export function copilotOnDemandOf(snapshot: Snapshot): OnDemandSession {
  const extra = copilotLaunchExtra(snapshot);
  return copilotOnDemand(snapshot, extra.scoped, extra.gitRoot, extra.off);
}

/** The on-demand session over a Copilot snapshot; `scoped` and `gitRoot` come from the launch. */
export function copilotOnDemand(
  snapshot: Snapshot,
  scoped: readonly CopilotInstructionFile[],
  gitRoot: string,
  off = false,
): OnDemandSession {
  const loaded = new Set<string>();
  /** The instruction files of each directory a view went through, read once. */
  const nested = new Map<string, CopilotInstructionFile[]>();
  // A file inlined at launch by an import is attached on read all the same (1.0.102; fuzz c102:36).
  for (const i of snapshot.items) if (i.kind !== "import") loaded.add(resolve(snapshot.root, i.path));
  /** The scoped files matched on every view: the launch table's, then those found by earlier views. */
  const known: CopilotInstructionFile[] = [...scoped];
  const knownAbs = new Set(known.map((f) => f.abs));
  return {
    loaded,
    read(target: string): OnDemandResult {
      const abs = resolve(snapshot.cwd, target);
      const items: ContextItem[] = [];
      const texts = new Map<string, string>();
      const findings: Finding[] = [];
      const attach = (
        fileAbs: string,
        text: string,
        fileBytes: number,
        kind: "rule" | "memory",
        why: string,
        shown: string,
        machinePaths: readonly string[] = [],
      ) => {
        const path = displayPath(fileAbs, snapshot.root);
        const sent = copilotEscape(text);
        // The inlined imports' `source="ABS"` (escaped as sent) depend on the checkout: never charged.
        const framing = machinePaths.reduce((n, p) => n + Buffer.byteLength(copilotEscape(p)), 0);
        items.push({
          path,
          kind,
          loadedAt: "read",
          bytes: Buffer.byteLength(sent) - framing,
          fileBytes,
          charged: false,
          importedBy: null,
          reason: why,
          ...(framing > 0 ? { framingBytes: framing } : {}),
          extra: { reminder: copilotReminder(shown, text) },
        });
        texts.set(path, sent);
        loaded.add(fileAbs);
      };
      // `--no-custom-instructions`: nothing attaches (case
      // `no_custom_instructions_sends_no_instruction_part_and_attaches_nothing`).
      if (off || !statSafe(abs)) return { items, texts, findings };
      const rel = toPosix(relative(gitRoot, abs));
      if (!rel.startsWith("../")) {
        for (const f of [...known]) {
          if (loaded.has(f.abs) || !copilotApplyToMatches(f, rel)) continue;
          attach(
            f.abs,
            f.text,
            f.fileBytes,
            "rule",
            `applyTo ${JSON.stringify(f.applyTo)} matches ${rel}`,
            copilotShownPath(f),
          );
        }
      }
      // Directories from the path's parent up to the cwd or its ancestors, inside the git root, nearest first.
      for (let d = dirname(abs); inside(gitRoot, d) && !inside(d, snapshot.cwd); d = dirname(d)) {
        for (const n of ON_READ_MEMORY) {
          const p = n.includes("/") ? join(d, n) : copilotMemoryFile(d, n);
          if (loaded.has(p) || !statSafe(p)?.isFile()) continue;
          const r = readTextFile(p);
          // An empty or whitespace-only memory file is not attached (its instruction files are).
          if (!r.ok || r.text.replace(/^\ufeff/, "").trim() === "") continue;
          const expanded = copilotExpanded(r.text, p, snapshot.root, gitRoot);
          attach(
            p,
            expanded.text,
            r.fileBytes,
            "memory",
            `nested ${n}: attached when a tool touches a path below ${toPosix(relative(gitRoot, d))}/`,
            toPosix(relative(gitRoot, p)),
            expanded.machinePaths,
          );
        }
        let files = nested.get(d);
        if (!files) {
          files = copilotInstructionFilesOf(d, snapshot.root, gitRoot, findings);
          nested.set(d, files);
        }
        for (const f of files) {
          if (loaded.has(f.abs)) continue;
          if (!copilotApplyToMatches(f, rel)) {
            // Found now, it is matched on later views wherever they are (fuzz c102:34).
            if (!knownAbs.has(f.abs)) {
              known.push(f);
              knownAbs.add(f.abs);
            }
            continue;
          }
          attach(
            f.abs,
            f.text,
            f.fileBytes,
            "rule",
            f.always
              ? `instructions file of ${toPosix(relative(gitRoot, d))}/ for every path: attached when a tool touches a path below it`
              : `applyTo ${JSON.stringify(f.applyTo)} matches ${rel}`,
            copilotShownPath(f),
          );
        }
      }
      return { items, texts, findings };
    },
  };
}
