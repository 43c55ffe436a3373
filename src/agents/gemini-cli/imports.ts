/**
 * Gemini CLI's `@` imports, ported from its memory import processor and settled on Gemini CLI 0.61.0
 * (docs/findings-gemini-cli.md). Not Claude Code's rules:
 * - a token is `@` at the start of the text or after a space, tab, CR or LF, running to the next of those;
 *   it imports when its first character is `.`, `/` or an ASCII letter. Nothing is trimmed: `@docs/a.md.`
 *   and `@scope/pkg,` are paths. An npm scope (`@types/node`), an `@mention` and an e-mail address after a
 *   space are all imports that fail.
 * - only backtick regions protect (`` `…` ``, ``` ```…``` ```, matched as pairs of equal backtick runs over
 *   the raw text); HTML comments, frontmatter and indented code do not.
 * - the import must resolve (real path, after `decodeURIComponent`) inside the project root of the top-level
 *   file: the nearest ancestor of its directory holding a boundary marker (`.git`), else that directory.
 *   `http(s)://` and `file://` tokens fail as path traversal.
 * - any readable file imports, whatever its extension; a directory fails (`EISDIR`).
 * - expansion is 5 levels deep; the text of a file at depth 5 is inlined with its tokens left as text.
 * - cycles: each branch carries the set of files it has inlined (the top-level file is not in it), so a
 *   file importing itself is inlined once more before `File already processed`; siblings importing the
 *   same file both inline it.
 * Each replaced token becomes one of: `<!-- Imported from: P -->\n…\n<!-- End of import from: P -->`,
 * `<!-- File already processed: P -->`, `<!-- Import failed: P - MESSAGE -->`.
 */
import { accessSync, lstatSync, readFileSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from "node:path";
import { describeReadFailure, readTextFile } from "../../fs/read.js";
import type { ImportStatus } from "../../model/index.js";

/** Gemini CLI's import depth: tokens in a file this deep stay text. */
export const GEMINI_MAX_IMPORT_DEPTH = 5;

/** One `@` token met while expanding a file. */
export interface GeminiImport {
  /** Absolute path of the importing file (as reached, not resolved through links). */
  from: string;
  /** UTF-16 offset of the `@` in the importing file's text. */
  offset: number;
  /** 1-based line and column (UTF-16 code units, a leading BOM not counted) of the `@`. */
  line: number;
  column: number;
  /** The path as written after `@`. */
  token: string;
  /** Absolute target (`path.resolve(dir of the importer, token)`). */
  target: string;
  /** Depth of the target (1 = imported by a top-level file). */
  hop: number;
  status: ImportStatus;
  /** Why, one phrase (the CLI's own message for a failure). */
  reason: string;
  /** For a loaded import: the text inlined in place of the token, markers included. */
  inlined?: string;
  /**
   * For a loaded import: the UTF-8 bytes of `inlined` that depend on the machine (absolute paths in a
   * failed nested import's message, in the flat form's `--- File: ABS ---` lines).
   */
  inlinedFraming?: number;
  /** For a loaded import: the file's size on disk. */
  fileBytes?: number;
}

/** A token as the CLI's scanner finds it. */
interface Token {
  start: number;
  end: number;
  path: string;
}

const ws = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";

function isLetter(c: string): boolean {
  const code = c.charCodeAt(0);
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** The `@` tokens Gemini CLI would try to import, code regions not yet excluded. */
export function findImportTokens(content: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const len = content.length;
  while (i < len) {
    i = content.indexOf("@", i);
    if (i === -1) break;
    if (i > 0 && !ws(content[i - 1])) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < len && !ws(content[j])) j++;
    const path = content.slice(i + 1, j);
    if (path.length > 0 && (path[0] === "." || path[0] === "/" || isLetter(path[0] as string)))
      out.push({ start: i, end: j, path });
    i = j + 1;
  }
  return out;
}

/** Backtick regions `[start, end)` that protect a token: runs of equal backtick counts, paired lazily. */
export function codeRegions(content: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of content.matchAll(/(`+)([\s\S]*?)\1/g)) out.push([m.index, m.index + m[0].length]);
  return out;
}

/** The tokens Gemini CLI acts on: outside backtick regions. */
export function activeImportTokens(content: string): Token[] {
  const regions = codeRegions(content);
  return findImportTokens(content).filter((t) => !regions.some(([s, e]) => t.start >= s && t.start < e));
}

/** Node's realpath, falling back for a missing tail as the CLI's `robustRealpath` does. Throws on a loop. */
export function robustRealpath(p: string, visited = new Set<string>()): string {
  if (visited.has(p)) throw new Error(`Infinite recursion detected in robustRealpath: ${p}`);
  visited.add(p);
  try {
    return realpathSync(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EISDIR" || code === "ENAMETOOLONG" || code === "ENOTDIR") {
      try {
        const st = lstatSync(p);
        if (st.isSymbolicLink()) return robustRealpath(resolve(dirname(p), readlinkSync(p)), visited);
      } catch (le) {
        const c2 = (le as NodeJS.ErrnoException).code;
        if (!(c2 === "ENOENT" || c2 === "EISDIR" || c2 === "ENAMETOOLONG" || c2 === "ENOTDIR")) throw le;
      }
      const parent = dirname(p);
      if (parent === p) return p;
      return join(robustRealpath(parent, visited), p.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
    }
    throw e;
  }
}

function resolveToRealPath(p: string): string {
  let s = p;
  try {
    if (s.startsWith("file://")) s = new URL(s).pathname;
    s = decodeURIComponent(s);
  } catch {
    // kept as written, as the CLI does
  }
  return robustRealpath(resolve(s));
}

function isSubpath(parent: string, child: string): boolean {
  const r = relative(resolve(parent), resolve(child));
  return !r.startsWith(`..${sep}`) && r !== ".." && !isAbsolute(r);
}

/** Whether the CLI accepts the token: not a URL, its real path inside the project root's real path. */
function validImportPath(token: string, base: string, projectRoot: string): boolean {
  if (/^(file|https?):\/\//.test(token)) return false;
  let target: string;
  let allowed: string;
  try {
    target = resolveToRealPath(resolve(base, token));
  } catch {
    return false;
  }
  try {
    allowed = resolveToRealPath(projectRoot);
  } catch {
    return false;
  }
  return isSubpath(allowed, target);
}

/**
 * The project root imports must stay inside: the nearest ancestor of `startDir` (itself included) holding
 * one of `markers` (absolute markers and ones containing `..` are ignored), else `startDir`.
 */
export function importProjectRoot(startDir: string, markers: readonly string[]): string {
  if (markers.length === 0) return resolve(startDir);
  let cur = resolve(startDir);
  for (;;) {
    for (const m of markers) {
      if (isAbsolute(m) || m.includes("..")) continue;
      try {
        accessSync(join(cur, m));
        return cur;
      } catch {
        // not here
      }
    }
    const parent = dirname(cur);
    if (parent === cur) break;
    cur = parent;
  }
  return resolve(startDir);
}

/** Reads a file as the CLI does (`fs.access`, then `readFile(…, "utf-8")`); the CLI's error message on failure. */
export function readAsCli(
  path: string,
): { text: string; fileBytes: number } | { error: string; code?: string } {
  try {
    accessSync(path);
    const st = statSync(path);
    if (st.isFIFO() || st.isSocket() || st.isCharacterDevice() || st.isBlockDevice())
      // The CLI's read would block (a fifo) or stream a device: never read here.
      return {
        error: `not a regular file (${st.isFIFO() ? "fifo" : "special file"}); Gemini CLI's read would hang`,
        code: "ESPECIAL",
      };
    if (st.isFile()) {
      // The one safe reader: a kernel file (/proc) is never read, and the size is bounded (a cut).
      const r = readTextFile(path);
      if (r.ok) return { text: r.text, fileBytes: r.fileBytes };
      return { error: describeReadFailure(r), code: r.reason === "too-large" ? "EFBIG" : "ESPECIAL" };
    }
    const buf = readFileSync(path); // a directory: fails with the CLI's EISDIR
    return { text: buf.toString("utf8"), fileBytes: buf.length };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { error: err.message, ...(err.code ? { code: err.code } : {}) };
  }
}

/** 1-based line and UTF-16 column of `offset` in `text` (a leading BOM is not a column). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const lineStart = before.lastIndexOf("\n") + 1;
  const bom = line === 1 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return { line, column: offset - lineStart + 1 - bom };
}

function statusOf(code: string | undefined): ImportStatus {
  if (code === "ENOENT" || code === "ENOTDIR") return "missing";
  return "unreadable";
}

interface State {
  processed: Set<string>;
  depth: number;
}

/** Counts the UTF-8 bytes of expanded text that depend on the machine (absolute paths), shared by a whole expansion. */
export interface MachineBytes {
  bytes: number;
}

const utf8 = (s: string) => Buffer.byteLength(s, "utf8");

/**
 * The machine-dependent bytes of a failed import's message: Node's error names the absolute target
 * (`ENOENT: no such file or directory, access 'ABS'`), once per occurrence.
 */
export function messageMachineBytes(message: string, abs: string): number {
  if (abs.length === 0) return 0;
  return (message.split(abs).length - 1) * utf8(abs);
}

/**
 * Expands the imports of `content` (the text of the file `file`) in tree form, exactly as Gemini CLI
 * 0.61.0 does; every token met is appended to `out` in text order (depth first). Never throws.
 */
export function expandTree(
  content: string,
  file: string,
  projectRoot: string,
  out: GeminiImport[],
  state: State = { processed: new Set(), depth: 0 },
  machine: MachineBytes = { bytes: 0 },
): string {
  const base = dirname(file);
  if (state.depth >= GEMINI_MAX_IMPORT_DEPTH) {
    for (const t of activeImportTokens(content))
      out.push({
        from: file,
        offset: t.start,
        ...lineColumn(content, t.start),
        token: t.path,
        target: resolve(base, t.path),
        hop: state.depth + 1,
        status: "beyond-hop-limit",
        reason: `Gemini CLI expands imports ${GEMINI_MAX_IMPORT_DEPTH} levels deep; this token stays text`,
      });
    return content;
  }
  const regions = codeRegions(content);
  let result = "";
  let last = 0;
  for (const t of findImportTokens(content)) {
    result += content.slice(last, t.start);
    last = t.end;
    if (regions.some(([s, e]) => t.start >= s && t.start < e)) {
      result += `@${t.path}`;
      continue;
    }
    const target = resolve(base, t.path);
    const rec: GeminiImport = {
      from: file,
      offset: t.start,
      ...lineColumn(content, t.start),
      token: t.path,
      target,
      hop: state.depth + 1,
      status: "loaded",
      reason: "",
    };
    out.push(rec);
    if (!validImportPath(t.path, base, projectRoot)) {
      result += `<!-- Import failed: ${t.path} - Path traversal attempt -->`;
      const url = /^(file|https?):\/\//.test(t.path);
      rec.status = url ? "dropped" : "outside-cwd";
      rec.reason = url
        ? "a URL: Gemini CLI never fetches one and leaves an Import failed comment"
        : `resolves outside the project root ${projectRoot}: Gemini CLI leaves an Import failed comment`;
      continue;
    }
    if (state.processed.has(target)) {
      result += `<!-- File already processed: ${t.path} -->`;
      rec.status = "duplicate";
      rec.reason =
        "already inlined on this branch (a cycle): Gemini CLI leaves a File already processed comment";
      continue;
    }
    const r = readAsCli(target);
    if ("error" in r) {
      result += `<!-- Import failed: ${t.path} - ${r.error} -->`;
      machine.bytes += messageMachineBytes(r.error, target);
      rec.status = statusOf(r.code);
      rec.reason = `Gemini CLI leaves an Import failed comment: ${r.error}`;
      continue;
    }
    const processed = new Set(state.processed);
    processed.add(target);
    const before = machine.bytes;
    const inner = expandTree(
      r.text,
      target,
      projectRoot,
      out,
      { processed, depth: state.depth + 1 },
      machine,
    );
    const inlined = `<!-- Imported from: ${t.path} -->\n${inner}\n<!-- End of import from: ${t.path} -->`;
    result += inlined;
    rec.reason = `inlined by Gemini CLI into ${file}`;
    rec.inlined = inlined;
    rec.inlinedFraming = machine.bytes - before;
    rec.fileBytes = r.fileBytes;
  }
  return result + content.slice(last);
}

/**
 * Expands the imports of `content` in flat form (`context.importFormat: "flat"`): each file once, in
 * depth-first order, as `--- File: P ---\n<trimmed text>\n--- End of File: P ---` joined by a blank line.
 * Failures are silent (no comment); tokens stay in each file's text. Never throws.
 */
export function expandFlat(
  content: string,
  file: string,
  projectRoot: string,
  out: GeminiImport[],
  machine: MachineBytes = { bytes: 0 },
): string {
  const files: { path: string; content: string }[] = [];
  const seen = new Set<string>();
  const visit = (text: string, path: string, base: string, depth: number) => {
    const norm = normalize(path);
    if (seen.has(norm)) return;
    seen.add(norm);
    files.push({ path: norm, content: text });
    const tokens = activeImportTokens(text);
    for (let i = tokens.length - 1; i >= 0; i--) {
      const t = tokens[i] as Token;
      const target = normalize(resolve(base, t.path));
      const rec: GeminiImport = {
        from: depth === 0 ? file : path,
        offset: t.start,
        ...lineColumn(text, t.start),
        token: t.path,
        target,
        hop: depth + 1,
        status: "loaded",
        reason: "",
      };
      out.push(rec);
      if (!validImportPath(t.path, base, projectRoot)) {
        rec.status = "outside-cwd";
        rec.reason = `resolves outside the project root ${projectRoot}: skipped`;
        continue;
      }
      if (seen.has(target)) {
        rec.status = "duplicate";
        rec.reason = "already listed";
        continue;
      }
      const r = readAsCli(target);
      if ("error" in r) {
        rec.status = statusOf(r.code);
        rec.reason = `skipped silently: ${r.error}`;
        continue;
      }
      rec.fileBytes = r.fileBytes;
      rec.reason = `listed by Gemini CLI after ${path}`;
      visit(r.text, target, dirname(target), depth + 1);
    }
  };
  // The CLI names the top-level entry by its directory (its import state has no current file yet).
  visit(content, dirname(file), dirname(file), 0);
  for (const f of files.slice(1)) {
    const rec = out.find((x) => x.target === f.path && x.status === "loaded" && x.inlined === undefined);
    if (rec) {
      rec.inlined = `--- File: ${f.path} ---\n${f.content.trim()}\n--- End of File: ${f.path} ---`;
      rec.inlinedFraming = 2 * utf8(f.path);
    }
  }
  // Every file is named twice by its absolute path (the top-level one by its directory's).
  machine.bytes += files.reduce((n, f) => n + 2 * utf8(f.path), 0);
  return files
    .map((f) => `--- File: ${f.path} ---\n${f.content.trim()}\n--- End of File: ${f.path} ---`)
    .join("\n\n");
}
