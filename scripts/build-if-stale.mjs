#!/usr/bin/env node
// `prepare` (run by `npm ci` in this checkout and by `npm pack`): builds dist/ only when it is missing or
// older than an input, so packing a freshly built tree takes a moment instead of a full rebuild.
// `npm run build` always builds (the test command uses it).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const INPUTS = [
  "src",
  "tsconfig.json",
  "tsconfig.build.json",
  "scripts/bundle.mjs",
  "scripts/hook-loader.cjs",
  "scripts/output-schemas.mjs",
  "package.json",
  "package-lock.json",
];
const OUTPUTS = [
  "dist/index.js",
  "dist/cli/main.js",
  "dist/hook.cjs",
  "dist/hook-body.cjs",
  "dist/types/index.d.ts",
  "dist/hook.mjs",
  "dist/schemas/cap.schema.json",
];

/** Newest modification time under `p` (a file or a directory tree), 0 when absent. */
function newest(p) {
  let st;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const name of readdirSync(p)) m = Math.max(m, newest(join(p, name)));
  return m;
}

function oldestOutput() {
  let m = Number.POSITIVE_INFINITY;
  for (const o of OUTPUTS) {
    try {
      m = Math.min(m, statSync(join(root, o)).mtimeMs);
    } catch {
      return 0;
    }
  }
  return m;
}

const input = Math.max(...INPUTS.map((p) => newest(join(root, p))));
if (oldestOutput() <= input) {
  const r = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  process.exit(r.status ?? 1);
}
