#!/usr/bin/env node
// dist/hook.cjs, the hook's entry point as `agent-context init` installs it (`node …/dist/hook.cjs`); copied
// there by scripts/bundle.mjs. It runs the hook's code, dist/hook-body.cjs (src/hook/ bundled as one
// function expression), compiled with the V8 code cache the build made of it after a real call
// (dist/hook-body.cjs.cache, scripts/hook-code-cache.mjs): a call then deserialises the functions it runs
// instead of parsing and compiling them (issue 12).
//
// The cache file holds the exact source it was made from (a 4-byte little-endian length, the source, then
// V8's data), and is used only when that is byte for byte dist/hook-body.cjs: V8 itself checks only the
// source's length, so an edited or rebuilt body of the same length would otherwise run the old code. A
// cache that is missing, short, stale, or rejected by this Node (another V8 version or other V8 flags)
// costs only the compile it would have saved: the source is then compiled as usual, silently. The cache
// lives beside the code in the package, never in a shared directory: whoever can change it can change the
// code (V8 trusts the data it accepts, as Node trusts the source).
"use strict";
const { readFileSync } = require("node:fs");
const { join } = require("node:path");
const { Script } = require("node:vm");

const file = join(__dirname, "hook-body.cjs");
let source;
let cachedData;
try {
  source = readFileSync(file);
} catch (e) {
  source = undefined;
  // Fails open, as the hook does (src/hook/serve.ts): status 0, nothing injected, one line on stderr.
  process.exitCode = 0;
  process.stderr.write(`agent-context hook: cannot read ${file} (${e?.code ?? e}); nothing injected\n`);
}
if (source !== undefined) {
  try {
    const cache = readFileSync(`${file}.cache`);
    const n = cache.readUInt32LE(0);
    if (n === source.length && cache.subarray(4, 4 + n).equals(source)) cachedData = cache.subarray(4 + n);
  } catch {
    cachedData = undefined;
  }
  // A vm.Script's `import()` has no module loader; the code imports dist/ modules through this file's
  // (src/hook/dist-module.ts, importDist).
  globalThis.__agentContextImport = (url) => import(url);
  new Script(source.toString("utf8"), { filename: file, cachedData })
    .runInThisContext()
    .call(exports, exports, require, module, file, __dirname);
}
