/**
 * `explain`'s "onTool" part: what the agent-context hook adds on a Write to a path, as context items
 * (`loadedAt: "tool"`), each with the trigger that brought it.
 */
import type { AgentContextConfig } from "../config.js";
import type { ContextItem } from "../model/index.js";
import { pathTarget } from "./match.js";
import { routeCall } from "./route.js";

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
  const r = routeCall({ root, target: pathTarget("Write", root, cwd, path), config });
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
      kind: e.kind,
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
