/**
 * The one shell tokeniser: a command string as the words a POSIX shell would see, and its control
 * operators. Used wherever a command is split: the router's word runs and path-like words (src/hook/targets.ts),
 * and the Claude Code model's recognition of plain-read commands (its on-read part, `claudeAttachTargets`).
 *
 * Not a shell: no expansion, no here-documents, no comments. Quoting follows POSIX: single quotes keep
 * everything literally; inside double quotes a backslash escapes only `"`, `\`, `$`, a backquote and a
 * newline (and is kept before anything else); outside quotes a backslash escapes the next character.
 * Quotes are removed from words. Never throws.
 */

/** One token: a word (quotes removed) or a control operator. `start`/`end` are UTF-16 offsets in the command. */
export interface ShellToken {
  text: string;
  /** True for a control operator: `&& || | ; & ( ) < > >> <<` or a newline (`"\n"`). */
  op: boolean;
  start: number;
  end: number;
}

export interface ShellTokens {
  tokens: ShellToken[];
  /**
   * True when a quote is never closed: the rest of the command, from the quote on, is then the last word
   * (its text taken literally).
   */
  unterminated: boolean;
}

/** Characters that end a word and start an operator. */
const OPERATOR_CHARS = "&|;()<>";
/** Operators that may be doubled (`&&`, `||`, `>>`, `<<`). */
const DOUBLED = "&|<>";
/** What a backslash escapes inside double quotes (POSIX). */
const DQ_ESCAPES = '"\\$`\n';

/**
 * Splits `command` into words and control operators (see the module doc for the quoting rules).
 * @param command any string (bytes beyond UTF-16 are taken as they are)
 * @returns the tokens in order, and whether a quote was left open
 */
export function tokenizeShell(command: string): ShellTokens {
  const tokens: ShellToken[] = [];
  let cur = "";
  let has = false;
  let start = 0;
  const push = (end: number) => {
    if (has) tokens.push({ text: cur, op: false, start, end });
    cur = "";
    has = false;
  };
  const begin = (i: number) => {
    if (!has) start = i;
    has = true;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (c === "'" || c === '"') {
      begin(i);
      const before = cur;
      let j = i + 1;
      for (; j < command.length && command[j] !== c; j++) {
        const d = command[j] as string;
        if (
          c === '"' &&
          d === "\\" &&
          j + 1 < command.length &&
          DQ_ESCAPES.includes(command[j + 1] as string)
        ) {
          j++;
          cur += command[j];
        } else cur += d;
      }
      if (j >= command.length) {
        // never closed: the rest is the last word, taken literally
        tokens.push({ text: before + command.slice(i + 1), op: false, start, end: command.length });
        return { tokens, unterminated: true };
      }
      i = j;
      continue;
    }
    if (c === "\\" && i + 1 < command.length) {
      begin(i);
      cur += command[i + 1];
      i++;
      continue;
    }
    if (c === "\n") {
      push(i);
      tokens.push({ text: "\n", op: true, start: i, end: i + 1 });
      continue;
    }
    if (/\s/.test(c)) {
      push(i);
      continue;
    }
    if (OPERATOR_CHARS.includes(c)) {
      push(i);
      const doubled = DOUBLED.includes(c) && command[i + 1] === c;
      tokens.push({ text: doubled ? c + c : c, op: true, start: i, end: i + (doubled ? 2 : 1) });
      if (doubled) i++;
      continue;
    }
    begin(i);
    cur += c;
  }
  push(command.length);
  return { tokens, unterminated: false };
}
