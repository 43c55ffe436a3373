// Run by scripts/hook-code-cache.mjs, with a PreToolUse payload on stdin: serves that call as dist/hook.cjs
// (scripts/hook-loader.cjs) does, compiling dist/hook-body.cjs the same way, and when the process exits
// writes V8's code cache of it — then holding every function the call compiled — to the path in argv[3].
"use strict";
const { readFileSync, renameSync, writeFileSync } = require("node:fs");
const { dirname } = require("node:path");
const { Script } = require("node:vm");

const file = process.argv[2];
const out = process.argv[3];
const source = readFileSync(file);
const script = new Script(source.toString("utf8"), { filename: file });
process.on("exit", () => {
  // The loader's format: the source's length (4 bytes, little-endian), the source, V8's data.
  const length = Buffer.alloc(4);
  length.writeUInt32LE(source.length);
  writeFileSync(`${out}.tmp`, Buffer.concat([length, source, script.createCachedData()]));
  renameSync(`${out}.tmp`, out);
});
globalThis.__agentContextImport = (url) => import(url);
script.runInThisContext().call(exports, exports, require, module, file, dirname(file));
