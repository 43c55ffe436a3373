/**
 * `memory-unseen-by-agent`: a memory file one agent loads that another agent silently never reads.
 * - GEMINI.md: Gemini CLI's context file; Claude Code 2.1.332 never reads it natively. Reported unless the
 *   Claude Code launch at the root loads it (e.g. CLAUDE.md imports `@GEMINI.md`).
 * - AGENTS.md: Codex's (and Claude Code's when no CLAUDE.md gives text); Gemini CLI 0.61.0 reads it only
 *   when `context.fileName` (in `.gemini/settings.json`) names it, or a context file imports it. Reported
 *   unless the Gemini CLI view of the repository (the gemini-cli model's `repositorySnapshot`) loads it.
 * Warnings: the file works for the agents it was written for; the others get nothing and say nothing.
 */
import { isAbsolute, join } from "node:path";
import type { Finding, Snapshot } from "../../model/index.js";
import { finding, type LintRule } from "../rule.js";

/** Absolute paths a snapshot puts into the context (its items: memory files and inlined imports). */
function loadedPaths(root: string, s: Snapshot): Set<string> {
  return new Set(s.items.map((i) => (isAbsolute(i.path) ? i.path : join(root, i.path))));
}

const rule: LintRule = {
  meta: {
    id: "memory-unseen-by-agent",
    description: "A memory file one agent loads that another agent silently never reads",
    defaultSeverity: "warning",
    agents: ["claude-code", "gemini-cli"],
  },
  check(ctx) {
    const out: Finding[] = [];
    const entries = ctx.memoryEntries();
    // The file name is `base` (no split per entry: at 50,000 rules that was 100,000 arrays thrown away).
    const named = (rel: string, base: string) => rel === base || rel.endsWith(`/${base}`);
    const gemini = entries.filter((e) => named(e.rel, "GEMINI.md"));
    if (gemini.length > 0) {
      const claude = ctx.claude();
      const seen = claude ? loadedPaths(ctx.root, claude.launch()) : new Set<string>();
      for (const e of gemini)
        if (!seen.has(join(ctx.root, e.rel)) && !seen.has(e.realPath))
          out.push({
            ...finding(
              rule.meta,
              e.rel,
              1,
              1,
              `${e.rel} is Gemini CLI's context file; Claude Code never reads GEMINI.md, so its guidance reaches Gemini CLI only`,
              "import it from CLAUDE.md (`@GEMINI.md`), or keep shared guidance in a file every agent loads",
            ),
            agents: ["claude-code"],
          });
    }
    const agentsFiles = entries.filter((e) => named(e.rel, "AGENTS.md"));
    const repositorySnapshot = ctx.agent("gemini-cli")?.capabilities?.repositorySnapshot;
    if (agentsFiles.length > 0 && repositorySnapshot) {
      const snap = ctx.memo("gemini-repository", () => repositorySnapshot(ctx.root));
      const seen = loadedPaths(ctx.root, snap);
      for (const e of agentsFiles)
        if (!seen.has(join(ctx.root, e.rel)) && !seen.has(e.realPath))
          out.push({
            ...finding(
              rule.meta,
              e.rel,
              1,
              1,
              `${e.rel} never reaches Gemini CLI: it reads GEMINI.md, and AGENTS.md only when context.fileName names it`,
              'add {"context": {"fileName": ["AGENTS.md", "GEMINI.md"]}} to .gemini/settings.json (read in the directory Gemini CLI starts in), or import it from GEMINI.md (`@AGENTS.md`)',
            ),
            agents: ["gemini-cli"],
          });
    }
    return out;
  },
};

export default rule;
