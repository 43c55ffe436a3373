import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AjvDraft04 from "ajv-draft-04";
import ajvFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { runCap } from "../../src/app/cap.js";
import type { ContextItem } from "../../src/model/index.js";
import { capFindings, renderCapFindings } from "../../src/report/cap-findings.js";
import { stubAgent } from "../support/stub-agent.js";

const ajv = new AjvDraft04.default({ allErrors: true, strict: false });
ajvFormats.default(ajv);
const validate = ajv.compile(
  JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/lint/sarif-schema-2.1.0.json"), "utf8")),
);

const item = (path: string, bytes: number, charged = true): ContextItem => ({
  path,
  kind: path === "CLAUDE.md" ? "memory" : "import",
  loadedAt: "launch",
  bytes,
  fileBytes: bytes,
  charged,
  importedBy: path === "CLAUDE.md" ? null : "CLAUDE.md",
  reason: "test",
});

/** A cap run over a fixed launch set (the loader model is not under test here; the mapping is). */
function capRun(cap: number, items: ContextItem[]) {
  const dir = mkdtempSync(join(tmpdir(), "ac-capfmt-"));
  writeFileSync(join(dir, ".agent-context.json"), JSON.stringify({ cap }));
  const model = stubAgent({
    items,
    findings: [
      {
        ruleId: "invalid-utf8",
        severity: "warning",
        file: "docs/bad.md",
        line: 2,
        column: 3,
        message: "docs/bad.md: invalid UTF-8",
        help: "re-save it as UTF-8",
      },
    ],
  });
  return runCap({ dir, model, env: {} });
}

describe("cap results as diagnostics", () => {
  it("an_overage_is_one_error_on_the_largest_contributor_with_every_fact", () => {
    const run = capRun(100, [item("CLAUDE.md", 52), item("docs/conventions.md", 90)]);
    const ds = capFindings(run).filter((d) => d.ruleId === "cap-exceeded");
    expect(ds).toHaveLength(1);
    const d = ds[0];
    expect(d?.file).toBe("docs/conventions.md");
    expect(d?.severity).toBe("error");
    expect(d?.message).toContain("142 bytes");
    expect(d?.message).toContain("42 over the 100-byte cap");
    expect(d?.help).toContain("cut 42 bytes");
    expect(d?.help?.indexOf("docs/conventions.md")).toBeLessThan(d?.help?.indexOf("CLAUDE.md") ?? -1);
  });

  it("exactly_the_cap_gives_no_cap_error", () => {
    const run = capRun(142, [item("CLAUDE.md", 52), item("docs/conventions.md", 90)]);
    expect(capFindings(run).filter((d) => d.severity === "error")).toEqual([]);
  });

  it("unreadable_files_become_warnings_where_they_are", () => {
    const run = capRun(1000, [item("CLAUDE.md", 52)]);
    expect(capFindings(run)).toEqual([
      expect.objectContaining({
        ruleId: "cap-unreadable",
        file: "docs/bad.md",
        line: 2,
        column: 3,
        severity: "warning",
      }),
    ]);
  });

  it("github_format_prints_an_error_command_for_the_overage", () => {
    const out = renderCapFindings([capRun(100, [item("CLAUDE.md", 152)])], "github");
    expect(out).toMatch(
      /^::error file=CLAUDE.md,line=1,col=1,title=cap-exceeded::Claude Code loads 152 bytes/m,
    );
  });

  it("sarif_format_validates_against_the_schema", () => {
    const log = JSON.parse(renderCapFindings([capRun(100, [item("CLAUDE.md", 152)])], "sarif"));
    expect(validate(log)).toBe(true);
    expect(log.runs[0].results[0].ruleId).toBe("cap-exceeded");
  });
});
