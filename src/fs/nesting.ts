/**
 * A bound on nesting before a parse: the JSON and YAML parsers the product uses descend recursively (a
 * 100,000-deep `[[[…]]]` overflows the stack, or takes seconds before it does), so text nested deeper
 * than a bound is refused before it is parsed, in one pass over its characters.
 */

/** Nesting of `[` and `{` that JSON settings and configuration files never come near. */
export const MAX_JSON_NESTING = 256;

/**
 * True when `[` / `{` nest deeper than `max` in `text`, brackets inside double-quoted strings (with their
 * backslash escapes) and, with `yaml`, single-quoted ones not counted. Never throws.
 */
export function nestsDeeperThan(text: string, max: number, opts: { yaml?: boolean } = {}): boolean {
  let depth = 0;
  let quote = 0; // the quote character's code while inside a string
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === 92 && quote === 34)
        i++; // backslash escape inside "…"
      else if (c === quote) quote = 0;
      continue;
    }
    if (c === 34 || (c === 39 && opts.yaml)) quote = c;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
  return false;
}
