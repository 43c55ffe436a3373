/**
 * The safe fixes of `lint --fix`, and nothing else:
 * - rename a top-level `globs:` key (Cursor's) to `paths:` (Claude Code's), when no `paths:` key exists;
 * - quote a glob that YAML cannot parse as a plain scalar (e.g. `*.ts`, `**\/x`, which YAML reads as an alias).
 * Edits are textual and minimal (every other byte, line ending and BOM is kept), and a fix is kept only
 * when the fixed text is verified to be what the author meant (see {@link FixVerifier}).
 */

/** One safe fix applied to a file's text. */
export interface FixResult {
  text: string;
  /** Lint rule ids the fix addresses, e.g. `rule-globs-key`. */
  ruleIds: string[];
}

/**
 * Decides whether fixed text is acceptable: the caller classifies it as the agent would and returns true
 * only when the rule is now scoped with exactly the intended globs.
 */
export type FixVerifier = (fixedText: string, intendedGlobs: string[]) => boolean;

/** Splits text into lines that keep their line endings. */
function splitKeepEol(text: string): string[] {
  return text.match(/[^\r\n]*(?:\r\n|\n|\r|$)/g)?.filter((l, i, a) => l !== "" || i < a.length - 1) ?? [];
}

function stripEol(l: string): { body: string; eol: string } {
  const m = /(\r\n|\n|\r)$/.exec(l);
  const eol = m?.[1] ?? "";
  return { body: l.slice(0, l.length - eol.length), eol };
}

/** First characters with which a plain YAML scalar cannot start (alias, anchor, tag, reserved, flow). */
const YAML_BAD_START = /^[*&!@`%{[|>]/;

/** Quotes a scalar for YAML: double quotes, or single quotes when it holds `\` or `"`. */
export function yamlQuote(s: string): string {
  if (!/["\\]/.test(s)) return `"${s}"`;
  return `'${s.replace(/'/g, "''")}'`;
}

/** Whether a raw value is already quoted. */
function isQuoted(v: string): boolean {
  return /^(["']).*\1$/.test(v);
}

/** Splits a value from a trailing ` # comment`. */
function splitComment(v: string): { value: string; comment: string } {
  const m = /^(.*?)(\s+#.*)$/.exec(v);
  return m ? { value: m[1] ?? "", comment: m[2] ?? "" } : { value: v, comment: "" };
}

/**
 * Computes the safe fixes for a rule file's text. Returns null when there is nothing safe to fix (no
 * frontmatter on the first line, a `paths:` key already present next to `globs:`, or a fix the verifier
 * rejects).
 */
export function fixRuleText(text: string, verify: FixVerifier): FixResult | null {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  const lines = splitKeepEol(text.slice(bom.length));
  const at = (i: number) => stripEol(lines[i] ?? "");
  if (lines.length === 0 || at(0).body.trimEnd() !== "---") return null;
  let end = -1;
  for (let i = 1; i < lines.length; i++) {
    if (/^(---|\.\.\.)\s*$/.test(at(i).body)) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const ruleIds = new Set<string>();
  const out = [...lines];
  const hasPaths = lines.slice(1, end).some((l) => /^paths\s*:/.test(l));
  let key: string | null = null; // the current top-level key
  const intended: string[] = [];
  const quoteIfNeeded = (value: string): string => {
    if (!YAML_BAD_START.test(value) || isQuoted(value)) return value;
    ruleIds.add("rule-frontmatter-yaml");
    return yamlQuote(value);
  };
  for (let i = 1; i < end; i++) {
    const { body, eol } = at(i);
    const top = /^([A-Za-z_][\w-]*)(\s*:)(\s*)(.*)$/.exec(body);
    if (top) {
      const [, name = "", colon = "", space = "", rest = ""] = top;
      key = name;
      if (key !== "globs" && key !== "paths") continue;
      let renamed = name;
      if (key === "globs" && !hasPaths) {
        renamed = "paths";
        ruleIds.add("rule-globs-key");
      }
      const { value, comment } = splitComment(rest);
      if (value !== "") intended.push(...(isQuoted(value) ? [value.slice(1, -1)] : [value]));
      out[i] = `${renamed}${colon}${space}${value === "" ? "" : quoteIfNeeded(value)}${comment}${eol}`;
      continue;
    }
    if (key !== "globs" && key !== "paths") continue;
    const item = /^(\s+-\s+)(.*)$/.exec(body);
    if (!item) continue;
    const [, dash = "", rest = ""] = item;
    const { value, comment } = splitComment(rest);
    intended.push(isQuoted(value) ? value.slice(1, -1) : value);
    out[i] = `${dash}${quoteIfNeeded(value)}${comment}${eol}`;
  }
  if (ruleIds.size === 0) return null;
  const fixed = bom + out.join("");
  if (fixed === text) return null;
  if (!verify(fixed, intended.filter(Boolean))) return null;
  return { text: fixed, ruleIds: [...ruleIds].sort() };
}
