/**
 * SARIF 2.1.0 (OASIS) output, for GitHub code scanning and other SARIF consumers. Validated in the tests
 * against the official schema (test/fixtures/lint/sarif-schema-2.1.0.json).
 */
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import type { LintRuleMeta } from "../model/agent.js";
import type { Finding, Severity } from "../model/finding.js";
import { VERSION } from "../version.js";
import { columnOf, lineOf, sortFindings } from "./findings.js";

/** The schema URI written into `$schema` (the OASIS errata01 schema the tests validate against). */
export const SARIF_SCHEMA_URI =
  "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

const LEVEL: Record<Severity, "error" | "warning" | "note"> = {
  error: "error",
  warning: "warning",
  info: "note",
};

export interface SarifOptions {
  /** Absolute repository root: relative finding paths are resolved against it (`%SRCROOT%`). */
  root: string;
  /** Descriptions of the rules that may appear (rules without one get a minimal descriptor). */
  rules?: readonly LintRuleMeta[];
  /** Tool name (default `agent-context`). */
  toolName?: string;
}

/** Percent-encodes a relative POSIX path as a URI reference (each segment encoded, `/` kept). */
export function relativePathToUri(p: string): string {
  return p
    .split("/")
    .map((seg) => encodeURIComponent(seg))
    .join("/");
}

/**
 * Builds a SARIF 2.1.0 log object (one run) for findings. Relative paths become `artifactLocation`s
 * with `uriBaseId: "%SRCROOT%"`; absolute ones become `file:` URIs. `tool.driver.rules` lists
 * `opts.rules` in their order, then a minimal descriptor for any other rule id met; a region without a
 * line or column starts at 1.
 */
export function toSarif(ds: readonly Finding[], opts: SarifOptions): Record<string, unknown> {
  const metas = new Map<string, LintRuleMeta>();
  for (const r of opts.rules ?? []) metas.set(r.id, r);
  const sorted = sortFindings(ds);
  for (const d of sorted) {
    if (!metas.has(d.ruleId))
      metas.set(d.ruleId, { id: d.ruleId, description: d.ruleId, defaultSeverity: d.severity });
  }
  const ruleList = [...metas.values()];
  const index = new Map(ruleList.map((r, i) => [r.id, i]));
  const rootUri = pathToFileURL(opts.root.endsWith("/") ? opts.root : `${opts.root}/`).href;
  const results = sorted.map((d) => {
    const region: Record<string, number> = {
      startLine: Math.max(1, lineOf(d)),
      startColumn: Math.max(1, columnOf(d)),
    };
    if (d.endLine !== undefined) region.endLine = d.endLine;
    if (d.endColumn !== undefined) region.endColumn = d.endColumn;
    const artifactLocation = isAbsolute(d.file)
      ? { uri: pathToFileURL(d.file).href }
      : { uri: relativePathToUri(d.file), uriBaseId: "%SRCROOT%" };
    return {
      ruleId: d.ruleId,
      ruleIndex: index.get(d.ruleId) ?? 0,
      level: LEVEL[d.severity],
      message: { text: d.help === undefined ? d.message : `${d.message}\nhelp: ${d.help}` },
      locations: [{ physicalLocation: { artifactLocation, region } }],
      properties: { ...(d.help === undefined ? {} : { help: d.help }), fixable: d.fixable === true },
    };
  });
  return {
    $schema: SARIF_SCHEMA_URI,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: opts.toolName ?? "agent-context",
            version: VERSION,
            semanticVersion: VERSION,
            rules: ruleList.map((r) => ({
              id: r.id,
              shortDescription: { text: r.description },
              defaultConfiguration: { level: LEVEL[r.defaultSeverity] },
            })),
          },
        },
        originalUriBaseIds: { "%SRCROOT%": { uri: rootUri } },
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
}

/** Renders findings as a SARIF 2.1.0 log ({@link toSarif}): pretty JSON text with a trailing newline. */
export function renderSarif(ds: readonly Finding[], opts: SarifOptions): string {
  return `${JSON.stringify(toSarif(ds, opts), null, 2)}\n`;
}
