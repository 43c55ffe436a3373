/**
 * What reaches a terminal. Every string a command writes to stdout or stderr passes {@link toTerminal}
 * (the command line installs it on both streams, src/cli/program.ts): every character that could drive the
 * terminal or reorder or break a line — ESC and the other C0 controls but newline and tab, DEL, the C1
 * controls, the bidi controls, the Unicode line separators — is shown as an escape (./escape.ts). A file
 * name that clears the screen or writes the clipboard is printed, never obeyed.
 *
 * Our own control sequences (colours, the progress line's carriage return and erase) are written as
 * markers ({@link mark}) that hold a number chosen at random when the process starts, and only a marker
 * of this process becomes its sequence: text from a repository cannot spell one.
 */
import { randomBytes } from "node:crypto";
import { showInvisible } from "./escape.js";

const NONCE = randomBytes(8).toString("hex");
/** The raw sequences marked so far, by number. */
const raws: string[] = [];
const numbers = new Map<string, number>();
const MARKER = new RegExp(`\\u0000${NONCE}#(\\d+)\\u0000`, "g");

/** Our own control sequence `raw` (e.g. `\u001b[31m`), as a marker {@link toTerminal} turns back into it. */
export function mark(raw: string): string {
  let n = numbers.get(raw);
  if (n === undefined) {
    n = raws.length;
    raws.push(raw);
    numbers.set(raw, n);
  }
  return `\u0000${NONCE}#${n}\u0000`;
}

/**
 * `s` as it may reach a terminal: this process's markers become their sequences; everything else that is
 * not plain text (see the module comment) is shown as an escape. JSON keeps its meaning (an escaped
 * character is spelled `\uXXXX`, as JSON spells it).
 */
export function toTerminal(s: string): string {
  if (!s.includes("\u0000")) return showInvisible(s, "\n\t");
  let out = "";
  let last = 0;
  for (const m of s.matchAll(MARKER)) {
    out += showInvisible(s.slice(last, m.index), "\n\t") + (raws[Number(m[1])] ?? "");
    last = (m.index ?? 0) + m[0].length;
  }
  return out + showInvisible(s.slice(last), "\n\t");
}

/**
 * Makes every string written to `stream` pass {@link toTerminal}. Returns the function that puts the
 * stream's own `write` back.
 */
export function guardStream(stream: NodeJS.WriteStream): () => void {
  const write = stream.write;
  stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
    return (write as (...a: unknown[]) => boolean).call(
      this,
      typeof chunk === "string" ? toTerminal(chunk) : chunk,
      ...rest,
    );
  } as typeof stream.write;
  return () => {
    stream.write = write;
  };
}
