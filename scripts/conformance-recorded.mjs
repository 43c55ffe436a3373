// `npm run conformance:recorded -- ...`: bundles the recorded-case agreement counter (TypeScript, with the
// model's sources) with esbuild and runs it with the given arguments. Packages stay external; each
// module's `import.meta.dirname` keeps its source directory (the harness finds test/agents by it).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { build } from "esbuild";

const out = join("node_modules", ".cache", "agent-context", "conformance-recorded.mjs");
mkdirSync(dirname(out), { recursive: true });
await build({
  entryPoints: ["test/conformance/recorded/main.ts"],
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
            JSON.stringify(dirname(args.path)),
          ),
          loader: "ts",
        }));
      },
    },
  ],
});
const r = spawnSync(process.execPath, [out, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(r.status ?? 1);
