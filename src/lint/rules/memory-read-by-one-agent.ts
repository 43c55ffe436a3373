/**
 * `memory-read-by-one-agent`: an instruction file that one registered agent loads at launch and another
 * silently does not — e.g. CLAUDE.md or GEMINI.md, which GitHub Copilot CLI loads but Codex does not; a
 * `.github/copilot-instructions.md` only Copilot reads; AGENTS.md, which Claude Code does not load. Read
 * from every agent's fresh-clone launch snapshot at the root: nothing here re-derives what loads. Info,
 * once per file, naming the agents that load it and those that do not; the finding is about the latter
 * (`lint --agent`).
 */
import { agents } from "../../agents/index.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "memory-read-by-one-agent",
    description: "An instruction file some agents load at launch and others silently never see",
    defaultSeverity: "info",
  },
  check(ctx) {
    const all = agents();
    if (all.length < 2) return [];
    const loadedBy = new Map<string, string[]>();
    for (const a of all) {
      let snap: ReturnType<typeof ctx.snapshot>;
      try {
        snap = ctx.snapshot(a);
      } catch {
        continue;
      }
      for (const i of snap.items) {
        if (i.loadedAt !== "launch" || i.importedBy !== null || i.path.startsWith("/")) continue;
        if (i.kind !== "memory" && !(i.kind === "rule" && !i.path.includes("/instructions/"))) continue;
        const list = loadedBy.get(i.path);
        if (list === undefined) loadedBy.set(i.path, [a.name]);
        else if (!list.includes(a.name)) list.push(a.name);
      }
    }
    // Files loaded by the same agents share one message (at 50,000 rules: one per set, not per file).
    const said = new Map<string, { message: string; agents: string[] } | null>();
    const out = [];
    for (const [path, names] of [...loadedBy].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
      const key = names.join("\n");
      let m = said.get(key);
      if (m === undefined) {
        const missing = all.filter((a) => !names.includes(a.name)).map((a) => a.name);
        m =
          missing.length === 0
            ? null
            : {
                agents: all.filter((a) => !names.includes(a.name)).map((a) => a.id),
                message: `${names.join(", ")} load${names.length === 1 ? "s" : ""} this file at launch; ${missing.join(", ")} never see${missing.length === 1 ? "s" : ""} it`,
              };
        said.set(key, m);
      }
      if (m === null) continue;
      out.push({
        ...finding(
          rule.meta,
          path,
          1,
          1,
          m.message,
          "if every agent should follow it, point the other agents' own files at it (e.g. `@CLAUDE.md` in AGENTS.md is not read by Codex: copy or link the text)",
        ),
        // About the agents that never see the file.
        agents: m.agents,
      });
    }
    return out;
  },
};

export default rule;
