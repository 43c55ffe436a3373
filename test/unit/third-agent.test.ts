/**
 * A new agent is a folder and one registry line: a throwaway third agent, registered at run time in a few
 * lines, appears in `cap --agent all`, `explain`, `lint` and every output format with no change outside its own
 * definition. The command line runs in process (src/cli/program.ts) on a real temp repository.
 */
import { mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agents, registerAgent } from "../../src/agents/index.js";
import type { ContextItem } from "../../src/model/index.js";
import { cliInProcess } from "../support/cli-in-process.js";
import { stubAgent } from "../support/stub-agent.js";

const toyItem = (path: string, bytes: number): ContextItem => ({
  path,
  kind: "memory",
  loadedAt: "launch",
  bytes,
  fileBytes: bytes,
  charged: true,
  importedBy: null,
  reason: "toy memory file",
});

// The whole third agent: an id, a name, a release, a cap, and a launch that reads TOY.md.
const toy = stubAgent({
  id: "toy-agent",
  name: "Toy Agent",
  version: "9.9.9",
  defaultCap: 100,
  memoryFileNames: ["TOY.md"],
  items: () => [toyItem("TOY.md", 150)],
  findings: [
    { ruleId: "read-failed", severity: "warning", file: "TOY.local.md", message: "TOY.local.md: is a fifo" },
  ],
});

let unregister: () => void = () => {};
let repo = "";
beforeAll(() => {
  unregister = registerAgent(toy);
  repo = realpathSync(mkdtempSync(join(tmpdir(), "ac-third-")));
  writeFileSync(join(repo, "CLAUDE.md"), "Be brief.\n");
  writeFileSync(join(repo, "TOY.md"), "t".repeat(150));
});
afterAll(() => unregister());

const cli = cliInProcess;

describe("a third agent registered in a few lines", () => {
  it("cap_agent_all_json_lists_it_with_its_release_cap_and_verdict", async () => {
    const r = await cli("cap", repo, "--agent", "all", "--json");
    const runs = JSON.parse(r.stdout) as { agent: string; agentVersion: string; cap: number; ok: boolean }[];
    // Every registered agent in registry order, the plugin last.
    expect(runs.map((x) => x.agent)).toEqual(agents().map((a) => a.id));
    expect(runs.at(-1)?.agent).toBe("toy-agent");
    expect(runs.at(-1)).toMatchObject({ agentVersion: "9.9.9", cap: 100, total: 150, over: 50, ok: false });
    expect(r.status).toBe(1);
  });

  it("cap_agent_all_text_names_it_and_its_overage", async () => {
    const r = await cli("cap", repo, "--agent", "all");
    expect(r.stdout).toMatch(/FAIL Toy Agent/);
    expect(r.stdout).toContain("Toy Agent loads 150 bytes of launch context");
    expect(r.stdout).toContain("Toy Agent launch model verified on Toy Agent 9.9.9; ~");
    expect(r.stdout).toContain("(this agent declares no tokenizer: a generic estimate).");
    expect(r.stderr).toContain("warning: TOY.local.md: is a fifo");
  });

  it("its_own_cap_is_read_from_the_agents_key_of_the_configuration", async () => {
    writeFileSync(
      join(repo, ".agent-context.json"),
      JSON.stringify({ agents: { "toy-agent": { cap: 200 } } }),
    );
    try {
      const r = await cli("cap", repo, "--agent", "toy-agent", "--json");
      expect(JSON.parse(r.stdout)).toMatchObject({ agent: "toy-agent", cap: 200, ok: true });
    } finally {
      writeFileSync(join(repo, ".agent-context.json"), "{}");
    }
  });

  it("github_and_sarif_formats_carry_its_overage_and_findings", async () => {
    const gh = await cli("cap", repo, "--agent", "toy-agent", "--format", "github");
    expect(gh.stdout).toMatch(
      /^::error file=TOY\.md,line=1,col=1,title=cap-exceeded::Toy Agent loads 150 bytes/m,
    );
    expect(gh.stdout).toMatch(/^::warning file=TOY\.local\.md/m);
    const sarif = JSON.parse((await cli("cap", repo, "--agent", "toy-agent", "--format", "sarif")).stdout);
    const results = sarif.runs[0].results as { ruleId: string; message: { text: string } }[];
    expect(results.map((x) => x.ruleId).sort()).toEqual(["cap-exceeded", "cap-unreadable"]);
    expect(results.find((x) => x.ruleId === "cap-exceeded")?.message.text).toContain("Toy Agent");
  });

  it("explain_answers_for_it_with_the_cap_header", async () => {
    const r = await cli("explain", join(repo, "src/a.ts"), repo, "--agent", "toy-agent", "--json");
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ agent: "toy-agent", agentVersion: "9.9.9", root: repo, cwd: repo });
    expect(j.launch.map((i: { path: string }) => i.path)).toEqual(["TOY.md"]);
    expect(j.onRead).toEqual([]);
    const text = (await cli("explain", join(repo, "src/a.ts"), repo, "--agent", "toy-agent")).stdout;
    expect(text).toContain("When Toy Agent reads");
  });

  it("lint_reports_the_file_its_loader_could_not_read_naming_it", async () => {
    const r = await cli("lint", repo, "--json");
    const j = JSON.parse(r.stdout) as { diagnostics: { ruleId: string; file: string; message: string }[] };
    const mine = j.diagnostics.filter((d) => d.ruleId === "file-unreadable");
    expect(mine).toEqual([
      expect.objectContaining({ file: "TOY.local.md", message: "TOY.local.md: is a fifo (Toy Agent)" }),
    ]);
    const gh = await cli("lint", repo, "--format", "github");
    expect(gh.stdout).toContain("::warning file=TOY.local.md,line=1,col=1,title=file-unreadable::");
  });

  it("an_unknown_agent_is_a_usage_error_that_lists_the_registered_ones", async () => {
    const r = await cli("cap", repo, "--agent", "nope");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      `--agent nope: must be one of ${agents()
        .map((a) => a.id)
        .join(", ")}, all`,
    );
  });
});
