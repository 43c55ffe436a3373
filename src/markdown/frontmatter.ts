/**
 * YAML frontmatter as Claude Code reads it (verified on CLI 2.1.332, see docs/findings-claude-launch.md).
 *
 * The fence rule is Claude Code's own, reproduced exactly because it is what decides what a rule's body is:
 * a leading BOM is dropped; the text must start with `---`; the block runs lazily to the next `---`
 * anywhere after it (not necessarily on its own line); whitespace (including blank lines) after either
 * fence is swallowed. `...` does not close a block. CRLF works. The YAML is parsed with `yaml`; when that
 * fails, Claude Code retries once with `key: value` lines holding YAML-special characters quoted and
 * leading tabs turned into spaces (so `paths: **\/*.ts` still works); when that fails too, the
 * frontmatter is empty but is still cut from the body.
 */
import { nestsDeeperThan } from "../fs/nesting.js";
import { lazyYaml } from "./lazy.js";

/**
 * Flow nesting (`[[[…`) the YAML parser is not given: it descends recursively and overflows its stack at
 * about 800 levels anyway (after seconds, for 100,000), so deeper text is invalid YAML at once.
 */
export const MAX_YAML_NESTING = 512;

const parseYaml = (src: string, opts?: import("yaml").ParseOptions & import("yaml").DocumentOptions) => {
  if (nestsDeeperThan(src, MAX_YAML_NESTING, { yaml: true }))
    throw new Error(`nested deeper than ${MAX_YAML_NESTING} levels`);
  return lazyYaml().parse(src, opts);
};

export interface FrontmatterError {
  message: string;
  /** 1-based line in the whole file (the first frontmatter line is line 2). */
  line?: number;
}

export interface Frontmatter {
  /** Whether the text opens with a frontmatter block Claude Code recognises. */
  present: boolean;
  /** Parsed mapping; `{}` when absent, empty, not a mapping, or unparseable. */
  data: Record<string, unknown>;
  /** The raw YAML between the fences ("" when absent). */
  raw: string;
  /** Set when the YAML did not parse even after Claude Code's lenient retry. */
  error?: FrontmatterError;
  /** Whether the lenient retry (quoting special values, tabs to spaces) was needed. */
  lenient: boolean;
  /** The text after the frontmatter (the whole text, BOM included, when absent). */
  body: string;
  /** 1-based line of `text` where `body` starts. */
  bodyLine: number;
}

// Claude Code's fence pattern (2.1.332). A regex on purpose: it is the agent's rule, quirks included.
const FENCE = /^---\s*\n([\s\S]*?)---\s*\n?/d;
const SPECIAL = /[{}[\]*&#!|>%@`]|: /;

/**
 * Where a frontmatter block sits in a file's text, by Claude Code's fence rule (2.1.332, see the top of this
 * file). Offsets are UTF-16 indexes into the text as given (a leading BOM counts); lines are 1-based.
 */
export interface FrontmatterBlock {
  /** Offset of the opening `---`: 1 after a BOM, else 0. The opening fence is always on line 1. */
  start: number;
  /** Offset of the first YAML character (after the opening fence and the whitespace it swallows). */
  yamlStart: number;
  /** Offset of the closing `---`, where the YAML ends (not necessarily at the start of a line). */
  yamlEnd: number;
  /** Offset of the first body character (after the closing fence and the whitespace it swallows). */
  end: number;
  /** Line of the closing `---`. */
  closeLine: number;
  /** Line where the body starts. */
  bodyLine: number;
}

/**
 * Locates the frontmatter block at the start of `text` the way Claude Code 2.1.332 does (a BOM dropped;
 * `---` on the first line; the block runs lazily to the next `---` anywhere), or null when there is none.
 * The one place that decides where a frontmatter block starts and ends: {@link parseFrontmatter} and the
 * `lint --fix` edits both use it. Never throws.
 */
export function locateFrontmatter(text: string): FrontmatterBlock | null {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.indexOf("---", start + 3) < 0) return null;
  const t = start === 0 ? text : text.slice(start);
  const m = FENCE.exec(t);
  const yaml = m?.indices?.[1];
  if (!m || !yaml) return null;
  return {
    start,
    yamlStart: start + yaml[0],
    yamlEnd: start + yaml[1],
    end: start + m[0].length,
    closeLine: countLines(t.slice(0, yaml[1])) + 1,
    bodyLine: countLines(m[0]) + 1,
  };
}

function countLines(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) n++;
  return n;
}

/** Claude Code's lenient rewrite: quote `key: value` lines whose value holds YAML-special characters. */
function quoteSpecialValues(yaml: string): string {
  return yaml
    .split("\n")
    .map((line) => {
      const m = /^([a-zA-Z_-]+):\s+(\S.*)$/.exec(line);
      if (!m) return line;
      const key = m[1] as string;
      const value = m[2] as string;
      if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'")))
        return line;
      if (value.startsWith("[") && value.endsWith("]")) {
        try {
          if (Array.isArray(parseYaml(value))) return line;
        } catch {
          // fall through to quoting
        }
      }
      if (SPECIAL.test(value)) return `${key}: "${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
      return line;
    })
    .join("\n")
    .replace(/^\t+/gm, (tabs) => "  ".repeat(tabs.length));
}

// After the first character, `,[]{}` are plain in a block value (they only end a scalar inside flow
// collections): `tools: Read, Grep, Glob`, a subagent's usual line, needs no YAML parser.
const PLAIN = /^[A-Za-z/_][^#:'"&!|>%@`\\]*$/;
const RESOLVED = /^(?:true|false|null|~|y|n|yes|no|on|off)$/i;

function plainString(v: string): boolean {
  return PLAIN.test(v) && !RESOLVED.test(v) && !/\s$/.test(v);
}

// A one-line quoted scalar with nothing after it: "..." without `\` escapes, or '...' with `''` for a
// quote. No tabs, control characters, Unicode line separators or BOMs, so no escape or folding rules apply.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the class excludes control characters
const DOUBLE_QUOTED = /^"([^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*)"$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the class excludes control characters
const SINGLE_QUOTED = /^'((?:[^'\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]|'')*)'$/;

// YAML's white space is space and tab only (JS's trim also drops U+00A0, U+FEFF, U+2028, …).
const YAML_BLANK = /^[ \t]*$/;
function yamlTrimEnd(v: string): string {
  return v.replace(/[ \t]+$/, "");
}

/** The string a simple scalar (plain or one-line quoted) stands for, or undefined when not that simple. */
function simpleScalar(v: string): string | undefined {
  const c = v.charCodeAt(0);
  if (c === 34) return DOUBLE_QUOTED.exec(v)?.[1];
  if (c === 39) return SINGLE_QUOTED.exec(v)?.[1]?.replaceAll("''", "'");
  return plainString(v) ? v : undefined;
}

// Inside a flow sequence `,[]{}` end a plain scalar; an item also may not start with a flow or YAML indicator.
const FLOW_PLAIN = /^[A-Za-z/_][^#:'"&!|>%@`\\,[\]{}]*$/;

/**
 * A one-line flow sequence of plain items, `[a, b c]` or `[]` (a command's `argument-hint: [target]`), or
 * undefined when it is anything else (an empty item, a trailing comma, quotes, nesting: `yaml` decides).
 */
function simpleFlowSequence(v: string): string[] | undefined {
  if (!v.startsWith("[") || !v.endsWith("]")) return undefined;
  const inner = v.slice(1, -1);
  if (YAML_BLANK.test(inner)) return [];
  const items: string[] = [];
  for (const part of inner.split(",")) {
    const item = part.replace(/^[ \t]+/, "").replace(/[ \t]+$/, "");
    if (!FLOW_PLAIN.test(item) || RESOLVED.test(item)) return undefined;
    items.push(item);
  }
  return items;
}

/**
 * The YAML of typical frontmatter (`key: value` lines and `key:` followed by `- value` items, each value
 * plain text without special characters or a one-line quoted string without escapes, or a one-line flow
 * sequence of plain items; no comments, no nesting) read without the YAML parser; undefined for
 * anything else (then `yaml` decides). Agrees with `yaml` on every input it accepts (unit-tested).
 */
export function simpleYaml(src: string): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let listKey: string | undefined;
  let listIndent = -1;
  for (const rawLine of src.split("\n")) {
    const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    if (YAML_BLANK.test(line)) continue;
    const kv = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*))?$/.exec(line);
    if (kv) {
      const key = kv[1] as string;
      if (Object.hasOwn(out, key)) return undefined;
      const value = yamlTrimEnd(kv[2] ?? "");
      listKey = undefined;
      if (value === "") {
        out[key] = null;
        listKey = key;
        listIndent = -1;
        continue;
      }
      const scalar = value.charCodeAt(0) === 91 ? simpleFlowSequence(value) : simpleScalar(value);
      if (scalar === undefined) return undefined;
      out[key] = scalar;
      continue;
    }
    const item = /^( *)- (.*)$/.exec(line);
    if (item && listKey !== undefined) {
      const indent = (item[1] as string).length;
      if (listIndent === -1) listIndent = indent;
      else if (indent !== listIndent) return undefined;
      const value = simpleScalar(yamlTrimEnd(item[2] as string));
      if (value === undefined) return undefined;
      const cur = out[listKey];
      if (cur === null) out[listKey] = [value];
      else (cur as string[]).push(value);
      continue;
    }
    return undefined;
  }
  return out;
}

function yamlOnce(src: string): unknown {
  return parseYaml(src, { uniqueKeys: false, prettyErrors: true });
}

/**
 * Splits a file's text into frontmatter and body the way Claude Code 2.1.332 does. Never throws.
 * @param text the file's text (as decoded; may start with a BOM, may use CRLF)
 */
export function parseFrontmatter(text: string): Frontmatter {
  const block = locateFrontmatter(text);
  if (!block) return { present: false, data: {}, raw: "", lenient: false, body: text, bodyLine: 1 };
  const raw = text.slice(block.yamlStart, block.yamlEnd);
  const body = text.slice(block.end);
  const bodyLine = block.bodyLine;
  let value: unknown;
  let error: FrontmatterError | undefined;
  let lenient = false;
  try {
    value = simpleYaml(raw) ?? yamlOnce(raw);
  } catch {
    lenient = true;
    try {
      value = yamlOnce(quoteSpecialValues(raw));
    } catch (e) {
      const line = e instanceof lazyYaml().YAMLParseError && e.linePos ? e.linePos[0].line + 1 : undefined;
      const message = String((e as Error).message).split("\n")[0] ?? "invalid YAML";
      error = line === undefined ? { message } : { message, line };
    }
  }
  const data =
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return { present: true, data, raw, ...(error ? { error } : {}), lenient, body, bodyLine };
}
