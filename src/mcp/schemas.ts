/**
 * The MCP tools' output schemas, derived from the JSON schemas of the `--json` outputs that the build
 * generates from the TypeScript types (scripts/output-schemas.mjs → `dist/schemas/NAME.schema.json`), never
 * written by hand: `cap` answers `{runs: <cap-matrix>}`, `explain`, `lint` and `route` the command's
 * schema, `budget`, `fix` and `report` the MCP-only ones (`mcp-*.schema.json`). The SDK takes a zod
 * schema; zod's own JSON Schema reader (`z.fromJSONSchema`) makes it from the file.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { UsageError } from "../errors.js";

/** Each tool's schema file (under dist/schemas/) and whether the answer wraps it as `{runs: …}`. */
export const TOOL_SCHEMAS = {
  cap: { file: "cap-matrix", wrap: "runs" },
  explain: { file: "explain" },
  lint: { file: "lint" },
  route: { file: "route" },
  report: { file: "mcp-report" },
  budget: { file: "mcp-budget" },
  fix: { file: "mcp-fix" },
} as const satisfies Record<string, { file: string; wrap?: string }>;

export type ToolName = keyof typeof TOOL_SCHEMAS;

/** The folder holding the generated schemas: `dist/schemas` of this package, from here upward. */
function schemasDir(): string {
  let d = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++, d = dirname(d)) {
    for (const c of [join(d, "schemas"), join(d, "dist", "schemas")])
      if (existsSync(join(c, "cap.schema.json"))) return c;
  }
  throw new UsageError("mcp: the generated JSON schemas (dist/schemas) are missing; run npm run build");
}

/**
 * A tool's output schema as a JSON Schema object: the generated file's type at the top level (an MCP output
 * schema is an object), its definitions under `$defs` (zod's reader resolves `#/$defs/…`).
 */
export function toolJsonSchema(tool: ToolName): Record<string, unknown> {
  const spec: { file: string; wrap?: string } = TOOL_SCHEMAS[tool];
  const text = readFileSync(join(schemasDir(), `${spec.file}.schema.json`), "utf8");
  const s = JSON.parse(text.replaceAll('"#/definitions/', '"#/$defs/')) as {
    $ref: string;
    definitions: Record<string, Record<string, unknown>>;
  };
  const $defs = s.definitions;
  if (spec.wrap !== undefined)
    return { type: "object", properties: { [spec.wrap]: { $ref: s.$ref } }, required: [spec.wrap], $defs };
  const top = $defs[s.$ref.slice("#/$defs/".length)];
  return { ...top, $defs };
}

/** A tool's output schema for the SDK: zod's reading of {@link toolJsonSchema}. */
export function toolOutputSchema(tool: ToolName): z.ZodType {
  return z.fromJSONSchema(toolJsonSchema(tool) as Parameters<typeof z.fromJSONSchema>[0]);
}
