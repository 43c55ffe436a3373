// `node scripts/readme-example.mjs [--check]`: re-measures the README's example blocks with the built CLI
// (`npm run build` first): the clean line of `cap examples/acme-shop` and its failure with `--cap 1500`.
// Writes them into README.md, or with --check exits 1 when the README holds other text
// (test/e2e/cap-readme.test.ts checks the same blocks).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const cli = (args) =>
  spawnSync(process.execPath, [resolve(ROOT, "dist/cli/main.js"), "cap", "examples/acme-shop", ...args], {
    cwd: ROOT,
    encoding: "utf8",
  }).stdout;

/** The README with the fenced block after `marker` replaced by `text`. */
function replaceBlock(readme, marker, text) {
  const at = readme.indexOf(marker);
  if (at < 0) throw new Error(`README.md: no "${marker}"`);
  const open = readme.indexOf("```", at);
  const body = readme.indexOf("\n", open) + 1;
  const close = readme.indexOf("```", body);
  return `${readme.slice(0, body)}${text}${readme.slice(close)}`;
}

const path = resolve(ROOT, "README.md");
const before = readFileSync(path, "utf8");
let after = replaceBlock(before, "The first command ends with:", cli([]));
after = replaceBlock(
  after,
  "Lower the cap for one run to see a failure",
  `$ npx --no-install agent-context cap examples/acme-shop --cap 1500\n${cli(["--cap", "1500"])}`,
);
if (process.argv.includes("--check")) {
  if (after !== before) {
    process.stderr.write(
      "README.md: the example's blocks differ from what the CLI prints now: run node scripts/readme-example.mjs\n",
    );
    process.exit(1);
  }
} else writeFileSync(path, after);
