// Runs a TypeScript entry point of the test harness as a script: bundles it with esbuild (packages stay
// external; each module's `import.meta.dirname` keeps its source directory, so the harness finds
// test/agents by it) into node_modules/.cache/agent-context/<name>.mjs, runs that with `args`, and exits
// with its status. `entry` is a file, or `{ contents }`: a few lines of TypeScript resolved from the root.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export async function runTs(name, entry, args = process.argv.slice(2)) {
  const out = join(root, "node_modules", ".cache", "agent-context", `${name}.mjs`);
  mkdirSync(dirname(out), { recursive: true });
  await build({
    ...(typeof entry === "string"
      ? { entryPoints: [join(root, entry)] }
      : { stdin: { contents: entry.contents, resolveDir: root, loader: "ts" } }),
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
          b.onLoad({ filter: /\.ts$/ }, (a) => ({
            contents: readFileSync(a.path, "utf8").replaceAll(
              "import.meta.dirname",
              JSON.stringify(dirname(resolve(a.path))),
            ),
            loader: "ts",
          }));
        },
      },
    ],
  });
  const r = spawnSync(process.execPath, [out, ...args], { stdio: "inherit" });
  process.exit(r.status ?? 1);
}
