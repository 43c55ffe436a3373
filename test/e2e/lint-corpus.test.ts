/**
 * `lint` on every repository of ../shared/corpus (real projects' agent files, read-only test data): each
 * run finishes with a valid JSON report, no stderr and exit 0 or 1. The corpus holds only the agent files,
 * not the source trees, so `rule-dead-glob` findings there are expected (the globs' files are absent).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR as CORPUS } from "../../scripts/corpus.mjs";
import { agentContext } from "../support/cli-run.js";

const repos = existsSync(CORPUS)
  ? readdirSync(CORPUS)
      .filter((n) => statSync(join(CORPUS, n)).isDirectory())
      .sort()
  : [];

describe.skipIf(repos.length === 0)("lint on the shared corpus", () => {
  it.each(repos)("%s_lints_without_error", async (name) => {
    const r = await agentContext(["lint", join(CORPUS, name), "--format", "json"], {
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(r.stderr).toBe("");
    expect([0, 1]).toContain(r.status);
    const out = JSON.parse(r.stdout) as { ok: boolean; diagnostics: { ruleId: string; severity: string }[] };
    expect(out.ok).toBe(r.status === 0);
    expect(out.ok).toBe(!out.diagnostics.some((d) => d.severity === "error"));
  });
});
