/** `cap --format github|sarif` on real repositories, through the built CLI and the real loader models. */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import AjvDraft04 from "ajv-draft-04";
import ajvFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const ajv = new AjvDraft04.default({ allErrors: true, strict: false });
ajvFormats.default(ajv);
const validate = ajv.compile(
  JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/lint/sarif-schema-2.1.0.json"), "utf8")),
);

function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "ac-capfmt-e2e-"));
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(join(dir, p, ".."), { recursive: true });
    writeFileSync(join(dir, p), t);
  }
  return dir;
}
const cap = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [CLI, "cap", dir, ...args], {
    encoding: "utf8",
    env: { ...process.env, CI: "" },
  });

describe("cap --format", () => {
  const big = repo({
    ".agent-context.json": '{"cap": 100}\n',
    "CLAUDE.md": "# Project\n@docs/conventions.md\n",
    "docs/conventions.md": "Use tabs, never spaces.\n".repeat(10),
    "AGENTS.md": `# Conventions\n${"Keep functions short. ".repeat(1600)}\n`,
  });

  it("github_puts_the_claude_overage_on_the_largest_contributor", () => {
    const r = cap(big, "--format", "github");
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /^::error file=docs\/conventions.md,line=1,col=1,title=cap-exceeded::Claude Code loads 2\d\d bytes/m,
    );
  });

  it("github_puts_a_codex_truncation_where_the_cut_lands", () => {
    const r = cap(big, "--agent", "codex", "--format", "github");
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /^::error file=AGENTS.md,line=2,col=\d+,title=cap-codex-truncated::Codex \(launch in .\) cuts/m,
    );
  });

  it("sarif_for_every_agent_validates_against_the_schema", () => {
    const r = cap(big, "--agent", "all", "--format", "sarif");
    expect(r.status).toBe(1);
    const log = JSON.parse(r.stdout);
    expect(validate(log)).toBe(true);
    const ids = log.runs[0].results.map((x: { ruleId: string }) => x.ruleId);
    expect(ids).toContain("cap-exceeded");
    expect(ids).toContain("cap-codex-truncated");
  });

  it("within_the_cap_github_prints_nothing_and_exits_0", () => {
    const r = cap(repo({ "CLAUDE.md": "# Small\n" }), "--format", "github");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
  });

  it("an_unknown_format_is_a_usage_error", () => {
    const r = cap(repo({}), "--format", "xml");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--format must be one of text, json, github, sarif");
  });
});
