/**
 * Path display and containment: the one copy every room uses (agents, lint, router, pointers, budget, cli).
 * Lexical only: no file system access, no symlink resolution (pass real paths where that matters).
 */
import { isAbsolute, join, relative, resolve, sep } from "node:path";

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
  return p.length >= 2 && p.charCodeAt(0) === 47 && normalFrom(p, 1);
}

/** `p` from index `start` on (not empty) has no empty, `.` or `..` segment. */
function normalFrom(p: string, start: number): boolean {
  const n = p.length;
  if (start >= n) return false;
  for (let i = start; i <= n; i++) {
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
 * `path.join(dir, rel)`. When `dir` is a normalised absolute POSIX path and `rel` a normalised relative
 * one (no empty, `.` or `..` segment), that is `dir/rel`, built without path.join's normalising pass (which
 * allocated about a kilobyte per call: 100 MB over lint's 50,000-rule walks). Same answer in every case
 * (generated paths, test/unit/paths.test.ts). Never throws.
 */
export function joinPath(dir: string, rel: string): string {
  if (sep === "/" && isNormalAbs(dir) && normalFrom(rel, 0)) return `${dir}/${rel}`;
  return join(dir, rel);
}

/**
 * `path.resolve(p)`: `p` itself when it is a normalised absolute POSIX path already (no allocation; the
 * launch model resolves every path it loads, 50 MB of garbage at 50,000 rules), else path.resolve. Same
 * answer in every case (generated paths, test/unit/paths.test.ts). Never throws.
 */
export function resolvePath(p: string): string {
  return sep === "/" && isNormalAbs(p) ? p : resolve(p);
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
