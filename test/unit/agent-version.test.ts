/**
 * `--agent-version` selects the release a model answers for; a release the model does not know is a usage
 * error that lists the known ones, and every output names the release used.
 */
import { mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentById } from "../../src/agents/index.js";
import { cliInProcess } from "../support/cli-in-process.js";

const cli = cliInProcess;

const repo = () => {
  const d = realpathSync(mkdtempSync(join(tmpdir(), "ac-release-")));
  writeFileSync(join(d, "CLAUDE.md"), "Be brief.\n");
  return d;
};

describe("--agent-version", () => {
  it("a_known_release_is_modelled_and_named_in_the_output", async () => {
    const known = agentById("claude-code").releases[0] as string;
    const r = await cli("cap", repo(), "--agent-version", known, "--json");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).agentVersion).toBe(known);
  });

  it("an_unknown_release_is_a_usage_error_listing_the_known_ones_in_cap_and_explain", async () => {
    const d = repo();
    const c = await cli("cap", d, "--agent-version", "9.9.9");
    expect(c.status).toBe(2);
    expect(c.stderr).toContain(
      `Claude Code 9.9.9: the model knows ${agentById("claude-code").releases.join(", ")}`,
    );
    const e = await cli("explain", join(d, "x.ts"), d, "--agent", "codex", "--agent-version", "9.9.9");
    expect(e.status).toBe(2);
    expect(e.stderr).toContain(`Codex 9.9.9: the model knows ${agentById("codex").releases.join(", ")}`);
  });
});
