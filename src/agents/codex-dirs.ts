/**
 * The Codex chain for every working directory of a repository that holds agent memory: one row per
 * directory, for tables (docs/codex-corpus.md, `scripts/codex-corpus.mjs`) and the library. It sits beside
 * the registry, not in ./codex/: the directories come from every registered agent's memory names
 * (./memory-dirs.ts), and an agent's folder never reads the registry.
 */

import { type CodexChainOptions, type CodexChainResult, codexChain, truncatedBytes } from "./codex/chain.js";
import { agentMemoryDirs } from "./memory-dirs.js";

export interface CodexDirRow {
  /** Working directory relative to the root (POSIX; "." for the root). */
  cwd: string;
  result: CodexChainResult;
}

/**
 * Runs {@link codexChain} for the root and every directory under it holding an agent memory file.
 * `opts` applies to every run (its `cwd` is ignored). Throws what codexChain throws.
 */
export function codexChainsByDir(opts: Omit<CodexChainOptions, "cwd">): CodexDirRow[] {
  return agentMemoryDirs(opts.root, opts.fallbackNames ?? []).map((cwd) => ({
    cwd,
    result: codexChain({ ...opts, cwd }),
  }));
}

/** Only the rows whose chain holds at least one AGENTS file (others load nothing for Codex). */
export function rowsWithChain(rows: readonly CodexDirRow[]): CodexDirRow[] {
  return rows.filter((r) => r.result.items.some((i) => i.charged || truncatedBytes(i) > 0));
}

/**
 * A Markdown table: one line per directory whose Codex chain is not empty, with the files of the chain,
 * bytes delivered against the budget, and for a truncated chain where the cut lands and what is lost.
 */
export function codexDirTable(repoName: string, rows: readonly CodexDirRow[]): string {
  const lines = [
    `### ${repoName}`,
    "",
    "| cwd | files | delivered / budget | truncated | cut at | lost |",
    "|---|---:|---:|---|---|---|",
  ];
  for (const { cwd, result: r } of rowsWithChain(rows)) {
    const t = r.truncated;
    const files = r.items.filter((i) => !i.path.startsWith("/")).length;
    const delivered = r.budget.usedBytes;
    lines.push(
      `| \`${cwd}\` | ${files} | ${delivered} / ${r.budget.maxBytes} | ${t ? "**yes**" : "no"} | ${
        t ? `\`${t.file}:${t.line}\`` : ""
      } | ${t ? t.lostBytes.map((l) => `${l.bytes} B of \`${l.file}\``).join(", ") : ""} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}
