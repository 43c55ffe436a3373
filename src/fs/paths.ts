/**
 * Path display and containment: the one copy every room uses (agents, lint, router, pointers, budget, cli).
 * Lexical only: no file system access, no symlink resolution (pass real paths where that matters).
 */
import { isAbsolute, relative, sep } from "node:path";

/** `p` with the platform separator replaced by `/` (unchanged on POSIX). */
export function toPosix(p: string): string {
  return sep === "/" ? p : p.split(sep).join("/");
}

/**
 * An absolute POSIX path as `resolve` leaves it: starts with `/`, and no empty, `.` or `..` segment (so no
 * `//` and no trailing `/`; the root `/` itself excluded). One pass over the characters, no allocation: it
 * runs for every path `cap` shows (generated paths hold it equal to `path.relative`, test/unit/paths.test.ts).
 */
function isNormalAbs(p: string): boolean {
  const n = p.length;
  if (n < 2 || p.charCodeAt(0) !== 47) return false;
  let start = 1; // first character of the current segment
  for (let i = 1; i <= n; i++) {
    if (i < n && p.charCodeAt(i) !== 47) continue;
    const len = i - start;
    if (len === 0) return false; // `//` or a trailing `/`
    if (p.charCodeAt(start) === 46 && (len === 1 || (len === 2 && p.charCodeAt(start + 1) === 46)))
      return false; // `.` or `..`
    start = i + 1;
  }
  return true;
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
