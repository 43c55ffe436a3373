/**
 * Views of a tokenised command (./tokens.ts) that its callers need: the flat word list the router matches
 * word runs against, the path-like words among them, and the list of simple commands that the Claude Code
 * model checks for plain reads.
 */
import { tokenizeShell } from "./tokens.js";

/**
 * The words and operators of a command, in order: quotes removed, `&& || | ; & ( ) < > >> <<` words of
 * their own, newlines dropped (a newline separates like a space here). Never throws.
 * @example commandWords(`git add -A&&git commit -m "two words"`) → ["git","add","-A","&&","git","commit","-m","two words"]
 */
export function commandWords(command: string): string[] {
  return tokenizeShell(command)
    .tokens.filter((t) => t.text !== "\n" || !t.op)
    .map((t) => t.text);
}

/**
 * The path-like words of a command: words holding a `/` or ending in a `name.ext` form, not options, not
 * URLs, not holding shell expansions (`$`, backquote, `*`). For `--opt=value` and `VAR=value` the value is
 * taken. Order kept, duplicates removed.
 * @param words the output of {@link commandWords}
 */
export function pathLikeWords(words: string[]): string[] {
  // A Set, not `out.includes`: a command naming 200,000 paths must cost linear time, not quadratic.
  const out = new Set<string>();
  for (let w of words) {
    if (/^[&|;()<>]+$/.test(w)) continue;
    const eq = w.indexOf("=");
    if (eq >= 0 && (w.startsWith("--") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(w))) w = w.slice(eq + 1);
    if (w === "" || w.startsWith("-")) continue;
    if (/[$`*?{}[\]]/.test(w) || /^[a-z][a-z0-9+.-]*:\/\//i.test(w)) continue;
    if (w.includes("/") || /[^./][.][A-Za-z0-9_-]+$/.test(w) || /^\.[A-Za-z0-9_-]+/.test(w)) {
      out.add(w);
    }
  }
  return [...out];
}

/** One simple command of a list: its words, and its source text (trimmed). */
export interface SimpleCommand {
  words: string[];
  raw: string;
}

/** Operators that separate the commands of a list. */
const LIST_SEPARATORS = new Set(["&&", "||", ";", "\n"]);

/**
 * Splits a command list at `&&`, `||`, `;` and newlines into simple commands. Returns null when the
 * command is not such a list: a quote left open, or any other operator (a pipe `|`, a redirection
 * `< > >> <<`, a background `&`, a subshell `( )`). Empty commands are dropped. Never throws.
 * @example simpleCommands("cat a.ts; cat b.ts") → [{words:["cat","a.ts"],raw:"cat a.ts"}, {words:["cat","b.ts"],raw:"cat b.ts"}]
 */
export function simpleCommands(command: string): SimpleCommand[] | null {
  const { tokens, unterminated } = tokenizeShell(command);
  if (unterminated) return null;
  const out: SimpleCommand[] = [];
  let words: string[] = [];
  let from = -1;
  let to = -1;
  const flush = () => {
    if (words.length > 0) out.push({ words, raw: command.slice(from, to).trim() });
    words = [];
    from = -1;
  };
  for (const t of tokens) {
    if (t.op) {
      if (!LIST_SEPARATORS.has(t.text)) return null;
      flush();
      continue;
    }
    if (from < 0) from = t.start;
    to = t.end;
    words.push(t.text);
  }
  flush();
  return out;
}
