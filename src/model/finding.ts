/**
 * The finding: one problem, in one shape, whoever found it (a loader meeting an unreadable file, a lint
 * rule, a cap overage, the pointer planner hitting a bound). Every renderer in src/report/ takes this record.
 */

/** How bad a finding is. `error` fails `lint` (exit 1); `warning` and `info` do not. */
export type Severity = "error" | "warning" | "info";

export interface Finding {
  /**
   * Stable id of what was found, e.g. `import-missing` (lint rules) or `read-failed` (loaders). Never
   * renamed once released: CI suppressions and SARIF key on it.
   */
  ruleId: string;
  severity: Severity;
  /** POSIX path relative to the repository root; absolute when the file lies outside it. */
  file: string;
  /** 1-based line, when known (renderers that need one use 1). */
  line?: number;
  /** 1-based column in UTF-16 code units of the line, as editors count (renderers that need one use 1). */
  column?: number;
  /** Optional 1-based end of the span (inclusive line, exclusive column). */
  endLine?: number;
  endColumn?: number;
  /** One sentence: what is wrong. */
  message: string;
  /** One sentence: what to do about it. */
  help?: string;
  /** True when `lint --fix` can repair it. */
  fixable?: boolean;
  /**
   * The registry ids of the agents this finding is about, when its rule's `meta.agents` does not say it
   * (a rule about several agents: which one misses the file, which one cannot read it). Lint selects by it.
   */
  agents?: string[];
  /**
   * Set when reports over several launches should fold this finding into one line (e.g. an import that
   * lies outside each launch directory): findings with the same `key` fold; `cwd` is the launch directory
   * (display path) it was seen from; `message` and `help` replace the finding's own when it folds two or
   * more launch directories, with `{count}` and `{dirs}` standing for their number and list.
   */
  group?: { key: string; cwd: string; message: string; help?: string };
  /**
   * Set when the agent refuses the whole launch (it sends no request at all, whatever the prompt): what it
   * refuses and why, in one sentence without the word "refused". `explain` shows it above the launch.
   */
  refusal?: string;
}
