/**
 * Where a verify run happens and what it may touch: a private place (a fresh 0700 directory below a
 * chain of folders no other user can rename or fill, with no instruction or MCP file in any folder above
 * the copy), removed on every way out (return, error, SIGINT, SIGTERM, exit); and the real-path checks of
 * every path a user passes.
 */
import { lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, parse } from "node:path";
import { UsageError } from "../errors.js";
import { inside, relativeInside } from "../fs/paths.js";
import { killLiveProcesses } from "./process.js";

/** A private place: `base` holds the copy's parent, the throwaway home, the sockets and the version run. */
export interface PrivatePlace {
  /** The fresh directory (real path, mode 0700, owned by this user). */
  base: string;
  /** Holds the copy of the repository and nothing else (`base/w`). */
  work: string;
  /** The throwaway home (`base/h`, empty). */
  home: string;
  /** Unix sockets that bridge a network namespace to the loopback upstream (`base/s`). */
  sockets: string;
  /** Home and working directory of `CLI --version` (`base/v`). */
  version: string;
  /** Removes the place (idempotent); later signals no longer touch it. */
  dispose(): void;
}

const live = new Set<PrivatePlace>();
let handlersOn = false;

function onSignal(signal: NodeJS.Signals): void {
  killLiveProcesses();
  for (const p of [...live]) p.dispose();
  process.exit(128 + (signal === "SIGINT" ? 2 : 15));
}

function onExit(): void {
  killLiveProcesses();
  for (const p of [...live]) p.dispose();
}

function watchSignals(on: boolean): void {
  if (on === handlersOn) return;
  handlersOn = on;
  if (on) {
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    process.on("exit", onExit);
  } else {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("exit", onExit);
  }
}

/** The directory below which private places are made: `$XDG_RUNTIME_DIR` when it is this user's own, else the temp dir. */
function parentDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_RUNTIME_DIR;
  if (xdg && isAbsolute(xdg)) {
    try {
      const real = realpathSync(xdg);
      const st = lstatSync(real);
      const uid = process.getuid?.();
      if (st.isDirectory() && (uid === undefined || st.uid === uid) && (st.mode & 0o077) === 0) return real;
    } catch {
      // not usable: the temp dir
    }
  }
  return realpathSync(tmpdir());
}

/**
 * Refuses a parent chain another user could use against the run: every folder from `dir` up to the file
 * system root must be owned by root or by this user, and a folder others may write to must be sticky
 * (like /tmp: they may add entries but never rename or remove ours).
 * @throws UsageError naming the folder and the remedy
 */
export function checkParentChain(dir: string): void {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  for (let d = dir; ; d = dirname(d)) {
    const st = lstatSync(d);
    const why = !st.isDirectory()
      ? "is not a directory"
      : st.uid !== 0 && st.uid !== uid
        ? `is owned by another user (uid ${st.uid})`
        : (st.mode & 0o022) !== 0 && (st.mode & 0o1000) === 0
          ? `is writable by other users and not sticky (mode ${(st.mode & 0o7777).toString(8)})`
          : undefined;
    if (why)
      throw new UsageError(
        `verify needs a private place for its copy, but ${d} ${why}: point TMPDIR (or XDG_RUNTIME_DIR) at a folder only you can write to`,
      );
    if (d === parse(d).root) return;
  }
}

/**
 * A new private place below `$XDG_RUNTIME_DIR` (when it is this user's 0700 folder) or the temp dir;
 * removed on SIGINT, SIGTERM and exit until `dispose()`.
 * @param repository the repository's real root: the place is never made inside it
 * @throws UsageError when the folders above it could be used by another user (see {@link checkParentChain})
 *   or lie in the repository
 */
export function makePrivatePlace(env: NodeJS.ProcessEnv = process.env, repository?: string): PrivatePlace {
  const parent = parentDir(env);
  if (repository !== undefined && inside(repository, parent))
    throw new UsageError(
      `verify's private place would be inside the repository under measurement (${parent}): point TMPDIR (or XDG_RUNTIME_DIR) at a folder outside it`,
    );
  checkParentChain(parent);
  const base = realpathSync(mkdtempSync(join(parent, "agent-context-verify-")));
  let gone = false;
  const place: PrivatePlace = {
    base,
    work: join(base, "w"),
    home: join(base, "h"),
    sockets: join(base, "s"),
    version: join(base, "v"),
    dispose() {
      if (gone) return;
      gone = true;
      live.delete(place);
      // An agent's last child can still be writing its cache as the session ends: ENOTEMPTY then, which
      // Node retries (with EBUSY and EPERM) when asked.
      rmSync(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
      if (live.size === 0) watchSignals(false);
    },
  };
  live.add(place);
  watchSignals(true);
  try {
    const st = lstatSync(base);
    if (!st.isDirectory() || (process.getuid && st.uid !== process.getuid()) || (st.mode & 0o077) !== 0)
      throw new UsageError(`verify could not make a private folder: ${base} is not this user's 0700 folder`);
    for (const d of [place.work, place.home, place.sockets, place.version]) mkdirSync(d, { mode: 0o700 });
  } catch (e) {
    place.dispose();
    throw e;
  }
  return place;
}

/**
 * Refuses to run below a folder holding a file the CLI would read from there: for every folder above
 * `dir` (the copy's root, excluded) up to the file system root, none of `names` may exist in it.
 * @throws UsageError naming the file
 */
export function checkAncestors(dir: string, names: ReadonlySet<string>): void {
  for (let d = dirname(dir); ; d = dirname(d)) {
    for (const name of [...names].sort()) {
      const p = join(d, name);
      if (lstatSync(p, { throwIfNoEntry: false }) !== undefined)
        throw new UsageError(
          `verify will not run an agent CLI below ${d}: ${p} is there, and agent CLIs read such files from every folder above the one they start in; remove it, or point TMPDIR (or XDG_RUNTIME_DIR) at a folder with none above it`,
        );
    }
    if (d === parse(d).root) return;
  }
}

/** The real path of `p`, or undefined (missing, a link loop, unreadable). */
export function realpathOrUndefined(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

/** Folders whose files are views of the machine, never repository text (Linux). */
const MACHINE_VIEWS = ["/proc", "/sys", "/dev"];

/** True when a real path lies in /proc, /sys or /dev. */
export function machineView(real: string): boolean {
  return process.platform !== "win32" && MACHINE_VIEWS.some((m) => inside(m, real));
}

/**
 * Where a path the user gave lies in the repository, by real path: its place relative to the real root
 * (POSIX; through links inside the repository, as the user named it where possible), or why not.
 * @param root the repository root as given; @param realRoot its real path
 */
export function placeOf(
  root: string,
  realRoot: string,
  p: string,
): { rel: string; real: string } | { why: "missing" | "outside"; real?: string } {
  const real = realpathOrUndefined(p);
  if (real === undefined) return { why: "missing" };
  if (!inside(realRoot, real) || machineView(real)) return { why: "outside", real };
  const rel = relativeInside(root, p) ?? relativeInside(realRoot, p) ?? relativeInside(realRoot, real);
  return { rel: rel ?? "", real };
}
