/**
 * `file-unreadable`: a file an agent would load that its loader could not read as the agent reads it —
 * unreadable, not a regular file, over the agent's size limit, invalid UTF-8, or a walk stopped at a bound.
 * The measurement (`cap`) is then incomplete for that agent. Reported for every registered agent, from its
 * launch snapshot at the root (`cap` warns about the same files).
 */
import { agents } from "../../agents/index.js";
import { finding, type LintRule } from "../rule.js";

/** The loader finding ids that mean a file could not be read as the agent reads it. */
const UNREADABLE = new Set([
  "read-failed",
  "file-too-large",
  "invalid-utf8",
  "walk-stopped",
  // a settings file the launch reads (claudeMdExcludes) that cannot be read or used: `cap` warns, so lint says so too
  "settings-unreadable",
  "settings-invalid",
]);

const rule: LintRule = {
  meta: {
    id: "file-unreadable",
    description:
      "A file an agent would load cannot be read as the agent reads it, so its measurement is incomplete",
    defaultSeverity: "warning",
  },
  check(ctx) {
    const byPlace = new Map<string, { f: ReturnType<typeof finding>; names: string[]; ids: string[] }>();
    for (const agent of agents()) {
      for (const f of ctx.snapshot(agent).findings) {
        if (!UNREADABLE.has(f.ruleId)) continue;
        const key = JSON.stringify([f.file, f.line ?? 1, f.column ?? 1, f.message]);
        const seen = byPlace.get(key);
        if (seen) {
          seen.names.push(agent.name);
          seen.ids.push(agent.id);
          continue;
        }
        byPlace.set(key, {
          names: [agent.name],
          ids: [agent.id],
          f: finding(
            rule.meta,
            f.file,
            f.line ?? 1,
            f.column ?? 1,
            f.message,
            f.help ?? "make it a readable UTF-8 text file within the agent's size limit, or remove it",
          ),
        });
      }
    }
    return [...byPlace.values()].map(({ f, names, ids }) => ({
      ...f,
      message: `${f.message} (${names.join(", ")})`,
      agents: ids,
    }));
  },
};

export default rule;
