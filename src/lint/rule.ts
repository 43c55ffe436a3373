/**
 * The shape of a lint rule, as in ESLint: one file under ./rules/ whose default export is
 * `{ meta, check, fix? }`. `meta` is the rule's stable id, one-line description and default severity
 * (SARIF's `tool.driver.rules`, the table in docs/commands/lint.md); `check` reports findings from the facts of a
 * {@link LintContext} and never opens an instruction file to re-derive them; `fix`, for a fixable rule,
 * proposes minimal edits of a rule file's frontmatter that `lint --fix` applies (./fix.ts).
 */
import type { LintRuleMeta } from "../model/agent.js";
import type { Finding } from "../model/finding.js";
import type { LintContext } from "./context.js";
import type { FrontmatterEdit, FrontmatterEntry } from "./frontmatter-lines.js";

export interface LintRule {
  readonly meta: LintRuleMeta;
  /** Every finding of this rule in the repository of `ctx`, in a stable order. Never throws for bad input. */
  check(ctx: LintContext): Finding[];
  /**
   * For a fixable rule: the edits that repair this rule's problem in the entries of a rule file's
   * frontmatter (none when nothing applies). Pure; ./fix.ts applies the edits of every rule together and
   * keeps them only when the result verifies.
   */
  fix?(entries: readonly FrontmatterEntry[]): FrontmatterEdit[];
}

/**
 * A finding of `rule` at a place, with the rule's default severity; `fixable` is set only when true.
 * `line`/`column` are 1-based (UTF-16 column).
 */
export function finding(
  rule: LintRule | LintRuleMeta,
  file: string,
  line: number,
  column: number,
  message: string,
  help: string,
  fixable?: boolean,
): Finding {
  const meta = "meta" in rule ? rule.meta : rule;
  return {
    ruleId: meta.id,
    file,
    line,
    column,
    severity: meta.defaultSeverity,
    message,
    help,
    ...(fixable ? { fixable } : {}),
  };
}
