// Bundles the two executables after `tsc` has emitted dist/ (the library stays as tsc wrote it):
// - dist/hook.mjs: the hook's fast entry point, one file with no work at import time beyond what a call needs.
// - dist/cli/main.js (the `agent-context` bin, over tsc's file): the command line split into chunks next to
//   it, so a run loads one file for start-up and only the chunks of the command it invokes
//   (src/cli/program.ts imports each command when used). Chunks stay in dist/cli/, one level below dist/
//   like every tsc module, so paths resolved from a module's own URL (`../hook.mjs`, src/hook/dist-module.ts)
//   mean the same bundled or not. yaml and mdast-util-from-markdown stay in node_modules, loaded on first
//   use through createRequire (src/markdown/lazy.ts).
import { chmodSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const common = {
  bundle: true,
  platform: "node",
  // ESM builds first: jsonc-parser's "main" is a UMD build whose dynamic requires an ESM bundle cannot hold.
  mainFields: ["module", "main"],
  format: "esm",
  target: "node20",
  logLevel: "warning",
};

await build({
  ...common,
  entryPoints: ["src/hook/entry.ts"],
  outfile: "dist/hook.mjs",
  banner: { js: "#!/usr/bin/env node" },
});

// Chunks of an earlier build have other hashes: remove them so dist/ holds only what this build references.
for (const name of readdirSync("dist/cli")) if (/^chunk-.*\.js$/.test(name)) rmSync(join("dist/cli", name));
await build({
  ...common,
  entryPoints: { main: "src/cli/main.ts" },
  splitting: true,
  outdir: "dist/cli",
  chunkNames: "chunk-[hash]",
  // Bundled CommonJS dependencies (commander) require Node's built-ins; an ESM file has no `require`.
  banner: {
    js: "import { createRequire as __agentContextRequire } from 'node:module'; const require = __agentContextRequire(import.meta.url);",
  },
});

// npm links bins with their mode as built; make the CLI runnable directly.
chmodSync("dist/cli/main.js", 0o755);
