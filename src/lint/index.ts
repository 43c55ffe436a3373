/**
 * `agent-context lint`: findings for the silent failures of agent context. Each rule is one file under
 * ./rules/ (ESLint's shape: metadata, a check over the facts of a {@link LintContext}, an optional fix)
 * and reads the facts the agent models already produce (rule classification, launch set, router index,
 * Codex chain) without re-deriving them; see docs/findings-lint.md for what was settled against the real
 * CLIs.
 */
import { join } from "node:path";
import { setConfigLintRuleIds } from "../config.js";
import { UsageError } from "../errors.js";
import { writeFilesAtomic } from "../fs/atomic.js";
import { readTextFile, withReadSnapshot } from "../fs/read.js";
import type { Finding } from "../model/finding.js";
import { LintContext, type LintSources } from "./context.js";
import { applyDisableComments } from "./disable.js";
import type { LintRule } from "./rule.js";
import { RULES } from "./rules/index.js";
import { ruleSettings, rulesToRun, type Tuning, tuneFindings } from "./tune.js";

// `.agent-context.json` names lint rules by id: the configuration refuses an id no rule has.
setConfigLintRuleIds(() => RULES.map((r) => r.meta.id));

export { LintContext, type LintSources } from "./context.js";
export type { LintRule } from "./rule.js";
export { ALL_RULES, RULES } from "./rules/index.js";

export interface LintOptions {
  /** Repository root (absolute or relative to the process cwd). */
  root: string;
  /** Apply the safe fixes (the `fix` of the fixable rules, see ./fix.ts) before reporting. */
  fix?: boolean;
  /** Called before each rule runs with its id (for a progress indication). */
  onProgress?: (label: string) => void;
  /** The rules to run (default: every rule, {@link RULES}). */
  rules?: readonly LintRule[];
  /** The Claude Code release to model (`--agent-version`; default the newest verified). */
  release?: string;
  /**
   * `--agent`: the registry ids of the agents to lint for (default every agent): rules about none of them
   * do not run, findings about none of them are dropped (./tune.ts).
   */
  agents?: readonly string[];
  /** The file list and launch snapshots a caller already holds (the first pass only: a fix changes them). */
  sources?: LintSources;
}

export interface LintResult {
  /** Absolute repository root. */
  root: string;
  /** Every finding of every rule, in rule order (renderers sort them). */
  findings: Finding[];
  /** Files `--fix` rewrote (relative paths) and the rule ids each fix addressed. */
  fixed: { file: string; ruleIds: string[] }[];
  /**
   * Fixes `--fix` left undone, each with the file (relative), its 1-based line and why: a value it cannot
   * rewrite without changing what it means (an alias, anchor, tag or flow value). Empty without `fix`.
   */
  notFixed: { file: string; line: number; message: string }[];
}

/**
 * The findings of `rules` as the team tuned them: the configuration's `lint.rules` and `--agent` select
 * rules and findings and set severities (./tune.ts), and the disable comments of the files drop theirs
 * (./disable.ts).
 */
function runRules(ctx: LintContext, tuning: Tuning, onProgress?: (label: string) => void): Finding[] {
  // One read per file for the whole run, whichever model or rule asks (see withReadSnapshot).
  return withReadSnapshot(() => {
    const findings: Finding[] = [];
    for (const rule of ctx.rules) {
      onProgress?.(rule.meta.id);
      findings.push(...rule.check(ctx));
    }
    return applyDisableComments(tuneFindings(findings, ctx.rules, tuning), ctx.root);
  });
}

/**
 * Runs every rule on a repository. With `fix`, first computes the safe fix of every file with a fixable
 * finding ({@link LintContext.fixFor}: the edits of all fixable rules, verified together), writes them
 * all-or-nothing ({@link writeFilesAtomic}), then lints again and reports what remains. Throws UsageError
 * for a missing directory or a malformed `.agent-context.json`, and for a write that fails or a file that
 * changed since it was read, naming the file (no file is changed then, no temporary file is left).
 */
export function lintRepository(opts: LintOptions): LintResult {
  const given = opts.rules ?? RULES;
  const ctxOpts = opts.release ? { release: opts.release } : {};
  let ctx = new LintContext(opts.root, given, { ...ctxOpts, ...opts.sources });
  const tuning: Tuning = {
    settings: ruleSettings(ctx.config),
    ...(opts.agents ? { agents: opts.agents } : {}),
  };
  // Only the rules that run make findings and fixes (a rule turned off fixes nothing either).
  const rules = rulesToRun(given, tuning);
  if (rules.length !== given.length) ctx = new LintContext(opts.root, rules, { ...ctxOpts, ...opts.sources });
  const first = runRules(ctx, tuning, opts.onProgress);
  if (!opts.fix) return { root: ctx.givenRoot, findings: first, fixed: [], notFixed: [] };
  const notFixed = [...ctx.fixRefusals].flatMap(([file, rs]) => rs.map((r) => ({ file, ...r })));
  const files = [...new Set(first.filter((d) => d.fixable).map((d) => d.file))].sort();
  const edits: { path: string; data: string; expected: string; file: string; ruleIds: string[] }[] = [];
  for (const file of files) {
    const abs = join(ctx.root, file);
    const r = readTextFile(abs);
    if (!r.ok || !r.validUtf8) continue;
    const fixed = ctx.fixFor(file, r.text);
    if (fixed) edits.push({ path: abs, data: fixed.text, expected: r.text, file, ruleIds: fixed.ruleIds });
  }
  if (edits.length === 0) return { root: ctx.givenRoot, findings: first, fixed: [], notFixed };
  opts.onProgress?.("writing fixes");
  // All-or-nothing: a file changed since it was read, or one that cannot be written, leaves every file as
  // it was and no temporary file (src/fs/atomic.ts); the UsageError names the file (exit 2).
  try {
    writeFilesAtomic(edits, { within: ctx.root, withinName: `the repository ${ctx.root}` });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const err = e as NodeJS.ErrnoException;
    throw new UsageError(
      `${err.path ?? "a file"}: cannot be written (${err.code ?? err.message}); nothing written, every file left as it was`,
    );
  }
  ctx = new LintContext(opts.root, rules, ctxOpts);
  return {
    root: ctx.givenRoot,
    findings: runRules(ctx, tuning, opts.onProgress),
    fixed: edits.map((e) => ({ file: e.file, ruleIds: e.ruleIds })),
    notFixed,
  };
}
