/** This package's version (kept in step with package.json by a unit test). */
export const VERSION = "0.1.0";

/**
 * The address of one JSON schema this release ships (`dist/schemas/NAME.schema.json`, generated from the
 * types at build time: scripts/output-schemas.mjs), as the `$schema` of each `--json` output names it: the
 * file inside this version's published package.
 */
export function schemaUrl(name: string): string {
  return `https://unpkg.com/agent-context@${VERSION}/dist/schemas/${name}.schema.json`;
}

/** The `$schema` of `.agent-context.json` (the schema the package ships at its root). */
export const CONFIG_SCHEMA_URL = `https://unpkg.com/agent-context@${VERSION}/agent-context.schema.json`;
