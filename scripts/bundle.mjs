// Bundles the hook's fast entry point into one file with no work at import time beyond what a call needs.
import { existsSync } from "node:fs";
import { build } from "esbuild";

const entry = "src/hook/entry.ts";
if (existsSync(entry)) {
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    // ESM builds first: jsonc-parser's "main" is a UMD build whose dynamic requires an ESM bundle cannot hold.
    mainFields: ["module", "main"],
    format: "esm",
    target: "node20",
    outfile: "dist/hook.mjs",
    banner: { js: "#!/usr/bin/env node" },
    logLevel: "warning",
  });
}

// npm links bins with their mode as built; make the CLI runnable directly.
import { chmodSync } from "node:fs";

chmodSync("dist/cli/main.js", 0o755);
