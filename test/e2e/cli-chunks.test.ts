/**
 * What the built command line loads for a command, read from its chunks (scripts/bundle.mjs): the chunk
 * of a command and every chunk it imports statically are compiled on each run. The agent registry imports
 * every model, so a parser one model imports at its top would be compiled by every command (issue 12:
 * `cap` on the example repository within 2× `node -e 0`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** esbuild's metafile of the build (scripts/bundle.mjs writes it beside the chunks). */
const meta = JSON.parse(readFileSync(join(import.meta.dirname, "../../dist/bundle-meta.json"), "utf8")) as {
  outputs: Record<string, { inputs: Record<string, unknown>; imports: { path: string; kind: string }[] }>;
};

/** The chunk holding a source file. */
function chunkOf(source: string): string {
  const hit = Object.keys(meta.outputs).filter(
    (o) => o.startsWith("dist/cli/chunk-") && o.endsWith(".js") && source in (meta.outputs[o]?.inputs ?? {}),
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
    for (const i of meta.outputs[c]?.imports ?? [])
      if (i.kind === "import-statement" && i.path.startsWith("dist/cli/chunk-")) todo.push(i.path);
  }
  return seen;
}

/** The packages bundled into a command's static closure. */
function bundledPackages(command: string): Set<string> {
  const out = new Set<string>();
  for (const c of staticClosure(chunkOf(`src/cli/commands/${command}.ts`)))
    for (const input of Object.keys(meta.outputs[c]?.inputs ?? {})) {
      const m = input.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)\//);
      if (m) out.add(m[1] as string);
    }
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
