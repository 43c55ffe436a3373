#!/usr/bin/env node
// dist/hook.cjs, the hook's entry point as `agent-context init` installs it (`node …/dist/hook.cjs`); copied
// there by scripts/bundle.mjs. It runs the hook's code, dist/hook-body.cjs (src/hook/ bundled as one
// function expression), compiled with a V8 code cache of it: a call then deserialises the functions it
// runs instead of parsing and compiling them (issue 12).
//
// The cache is made on this machine, not shipped (issue 29: it was a quarter of the package): the first
// call that finds none (or one this Node rejects) writes it when it exits, holding every function that call
// compiled, into the hook's private state directory (`<tmpdir>/agent-context-<uid>`, the directory of the
// router's index cache: src/router/index-build.ts `stateDirPath`), one file per installed body and V8
// release. V8 trusts the data it accepts, as Node trusts the source: the directory is used only when it is
// this user's own real directory closed to others (the checks of src/fs/private-dir.ts), so only this
// user can change the cache, as only they can change the code. The file holds the exact source it was
// made from (a 4-byte little-endian length, the source, then V8's data) and is used only when that is byte
// for byte dist/hook-body.cjs: V8 itself checks only the source's length, so an edited or rebuilt body of
// the same length would otherwise run the old code. A cache that is missing, short, stale or rejected
// costs only the compile it would have saved; without a private directory there is no cache at all.
"use strict";
const {
  chmodSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const { Script } = require("node:vm");

const file = join(__dirname, "hook-body.cjs");

/** FNV-1a over a string's UTF-16 units, 8 hex digits (src/router/index-build.ts `fnv1a`). */
function fnv1a(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** The private state directory, or null when it is not this user's own closed real directory. */
function stateDir() {
  const uid = typeof process.getuid === "function" ? process.getuid() : null;
  const dir = join(tmpdir(), `agent-context-${uid ?? 0}`);
  try {
    let st = lstatSync(dir, { throwIfNoEntry: false });
    if (st === undefined) {
      mkdirSync(dir, { mode: 0o700 });
      st = lstatSync(dir);
    }
    if (st.isSymbolicLink() || !st.isDirectory()) return null;
    if (uid !== null && st.uid !== uid) return null;
    if ((st.mode & 0o077) !== 0) {
      chmodSync(dir, 0o700);
      if ((lstatSync(dir).mode & 0o077) !== 0) return null;
    }
    return dir;
  } catch {
    return null;
  }
}

let source;
try {
  source = readFileSync(file);
} catch (e) {
  source = undefined;
  // Fails open, as the hook does (src/hook/serve.ts): status 0, nothing injected, one line on stderr.
  process.exitCode = 0;
  process.stderr.write(`agent-context hook: cannot read ${file} (${e?.code ?? e}); nothing injected\n`);
}
if (source !== undefined) {
  const dir = stateDir();
  const cacheFile = dir === null ? null : join(dir, `hook-code-${fnv1a(file)}-${process.versions.v8}.cache`);
  let cachedData;
  if (cacheFile !== null) {
    try {
      const cache = readFileSync(cacheFile);
      const n = cache.readUInt32LE(0);
      if (n === source.length && cache.subarray(4, 4 + n).equals(source)) cachedData = cache.subarray(4 + n);
    } catch {
      cachedData = undefined;
    }
  }
  const script = new Script(source.toString("utf8"), { filename: file, cachedData });
  if (cacheFile !== null && (cachedData === undefined || script.cachedDataRejected)) {
    // Written when the call is over: the cache then holds what the call compiled. Atomic (a concurrent
    // call reads the old file or the new one), mode 0600; any failure leaves the next call to try again.
    process.once("exit", () => {
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        const length = Buffer.alloc(4);
        length.writeUInt32LE(source.length);
        writeFileSync(tmp, Buffer.concat([length, source, script.createCachedData()]), { mode: 0o600 });
        renameSync(tmp, cacheFile);
      } catch {
        rmSync(tmp, { force: true });
      }
    });
  }
  // A vm.Script's `import()` has no module loader; the code imports dist/ modules through this file's
  // (src/hook/dist-module.ts, importDist).
  globalThis.__agentContextImport = (url) => import(url);
  script.runInThisContext().call(exports, exports, require, module, file, __dirname);
}
