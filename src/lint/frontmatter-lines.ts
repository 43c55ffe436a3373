/**
 * A rule file's frontmatter as lines, for the textual fixes of `lint --fix`: the block is located by the
 * markdown room's {@link locateFrontmatter} (Claude Code's own fence rule), and each whole line inside it
 * is split into the parts an edit may replace (a top-level key's name, a value) and the bytes every fix
 * keeps (spacing, a trailing `# comment`, the line ending).
 */
import { locateFrontmatter } from "../markdown/frontmatter.js";

/** One line of a frontmatter block that a fix may edit. */
export interface FrontmatterEntry {
  /** `key`: a top-level `name: value` line; `item`: an indented `- value` line. */
  kind: "key" | "item";
  /** For a key line its name; for an item the top-level key it is listed under ("" before any key). */
  key: string;
  /** The value as written, without a trailing comment (quotes kept; "" when none). */
  value: string;
}

/** An edit one rule's fix proposes: replace the key name or the value of entry `entry` with `text`. */
export interface FrontmatterEdit {
  /** Index into the entries the fix was given. */
  entry: number;
  field: "key" | "value";
  text: string;
}

/** An entry with the bytes around its editable parts. */
export interface FrontmatterLine extends FrontmatterEntry {
  /** 0-based index of the line in the split text. */
  index: number;
  /** Text between the key name (if any) and the value: the colon and the spacing, or the `  - ` of an item. */
  lead: string;
  /** Text after the value: a trailing comment with its spacing ("" when none). */
  comment: string;
  eol: string;
}

/** A rule file's text split for editing: the BOM, every line (with its line ending), and the entries. */
export interface FrontmatterLines {
  bom: string;
  lines: string[];
  entries: FrontmatterLine[];
}

/** Splits text into lines that keep their line endings. */
function splitKeepEol(text: string): string[] {
  return text.match(/[^\r\n]*(?:\r\n|\n|\r|$)/g)?.filter((l, i, a) => l !== "" || i < a.length - 1) ?? [];
}

function stripEol(l: string): { body: string; eol: string } {
  const m = /(\r\n|\n|\r)$/.exec(l);
  const eol = m?.[1] ?? "";
  return { body: l.slice(0, l.length - eol.length), eol };
}

/** Splits a value from a trailing ` # comment`. */
function splitComment(v: string): { value: string; comment: string } {
  const m = /^(.*?)(\s+#.*)$/.exec(v);
  return m ? { value: m[1] ?? "", comment: m[2] ?? "" } : { value: v, comment: "" };
}

/** Whether a raw YAML value is quoted (single or double). */
export function isQuoted(v: string): boolean {
  return /^(["']).*\1$/.test(v);
}

/**
 * The entries of the frontmatter block at the start of `text`: the whole lines between the opening fence
 * and the line of the closing one. Null when the text has no frontmatter block Claude Code recognises.
 */
export function frontmatterLines(text: string): FrontmatterLines | null {
  const block = locateFrontmatter(text);
  if (!block) return null;
  const bom = text.slice(0, block.start);
  const lines = splitKeepEol(text.slice(block.start));
  const entries: FrontmatterLine[] = [];
  let key = "";
  for (let i = 1; i < block.closeLine - 1; i++) {
    const { body, eol } = stripEol(lines[i] ?? "");
    const top = /^([A-Za-z_][\w-]*)(\s*:)(\s*)(.*)$/.exec(body);
    if (top) {
      const [, name = "", colon = "", space = "", rest = ""] = top;
      key = name;
      const { value, comment } = splitComment(rest);
      entries.push({ kind: "key", key, value, index: i, lead: `${colon}${space}`, comment, eol });
      continue;
    }
    const item = /^(\s+-\s+)(.*)$/.exec(body);
    if (!item) continue;
    const [, dash = "", rest = ""] = item;
    const { value, comment } = splitComment(rest);
    entries.push({ kind: "item", key, value, index: i, lead: dash, comment, eol });
  }
  return { bom, lines, entries };
}
