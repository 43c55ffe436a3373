/**
 * The ownership marker every pointer file carries, so that `agent-context pointers` overwrites or removes
 * only a file it can prove it wrote, unchanged since: a YAML comment line right after the opening `---`
 * of the pointer's frontmatter, holding the SHA-256 of the rest of the file (the file with that line
 * removed):
 *
 * ```
 * ---
 * # agent-context pointer sha256:<64 hex digits>
 * paths:
 * ...
 * ```
 *
 * Why in the frontmatter: neither Claude Code (which drops a rule's frontmatter before attaching its body)
 * nor the agent-context hook (which injects a hook-route pointer's body, frontmatter removed) delivers it
 * to the model, so the marker adds {@link MARKER_LINE_BYTES} bytes to the file and nothing to what the
 * agent is charged when the pointer attaches. A file without the line, or whose hash no longer matches (a
 * user edited it), is not the tool's to touch.
 */
import { createHash } from "node:crypto";

const MARKER_HEAD = "# agent-context pointer sha256:";
const MARKER_RE = /^# agent-context pointer sha256:([0-9a-f]{64})\n/;

/** UTF-8 bytes of the marker line, newline included (its length never varies). */
export const MARKER_LINE_BYTES = MARKER_HEAD.length + 64 + 1;

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * `text` (a rendered pointer, beginning with `---\n`) with the marker line inserted after that opening
 * fence. Throws when `text` does not begin with a frontmatter fence (a programming error).
 */
export function markPointer(text: string): string {
  if (!text.startsWith("---\n")) throw new Error("a pointer begins with its frontmatter fence");
  return `---\n${MARKER_HEAD}${sha256(text)}\n${text.slice(4)}`;
}

/**
 * Who owns a file's text: `"ours"` when it carries the marker and the rest of it hashes to the marker's
 * hash (written by `agent-context pointers`, unchanged since); `"edited"` when it carries the marker but
 * the hash no longer matches; `"foreign"` when it carries no marker.
 */
export function pointerOwnership(text: string): "ours" | "edited" | "foreign" {
  if (!text.startsWith("---\n")) return "foreign";
  const m = MARKER_RE.exec(text.slice(4));
  if (!m) return "foreign";
  return sha256(unmarkPointer(text)) === m[1] ? "ours" : "edited";
}

/** `text` without its marker line (as {@link markPointer} received it); `text` itself when it has none. */
export function unmarkPointer(text: string): string {
  if (!text.startsWith("---\n")) return text;
  const m = MARKER_RE.exec(text.slice(4));
  return m ? `---\n${text.slice(4 + m[0].length)}` : text;
}
