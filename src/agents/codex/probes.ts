/**
 * The bundled probes of `verify --probes` for Codex: one small repository per modelled behaviour, each
 * taken from a settled conformance case (test/conformance/codex.test.ts, docs/findings-codex.md).
 */
import type { VerifyProbe } from "../../model/index.js";

const big = (n: number) => `${"x".repeat(n - 1)}\n`;

export const CODEX_PROBES: readonly VerifyProbe[] = [
  {
    id: "chain-root-first",
    behaviour: "AGENTS.md files from the project root down to the working directory join root first",
    git: ["."],
    cwd: "a/b",
    files: {
      "AGENTS.md": "ROOT\n",
      "a/AGENTS.md": "A\n",
      "a/b/AGENTS.md": "B\n",
      "a/b/c/AGENTS.md": "below\n",
    },
  },
  {
    id: "override-wins",
    behaviour: "AGENTS.override.md wins over AGENTS.md in the same directory, even when empty",
    git: ["."],
    cwd: "a",
    files: { "AGENTS.md": "ROOT\n", "AGENTS.override.md": "", "a/AGENTS.md": "A\n" },
  },
  {
    id: "nested-git-root",
    behaviour: "a nested git repository starts its own chain",
    git: [".", "sub"],
    cwd: "sub",
    files: { "AGENTS.md": "OUTER\n", "sub/AGENTS.md": "INNER\n" },
  },
  {
    id: "whitespace-skipped",
    behaviour: "a whitespace-only AGENTS.md is skipped",
    git: ["."],
    cwd: "a",
    files: { "AGENTS.md": "  \n\t\n", "a/AGENTS.md": "kept\n" },
  },
  {
    id: "budget-cut",
    behaviour: "the chain is cut at 32 KiB (project_doc_max_bytes), root first",
    git: ["."],
    cwd: "a",
    files: { "AGENTS.md": big(30_000), "a/AGENTS.md": big(5_000) },
  },
  {
    id: "project-config-budget",
    behaviour: "a project's .codex/config.toml is ignored unless the user trusts the project",
    git: ["."],
    files: { "AGENTS.md": big(100), ".codex/config.toml": "project_doc_max_bytes = 10\n" },
  },
];
