/**
 * `codex-chain-truncated`: an AGENTS.md chain that Codex's `project_doc_max_bytes` budget (32 KiB by
 * default) cuts, for a launch in any directory that holds agent memory; one finding per place of the cut,
 * naming every launch directory that meets it. The cut comes from the Codex model (its `budgetCut`
 * capability, verified on codex 0.171.0); the file is read only to turn Codex's byte column into a UTF-16
 * column.
 */
import { join } from "node:path";
import { agentWith } from "../../agents/index.js";
import { agentMemoryDirs } from "../../agents/memory-dirs.js";
import { readTextFile } from "../../fs/read.js";
import { byteColumnToUtf16 } from "../../markdown/position.js";
import type { Finding } from "../../model/finding.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "codex-chain-truncated",
    description: "Codex's project_doc_max_bytes budget cuts the AGENTS.md chain",
    defaultSeverity: "error",
    agents: ["codex"],
  },
  check(ctx) {
    // The agent whose own byte budget cuts its launch (its `budgetCut` capability: Codex).
    const budgetCut = agentWith("budgetCut")?.capabilities?.budgetCut;
    if (!budgetCut) return [];
    const byPlace = new Map<string, { f: Finding; cwds: string[] }>();
    for (const dir of agentMemoryDirs(ctx.root)) {
      let t: ReturnType<typeof budgetCut>;
      try {
        t = budgetCut(ctx.root, dir);
      } catch {
        continue; // a directory that vanished or lies outside: the cap command reports it
      }
      if (!t) continue;
      const lost = t.lostBytes.map((l) => `${l.bytes} bytes of ${l.file}`).join(", ");
      const key = `${t.file}:${t.line}:${t.column}:${lost}`;
      const prev = byPlace.get(key);
      if (prev) {
        prev.cwds.push(dir);
        continue;
      }
      let column = t.column;
      const r = readTextFile(join(ctx.root, t.file));
      if (r.ok) column = byteColumnToUtf16(r.text.split(/\r?\n/)[t.line - 1] ?? "", t.column);
      byPlace.set(key, {
        cwds: [dir],
        f: finding(
          rule.meta,
          t.file,
          t.line,
          column,
          `Codex cuts its AGENTS.md chain here (budget ${t.budget.maxBytes} bytes, ${t.budget.source}): ${lost} never arrive, starting with "${t.firstLostWords}"`,
          `shorten this chain (${t.charged.join(", ")}) by ${t.totalLostBytes} bytes, or move detail into files the agent reads on demand`,
        ),
      });
    }
    return [...byPlace.values()].map(({ f, cwds }) => ({
      ...f,
      message: `${f.message} (launch in ${cwds.map((c) => (c === "." ? "the root" : c)).join(", ")})`,
    }));
  },
};

export default rule;
