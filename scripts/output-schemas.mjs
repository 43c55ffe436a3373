#!/usr/bin/env node
// Generates dist/schemas/<name>.schema.json, the JSON schema of every `--json` output, from the TypeScript
// types src/schemas/outputs.ts names (ts-json-schema-generator reads the types the renderers are checked
// against, so a schema cannot drift from its output). Run by `npm run build`; the files ship in the package.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createGenerator } from "ts-json-schema-generator";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const VERSION = JSON.parse(
  await import("node:fs").then((fs) => fs.readFileSync(join(ROOT, "package.json"), "utf8")),
).version;

/** Schema file name → the type it is generated from. */
export const OUTPUT_SCHEMAS = {
  cap: "CapJson",
  "cap-matrix": "CapMatrixJson",
  explain: "ExplainJson",
  lint: "LintJson",
  route: "RouteJson",
  pointers: "PointersJson",
  verify: "VerifyJson",
  // The MCP tools without a command of their own (src/mcp/server.ts derives every tool's output schema from these files).
  "mcp-budget": "BudgetJson",
  "mcp-fix": "FixJson",
  "mcp-report": "ReportFileJson",
};

const generator = createGenerator({
  path: join(ROOT, "src/schemas/outputs.ts"),
  tsconfig: join(ROOT, "tsconfig.build.json"),
  skipTypeCheck: true,
  expose: "export",
  additionalProperties: true,
  topRef: true,
  jsDoc: "basic",
});
const out = join(ROOT, "dist/schemas");
mkdirSync(out, { recursive: true });
for (const [name, type] of Object.entries(OUTPUT_SCHEMAS)) {
  const schema = generator.createSchema(type);
  const file = {
    $schema: schema.$schema,
    $id: `https://unpkg.com/agent-context@${VERSION}/dist/schemas/${name}.schema.json`,
    title: name.startsWith("mcp-")
      ? `agent-context mcp: the ${name.slice(4)} tool`
      : `agent-context ${name.replace("-matrix", "")} --json`,
    ...schema,
  };
  writeFileSync(join(out, `${name}.schema.json`), `${JSON.stringify(file)}\n`);
}
