/**
 * The Codex entry for `cap`'s launcher table: the AGENTS.md chain as a launch set, with the truncation the
 * CLI would apply. `cap` measures the repository as a project: when no `.git` is found at or above the
 * cwd (a copy without its git directory), DIR is taken as the project root.
 */

import type { ContextItem, Problem } from "../../types.js";
import { type CodexTruncation, codexChain } from "./index.js";

export interface CodexLaunchSet {
  agent: "codex";
  agentVersion: string;
  root: string;
  cwd: string;
  items: ContextItem[];
  problems: Problem[];
  /** Non-null when Codex's own budget cuts the chain: the run fails whatever the cap. */
  truncated: CodexTruncation | null;
  /** Codex's effective `project_doc_max_bytes` (bytes). */
  codexBudget: number;
}

/** Computes the Codex launch set for a launch in `cwd` of the repository at `root` (absolute). */
export function codexLaunchSet(opts: { root: string; cwd: string }): CodexLaunchSet {
  const r = codexChain({ root: opts.root, cwd: opts.cwd, assumeRootIsProject: true });
  return {
    agent: "codex",
    agentVersion: r.agentVersion,
    root: opts.root,
    cwd: opts.cwd,
    items: r.items,
    problems: r.problems,
    truncated: r.truncated,
    codexBudget: r.budget.maxBytes,
  };
}
