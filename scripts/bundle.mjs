// Bundles what the package runs after `tsc` has emitted dist/ (tsc's modules stay in dist/ for the tests and
// benchmarks; the package ships only what is listed in package.json "files", issue 29: at most 500 kB):
// - the hook: dist/hook-body.cjs, one bundle with no work at import time beyond what a call needs;
//   dist/hook.cjs, the entry point `init` installs (scripts/hook-loader.cjs), compiles it with a V8 code
//   cache that the first call on a machine makes in the private state directory; dist/hook.mjs, a one-line
//   entry into it for hook commands written by earlier releases.
// - one ESM build with shared chunks for everything else the package runs: dist/cli/main.js (the
//   `agent-context` bin, over tsc's file), the library (dist/index.js), the two modules the hook imports
//   lazily (src/hook/dist-module.ts) and the Action's comment step (dist/ci/pr-comment-main.js), each over
//   tsc's file of the same name. The command line is split into chunks, so a run loads one file for
//   start-up and only the chunks of the command it invokes (src/cli/program.ts imports each command when
//   used), and the library shares those chunks instead of shipping its code twice. Chunks stay in dist/cli/,
//   one level below dist/ like every tsc module, so paths resolved from a module's own URL (`../hook.cjs`,
//   src/install/init.ts; src/hook/dist-module.ts) mean the same bundled or not: the build fails when such a
//   module lands elsewhere. yaml and mdast-util-from-markdown are loaded on first use through createRequire
//   (src/markdown/lazy.ts).
// - dist/types/: the declarations the library's API reaches (dist/index.d.ts and what it imports), the only
//   ones a user can import (package.json "exports").
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { build } from "esbuild";
import ts from "typescript";

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

// Earlier builds shipped the code cache beside the body; the loader now makes it per machine.
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
const entries = {
  "cli/main": "src/cli/main.ts",
  index: "src/index.ts",
  "agents/claude-code/on-read": "src/agents/claude-code/on-read.ts",
  "pointers/hook-route": "src/pointers/hook-route.ts",
  "ci/pr-comment-main": "src/ci/pr-comment-main.ts",
};
const built = await build({
  ...common,
  entryPoints: entries,
  // The editor-side servers' libraries (`mcp`, `lsp`) stay in node_modules, loaded only by those commands:
  // bundled, they would more than double the chunks the package ships (issue 29: at most 500 kB).
  external: [
    "@modelcontextprotocol/sdk",
    "@modelcontextprotocol/sdk/*",
    "vscode-languageserver",
    "vscode-languageserver/*",
    "vscode-languageserver-textdocument",
    "zod",
  ],
  splitting: true,
  // Whitespace only: names stay as written (stack traces and the lazy-load tests read them), and the
  // tarball a team commits stays under 500 kB (issue 29).
  minifyWhitespace: true,
  outdir: "dist",
  chunkNames: "cli/chunk-[hash]",
  metafile: true,
  // Bundled CommonJS dependencies (commander) require Node's built-ins; an ESM file has no `require`.
  banner: {
    js: "import { createRequire as __agentContextRequire } from 'node:module'; const require = __agentContextRequire(import.meta.url);",
  },
});
// What each chunk holds and imports (minified chunks carry no `// path` lines): read by
// test/e2e/cli-chunks.test.ts; not in the package's files.
writeFileSync("dist/bundle-meta.json", JSON.stringify(built.metafile));
// A module that resolves paths from its own URL must sit one level below dist/, as tsc's would.
for (const [out, o] of Object.entries(built.metafile.outputs)) {
  if (out.startsWith("dist/cli/")) continue;
  for (const input of Object.keys(o.inputs)) {
    if (!input.startsWith("src/")) continue;
    const text = readFileSync(input, "utf8");
    if (/import\.meta\.url/.test(text.replace(/^\s*(\/\/|\*).*$/gm, "")))
      throw new Error(`bundle: ${input} resolves paths from its own URL but was bundled into ${out}`);
  }
}

// npm links bins with their mode as built; make the CLI runnable directly.
chmodSync("dist/cli/main.js", 0o755);

// dist/types/: dist/index.d.ts and every declaration file it reaches, at the same relative paths.
rmSync("dist/types", { recursive: true, force: true });
const seen = new Set();
const todo = [resolve("dist/index.d.ts")];
while (todo.length > 0) {
  const file = todo.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  const { importedFiles, referencedFiles } = ts.preProcessFile(text, true, true);
  for (const { fileName } of [...importedFiles, ...referencedFiles]) {
    if (!fileName.startsWith(".")) continue;
    const target = resolve(dirname(file), fileName.replace(/\.js$/, ".d.ts"));
    try {
      readFileSync(target);
    } catch {
      throw new Error(`bundle: ${relative(".", file)} imports ${fileName}, which has no declaration file`);
    }
    todo.push(target);
  }
  const out = join("dist/types", relative(resolve("dist"), file));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
}
