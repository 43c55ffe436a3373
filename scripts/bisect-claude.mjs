// `node scripts/bisect-claude.mjs [bisect|run|shape] ...`: the bisection of Claude Code's published releases
// with the release probes (test/support/claude-probes.ts; the commands are in test/support/claude-bisect.ts,
// the results in docs/findings-claude-release-ranges.md). Bundles the TypeScript entry with esbuild (as
// scripts/conformance-fuzz.mjs does: packages external, each module's `import.meta.dirname` kept) and runs it.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "node_modules", ".cache", "agent-context", "bisect-claude.mjs");
mkdirSync(dirname(out), { recursive: true });
await build({
  stdin: {
    contents:
      'import { main } from "./test/support/claude-bisect.ts";\nprocess.exitCode = await main(process.argv.slice(2));\n',
    resolveDir: root,
    loader: "ts",
  },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  outfile: out,
  logLevel: "warning",
  plugins: [
    {
      name: "source-dirname",
      setup(b) {
        b.onLoad({ filter: /\.ts$/ }, (args) => ({
          contents: readFileSync(args.path, "utf8").replaceAll(
            "import.meta.dirname",
            JSON.stringify(dirname(resolve(args.path))),
          ),
          loader: "ts",
        }));
      },
    },
  ],
});
const r = spawnSync(process.execPath, [out, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(r.status ?? 1);
