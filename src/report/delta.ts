/**
 * The change against the base revision, as text lines: the launch's total change, then one line per file
 * (`+312 B CLAUDE.md`, `-1,020 B .claude/rules/style.md (now scoped)`), largest change first.
 */
import type { FileChange, LaunchDelta } from "../budget/delta.js";
import { colors } from "./color.js";

/** A byte count with thousands separators: `1,020`. */
export function formatBytes(n: number): string {
  return n.toLocaleString("en-US");
}

/** A signed byte change: `+312 B`, `-1,020 B`, `±0 B`. */
export function formatChange(n: number): string {
  if (n === 0) return "±0 B";
  return `${n > 0 ? "+" : "-"}${formatBytes(Math.abs(n))} B`;
}

/** The short name of the base: `origin/main (1a2b3c4)`, or the commit alone when it was named by hash. */
export function baseLabel(delta: Pick<LaunchDelta, "base" | "commit">): string {
  const short = delta.commit.slice(0, 7);
  return delta.commit.startsWith(delta.base) ? short : `${delta.base} (${short})`;
}

/**
 * What a file's change says beside its path: `(now scoped)`, `(new file)`, `(skill, not charged)` for a file
 * of a kind the cap does not charge; "" for a plain size change.
 */
export function changeNote(f: FileChange): string {
  const notes = [f.why, f.charged === false ? `${f.kind}, not charged` : undefined].filter((x) => x);
  return notes.length > 0 ? ` (${notes.join("; ")})` : "";
}

/**
 * `by kind: memory +12 B, skill +300 B (not charged)` when the change spans two kinds or more, or touches a
 * kind the cap does not charge; null otherwise (one charged kind: the headline says it).
 */
export function kindChangeLine(delta: LaunchDelta): string | null {
  const changed = (delta.kinds ?? []).filter((k) => k.change !== 0);
  if (changed.length === 0 || (changed.length === 1 && changed[0]?.charged)) return null;
  return `by kind: ${changed.map((k) => `${k.kind} ${formatChange(k.change)}${k.charged ? "" : " (not charged)"}`).join(", ")}`;
}

/**
 * The text lines of a delta: a headline, then up to `limit` file lines (default 20) and one line counting
 * the rest. No trailing newline on the lines.
 */
export function renderDeltaLines(
  delta: LaunchDelta,
  opts: { color?: boolean; limit?: number } = {},
): string[] {
  const c = colors(opts.color ?? false);
  const tint = (n: number, s: string) => (n > 0 ? c.red(s) : n < 0 ? c.green(s) : s);
  const head = `change against ${baseLabel(delta)}: ${tint(delta.change, formatChange(delta.change))} (${formatBytes(delta.before)} → ${formatBytes(delta.after)} bytes)`;
  const lines = [delta.cwdAtBase ? head : `${head}; this launch directory did not exist at the base`];
  if (delta.files.length === 0) {
    lines[0] = `change against ${baseLabel(delta)}: none (${formatBytes(delta.after)} bytes)`;
    return lines;
  }
  const byKind = kindChangeLine(delta);
  if (byKind) lines.push(`  ${byKind}`);
  const limit = opts.limit ?? 20;
  const shown = delta.files.slice(0, limit);
  const width = Math.max(...shown.map((f) => formatChange(f.change).length));
  for (const f of shown) {
    lines.push(
      `  ${tint(f.change, formatChange(f.change).padStart(width))}  ${f.path}${c.dim(changeNote(f))}`,
    );
  }
  if (delta.files.length > shown.length)
    lines.push(`  … and ${delta.files.length - shown.length} more files`);
  return lines;
}
