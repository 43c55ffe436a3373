/**
 * Path display and containment: the one copy every room uses (agents, lint, router, pointers, budget, cli).
 * Lexical only: no file system access, no symlink resolution (pass real paths where that matters).
 */
import { isAbsolute, relative, sep } from "node:path";

/** `p` with the platform separator replaced by `/` (unchanged on POSIX). */
export function toPosix(p: string): string {
  return sep === "/" ? p : p.split(sep).join("/");
}

/** No empty, `.` or `..` segment (so no `//`, no leading or trailing `/`). */
function isNormalRel(rel: string): boolean {
  if (rel === "" || rel.includes("//") || rel.endsWith("/") || rel.startsWith("/")) return false;
  if (!rel.includes(".")) return true;
  const r = `/${rel}/`;
  return !r.includes("/./") && !r.includes("/../");
}

/** An absolute POSIX path as `resolve` leaves it (the root `/` excluded). */
function isNormalAbs(p: string): boolean {
  return p.length > 1 && p.charCodeAt(0) === 47 && isNormalRel(p.slice(1));
}

/**
 * The POSIX path of `p` relative to `dir` when `p` is `dir` (then `""`) or lies below it, else null.
 * Both paths absolute (a relative one is taken from the process directory, as `path.relative` does).
 * A child whose name starts with `..` (`dir/..x`) lies inside; `dir/../x` does not. Never throws.
 */
export function relativeInside(dir: string, p: string): string | null {
  if (p === dir) return "";
  // Fast path for normalised POSIX paths: `path.relative` resolves both paths on every call, which showed
  // up at ~11% of `cap` in bench/cap.mjs. Same answer as the slow path (test/unit/paths.test.ts).
  if (sep === "/" && isNormalAbs(dir) && isNormalAbs(p)) {
    return p.length > dir.length + 1 && p.charCodeAt(dir.length) === 47 && p.startsWith(dir)
      ? p.slice(dir.length + 1)
      : null;
  }
  const r = relative(dir, p);
  if (r === "") return "";
  if (r === ".." || r.startsWith(`..${sep}`) || isAbsolute(r)) return null;
  return toPosix(r);
}

/** True when `p` is `dir` or lies below it (both absolute; see {@link relativeInside}). Never throws. */
export function inside(dir: string, p: string): boolean {
  return relativeInside(dir, p) !== null;
}

/**
 * How a path is shown to the user and in JSON: POSIX and relative to `root` when inside it (`.` for `root`
 * itself), else the absolute path in POSIX form. Both paths absolute. Never throws.
 */
export function displayPath(abs: string, root: string): string {
  const rel = relativeInside(root, abs);
  if (rel === null) return toPosix(abs);
  return rel === "" ? "." : rel;
}
