/**
 * `codex-chain-truncated`: an AGENTS.md chain that Codex's `project_doc_max_bytes` budget cuts, for a
 * launch in any directory that holds agent memory. The chain and the cut come from the Codex model
 * (src/agents/codex, verified on codex 0.171.0); nothing is re-derived here.
 */
import { join } from "node:path";
import { agentMemoryDirs } from "../agents/codex/cwds.js";
import { codexChain } from "../agents/codex/index.js";
import { byteColumnToUtf16 } from "../agents/codex/model.js";
import { readTextFile } from "../fs/read.js";
import type { Diagnostic } from "../report/diagnostic.js";
import type { LintContext } from "./index.js";
import { RULES } from "./rules.js";

/** Converts a 1-based byte column on a line to a 1-based UTF-16 column (as editors count). */

export function checkCodexTruncation(ctx: LintContext): Diagnostic[] {
  const byPlace = new Map<string, { d: Diagnostic; cwds: string[] }>();
  for (const dir of agentMemoryDirs(ctx.root)) {
    let chain: ReturnType<typeof codexChain>;
    try {
      chain = codexChain({ root: ctx.root, cwd: dir, assumeRootIsProject: true });
    } catch {
      continue; // a directory that vanished or lies outside: the cap command reports it
    }
    const t = chain.truncated;
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
      d: {
        ruleId: RULES.codexChainTruncated.id,
        file: t.file,
        line: t.line,
        column,
        severity: RULES.codexChainTruncated.defaultSeverity,
        message: `Codex cuts its AGENTS.md chain here (budget ${chain.budget.maxBytes} bytes, ${chain.budget.source}): ${lost} never arrive, starting with "${t.firstLostWords}"`,
        help: `shorten this chain (${chain.items
          .filter((i) => i.charged)
          .map((i) => i.path)
          .join(", ")}) by ${t.totalLostBytes} bytes, or move detail into files the agent reads on demand`,
      },
    });
  }
  return [...byPlace.values()].map(({ d, cwds }) => ({
    ...d,
    message: `${d.message} (launch in ${cwds.map((c) => (c === "." ? "the root" : c)).join(", ")})`,
  }));
}
