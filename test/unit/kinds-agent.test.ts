/**
 * The kinds beyond memory files (skills, subagents, commands...) flow through every output: a throwaway
 * agent registered at run time emits them, with a list's overhead, a source not measured and machine
 * framing, and the command line (in process, src/cli/program.ts) on a real temp repository charges them as
 * `.agent-context.json` says, groups them by kind and names them in every format.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAgent } from "../../src/agents/index.js";
import type { ContextItem, ItemKind } from "../../src/model/index.js";
import { collectReport } from "../../src/report/html/collect.js";
import { cliInProcess as cli } from "../support/cli-in-process.js";
import { stubAgent } from "../support/stub-agent.js";

const entry = (
  path: string,
  kind: ItemKind,
  bytes: number,
  more: Partial<ContextItem> = {},
): ContextItem => ({
  path,
  kind,
  loadedAt: "launch",
  bytes,
  fileBytes: bytes * 3,
  charged: true,
  importedBy: null,
  reason: `${kind} listed`,
  ...more,
});

/** memory 100 B; skills 40 + 30 (+60 B header the agent always sends: not charged); command 20; subagent 50 + 31 B header. */
const ITEMS = [
  entry("TOY.md", "memory", 100),
  entry(".toy/skills/a/SKILL.md", "skill", 40, { framingBytes: 25 }),
  entry(".toy/skills/b/SKILL.md", "skill", 30),
  entry(".toy/skills/nodesc/SKILL.md", "skill", 0, { charged: false, reason: "no description: not listed" }),
  entry(".toy/commands/c.md", "command", 20),
  entry(".toy/agents/x.md", "subagent", 50),
];
const OVERHEAD = [
  { list: "skills", kind: "skill" as const, bytes: 60, charged: false, why: "sent in every session" },
  {
    list: "custom agents",
    kind: "subagent" as const,
    bytes: 31,
    charged: true,
    why: "the list's header, sent once a custom agent exists",
  },
];

const toy = stubAgent({
  id: "kinds-toy",
  name: "Kinds Toy",
  version: "1.0.0",
  defaultCap: 150,
  memoryFileNames: ["TOY.md"],
  items: () => ITEMS,
  overhead: OVERHEAD,
  unmeasured: [{ kind: "mcp-server", name: "db", source: ".mcp.json" }],
});

const ALL = [
  "memory",
  "import",
  "rule",
  "skill",
  "command",
  "subagent",
  "output-style",
  "auto-memory",
  "extension",
];

let unregister: () => void = () => {};
let repo = "";
beforeAll(() => {
  unregister = registerAgent(toy);
  repo = realpathSync(mkdtempSync(join(tmpdir(), "ac-kinds-")));
  writeFileSync(join(repo, "TOY.md"), "t".repeat(100));
});
afterAll(() => {
  unregister();
  rmSync(repo, { recursive: true, force: true });
});

function config(c: unknown): void {
  writeFileSync(join(repo, ".agent-context.json"), JSON.stringify(c));
}

describe("a configuration without charge", () => {
  beforeAll(() => rmSync(join(repo, ".agent-context.json"), { force: true }));

  it("charges_only_memory_imports_and_rules_and_passes_the_default_cap", async () => {
    const r = await cli("cap", repo, "--agent", "kinds-toy", "--json");
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ total: 100, cap: 150, ok: true });
    expect(j.charge).toEqual({ kinds: ["memory", "import", "rule"], source: "default" });
    // The total is the charged items: the items say which are.
    const charged = j.items.filter((i: { charged: boolean }) => i.charged);
    expect(charged.map((i: { path: string }) => i.path)).toEqual(["TOY.md"]);
  });

  it("reports_the_uncharged_kinds_bytes_and_how_to_adopt_them_in_text", async () => {
    const r = await cli("cap", repo, "--agent", "kinds-toy");
    expect(r.stdout).toContain(
      "not charged: skill 70 B, command 20 B, subagent 81 B (171 bytes; .agent-context.json charges memory, import, rule)",
    );
    expect(r.stdout).toContain("adopt them with `agent-context init --adopt-kinds`");
  });

  it("reports_them_in_json_per_kind_with_the_overhead_once", async () => {
    const j = JSON.parse((await cli("cap", repo, "--agent", "kinds-toy", "--json")).stdout);
    expect(j.unadopted).toEqual({
      kinds: ["skill", "command", "subagent"],
      bytes: 171,
      command: "agent-context init --adopt-kinds",
    });
    expect(j.kinds).toEqual([
      {
        kind: "memory",
        charged: true,
        entries: 1,
        itemBytes: 100,
        overheadBytes: 0,
        bytes: 100,
        cap: null,
        over: 0,
        ok: true,
      },
      expect.objectContaining({ kind: "subagent", charged: false, entries: 1, overheadBytes: 31, bytes: 81 }),
      expect.objectContaining({ kind: "skill", charged: false, entries: 2, overheadBytes: 0, bytes: 70 }),
      expect.objectContaining({ kind: "command", charged: false, entries: 1, bytes: 20 }),
    ]);
    expect(j.overhead).toEqual([
      expect.objectContaining({ list: "skills", charged: false }),
      expect.objectContaining({ list: "custom agents", bytes: 31, charged: false }),
    ]);
    const skill = j.items.find((i: { path: string }) => i.path === ".toy/skills/a/SKILL.md");
    expect(skill).toMatchObject({ kind: "skill", charged: false, framingBytes: 25 });
    expect(skill.reason).toContain("not charged: .agent-context.json does not charge skill");
    expect(j.framingBytes).toBe(25);
    expect(j.unmeasured).toEqual([{ kind: "mcp-server", name: "db", source: ".mcp.json" }]);
  });

  it("reports_them_in_markdown_with_the_adopt_line", async () => {
    const md = (await cli("cap", repo, "--agent", "kinds-toy", "--format", "markdown")).stdout;
    expect(md).toContain("not charged: skill 70 B, command 20 B, subagent 81 B (171 B;");
    expect(md).toContain("adopt them with `agent-context init --adopt-kinds`");
    expect(md).toContain("not measured (runs repository code): MCP server db (.mcp.json)");
  });

  it("names_the_sources_it_did_not_measure_and_the_framing_it_did_not_charge", async () => {
    const r = await cli("cap", repo, "--agent", "kinds-toy");
    expect(r.stdout).toContain("not measured (runs repository code): MCP server db (.mcp.json)");
    expect(r.stdout).toContain("framing: 25 more bytes the agent adds around these items on this machine");
  });
});

describe("a configuration that charges every kind", () => {
  beforeAll(() => config({ charge: ALL }));

  it("charges_the_entries_and_the_overhead_the_repository_adds_once", async () => {
    const j = JSON.parse((await cli("cap", repo, "--agent", "kinds-toy", "--json")).stdout);
    // 100 + 40 + 30 + 20 + 50 + 31 (the custom agents header; the skills header is the agent's own).
    expect(j).toMatchObject({ total: 271, over: 121, ok: false, unadopted: null });
    expect(j.charge).toEqual({ kinds: ALL, source: "charge" });
  });

  it("groups_the_breakdown_by_kind_with_subtotals_and_the_overhead_line", async () => {
    const r = await cli("cap", repo, "--agent", "kinds-toy");
    expect(r.status).toBe(1);
    const lines = r.stdout.split("\n");
    const at = lines.findIndex((l) => l.includes("Largest first, by kind:"));
    expect(lines.slice(at + 1, at + 11)).toEqual([
      "  memory — 100 bytes (1 file)",
      "       100  ~63 tok  TOY.md   memory listed",
      "  subagent — 81 bytes (1 entry + 31 bytes of list overhead)",
      "        50  ~28 tok  .toy/agents/x.md   subagent listed",
      "        31  (custom agents list overhead)   the list's header, sent once a custom agent exists",
      "  skill — 70 bytes (2 entries)",
      "        40  ~21 tok  .toy/skills/a/SKILL.md   skill listed",
      "        30  ~14 tok  .toy/skills/b/SKILL.md   skill listed",
      "  command — 20 bytes (1 entry)",
      "        20   ~7 tok  .toy/commands/c.md   command listed",
    ]);
    expect(r.stdout).not.toContain("not charged: skill");
  });

  it("github_and_sarif_name_the_kind_of_each_contributor", async () => {
    const gh = (await cli("cap", repo, "--agent", "kinds-toy", "--format", "github")).stdout;
    expect(gh).toContain("50 .toy/agents/x.md (subagent: subagent listed)");
    const sarif = JSON.parse((await cli("cap", repo, "--agent", "kinds-toy", "--format", "sarif")).stdout);
    const text = sarif.runs[0].results.find((x: { ruleId: string }) => x.ruleId === "cap-exceeded").message
      .text;
    expect(text).toContain("40 .toy/skills/a/SKILL.md (skill: skill listed)");
  });

  it("explain_lists_the_entries_by_kind_the_overhead_and_the_unmeasured_sources", async () => {
    const text = (await cli("explain", join(repo, "a.ts"), repo, "--agent", "kinds-toy", "--fresh-clone"))
      .stdout;
    expect(text).toContain(".toy/skills/a/SKILL.md  — skill: skill listed");
    expect(text).toMatch(/31 +\(custom agents list overhead\) {2}— the list's header/);
    expect(text).toContain("not measured (runs repository code): MCP server db (.mcp.json)");
    const j = JSON.parse(
      (await cli("explain", join(repo, "a.ts"), repo, "--agent", "kinds-toy", "--fresh-clone", "--json"))
        .stdout,
    );
    expect(j.overhead).toEqual([
      expect.objectContaining({ list: "skills", charged: false }),
      expect.objectContaining({ list: "custom agents", charged: true }),
    ]);
    expect(j.unmeasured).toEqual([{ kind: "mcp-server", name: "db", source: ".mcp.json" }]);
  });

  it("the_report_treemap_has_each_kind_as_its_own_branch_with_its_overhead", () => {
    const data = collectReport({ root: repo, agent: "kinds-toy", env: {} });
    const launch = data.agents[0]?.launches[0];
    const groups = launch?.cells.filter((c) => !c.leaf).map((c) => c.label);
    expect(groups).toEqual(
      expect.arrayContaining([
        "Memory files and their imports",
        "Skills (listed: name and description)",
        "Commands (listed: name and description)",
        "Subagents (listed: name, description, tools)",
      ]),
    );
    const subagents = launch?.cells.find((c) => c.label === "Subagents (listed: name, description, tools)");
    expect(subagents?.bytes).toBe(81);
    const overhead = launch?.cells.find((c) => c.label === "(custom agents list overhead)");
    expect(overhead).toMatchObject({ leaf: true, kind: "subagent", bytes: 31 });
    expect(launch?.kinds.map((k) => k.kind)).toEqual(["memory", "subagent", "skill", "command"]);
  });
});

describe("a cap per kind", () => {
  beforeAll(() =>
    config({ agents: { "kinds-toy": { cap: 1000, charge: ALL, caps: { skill: 60, subagent: 81 } } } }),
  );

  it("fails_the_kind_over_its_own_cap_with_its_own_line_while_the_total_holds", async () => {
    const r = await cli("cap", repo, "--agent", "kinds-toy");
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("within the cap");
    expect(r.stdout).toContain(
      `ERROR: Kinds Toy: skill adds 70 bytes — 10 over the 60-byte skill cap ("caps" in .agent-context.json).`,
    );
    // Exactly at its cap passes.
    expect(r.stdout).not.toContain("subagent cap");
    const j = JSON.parse((await cli("cap", repo, "--agent", "kinds-toy", "--json")).stdout);
    expect(j.kinds.find((k: { kind: string }) => k.kind === "skill")).toMatchObject({
      cap: 60,
      over: 10,
      ok: false,
    });
    expect(j.charge.source).toBe("agents.kinds-toy.charge");
  });

  it("github_reports_it_under_its_own_rule_on_the_kinds_largest_file", async () => {
    const gh = (await cli("cap", repo, "--agent", "kinds-toy", "--format", "github")).stdout;
    expect(gh).toMatch(
      /^::error file=\.toy\/skills\/a\/SKILL\.md,line=1,col=1,title=cap-kind-exceeded::Kinds Toy: skill adds 70 bytes/m,
    );
    const md = (await cli("cap", repo, "--agent", "kinds-toy", "--format", "markdown")).stdout;
    expect(md).toContain("❌ a kind over its cap");
  });

  it("a_kind_cap_for_an_unknown_kind_is_a_configuration_error_naming_it", async () => {
    config({ caps: { skills: 10 } });
    const r = await cli("cap", repo, "--agent", "kinds-toy");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      `"caps" names "skills" (did you mean "skill"?); each key must be one of memory, import, rule, skill`,
    );
    config({ charge: ["memory", "local"] });
    const l = await cli("cap", repo, "--agent", "kinds-toy");
    expect(l.status).toBe(2);
    expect(l.stderr).toContain(`"charge" names "local" (personal memory is never charged)`);
  });
});
