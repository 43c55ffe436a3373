/**
 * What the built command line loads for a command, read from its chunks (scripts/bundle.mjs): the chunk
 * of a command and every chunk it imports statically are compiled on each run. The agent registry imports
 * every model, so a parser one model imports at its top would be compiled by every command (issue 12:
 * `cap` on the example repository within 2× `node -e 0`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dir = join(import.meta.dirname, "../../dist/cli");

/** The chunk holding a source file (esbuild marks each with a `// path` line). */
function chunkOf(source: string): string {
  const hit = readdirSync(dir).filter(
    (n) => n.endsWith(".js") && readFileSync(join(dir, n), "utf8").includes(`\n// ${source}\n`),
  );
  expect(hit, source).toHaveLength(1);
  return hit[0] as string;
}

/** The chunk and every chunk it imports statically, transitively. */
function staticClosure(chunk: string): Set<string> {
  const seen = new Set<string>();
  const todo = [chunk];
  while (todo.length > 0) {
    const c = todo.pop() as string;
    if (seen.has(c)) continue;
    seen.add(c);
    const text = readFileSync(join(dir, c), "utf8");
    for (const m of text.matchAll(/^(?:import|export)\s[^;]*?["']\.\/(chunk-[A-Z0-9]+\.js)["'];?$/gms))
      todo.push(m[1] as string);
  }
  return seen;
}

/** The packages bundled into a command's static closure. */
function bundledPackages(command: string): Set<string> {
  const out = new Set<string>();
  for (const c of staticClosure(chunkOf(`src/cli/commands/${command}.ts`)))
    for (const m of readFileSync(join(dir, c), "utf8").matchAll(
      /^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//gm,
    ))
      out.add(m[1] as string);
  return out;
}

describe("the chunks a command compiles", () => {
  it("cap_compiles_no_yaml_toml_or_markdown_parser_and_lint_compiles_yaml", () => {
    const cap = bundledPackages("cap");
    for (const p of ["yaml", "smol-toml", "micromark", "mdast-util-from-markdown"])
      expect(cap).not.toContain(p);
    expect(cap).toContain("picomatch"); // the closure is followed: the Claude model (a chunk it imports) uses it
    expect(bundledPackages("lint")).toContain("yaml");
  });
});
