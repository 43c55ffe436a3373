/**
 * The types of every `--json` output, one name per schema: scripts/output-schemas.mjs generates
 * `dist/schemas/<name>.schema.json` from each at build time (ts-json-schema-generator), and each output
 * names its schema in `$schema` (src/version.ts `schemaUrl`). `.agent-context.json`'s schema is
 * agent-context.schema.json at the package root (its validator, src/config/validate.ts, is generated from it).
 */
export type { ExplainJson } from "../app/explain.js";
export type { PointersJson } from "../app/pointers.js";
export type { VerifyJson } from "../app/verify.js";
export type { BudgetJson, FixJson, ReportFileJson } from "../mcp/product.js";
export type { CapJson, CapMatrixJson } from "../report/cap-json.js";
export type { LintJson } from "../report/json.js";
export type { RouteJson } from "../router/output.js";
