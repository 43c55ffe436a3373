/**
 * A directory only this user can use, for caches and state that steer what the hook injects. A directory
 * another local user could create first (a predictable name in a shared temp dir) must never be trusted:
 * it is created 0700, and an existing one is used only when it is a real directory (not a link), owned by
 * this user, and closed to others (a mode left open by this user is closed again).
 */
import { chmodSync, lstatSync, mkdirSync, type Stats } from "node:fs";

/** A usable private directory, or why the path cannot be one. */
export type PrivateDir = { ok: true; dir: string } | { ok: false; dir: string; why: string };

/**
 * Creates `dir` (mode 0700; its parent must exist) or checks the existing one. Never throws: a directory
 * that is a symlink, owned by another user, or open to others and not fixable is `ok: false` with the
 * reason, and the caller must then work without it.
 */
export function ensurePrivateDir(dir: string): PrivateDir {
  // Looked at first: the directory usually exists, and a failed mkdir costs a thrown error (the hook asks
  // several times per call).
  let st: Stats | undefined;
  try {
    st = lstatSync(dir, { throwIfNoEntry: false });
    if (st === undefined) mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "EEXIST") return { ok: false, dir, why: `cannot create it (${code ?? String(e)})` };
  }
  try {
    st ??= lstatSync(dir);
    if (st.isSymbolicLink()) return { ok: false, dir, why: "it is a symbolic link" };
    if (!st.isDirectory()) return { ok: false, dir, why: "it is not a directory" };
    const uid = typeof process.getuid === "function" ? process.getuid() : null;
    if (uid !== null && st.uid !== uid)
      return { ok: false, dir, why: `it is owned by uid ${st.uid}, not ${uid}` };
    if ((st.mode & 0o077) !== 0) {
      chmodSync(dir, 0o700);
      if ((lstatSync(dir).mode & 0o077) !== 0) return { ok: false, dir, why: "it is open to other users" };
    }
    return { ok: true, dir };
  } catch (e) {
    return { ok: false, dir, why: `cannot check it (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
  }
}
