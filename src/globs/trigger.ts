/**
 * Router trigger globs: translation to regular expressions and the "run of whole segments" matching rule.
 *
 * Semantics (the contract documented in docs/commands/route.md, "Trigger semantics"):
 * - A path target is split into segments at `/` (empty segments and `.` dropped). A trigger matches a
 *   target when it matches some run of consecutive whole segments of it: not anchored at either end, never
 *   splitting a segment. So `secrets-manifest.yaml` fires at any depth, `/feature` fires for any path through
 *   a `feature` directory but not for `featureflags/`, and `*.kt` does not fire for `x.kts`.
 * - A leading or trailing `/` in a trigger only marks a segment boundary (every match is on boundaries
 *   anyway); it does not anchor to the repository root.
 * - `*` matches any run of characters inside one segment (also an empty one, also a leading `.`);
 *   `?` one character inside a segment; `**` as a whole segment any number of segments (zero included);
 *   `**` inside a segment (`a**b`) is a `*`; `{a,b}` alternatives (nested; `{1..3}` numeric ranges);
 *   `[abc]`, `[a-z]`, `[!a]` / `[^a]` one character of a class; `\x` the literal `x`. Every other character
 *   is literal, including the regular-expression metacharacters `( ) + . $ ^ |`, so `app/(auth)/*.tsx` means
 *   the directory named `(auth)`. An unbalanced `{` or `[` is literal.
 * - Command (word) mode: a Bash command is split into words; a trigger holding whitespace is split into
 *   words the same way and matches any run of consecutive whole words (`git add -A` fires for
 *   `git add -A && git commit`). `*` and `?` stay inside one word; `**` as a whole word matches any words.
 *
 * Written here rather than on picomatch because the semantics differ where it matters: picomatch treats
 * `(a|b)` as a regex group and anchors the match at both ends. test/unit/globs-trigger.test.ts cross-checks
 * the plain cases against picomatch.
 */

import { closingBrace, splitBraceBody } from "./braces.js";

/** Which separator a trigger is translated for: `/` for path segments, a space for command words. */
export type TriggerMode = "path" | "word";

const MAX_BRACE_EXPANSION = 1000;

function escapeChar(c: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c;
}

/**
 * Translates a glob to the source of a regular expression that must match a whole run of segments (or
 * words). Pure; never throws.
 * @param glob the trigger text (without backticks), already trimmed
 * @param mode `path` (separator `/`) or `word` (separator: one space)
 */
export function triggerToRegexSource(glob: string, mode: TriggerMode): string {
  const sep = mode === "path" ? "/" : " ";
  const sepRe = mode === "path" ? "\\/" : " ";
  const notSep = mode === "path" ? "[^/]" : "[^ ]";
  groupCount = 0;
  return translate(normalizeTrigger(glob, mode), sep, sepRe, notSep);
}

/**
 * The trigger as matched: in path mode without `./`, repeated, leading and trailing slashes, and without a
 * leading `**` + `/` or a trailing `/` + `**` (no-ops when a match may start and end at any segment
 * boundary; dropping them keeps the regex linear); in word mode with whitespace runs as single spaces.
 */
export function normalizeTrigger(glob: string, mode: TriggerMode, dropOuterStars = true): string {
  if (mode === "word") return glob.trim().replace(/\s+/g, " ");
  let g = glob
    .trim()
    .replace(/\/{2,}/g, "/")
    .replace(/^(?:\.\/)+/, "")
    .replace(/^\/+/, "")
    .replace(/\/+$/, "")
    // `**/**` is `**` (same language; nested globstars backtrack without end on a long miss).
    .replace(/(?<=^|\/)\*{2,}(?:\/\*{2,})+(?=\/|$)/g, "**");
  for (; dropOuterStars; ) {
    const before = g;
    if (g.startsWith("**/") && g.length > 3) g = g.slice(3);
    if (g.endsWith("/**") && g.length > 3 && g[g.length - 4] !== "\\") g = g.slice(0, -3);
    if (g === before) break;
  }
  return g;
}

/**
 * The longest run of literal characters every match must contain (outside `*`, `?`, classes and braces), or
 * "" when there is none. Used as a cheap `includes` filter before the regex runs.
 */
export function requiredLiteral(glob: string, mode: TriggerMode): string {
  const g = normalizeTrigger(glob, mode);
  const sep = mode === "path" ? "/" : " ";
  let best = "";
  let cur = "";
  const flush = () => {
    if (cur.length > best.length) best = cur;
    cur = "";
  };
  for (let i = 0; i < g.length; i++) {
    const c = g[i] as string;
    if (c === "\\") {
      if (i + 1 < g.length) cur += g[i + 1];
      i++;
      continue;
    }
    if (c === "*" || c === "?") {
      flush();
      continue;
    }
    if (c === "[") {
      const cls = charClass(g, i, sep);
      if (cls) {
        flush();
        i = cls.end - 1;
        continue;
      }
    }
    if (c === "{") {
      const close = closingBrace(g, i);
      const inner = close > i ? g.slice(i + 1, close) : "";
      if (close > i && (splitBraceBody(inner).length > 1 || /^-?\d+\.\.-?\d+$/.test(inner))) {
        flush();
        i = close;
        continue;
      }
    }
    cur += c;
  }
  flush();
  return best;
}

/** Capturing groups emitted so far in the expression being translated (reset per trigger). */
let groupCount = 0;

/**
 * From `i` (just after a `**` + separator), the index of the separator that starts the next whole-segment
 * `**` followed by a separator, when the segments in between are a fixed block (no braces, no `**`
 * segment); else -1.
 */
function fixedBlockEnd(g: string, i: number, sep: string): number {
  for (let k = i; k < g.length; k++) {
    const c = g[k];
    if (c === "\\") {
      k++;
      continue;
    }
    if (c === "{") return -1;
    if (c === sep) {
      let e = k + 1;
      while (g[e] === "*") e++;
      if (e - k - 1 >= 2) return g[e] === sep ? k : -1;
    }
  }
  return -1;
}

/** End of the run of plain literal characters (no wildcard, class, brace, escape or separator) from `i`. */
function literalRunEnd(g: string, i: number, sep: string): number {
  let k = i;
  while (k < g.length && g[k] !== sep && !"*?[{\\".includes(g[k] as string)) k++;
  return k;
}

function translate(g: string, sep: string, sepRe: string, notSep: string): string {
  let out = "";
  let i = 0;
  const atSegStart = (k: number) => k === 0 || g[k - 1] === sep;
  while (i < g.length) {
    const c = g[i] as string;
    if (c === "\\") {
      const n = g[i + 1];
      if (n === undefined) out += "\\\\";
      else out += escapeChar(n);
      i += 2;
      continue;
    }
    if (c === "*") {
      let j = i;
      while (g[j] === "*") j++;
      const stars = j - i;
      const wholeSeg = stars >= 2 && atSegStart(i) && (j === g.length || g[j] === sep);
      if (wholeSeg) {
        if (j === g.length) {
          // `**` at the end (or alone): zero or more further segments.
          if (i === 0) out += `${notSep}+(?:${sepRe}${notSep}+)*`;
          else {
            // The separator before `**` was already emitted; make it optional with what follows.
            out = out.slice(0, out.length - sepRe.length);
            out += `(?:${sepRe}${notSep}+)*`;
          }
          i = j;
        } else {
          // `**/` at the start or in the middle: zero or more whole segments, each followed by a separator.
          // When a fixed block of segments and another `/**/` follow (`a/**/b/c/**/d`), the earliest place
          // the block fits is always a right one (the next `**` absorbs the segments in between), so it is
          // matched atomically, as for `*` above: otherwise each further `**` multiplies the backtracking
          // by the number of segments (`a/**/a/**/a/**/b` against 2,000 segments never finished).
          const m = fixedBlockEnd(g, j + 1, sep);
          if (m > j + 1) {
            const n = ++groupCount;
            const inner = translate(g.slice(j + 1, m), sep, sepRe, notSep);
            out += `(?=((?:${notSep}+${sepRe})*?${inner}${sepRe}))\\${n}`;
            i = m + 1;
            continue;
          }
          out += `(?:${notSep}+${sepRe})*`;
          i = j + 1;
        }
        continue;
      }
      // `*` + a literal run + `*` within one segment (`*a*b`): the earliest place the run fits is always a
      // right one (the next `*` absorbs whatever follows), so it is matched atomically (a lookahead that
      // captures, then a backreference). Without that, `*a*a*a*a*a*a*b` against a long segment backtracks
      // combinatorially (seconds per call; test/e2e/bad-input-route.test.ts). Same language either way.
      const k = literalRunEnd(g, j, sep);
      if (k > j && g[k] === "*") {
        const n = ++groupCount;
        let lit = "";
        for (let q = j; q < k; q++) lit += escapeChar(g[q] as string);
        out += `(?=(${notSep}*?${lit}))\\${n}`;
        i = k;
        continue;
      }
      out += `${notSep}*`;
      i = j;
      continue;
    }
    if (c === "?") {
      out += notSep;
      i++;
      continue;
    }
    if (c === "[") {
      const cls = charClass(g, i, sep);
      if (cls) {
        out += cls.re;
        i = cls.end;
        continue;
      }
      out += "\\[";
      i++;
      continue;
    }
    if (c === "{") {
      const close = closingBrace(g, i);
      if (close > i) {
        const inner = g.slice(i + 1, close);
        const range = /^(-?\d+)\.\.(-?\d+)$/.exec(inner);
        if (range) {
          const a = Number(range[1]);
          const b = Number(range[2]);
          if (Math.abs(b - a) < MAX_BRACE_EXPANSION) {
            const alts: string[] = [];
            for (let k = Math.min(a, b); k <= Math.max(a, b); k++) alts.push(String(k));
            out += `(?:${alts.join("|")})`;
            i = close + 1;
            continue;
          }
        }
        const parts = splitBraceBody(inner);
        if (parts.length > 1) {
          out += `(?:${parts.map((p) => translate(p, sep, sepRe, notSep)).join("|")})`;
          i = close + 1;
          continue;
        }
      }
      out += "\\{";
      i++;
      continue;
    }
    if (c === sep) {
      out += sepRe;
      i++;
      continue;
    }
    out += escapeChar(c);
    i++;
  }
  return out;
}

/** A bracket expression at `start`, or null when it is not closed (then `[` is literal). */
function charClass(g: string, start: number, sep: string): { re: string; end: number } | null {
  let i = start + 1;
  let negate = false;
  if (g[i] === "!" || g[i] === "^") {
    negate = true;
    i++;
  }
  let body = "";
  let first = true;
  while (i < g.length) {
    const c = g[i] as string;
    if (c === "]" && !first) {
      const sepEsc = sep === "/" ? "\\/" : " ";
      const re = negate ? `[^${body}${sepEsc}]` : `(?!${sepEsc})[${body}]`;
      return { re, end: i + 1 };
    }
    if (c === sep) return null;
    if (c === "\\" && i + 1 < g.length) {
      body += `\\${g[i + 1]}`;
      i += 2;
      first = false;
      continue;
    }
    body += c === "-" ? "-" : /[\\^\]]/.test(c) ? `\\${c}` : c;
    first = false;
    i++;
  }
  return null;
}

/**
 * Wraps a run source so that a `RegExp.test` on the joined target finds a match at some run of whole
 * segments (or words): preceded by start or a separator, followed by a separator or the end.
 */
export function runRegexSource(source: string, mode: TriggerMode): string {
  return mode === "path" ? `(?:^|\\/)(?:${source})(?=\\/|$)` : `(?:^| )(?:${source})(?= |$)`;
}

/** Compiles a trigger for one mode into a RegExp that tests a joined target (see {@link runRegexSource}). */
export function compileTrigger(glob: string, mode: TriggerMode): RegExp {
  return new RegExp(runRegexSource(triggerToRegexSource(glob, mode), mode));
}

/** Longest trigger accepted (characters of the glob as written); a longer one never fires. */
export const MAX_TRIGGER_CHARS = 1024;
/** Longest regular-expression source a trigger may translate to (characters); a longer one never fires. */
export const MAX_TRIGGER_SOURCE_CHARS = 16 * 1024;

/** Why a trigger cannot be used: a sentence for a message ("longer than 1,024 characters"). */
export type TriggerCompileResult = { ok: true; re: RegExp } | { ok: false; reason: string };

/**
 * Compiles a regular-expression run source (from {@link triggerToRegexSource}, already wrapped by
 * {@link runRegexSource} or not: `wrapped`) on its own, bounded: a source over
 * {@link MAX_TRIGGER_SOURCE_CHARS} or one V8 refuses (a SyntaxError, or a stack overflow in its compiler,
 * which V8 reports lazily on first use: the regex is run once on "" here to force it) gives `ok: false`.
 * Never throws.
 */
export function compileRunSource(source: string, mode: TriggerMode): TriggerCompileResult {
  if (source.length > MAX_TRIGGER_SOURCE_CHARS)
    return {
      ok: false,
      reason: `its regular expression is longer than ${MAX_TRIGGER_SOURCE_CHARS.toLocaleString("en-US")} characters`,
    };
  try {
    const re = new RegExp(runRegexSource(source, mode));
    re.test("");
    return { ok: true, re };
  } catch (e) {
    return { ok: false, reason: `it does not compile (${String((e as Error)?.message ?? e).slice(0, 80)}…)` };
  }
}

/**
 * Compiles one trigger for one mode on its own, with a bound on its size: a glob over
 * {@link MAX_TRIGGER_CHARS} characters, or one whose regex is too large or does not compile, gives
 * `ok: false` with the reason, and is treated as never firing (the other triggers and rows stand). Never
 * throws.
 */
export function compileTriggerSafe(glob: string, mode: TriggerMode): TriggerCompileResult {
  if (glob.length > MAX_TRIGGER_CHARS)
    return { ok: false, reason: `longer than ${MAX_TRIGGER_CHARS.toLocaleString("en-US")} characters` };
  let source: string;
  try {
    source = triggerToRegexSource(glob, mode);
  } catch (e) {
    return { ok: false, reason: `it does not translate (${(e as Error)?.message ?? e})` };
  }
  return compileRunSource(source, mode);
}

/**
 * Why a router trigger is not used, or undefined when it compiles in every mode it takes part in
 * ({@link triggerModes}, {@link compileTriggerSafe}). The one check the router index and lint share.
 */
export function unusableTriggerReason(glob: string): string | undefined {
  const modes = triggerModes(glob);
  for (const m of ["path", "word"] as const) {
    if (!modes[m]) continue;
    const c = compileTriggerSafe(glob, m);
    if (!c.ok) return c.reason;
  }
  return undefined;
}

/** A trigger as messages show it: at most 60 characters, then `…`. */
export function shownTrigger(glob: string): string {
  return glob.length > 60 ? `${glob.slice(0, 60)}…` : glob;
}

/**
 * Which modes a trigger takes part in: a trigger with whitespace is a command pattern (word mode only);
 * one with a `/` is a path pattern (path mode only); any other (`*.kt`, `terraform`) is tried both ways.
 */
export function triggerModes(glob: string): { path: boolean; word: boolean } {
  const t = glob.trim();
  if (/\s/.test(t)) return { path: false, word: true };
  if (t.includes("/")) return { path: true, word: false };
  return { path: true, word: true };
}

/**
 * Normalises a path target for matching: POSIX separators, no empty or `.` segments, `..` resolved
 * lexically. Returns the segments joined by `/` (no leading or trailing slash).
 */
export function normalizeTargetPath(p: string): string {
  const out: string[] = [];
  for (const s of p.replace(/\\/g, "/").split("/")) {
    if (s === "" || s === ".") continue;
    if (s === "..") {
      out.pop();
      continue;
    }
    out.push(s);
  }
  return out.join("/");
}

/**
 * Full-match (anchored) regex for a glob in path mode, used for locating shard files from the `routers`
 * config globs. Same syntax as triggers.
 */
export function anchoredPathRegex(glob: string): RegExp {
  groupCount = 0;
  return new RegExp(`^(?:${translate(normalizeTrigger(glob, "path", false), "/", "\\/", "[^/]")})$`);
}
