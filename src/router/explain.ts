/**
 * `explain`'s "onTool" part: what the agent-context hook adds on a Write to a path, as context items
 * (`loadedAt: "tool"`), each with the trigger that brought it.
 */
import { resolve } from "node:path";
import { claudeOnRead } from "../agents/claude-code/on-read.js";
import { whyCharged } from "../budget/evaluate.js";
import { runCap } from "../budget/run.js";
import { type AgentContextConfig, loadConfig } from "../config.js";
import type { ContextItem } from "../types.js";
import { routeCall } from "./route.js";

/** What reaches Claude Code for one path: the launch set, what it attaches on Read, what the hook adds. */
export interface Explanation {
  /** Every launch item, in load order; charged items carry why they are charged. */
  launch: ContextItem[];
  /** What Claude Code attaches when it reads the path (nested memory, scoped rules, their imports). */
  onRead: ContextItem[];
  /** What the agent-context hook injects on a Write to the path. */
  onTool: ContextItem[];
}

/**
 * Explains `target` for a session in `cwd` of the repository at `root` (all absolute; `cwd` inside
 * `root`). Reads the fresh-clone view (no user environment). Throws UsageError for a malformed
 * `.agent-context.json`.
 */
export function explainPath(opts: { root: string; cwd: string; target: string }): Explanation {
  const { root, cwd, target } = opts;
  const { config } = loadConfig(root);
  const launch = runCap({ dir: root, cwd, env: {} }).items.map((i) =>
    i.charged ? { ...i, reason: whyCharged(i, { unlowerable: config.unlowerable }) } : i,
  );
  const onRead = claudeOnRead({
    root,
    cwd,
    target,
    alreadyLoaded: launch.map((i) => resolve(root, i.path)),
  }).items;
  return { launch, onRead, onTool: onToolItems(root, cwd, target, config) };
}

/**
 * The items the hook injects for a Write to `path` in a fresh session. `bytes` is the UTF-8 size of the
 * rule's section in the injected text (its inlined text, or its "read it" line); rules named only in a row
 * line (no file found) have `bytes: 0`. Never charged (they are not launch context).
 * @param path absolute, or relative to `cwd`
 */
export function onToolItems(
  root: string,
  cwd: string,
  path: string,
  config: AgentContextConfig,
): ContextItem[] {
  const r = routeCall({ root, cwd, tool: "Write", input: { file_path: path }, config });
  const items: ContextItem[] = [];
  for (const row of r.injection.rows) {
    for (const rule of row.rules) {
      const where = `${row.match.row.shard}:${row.match.row.line}`;
      const inlined = r.injection.inlined.includes(rule.id);
      items.push({
        path: rule.file ?? (rule.dir ? `${rule.dir}/${rule.id}` : rule.id),
        kind: "routed",
        loadedAt: "tool",
        bytes: r.injection.sectionBytes[rule.key] ?? 0,
        fileBytes: rule.fileBytes,
        charged: false,
        importedBy: null,
        reason:
          `rule ${rule.id}: router trigger \`${row.match.trigger}\` (${where}) fires for a Write to ${r.target?.display}` +
          (rule.file
            ? inlined
              ? ""
              : "; named, not inlined (over the hook's byte bound)"
            : "; no rule file found, id only"),
      });
    }
  }
  for (const e of r.injection.extras) {
    items.push({
      path: e.path,
      kind: /(^|\/)CLAUDE\.md$/.test(e.path) ? "memory" : "rule",
      loadedAt: "tool",
      bytes: r.injection.sectionBytes[e.key] ?? 0,
      fileBytes: e.fileBytes,
      charged: false,
      importedBy: null,
      reason: `${e.why}; delivered by the hook for a tool target`,
    });
  }
  return items;
}

/** The human rendering of `explain`: three sections, one line per item (bytes, path, why). */
export function explainText(
  sets: { launch: ContextItem[]; onRead: ContextItem[]; onTool: ContextItem[] },
  path: string,
): string {
  const total = (xs: ContextItem[]) => xs.reduce((a, i) => a + i.bytes, 0);
  const section = (title: string, xs: ContextItem[], none: string) => {
    const lines = [`${title} — ${xs.length} file${xs.length === 1 ? "" : "s"}, ${total(xs)} bytes`];
    if (xs.length === 0) lines.push(`  (${none})`);
    for (const i of xs) lines.push(`  ${String(i.bytes).padStart(7)}  ${i.path}  — ${i.reason}`);
    return lines.join("\n");
  };
  return `${[
    section("At launch (every session)", sets.launch, "nothing loads at launch"),
    section(`When Claude Code reads ${path}`, sets.onRead, "the CLI attaches nothing more"),
    section(`When a tool writes ${path} (agent-context hook)`, sets.onTool, "no router trigger fires"),
  ].join("\n\n")}\n`;
}
