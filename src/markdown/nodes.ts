/**
 * The text, inline code and HTML nodes of a Markdown body, in document order, for scans that read node
 * text the way a walk over the parser's tree would (lint's `@path` mentions: src/lint/claude-imports.ts).
 * The same fast path as the import scan (fast.ts): the body is cut into chunks that parse alone; a chunk
 * the caller cannot care about is skipped; a plain paragraph (or list of them) is read by the inline
 * scanner; anything else goes to the CommonMark parser, together with every chunk that may hold a link
 * reference definition, in one reduced document. Time linear in the body's length except for the chunks
 * only the parser can read. Held equal to a full parse by test/unit/markdown-nodes.test.ts.
 */
import { eachInlineRun, plainParagraphs, planBlocks } from "./fast.js";
import { type Nodes, parseMarkdown } from "./mdast.js";

/** The node kinds visited: mdast `text`, `inlineCode` and `html` (block or inline). */
export type BodyNodeKind = "text" | "inlineCode" | "html";

export interface BodyNodeOptions {
  /**
   * Whether a chunk of the body (its source text; a chunk parses alone as it parses in the body) can
   * hold a node the caller reports. False skips the chunk unread. Must be true for every chunk holding
   * such a node.
   */
  mayMatter(chunk: string): boolean;
  /**
   * Whether the text run `body[from, to)` reads for the caller as the parser's text nodes over the same
   * source would. The scanner's runs are coarser than the parser's text nodes only where emphasis would
   * split them (a `*` or `_` delimiter is then in the run); false sends the chunk to the parser.
   */
  runOk(body: string, from: number, to: number): boolean;
}

/** What the last {@link eachBodyNode} call handed to the parser (UTF-16 code units), for tests. */
export interface BodyNodeStats {
  /** Code units of the reduced document parsed (0: no parse). */
  parsedUnits: number;
  /** Code units of the body. */
  units: number;
}

let lastStats: BodyNodeStats = { parsedUnits: 0, units: 0 };

/** What the last {@link eachBodyNode} call left to the parser. */
export function bodyNodeStats(): BodyNodeStats {
  return lastStats;
}

// Closes every block of the chunk before it (see body.ts).
const SEPARATOR = "\nx\n\n";

type Event = [kind: BodyNodeKind, start: number, end: number, value?: string];

/**
 * Calls `visit(kind, start, end)` for the text, inline code and HTML nodes of `body` in document order,
 * as a walk over its full mdast tree would meet them (a walk that does not enter `code` nodes), except
 * that (a) chunks `opts.mayMatter` rejects are skipped and (b) a text node may come as a coarser run
 * wherever `opts.runOk` accepted it. `start`/`end` are UTF-16 offsets into `body` (`end` exclusive), the
 * node's source span; an autolink's text is its source between `<` and `>`. `value`: an HTML node's
 * value where it differs from its source span (inside a block quote or list item), else undefined.
 * @param body Markdown body, LF line endings, no BOM (as the parser's offsets count)
 */
export function eachBodyNode(
  body: string,
  opts: BodyNodeOptions,
  visit: (kind: BodyNodeKind, start: number, end: number, value?: string) => void,
): void {
  lastStats = { parsedUnits: 0, units: body.length };
  const chunks = planBlocks(body);
  // Per chunk: the events found by the scanner, "parse", "defs" (joins a parse), or undefined (nothing).
  const plan: (Event[] | "parse" | "defs" | undefined)[] = [];
  let needParser = false;
  for (const c of chunks) {
    if (c.kind === "fence") {
      plan.push(undefined);
      continue;
    }
    const t = body.slice(c.start, c.end);
    if (c.kind === "html") {
      if (!opts.mayMatter(t)) plan.push(undefined);
      else {
        // One top-level HTML block: the node is the chunk's lines without the newlines that end it.
        let end = c.end;
        while (end > c.start && body.charCodeAt(end - 1) === 10) end--;
        plan.push([["html", c.start, end]]);
      }
      continue;
    }
    const defs = t.includes("]:");
    if (!opts.mayMatter(t)) {
      plan.push(defs ? "defs" : undefined);
      continue;
    }
    const events = defs ? undefined : scanChunk(body, t, c.start, opts);
    if (events) plan.push(events.length > 0 ? events : undefined);
    else {
      plan.push("parse");
      needParser = true;
    }
  }
  // Events of parsed chunks, by chunk.
  const parsed = new Map<number, Event[]>();
  if (needParser) {
    let reduced = "";
    const map: { red: number; orig: number; len: number; chunk: number }[] = [];
    chunks.forEach((c, i) => {
      if (plan[i] !== "parse" && plan[i] !== "defs") return;
      if (reduced) reduced += SEPARATOR;
      map.push({ red: reduced.length, orig: c.start, len: c.end - c.start, chunk: i });
      reduced += body.slice(c.start, c.end);
    });
    lastStats.parsedUnits = reduced.length;
    let k = 0;
    const record = (kind: BodyNodeKind, node: Nodes) => {
      const s0 = node.position?.start.offset;
      const e0 = node.position?.end.offset;
      if (s0 === undefined || e0 === undefined) return;
      if (s0 < (map[k] as (typeof map)[0]).red) k = 0;
      while (k + 1 < map.length && (map[k + 1] as (typeof map)[0]).red <= s0) k++;
      const m = map[k] as (typeof map)[0];
      if (s0 >= m.red + m.len || plan[m.chunk] !== "parse") return; // a separator's, or a defs chunk's
      const list = parsed.get(m.chunk);
      const e: Event = [kind, m.orig + s0 - m.red, m.orig + e0 - m.red];
      if (node.type === "html" && node.value !== reduced.slice(s0, e0)) e.push(node.value);
      if (list) list.push(e);
      else parsed.set(m.chunk, [e]);
    };
    const walk = (node: Nodes) => {
      switch (node.type) {
        case "code":
          return;
        case "text":
        case "inlineCode":
        case "html":
          record(node.type, node);
          return;
        default:
          if ("children" in node) for (const c of node.children) walk(c as Nodes);
      }
    };
    walk(parseMarkdown(reduced));
  }
  plan.forEach((p, i) => {
    const events = p === "parse" ? parsed.get(i) : p === "defs" ? undefined : p;
    if (events) for (const [kind, s, e, v] of events) visit(kind, s, e, v);
  });
}

/** The events of a text chunk the inline scanner settles (offsets into `body`), or undefined. */
function scanChunk(body: string, t: string, base: number, opts: BodyNodeOptions): Event[] | undefined {
  const paras = plainParagraphs(t);
  if (!paras) return undefined;
  const events: Event[] = [];
  for (let k = 0; k < paras.length; k += 2) {
    const a = base + (paras[k] as number);
    const ok = eachInlineRun(
      t.slice(paras[k], paras[k + 1]),
      (s, e) => {
        if (!opts.runOk(body, s + a, e + a)) return false;
        events.push(["text", s + a, e + a]);
        return true;
      },
      (kind, s, e) => {
        if (kind === "autolink") events.push(["text", s + a + 1, e + a - 1]);
        else events.push([kind, s + a, e + a]);
      },
    );
    if (!ok) return undefined;
  }
  return events;
}
