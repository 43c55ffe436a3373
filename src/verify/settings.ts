/**
 * Settings in a verify copy are re-written, never copied: each agent's runner names the keys that change
 * which instruction files load (an allowlist, checked by type), and everything else — hooks, helpers,
 * status lines, MCP servers, plugins, marketplaces, output styles, `env` — is simply never written. Before
 * any parser sees a settings file, its nesting is bounded, so a hostile file cannot exhaust the stack.
 */

/** Deepest nesting of `[` / `{` verify reads in a settings file (Claude Code's, Gemini's, Codex's). */
export const SETTINGS_MAX_DEPTH = 64;

/**
 * How deep `[` and `{` nest in a JSON, JSON-with-comments or TOML text, outside strings and comments (an
 * approximation on the generous side: a bracket inside a TOML multi-line string may count). One pass.
 */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */ || c === 39 /* ' */) {
      // A string: to its closing quote (a backslash escapes the next character in a double-quoted one).
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 && c === 34) i++;
        else if (d === c || d === 10) break;
      }
    } else if (c === 35 /* # */ || (c === 47 && text.charCodeAt(i + 1) === 47) /* // */) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* /* */) {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === 91 || c === 123) {
      if (++depth > max) max = depth;
    } else if (c === 93 || c === 125) {
      if (depth > 0) depth--;
    }
  }
  return max;
}

/**
 * An allowlist of settings: at a leaf, a function that returns the value to keep (possibly narrowed) or
 * undefined to drop it; at a node, the keys that may appear below it.
 */
export type Allow = ((value: unknown) => unknown) | { readonly [key: string]: Allow };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What `value` keeps under `allow`: only the allowlisted keys (own properties, looked up by the
 * allowlist's names, so `__proto__` and the like never pass), each kept only as its leaf allows; an object
 * left empty is dropped. Undefined when nothing is kept.
 */
export function pickAllowed(value: unknown, allow: Allow): unknown {
  if (typeof allow === "function") return allow(value);
  if (!isPlainObject(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(allow)) {
    if (!Object.hasOwn(value, key)) continue;
    const kept = pickAllowed(value[key], allow[key] as Allow);
    if (kept !== undefined) out[key] = kept;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Leaf: a string. */
export const aString = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** Leaf: a list of strings. */
export const stringList = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;

/** Leaf: a string or a list of strings. */
export const stringOrList = (v: unknown): string | string[] | undefined => aString(v) ?? stringList(v);

/** Leaf: a non-negative safe integer. */
export const countOf = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : undefined;

/** Leaf: one of the given strings. */
export const oneOf =
  (...values: readonly string[]) =>
  (v: unknown): string | undefined =>
    typeof v === "string" && values.includes(v) ? v : undefined;
