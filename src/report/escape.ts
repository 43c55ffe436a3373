/**
 * The characters no output of ours passes on as they are: they end a line where we did not (CR, NEL, the
 * Unicode line and paragraph separators), drive a terminal (C0 controls such as ESC, which starts the
 * sequences that clear a screen or write a clipboard; DEL; the C1 controls, CSI and OSC among them), or
 * reorder what is shown (the bidi marks, embeddings, overrides and isolates). Each is shown as an escape
 * that names it (`\r`, `\u001b`, `\u202e`), so a file name is displayed, never obeyed.
 */

/** True for a UTF-16 code unit that is shown as an escape (see the module comment). */
export function isInvisible(c: number): boolean {
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0x061c ||
    c === 0x200e ||
    c === 0x200f ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069) ||
    c === 0x2028 ||
    c === 0x2029
  );
}

/** The escape a character is shown as: `\n`, `\r`, `\t`, else `\uXXXX` (JSON's spelling, valid in JSON). */
export function escapeOf(c: number): string {
  if (c === 10) return "\\n";
  if (c === 13) return "\\r";
  if (c === 9) return "\\t";
  return `\\u${c.toString(16).padStart(4, "0")}`;
}

/**
 * `s` with every character of the module comment shown as its escape, except those in `keep` (e.g. "\n\t"
 * for text whose own lines and tabs are ours). Returns `s` itself when there is none.
 */
export function showInvisible(s: string, keep = ""): string {
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isInvisible(c) && !keep.includes(s[i] as string)) break;
  }
  if (i === s.length) return s;
  let out = s.slice(0, i);
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += isInvisible(c) && !keep.includes(s[i] as string) ? escapeOf(c) : s[i];
  }
  return out;
}
