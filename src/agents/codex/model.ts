/**
 * Codex behind the agent interface: the AGENTS.md chain as a launch snapshot, with Codex's own verdict
 * (its `project_doc_max_bytes` budget cuts the chain silently, which fails `cap` whatever the cap says).
 * `cap` measures the repository as a project: when no `.git` is found at or above the cwd (a copy without
 * its git directory), the repository root is taken as the project root. Verified on Codex 0.171.0.
 */
import { dirname, relative, resolve } from "node:path";
import { byteColumnToUtf16 } from "../../markdown/position.js";
import type { AgentModel, Finding, LaunchOptions, LintRuleMeta, Snapshot } from "../../model/index.js";
import { checkRelease } from "../release.js";
import { CODEX_DEFAULT_MAX_BYTES } from "./config.js";
import { crossAgentGaps } from "./gaps.js";
import { CODEX_VERIFIED_VERSION, type CodexChainResult, codexChain, truncatedBytes } from "./index.js";
import { codexVerifyRunner } from "./verify.js";

/** Default cap for the Codex AGENTS.md chain, in bytes: Codex's own `project_doc_max_bytes` default. */
export const DEFAULT_CODEX_CAP = CODEX_DEFAULT_MAX_BYTES;

/** The lines explaining a truncation: where the cut lands, what is lost, the chain, the fix. */
function truncationDetail(r: CodexChainResult): string[] {
  const t = r.truncated;
  if (!t) return [];
  const rel = relative(r.root, r.cwd).split("\\").join("/");
  const budget = r.budget.maxBytes;
  return [
    `Codex truncates its AGENTS.md chain ${
      rel === "" ? "for a launch at the root" : `for a launch in ${rel}/`
    } — ${t.totalLostBytes} bytes never arrive (project_doc_max_bytes ${budget}).`,
    `  cut at ${t.file}:${t.line} (byte ${t.column} of the line); first words lost: "${t.firstLostWords}"`,
    "  lost:",
    ...t.lostBytes.map((l) => `    ${String(l.bytes).padStart(6)}  ${l.file}`),
    "  chain, root first (bytes delivered / on disk):",
    ...r.items
      .filter((i) => i.charged || truncatedBytes(i) > 0)
      .map((i) => `    ${String(i.bytes).padStart(6)} / ${String(i.fileBytes).padEnd(6)}  ${i.path}`),
    `Codex cuts silently, root first, so the most specific file is the one clipped. This fails whatever the cap: bring the chain under ${budget} bytes (shorten the files above, or move detail into files AGENTS.md names for Codex to read on demand).`,
  ];
}

/** The truncation as a finding where the cut lands (the line is the last of the delivered text). */
function truncationFinding(r: CodexChainResult): Finding | undefined {
  const t = r.truncated;
  if (!t) return undefined;
  const delivered = r.texts.get(t.file) ?? "";
  const line = delivered.split(/\r?\n/)[t.line - 1] ?? "";
  const cwd = relative(r.root, r.cwd) || ".";
  return {
    ruleId: CODEX_TRUNCATED_RULE.id,
    severity: "error",
    file: t.file,
    line: t.line,
    column: byteColumnToUtf16(line, t.column),
    message: `Codex (launch in ${cwd}) cuts its AGENTS.md chain here: ${t.lostBytes.map((l) => `${l.bytes} bytes of ${l.file}`).join(", ")} never arrive, starting with "${t.firstLostWords}"`,
    help: `shorten the chain by ${t.totalLostBytes} bytes; a truncated chain fails whatever the cap`,
  };
}

/** The rule id of a truncation found by `cap` (stable: CI suppressions key on it). */
export const CODEX_TRUNCATED_RULE: LintRuleMeta = {
  id: "cap-codex-truncated",
  description: "Codex's budget cuts the AGENTS.md chain",
  defaultSeverity: "error",
};

/** The Codex model. */
export const codex: AgentModel = {
  id: "codex",
  name: "Codex",
  releases: [CODEX_VERIFIED_VERSION],
  memoryFileNames: ["AGENTS.md", "AGENTS.override.md"],
  defaultCap: DEFAULT_CODEX_CAP,
  launch(opts: LaunchOptions): Snapshot {
    checkRelease(codex, opts.release);
    const r = codexChain({ root: opts.root, cwd: opts.cwd ?? opts.root, assumeRootIsProject: true });
    return {
      agent: { id: "codex", name: "Codex", version: r.agentVersion },
      view: "fresh-clone",
      root: r.root,
      cwd: r.cwd,
      items: r.items,
      texts: r.texts,
      imports: [],
      rules: [],
      memory: r.items.map((i) => {
        const absPath = resolve(r.root, i.path);
        return { path: i.path, absPath, dir: dirname(absPath), kind: "memory" as const };
      }),
      findings: r.findings,
      verdict: {
        failure: r.truncated ? "Codex truncates the chain" : null,
        ...(r.truncated ? { finding: truncationFinding(r) as Finding } : {}),
        noun: "truncation",
        tally: "truncated by Codex",
        detail: truncationDetail(r),
        json: { truncated: r.truncated },
      },
    };
  },
  missedGuidance: (root) => crossAgentGaps(root),
  findingRules: [CODEX_TRUNCATED_RULE],
  capabilities: { verify: codexVerifyRunner },
};
