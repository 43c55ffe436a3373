/**
 * Reads a rule's `paths:` the way Claude Code 2.1.332 does (verified, docs/findings-pointers.md): a YAML
 * frontmatter block opened by `---` on the first line and closed by the next `---` line, read whole (not
 * only its first line, and not only its first 4 KiB); `paths:` as a YAML list of strings or as one string
 * split on commas outside braces. A frontmatter that YAML cannot parse yields no globs (the CLI then loads
 * the rule as unscoped). Used both to classify repository rules and to read every written pointer back.
 *
 * TODO(claude-launch): swap for the markdown room's `parseFrontmatter` / `classifyRule` once it lands.
 */
import { parse as parseYaml } from "yaml";

export interface RulePaths {
  /** True when a frontmatter block was found and parsed. */
  hasFrontmatter: boolean;
  /** The globs as written (braces not expanded); empty when there is no usable `paths:`. */
  globs: string[];
  /** Text after the frontmatter block. */
  body: string;
  /** Why the frontmatter could not be used, when it could not. */
  error?: string;
}

const FRONTMATTER = /^(?:\uFEFF)?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits a `paths:` string on commas that are not inside braces. */
export function splitPaths(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "{") depth++;
    else if (c === "}" && depth > 0) depth--;
    else if (c === "," && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out.map((x) => x.trim()).filter((x) => x !== "");
}

/** Parses the frontmatter `paths:` of a rule's text. Never throws. */
export function readRulePaths(text: string): RulePaths {
  const m = FRONTMATTER.exec(text);
  if (!m) return { hasFrontmatter: false, globs: [], body: text };
  const body = text.slice(m[0].length);
  let data: unknown;
  try {
    data = parseYaml(m[1] ?? "");
  } catch (e) {
    return {
      hasFrontmatter: true,
      globs: [],
      body,
      error: `frontmatter is not valid YAML (${(e as Error).message.split("\n")[0]})`,
    };
  }
  if (!data || typeof data !== "object" || Array.isArray(data))
    return { hasFrontmatter: true, globs: [], body };
  const paths = (data as Record<string, unknown>).paths;
  let globs: string[] = [];
  if (typeof paths === "string") globs = splitPaths(paths);
  else if (Array.isArray(paths))
    globs = paths
      .filter((x): x is string => typeof x === "string")
      .map((x) => x.trim())
      .filter(Boolean);
  return { hasFrontmatter: true, globs, body };
}
