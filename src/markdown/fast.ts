/**
 * The fast path in front of the CommonMark parser (micromark, ~0.1–1 MB/s and super-linear on large
 * paragraphs): a linear, line-based block splitter and a small inline scanner that decide, for the parts
 * of a document they can settle exactly, what a full parse would say about `@path` imports and block
 * comments. Whatever they cannot settle goes to the parser, as small independent pieces.
 *
 * Block level ({@link planBlocks}): the text is cut into chunks at points where every block is closed,
 * so that each chunk parses alone exactly as it parses in the document (link reference definitions
 * aside: those are global, so every chunk that may hold one, i.e. holds `]:`, joins the parse).
 * The cut points are (a) an unindented non-blank line after a blank line and (b) the two edges of a
 * top-level fenced code block, whose content is skipped unparsed. Whether a line is inside a top-level
 * fence or HTML block is tracked as a SET of possible states (a nondeterministic tracker): a line whose
 * reading depends on context the tracker does not keep (an indented fence inside a list item, an HTML
 * tag line that may continue a paragraph) adds both readings, and a cut is made only when every reading
 * agrees that everything is closed. Being unsure costs speed (fewer cuts), never correctness.
 *
 * Cuts are also made before a column-0 list item (bullet, `1.`, or any number inside a known item), and
 * around a top-level HTML block of kinds 1–6 (a comment block is then stripped without the parser).
 *
 * Inline level ({@link plainParagraphs}, {@link inlineRuns}): a chunk that is a paragraph, or a tree of
 * list items holding only paragraphs, whose lines start no block, is read by a scanner for a CommonMark
 * subset: escapes, code spans, autolinks, one-line HTML tags, and `[text](simple-destination)` links and
 * images. It returns the text runs the parser's text nodes cover, or undefined for anything outside the
 * subset (then the chunk is parsed). Emphasis is not resolved: a token touching `*` or `_` sends the
 * chunk to the parser (body.ts, runsAgree).
 *
 * Held byte-equal to the parser by a differential test (test/unit/markdown-fast.test.ts).
 */

/** One piece of a planned document; offsets are UTF-16 code units into the planned text. */
export interface BlockChunk {
  start: number;
  end: number;
  /**
   * `fence`: a top-level fenced code block (no imports, no comments); `html`: exactly one top-level HTML
   * block (kinds 1–6), its lines and the blank line that ends kinds 6; `text`: anything else.
   */
  kind: "fence" | "html" | "text";
}

type State =
  /**
   * Outside top-level fences and HTML blocks. `para`: a paragraph may be open; `cont`: a container (list
   * item, block quote) may be open; `w` > 0: certainly inside a top-level list item whose content starts
   * at column `w` (or in its lazy paragraph), so lines indented by `w` or more are inside it.
   */
  | { t: "n"; para: boolean; cont: boolean; w: number }
  | { t: "f"; ch: number; len: number }
  | { t: "h"; kind: number };

const key = (s: State): string =>
  s.t === "n" ? `n${+s.para}${+s.cont}:${s.w}` : s.t === "f" ? `f${s.ch}:${s.len}` : `h${s.kind}`;

const CLEAN: State = { t: "n", para: false, cont: false, w: 0 };
const isClean = (s: State): boolean => s.t === "n" && !s.para && !s.cont && s.w === 0;

// HTML block start conditions (CommonMark 0.31, kinds 1–7), tested on a line without its indentation.
const HTML1 = /^<(?:script|pre|style|textarea)(?:[ \t>]|$)/i;
const HTML1_END = /<\/(?:script|pre|style|textarea)>/i;
const HTML6 =
  /^<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:[ \t>]|\/>|$)/i;
// Kind 7, over-approximated: any line starting with `<` + letter or `</` + letter may be one.
const HTML7 = /^<\/?[A-Za-z]/;
const MARKER = /^(?:>|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$))/;

function htmlStart(content: string): number {
  if (content.charCodeAt(0) !== 60) return 0;
  if (HTML1.test(content)) return 1;
  if (content.startsWith("<!--")) return 2;
  if (content.startsWith("<?")) return 3;
  if (/^<![A-Za-z]/.test(content)) return 4;
  if (content.startsWith("<![CDATA[")) return 5;
  if (HTML6.test(content)) return 6;
  if (HTML7.test(content)) return 7;
  return 0;
}

function htmlEnds(kind: number, line: string): boolean {
  switch (kind) {
    case 1:
      return HTML1_END.test(line);
    case 2:
      return line.includes("-->");
    case 3:
      return line.includes("?>");
    case 4:
      return line.includes(">");
    case 5:
      return line.includes("]]>");
    default:
      return false;
  }
}

/** Whether an HTML block of `kind` opened by `content` ends on that line ("maybe": the end marker
 * overlaps the start marker, as in `<!-->`, which the tracker leaves to the parser). */
function endsOnFirstLine(kind: number, content: string): "yes" | "no" | "maybe" {
  if (kind >= 6) return "no";
  const after = [0, 1, 4, 2, 2, 9][kind] as number;
  if (htmlEnds(kind, content.slice(after))) return "yes";
  return htmlEnds(kind, content.slice(1)) ? "maybe" : "no";
}

/** A fence opener's character and length, or undefined. `content` is the line without indentation. */
function fenceOpen(content: string): { ch: number; len: number } | undefined {
  const ch = content.charCodeAt(0);
  if (ch !== 96 && ch !== 126) return undefined;
  let n = 0;
  while (content.charCodeAt(n) === ch) n++;
  if (n < 3) return undefined;
  if (ch === 96 && content.indexOf("`", n) !== -1) return undefined;
  return { ch, len: n };
}

function fenceCloses(s: { ch: number; len: number }, line: string): boolean {
  let i = 0;
  while (i < 3 && line.charCodeAt(i) === 32) i++;
  let n = 0;
  while (line.charCodeAt(i + n) === s.ch) n++;
  if (n < s.len) return false;
  for (let j = i + n; j < line.length; j++) {
    const c = line.charCodeAt(j);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** Column of the first non-space character (tabs to the next multiple of 4) and its index. */
function indentOf(line: string): { col: number; at: number; tab: boolean } {
  let col = 0;
  let at = 0;
  let tab = false;
  for (; at < line.length; at++) {
    const c = line.charCodeAt(at);
    if (c === 32) col++;
    else if (c === 9) {
      col += 4 - (col % 4);
      tab = true;
    } else break;
  }
  return { col, at, tab };
}

/** Content column of a non-empty list item whose marker starts `content` at column `col`, else 0. */
function itemColumn(content: string, col: number): number {
  if (/^(?:[-*_][ \t]*){3,}$/.test(content)) return 0; // a thematic break
  const m = /^(?:[-+*]|\d{1,9}[.)])( +)(?=[^ \t])/.exec(content);
  if (!m) return 0;
  const spaces = (m[1] as string).length;
  return col + m[0].length - spaces + (spaces >= 5 ? 1 : spaces);
}

/** The states a line can lead to from state `s` (over-approximated where the tracker cannot tell). */
function step(s: State, line: string, out: State[]): void {
  if (s.t === "f") {
    out.push(fenceCloses(s, line) ? CLEAN : s);
    return;
  }
  if (s.t === "h") {
    if (s.kind >= 6) out.push(isBlank(line) ? CLEAN : s);
    else out.push(htmlEnds(s.kind, line) ? CLEAN : s);
    return;
  }
  const { col, at, tab } = indentOf(line);
  if (at === line.length) {
    out.push({ t: "n", para: false, cont: s.cont, w: s.w });
    return;
  }
  const content = line.slice(at);
  if (s.w > 0 && !tab) {
    // Inside a known list item: indented enough, the line is the item's, whatever it holds.
    if (col >= s.w) {
      out.push({ t: "n", para: true, cont: true, w: s.w });
      return;
    }
    // Less indented: a lazy continuation line (never a fence or an HTML block of kinds 1–6, which
    // interrupt paragraphs), or the item ends and the line is read at the top level.
    const kind = htmlStart(content);
    if (s.para && !fenceOpen(content) && (kind === 0 || kind === 7))
      out.push({ t: "n", para: true, cont: true, w: s.w });
    step(CLEAN, line, out);
    return;
  }
  // Whether a block starting here is certainly top-level, maybe (inside a container), or certainly not.
  const certain = (col === 0 && !tab) || (col <= 3 && !tab && !s.cont);
  const maybe = !certain && s.cont;
  const c0 = content.charCodeAt(0);
  const marker =
    (c0 === 62 || c0 === 45 || c0 === 43 || c0 === 42 || (c0 >= 48 && c0 <= 57)) && MARKER.test(content);
  const rest: State = { t: "n", para: true, cont: s.cont || marker, w: 0 };
  if (certain || maybe) {
    const f = fenceOpen(content);
    if (f) {
      out.push({ t: "f", ch: f.ch, len: f.len });
      if (maybe) out.push(rest);
      return;
    }
    const kind = htmlStart(content);
    if (kind) {
      // Kinds 1–5 may end on their first line; kind 7 cannot interrupt a paragraph, and is
      // over-approximated (HTML7): a line it matches may as well open a paragraph (`<b>x</b>` then a
      // fence: the fence is top-level; found by the lint mention differential test).
      const ends = endsOnFirstLine(kind, content);
      if (ends !== "no") out.push(CLEAN);
      if (ends !== "yes") out.push({ t: "h", kind });
      if (maybe || kind === 7) out.push(rest);
      return;
    }
  }
  // A column-0 line after a blank line closes every container; otherwise they may continue.
  if (col === 0 && !tab && !s.para) rest.cont = marker;
  // A list item opened where nothing else can be open: its content column is known.
  if (marker && certain && (!s.cont || (col === 0 && !s.para))) rest.w = itemColumn(content, col);
  out.push(rest);
}

/**
 * Cuts LF-normalised Markdown (no BOM) into chunks that parse independently (see module doc). Linear in
 * the text's length. The chunks cover the text, in order, without gaps.
 */
export function planBlocks(src: string): BlockChunk[] {
  const chunks: BlockChunk[] = [];
  let states: State[] = [CLEAN];
  let chunkStart = 0;
  let prevBlank = true;
  let fenceOpenAt = -1;
  let htmlOpen = false;
  let htmlCertain: boolean | undefined;
  const cut = (at: number, kind: BlockChunk["kind"]) => {
    if (at > chunkStart) chunks.push({ start: chunkStart, end: at, kind });
    chunkStart = at;
  };
  let pos = 0;
  const next: State[] = [];
  while (pos < src.length) {
    let nl = src.indexOf("\n", pos);
    if (nl === -1) nl = src.length;
    const line = src.slice(pos, nl);
    const end = nl < src.length ? nl + 1 : nl;
    const allClean = states.every((s) => s.t === "n");
    const first = line.charCodeAt(0);
    const unindented = line.length > 0 && first !== 32 && first !== 9;
    if (fenceOpenAt === -1 && allClean && unindented) {
      const f = fenceOpen(line);
      if (f) {
        cut(pos, "text");
        fenceOpenAt = pos;
        states = [{ t: "f", ch: f.ch, len: f.len }];
        prevBlank = false;
        pos = end;
        continue;
      }
      // A bullet item with content (or an ordered item `1.`) at column 0 starts afresh even after a
      // non-blank line: it interrupts a paragraph and ends every open container, and an item parses alone
      // as it parses among its siblings.
      // Inside a known top-level list item, an ordered item of any number starts a sibling (or a new
      // list): it is not a paragraph's continuation there.
      if (
        prevBlank ||
        (ITEM_FIRST.test(line) && ITEM_START.test(line)) ||
        (ORDERED_START.test(line) && states.every((s) => s.t === "n" && s.w > 0))
      )
        cut(pos, "text");
      // So does an HTML block of kinds 1–6 (they interrupt paragraphs); it is cut out whole below.
      const kind = first === 60 ? htmlStart(line) : 0;
      if (kind >= 1 && kind <= 6) {
        cut(pos, "text");
        htmlOpen = true;
      }
    }
    next.length = 0;
    for (const s of states) step(s, line, next);
    if (next.length === 1) {
      if (states.length === 1) states[0] = next[0] as State;
      else states = [next[0] as State];
    } else {
      const seen = new Set<string>();
      states = [];
      for (const s of next) {
        const k = key(s);
        if (!seen.has(k)) {
          seen.add(k);
          states.push(s);
        }
      }
    }
    // A block's end cuts only where nothing at all is open (a paragraph may follow an uncertain end).
    const clean = states.length === 1 && isClean(states[0] as State);
    if (fenceOpenAt !== -1 && clean) {
      cut(end, "fence");
      fenceOpenAt = -1;
    }
    if (htmlOpen) {
      // The block's first line left one reading (it ends there or later, certainly): an `html` chunk.
      // Two readings (`<!-->`): the chunk stays `text`, for the parser.
      if (htmlCertain === undefined) htmlCertain = states.length === 1;
      if (clean) {
        cut(end, htmlCertain ? "html" : "text");
        htmlOpen = false;
        htmlCertain = undefined;
      }
    }
    prevBlank = isBlank(line);
    pos = end;
  }
  cut(src.length, fenceOpenAt !== -1 ? "fence" : "text");
  return chunks;
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

const ITEM_FIRST = /^[-+*1]/;
const ORDERED_START = /^\d{1,9}[.)][ \t]+[^ \t]/;
const ITEM_START = /^(?:[-+*]|1[.)])[ \t]+[^ \t]/;

// A line that, in column 0, neither starts a block nor ends a paragraph: a letter, or punctuation that
// opens no block (`*`/`_` not followed by white space, a backtick run shorter than a fence).
const PARA_LINE = /^(?:[A-Za-z[!("'$@/.,|]|[*_](?![ \t]|$)|`(?!``))[^\n]*$/;
const THEMATIC = /^(?:[*_][ \t]*){3,}$/;
const MARKER_LINE = /^( *)([-+*]|\d{1,9}[.)])( {1,4})(?=[^ \t\n])/;

/**
 * The paragraphs of a chunk the inline scanner may read, as `[start, end)` pairs of their inline content,
 * or undefined. The chunk must be a top-level paragraph or a tree of list items holding nothing but
 * paragraphs, every line of which is a {@link PARA_LINE} (a line that starts no block and ends no
 * paragraph) after its indentation or list marker:
 * - a marker line (`- `, `* `, `+ `, `1. `, `1) ` with 1–4 spaces) starts an item and its paragraph; it
 *   nests in the deepest open item whose content column it reaches (at most 3 columns further, else it
 *   would be indented code), or is top-level (indented at most 3); other ordered numbers only after a
 *   blank line (they cannot interrupt a paragraph);
 * - a line after a non-blank line continues the paragraph (lazily or not: a PARA_LINE cannot interrupt);
 * - a line after a blank line starts a paragraph in the deepest item it reaches (at most 3 further).
 * Anything else (tabs, a line outside every item after a blank line, deeper indentation) is left to
 * the parser. Trailing blank lines are allowed.
 */
export function plainParagraphs(text: string): number[] | undefined {
  const out: number[] = [];
  const cols: number[] = []; // content columns of the open items, outermost first
  let paraStart = -1;
  let paraEnd = -1;
  let prevBlank = true;
  let first = true;
  const close = () => {
    if (paraStart !== -1) out.push(paraStart, paraEnd);
    paraStart = -1;
  };
  for (let i = 0; i < text.length; ) {
    let nl = text.indexOf("\n", i);
    if (nl === -1) nl = text.length;
    const line = text.slice(i, nl);
    const lineStart = i;
    i = nl + 1;
    if (line.length === 0 || isBlank(line)) {
      if (line.includes("\t")) return undefined;
      close();
      prevBlank = true;
      continue;
    }
    let indent = 0;
    while (line.charCodeAt(indent) === 32) indent++;
    if (line.charCodeAt(indent) === 9) return undefined;
    const m = MARKER_LINE.exec(line);
    if (m) {
      const number = /^\d/.test(m[2] as string);
      if (number && !/^0*1[.)]$/.test(m[2] as string) && !prevBlank && !first) return undefined;
      // The items this marker is inside of: those whose content column it reaches.
      while (cols.length > 0 && (cols[cols.length - 1] as number) > indent) cols.pop();
      const base = cols.length > 0 ? (cols[cols.length - 1] as number) : 0;
      if (indent - base > 3) return undefined;
      const content = line.slice(m[0].length);
      if (!PARA_LINE.test(content) || THEMATIC.test(content)) return undefined;
      close();
      cols.push(indent + (m[2] as string).length + (m[3] as string).length);
      paraStart = lineStart + m[0].length;
      paraEnd = lineStart + line.length;
    } else {
      const content = line.slice(indent);
      if (!PARA_LINE.test(content) || THEMATIC.test(content)) return undefined;
      if (prevBlank && !first) {
        // A new paragraph: inside the deepest item it reaches, not indented code there.
        while (cols.length > 0 && (cols[cols.length - 1] as number) > indent) cols.pop();
        if (cols.length === 0) return undefined;
        if (indent - (cols[cols.length - 1] as number) > 3) return undefined;
        paraStart = lineStart + indent;
      } else if (first) {
        if (indent > 3) return undefined;
        paraStart = lineStart + indent;
      }
      paraEnd = lineStart + line.length;
    }
    prevBlank = false;
    first = false;
  }
  close();
  return out.length > 0 ? out : undefined;
}

const ASCII_PUNCT = /[!-/:-@[-`{-~]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: CommonMark excludes ASCII controls from URIs
const AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^ <>\x00-\x1f\x7f]*>/y;
const EMAIL =
  /<[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*>/y;
const CLOSE_TAG = /<\/[A-Za-z][A-Za-z0-9-]*[ \t]*>/y;
const OPEN_TAG_HEAD = /<[A-Za-z][A-Za-z0-9-]*/y;
// micromark ends an unquoted attribute value at `/` (CommonMark's grammar would not): `/` is left out.
const ATTR = /[ \t]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \t]*=[ \t]*(?:[^ \t\n"'=<>`/]+|'[^'\n]*'|"[^"\n]*"))?/y;
const TAG_END = /[ \t]*\/?>/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: controls are left to the parser
const SIMPLE_DEST = /\(([^\s()<>\\\x00-\x1f\x7f]*)\)/y;

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * Length of an inline HTML comment at `i` (which starts `<!--`), or undefined when unsure. Settled only
 * for a comment every CommonMark release reads alike: its text does not start with `>` or `->`, does not
 * end with `-` and holds no `--` (so `<!-->`, `<!--->` and an unclosed `<!--` go to the parser). Without
 * this, a long paragraph of inline comments went to the parser whole, at super-linear cost.
 */
function inlineComment(s: string, i: number): number | undefined {
  const from = i + 4;
  const end = s.indexOf("-->", from);
  if (end === -1) return undefined;
  const body = s.slice(from, end);
  if (body.startsWith(">") || body.startsWith("->") || body.endsWith("-") || body.includes("--"))
    return undefined;
  return end + 3 - i;
}

/** What the last {@link angle} call found: an autolink (a link node) or inline HTML (an html node). */
let angleAutolink = false;

/** Length of an inline HTML tag or autolink at `i` (0: literal `<`); undefined when unsure. */
function angle(s: string, i: number): number | undefined {
  angleAutolink = false;
  const c1 = s.charCodeAt(i + 1);
  if (c1 === 33 && s.startsWith("<!--", i)) return inlineComment(s, i);
  if (c1 === 33 || c1 === 63) return undefined; // declaration, CDATA, processing instruction
  const re = c1 === 47 ? CLOSE_TAG : isAsciiLetter(c1) ? AUTOLINK : EMAIL;
  re.lastIndex = i;
  if (re.test(s)) {
    angleAutolink = re !== CLOSE_TAG;
    return re.lastIndex - i;
  }
  if (re === AUTOLINK) {
    EMAIL.lastIndex = i;
    if (EMAIL.test(s)) {
      angleAutolink = true;
      return EMAIL.lastIndex - i;
    }
  }
  OPEN_TAG_HEAD.lastIndex = i;
  if (OPEN_TAG_HEAD.test(s)) {
    let j = OPEN_TAG_HEAD.lastIndex;
    for (;;) {
      ATTR.lastIndex = j;
      if (!ATTR.test(s)) break;
      j = ATTR.lastIndex;
    }
    TAG_END.lastIndex = j;
    if (TAG_END.test(s)) return TAG_END.lastIndex - i;
  }
  // `<` + letter or `</` may still open a tag that spans lines: only the parser can tell. Anything else
  // is literal (autolinks never span lines).
  return /[A-Za-z/]/.test(s[i + 1] ?? "") ? undefined : 0;
}

const SPECIAL = /[\\`<[\]!]/g;

/**
 * The source ranges of a plain paragraph's text nodes, as `[start, end)` pairs in order, or undefined when
 * the paragraph uses anything outside the scanner's subset (then only the parser can tell). Ranges may
 * be coarser than the parser's text nodes where only emphasis would split them; callers must check that
 * no import token touches `*` or `_` (see {@link runsAgree}).
 */
export function inlineRuns(s: string): number[] | undefined {
  const runs: number[] = [];
  return eachInlineRun(s, (a, b) => {
    runs.push(a, b);
    return true;
  })
    ? runs
    : undefined;
}

/** A node of a plain paragraph other than its text runs: a code span, inline HTML, an autolink. */
export type InlineNodeKind = "inlineCode" | "html" | "autolink";

/**
 * {@link inlineRuns} without the array: calls `emit(start, end)` for each text run in order, as found.
 * Returns false (possibly after some runs were emitted) when the paragraph is outside the subset or
 * `emit` returned false; the caller then discards what it collected. `node(kind, start, end)`, when
 * given, is called in document order (interleaved with the runs) for each code span, inline HTML (tag or
 * comment) and autolink the parser would make a node of (none inside an image's text); offsets are
 * UTF-16 code units of `s`, `end` exclusive, `<` / backticks included.
 */
export function eachInlineRun(
  s: string,
  emit: (start: number, end: number) => boolean,
  node?: (kind: InlineNodeKind, start: number, end: number) => void,
): boolean {
  // Backtick runs (raw, maximal) by length, for the code-span closer search.
  const runsByLen = new Map<number, number[]>();
  for (let i = s.indexOf("`"); i !== -1; i = s.indexOf("`", i)) {
    let j = i;
    while (s.charCodeAt(j) === 96) j++;
    const len = j - i;
    const list = runsByLen.get(len);
    if (list) list.push(i);
    else runsByLen.set(len, [i]);
    i = j;
  }
  const cursor = new Map<number, number>();
  const closer = (len: number, from: number): number => {
    const list = runsByLen.get(len);
    if (!list) return -1;
    let k = cursor.get(len) ?? 0;
    while (k < list.length && (list[k] as number) < from) k++;
    cursor.set(len, k);
    return k < list.length ? (list[k] as number) : -1;
  };
  let runStart = 0;
  let ok = true;
  const boundary = (from: number, to: number) => {
    if (from > runStart && !emit(runStart, from)) ok = false;
    runStart = to;
  };
  let open = -1; // the one open `[` (or `![`), -1 for none
  let openImage = false;
  let i = 0;
  while (i < s.length && ok) {
    // Jump to the next character that can start or end a construct of the subset.
    SPECIAL.lastIndex = i;
    if (!SPECIAL.test(s)) break;
    i = SPECIAL.lastIndex - 1;
    const c = s.charCodeAt(i);
    if (c === 92) {
      i += ASCII_PUNCT.test(s[i + 1] ?? "") ? 2 : 1;
    } else if (c === 96) {
      let j = i;
      while (s.charCodeAt(j) === 96) j++;
      const len = j - i;
      const close = closer(len, j);
      if (close === -1) i = j;
      else {
        if (open === -1 || !openImage) {
          boundary(i, close + len);
          node?.("inlineCode", i, close + len);
        }
        i = close + len;
      }
    } else if (c === 60) {
      const n = angle(s, i);
      if (n === undefined) return false;
      if (n > 0 && (open === -1 || !openImage)) {
        boundary(i, i + n);
        node?.(angleAutolink ? "autolink" : "html", i, i + n);
      }
      i += n > 0 ? n : 1;
    } else if (c === 91 || (c === 33 && s.charCodeAt(i + 1) === 91)) {
      if (open !== -1) return false; // nested brackets: not in the subset
      open = i;
      openImage = c === 33;
      if (!openImage) boundary(i, i + 1);
      i += openImage ? 2 : 1;
    } else if (c === 93) {
      if (open === -1) {
        i++;
        continue;
      }
      SIMPLE_DEST.lastIndex = i + 1;
      if (!SIMPLE_DEST.test(s)) return false; // a reference, a title, a complex destination
      const end = SIMPLE_DEST.lastIndex;
      if (openImage) boundary(open, end);
      else boundary(i, end);
      open = -1;
      i = end;
    } else i++;
  }
  if (!ok || open !== -1) return false;
  boundary(s.length, s.length);
  return ok;
}
