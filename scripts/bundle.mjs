// Bundles the two executables after `tsc` has emitted dist/ (the library stays as tsc wrote it):
// - the hook: dist/hook-body.cjs, one bundle with no work at import time beyond what a call needs, and its
//   V8 code cache, dist/hook-body.cjs.cache (scripts/hook-code-cache.mjs); dist/hook.cjs, the entry point
//   `init` installs, compiles the one with the other (scripts/hook-loader.cjs); dist/hook.mjs, a one-line
//   entry into it for hook commands written by earlier releases.
// - dist/cli/main.js (the `agent-context` bin, over tsc's file): the command line split into chunks next to
//   it, so a run loads one file for start-up and only the chunks of the command it invokes
//   (src/cli/program.ts imports each command when used). Chunks stay in dist/cli/, one level below dist/
//   like every tsc module, so paths resolved from a module's own URL (`../hook.mjs`, src/hook/dist-module.ts)
//   mean the same bundled or not. yaml and mdast-util-from-markdown stay in node_modules, loaded on first
//   use through createRequire (src/markdown/lazy.ts).
import { chmodSync, copyFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { writeHookCodeCache } from "./hook-code-cache.mjs";

const common = {
  bundle: true,
  platform: "node",
  // ESM builds first: jsonc-parser's "main" is a UMD build whose dynamic requires an ESM bundle cannot hold.
  mainFields: ["module", "main"],
  format: "esm",
  target: "node20",
  logLevel: "warning",
};

// The hook is CommonJS (dist/hook.cjs): an ESM entry costs a call the ESM loader (about 8 ms: it loads
// fs/promises, readline and perf_hooks), and an ESM import of a built-in goes through a facade that reads
// every export (reading `fs.ReadStream` loads the streams). bench/hook.mjs measures the call.
// `import.meta.url` (the base of the hook's lazy imports, src/hook/dist-module.ts) becomes the file's URL;
// those lazy `import()`s of dist/ modules go through the loader (src/hook/dist-module.ts, importDist).
// The bundle is one function expression of CommonJS's wrapper parameters, which the loader compiles as a
// vm.Script with the code cache and calls as Node would call a module.
// jsonc-parser has no "sideEffects" field, so its unused modules would stay in the hook: string-intern.js
// (for `format`, which the hook never calls) builds 1,200 strings at load, about 150 KB of young heap on
// every call. The hook uses only `visit` (src/config.ts); its modules have no side effects on load.
const jsoncWithoutSideEffects = {
  name: "jsonc-parser-without-side-effects",
  setup(b) {
    b.onResolve({ filter: /^(jsonc-parser|\.\.?\/.*)$/ }, async (args) => {
      if (args.pluginData === "resolved") return undefined;
      if (args.path !== "jsonc-parser" && !args.importer.includes("/node_modules/jsonc-parser/"))
        return undefined;
      const { kind, importer, resolveDir } = args;
      const r = await b.resolve(args.path, { kind, importer, resolveDir, pluginData: "resolved" });
      return r.errors.length > 0 ? undefined : { path: r.path, namespace: r.namespace, sideEffects: false };
    });
  },
};

// A cache of an earlier body must never sit beside a new one (the loader checks, this makes it plain).
rmSync("dist/hook-body.cjs.cache", { force: true });
await build({
  ...common,
  format: "cjs",
  entryPoints: ["src/hook/entry.ts"],
  outfile: "dist/hook-body.cjs",
  plugins: [jsoncWithoutSideEffects],
  // A getter: the URL is made only by a call that imports from dist/ (pathToFileURL costs ~0.4 ms).
  define: { "import.meta.url": "__agentContextHook.url" },
  banner: {
    js: [
      "// The hook's code (src/hook/entry.ts, bundled by scripts/bundle.mjs), as one function expression:",
      "// dist/hook.cjs (scripts/hook-loader.cjs) compiles it with its V8 code cache and calls it.",
      "(function (exports, require, module, __filename, __dirname) {",
      "const __agentContextHook = { get url() { return require('node:url').pathToFileURL(__filename).href; } };",
    ].join("\n"),
  },
  footer: { js: "})" },
});
copyFileSync("scripts/hook-loader.cjs", "dist/hook.cjs");
// dist/hook.mjs: the entry that `init` wrote before dist/hook.cjs existed, kept so those settings still work.
writeFileSync(
  "dist/hook.mjs",
  [
    "#!/usr/bin/env node",
    "// Kept for hook commands written by earlier releases; `init` now writes dist/hook.cjs. Loaded with",
    "// require, not import: importing CommonJS from ESM first scans the whole file for its exports.",
    "import { createRequire } from 'node:module';",
    "createRequire(import.meta.url)('./hook.cjs');",
    "",
  ].join("\n"),
);

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

// Last: learning the cache runs the built hook.
writeHookCodeCache("dist");
