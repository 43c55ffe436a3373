/**
 * How a pointer file is recognised, by its name and by how its text begins: shared by the writer
 * (./index.ts) and the hook, which serves hook-route pointers written with any `--prefix`
 * (./hook-route.ts, src/hook/handlers/pointers.ts). Cheap to import: no dependencies.
 */

/** A valid `--prefix`: a letter or digit, then letters, digits, `-` and `_`; at most 64 characters. */
export const PREFIX_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The name of a pointer file written with any valid prefix: `<prefix>-NNN.md`. */
export const POINTER_FILE_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}-\d{3}\.md$/;

/** The names of the pointer files of one prefix (assumed valid: see {@link PREFIX_RE}). */
export function pointerFileRe(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[-]/g, "\\-")}-\\d{3}\\.md$`);
}

/** How a rule pointer's body begins: `<this>`root`` ... */
export const RULE_POINTER_INTRO = "A path-scoped rule of the repository at `";
/** How a memory pointer's body begins: `<this>`dir`` ... */
export const MEMORY_POINTER_INTRO = "Memory for `";

/** True when a body (frontmatter removed) begins the way every pointer this tool writes begins. */
export function isPointerBody(body: string): boolean {
  const b = body.trimStart();
  return b.startsWith(RULE_POINTER_INTRO) || b.startsWith(MEMORY_POINTER_INTRO);
}
