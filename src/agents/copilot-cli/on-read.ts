/**
 * What Copilot CLI attaches when a tool (`view`, `create`, `edit`...) touches a path, settled on
 * @github/copilot 1.0.102: after the tool result it adds one user message,
 * `"\n" + reminders.join("\n")`, each reminder
 * `<system_reminder>\nCustom instructions from PATH. Apply these to any code you write here:\n\nTEXT\n</system_reminder>`
 * where TEXT is the file's text with `& < > " '` escaped as XML entities. It attaches, in this order, every
 * path-scoped `.instructions.md` whose `applyTo` matches the path (relative to the git root), then the
 * `AGENTS.md`, `CLAUDE.md` and `GEMINI.md` of the directories below the cwd down to the path's own (their
 * `@` imports inlined as at launch, then escaped; shown relative to the git root). An instruction file is
 * shown as in the launch table ({@link copilotShownPath}). Each file is attached once per session. (Memory of directories between the cwd and the path's parent arrives
 * later, on another tool call: not modelled, see docs/findings-copilot-cli.md.)
 */
import { dirname, relative, resolve } from "node:path";
import { displayPath, inside, toPosix } from "../../fs/paths.js";
import { readTextFile, statSafe } from "../../fs/read.js";
import type { ContextItem, Finding, OnDemandResult, OnDemandSession, Snapshot } from "../../model/index.js";
import {
  COPILOT_MEMORY_NAMES,
  type CopilotInstructionFile,
  copilotApplyToMatches,
  copilotExpandedText,
  copilotMemoryFile,
  copilotShownPath,
} from "./launch.js";

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

/** The on-demand session over a Copilot snapshot; `scoped` and `gitRoot` come from the launch. */
export function copilotOnDemand(
  snapshot: Snapshot,
  scoped: readonly CopilotInstructionFile[],
  gitRoot: string,
): OnDemandSession {
  const loaded = new Set<string>();
  for (const i of snapshot.items) loaded.add(resolve(snapshot.root, i.path));
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
      ) => {
        const path = displayPath(fileAbs, snapshot.root);
        const sent = copilotEscape(text);
        items.push({
          path,
          kind,
          loadedAt: "read",
          bytes: Buffer.byteLength(sent),
          fileBytes,
          charged: false,
          importedBy: null,
          reason: why,
          extra: { reminder: copilotReminder(shown, text) },
        });
        texts.set(path, sent);
        loaded.add(fileAbs);
      };
      const rel = toPosix(relative(gitRoot, abs));
      if (!rel.startsWith("../")) {
        for (const f of scoped) {
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
      if (inside(snapshot.cwd, abs) && abs !== snapshot.cwd) {
        const dirs: string[] = [];
        for (
          let d = statSafe(abs)?.isDirectory() ? abs : dirname(abs);
          d !== snapshot.cwd && inside(snapshot.cwd, d);
          d = dirname(d)
        )
          dirs.push(d);
        for (const d of dirs.reverse()) {
          for (const n of COPILOT_MEMORY_NAMES) {
            const p = copilotMemoryFile(d, n);
            if (loaded.has(p) || !statSafe(p)?.isFile()) continue;
            const r = readTextFile(p);
            if (!r.ok) continue;
            attach(
              p,
              copilotExpandedText(r.text, p, snapshot.root, gitRoot),
              r.fileBytes,
              "memory",
              `nested ${n}: attached when a tool touches a path below ${toPosix(relative(snapshot.cwd, d))}/`,
              toPosix(relative(gitRoot, p)),
            );
          }
        }
      }
      return { items, texts, findings };
    },
  };
}
