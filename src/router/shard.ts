/**
 * Router shards: Markdown files of trigger rows. A row is a line that begins (after optional indentation
 * and an optional leading `|` of a Markdown table) with a backtick-quoted trigger:
 *
 *     `**\/feature/*\/src/**\/*Screen.kt`; `/feature` | RULE-A, RULE-B → layers/feature/rules/ |
 *
 * Several triggers are separated by `;`. After the `|` come the rule ids (comma-separated), then optionally
 * `→` (or `->`) and the directory (relative to the repository root) where the rule files live, then an
 * optional closing `|`. Lines inside fenced code blocks are never rows. The shard's domain (for
 * `route --map`) is its first `# ` heading, else its file name without `.md`.
 *
 * A line that starts like a row but cannot be read as one (unclosed backtick, no `|`, no rule) is a
 * malformed row: it is skipped and reported as a problem naming the shard and line; the other rows stand.
 */
import type { Finding } from "../model/index.js";

export interface ShardRow {
  /** Shard path relative to the root (POSIX). */
  shard: string;
  /** 1-based line number in the shard. */
  line: number;
  /** Trigger globs as written, without backticks. */
  triggers: string[];
  /** Rule ids (or rule file paths) as written. */
  rules: string[];
  /** Directory the rules live in (relative to the root, no trailing slash), or null when not given. */
  dir: string | null;
}

export interface ParsedShard {
  shard: string;
  domain: string;
  rows: ShardRow[];
  /** Rows that could not be read, as problems at `shard:line` (kind `malformed-row`). */
  problems: RouterProblem[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Parses one shard's text. Pure; never throws. `shard` is the path used in rows and problems. */
export function parseShard(text: string, shard: string): ParsedShard {
  const rows: ShardRow[] = [];
  const problems: RouterProblem[] = [];
  let domain: string | null = null;
  let fence: string | null = null;
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  let inFrontmatter = lines[0] === "---";
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n] as string;
    if (inFrontmatter) {
      if (n > 0 && (line === "---" || line === "...")) inFrontmatter = false;
      continue;
    }
    const f = FENCE.exec(line);
    if (fence) {
      if (
        f &&
        f[1]?.[0] === fence[0] &&
        (f[1]?.length ?? 0) >= fence.length &&
        !/\S/.test(line.slice(f[0].length))
      )
        fence = null;
      continue;
    }
    if (f) {
      fence = f[1] ?? null;
      continue;
    }
    if (domain === null) {
      const h = /^ {0,3}#\s+(.+?)\s*#*\s*$/.exec(line);
      if (h) domain = h[1] ?? null;
    }
    const start = /^\s*(?:\|\s*)?`/.exec(line);
    if (!start) continue;
    const row = parseRow(line.slice(start[0].length - 1), shard, n + 1);
    if (typeof row === "string") problems.push(routerFinding("malformed-row", shard, row, n + 1));
    else rows.push(row);
  }
  const base = shard.split("/").pop() ?? shard;
  return { shard, domain: domain ?? base.replace(/\.md$/i, ""), rows, problems };
}

/** Parses a row starting at its first backtick. Returns the row, or a message saying what is wrong. */
function parseRow(s: string, shard: string, line: number): ShardRow | string {
  const triggers: string[] = [];
  let i = 0;
  for (;;) {
    while (s[i] === " " || s[i] === "\t") i++;
    if (s[i] !== "`") return "expected a backtick-quoted trigger";
    const close = s.indexOf("`", i + 1);
    if (close < 0) return "a trigger's backtick is not closed; write rows as `glob` | RULE-ID → dir/ |";
    const t = s.slice(i + 1, close).trim();
    if (t === "" || /^\/+$/.test(t)) return "an empty trigger; every trigger must name a path or command";
    triggers.push(t);
    i = close + 1;
    while (s[i] === " " || s[i] === "\t") i++;
    if (s[i] === ";") {
      i++;
      continue;
    }
    break;
  }
  if (s[i] !== "|") return "no `|` after the trigger(s); write rows as `glob` | RULE-ID → dir/ |";
  let rest = s.slice(i + 1).trim();
  if (rest.endsWith("|")) rest = rest.slice(0, -1).trim();
  let dir: string | null = null;
  // `\u2192` is `→`: the hook's bundle stays ASCII, so V8 holds its source as a one-byte string (one raw
  // `→` doubled it to 190 KB of young heap on every call; test/e2e/hook.test.ts).
  const arrow = /\s*(?:\u2192|->)\s*/.exec(rest);
  if (arrow) {
    dir = rest.slice((arrow.index ?? 0) + arrow[0].length).trim();
    rest = rest.slice(0, arrow.index).trim();
    dir = dir.replace(/^`|`$/g, "").replace(/^\.\//, "").replace(/\/+$/, "");
    if (dir === "") dir = null;
  }
  const rules = rest
    .split(/[,\s]+/)
    .map((r) => r.replace(/^`|`$/g, "").trim())
    .filter((r) => r !== "");
  if (rules.length === 0) return "no rule after `|`; name the rule ids the trigger fires";
  return { shard, line, triggers, rules, dir };
}

/** What a router problem is about; callers decide on it, never on the message's words. */
export type RouterProblemKind =
  /** A shard under `.claude/rules/` (Claude Code would load it at launch). */
  | "under-claude-rules"
  /** A shard linking outside the repository. */
  | "outside"
  /** A shard that is a link to nothing. */
  | "dangling-link"
  /** A fifo, socket or device where a shard would be. */
  | "special"
  /** A shard stat could not examine (a link loop, permissions). */
  | "unexaminable"
  /** A shard the reader could not read (too large, unreadable). */
  | "unreadable"
  /** A shard that is not UTF-8 text. */
  | "not-utf8"
  /** A row that cannot be read as one. */
  | "malformed-row"
  /** A trigger that cannot be compiled (router-dead-trigger's, in lint). */
  | "unusable-trigger"
  /** A `hook` setting of `.agent-context.json` out of range. */
  | "config";

/**
 * A router problem: a finding (`router-shard`, a warning) with its `kind`; `file` the shard or config
 * file, `line` when known, `message` what is wrong without the place ({@link routerProblemLine} prints
 * both).
 */
export interface RouterProblem extends Finding {
  kind: RouterProblemKind;
}

export function routerFinding(
  kind: RouterProblemKind,
  file: string,
  message: string,
  line?: number,
): RouterProblem {
  return {
    ruleId: "router-shard",
    severity: "warning",
    kind,
    file,
    message,
    ...(line !== undefined ? { line } : {}),
  };
}

/** A router problem as `route` and the hook print it: `file[:line]: message`. */
export function routerProblemLine(p: Pick<Finding, "file" | "line" | "message">): string {
  return `${p.file}${p.line !== undefined ? `:${p.line}` : ""}: ${p.message}`;
}
