/**
 * `verify --probes` on each pinned release: which modelled behaviours hold must be what
 * docs/findings-verify.md says, release by release.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { agentById } from "../../src/agents/index.js";
import { type ProbesReport, verifyProbes } from "../../src/app/verify.js";
import { claudeBin } from "../support/claude.js";
import { codexBin } from "../support/codex.js";

const DOC = readFileSync(join(import.meta.dirname, "../../docs/findings-verify.md"), "utf8");

/** The findings table's column for `heading`: probe id → holds. */
function documented(heading: string): Map<string, boolean> {
  const lines = DOC.split("\n");
  const head = lines.findIndex((l) => l.startsWith("| Probe |") && l.includes(heading));
  const col = (lines[head] ?? "").split("|").findIndex((c) => c.trim().startsWith(heading));
  const out = new Map<string, boolean>();
  for (const l of lines.slice(head + 2)) {
    if (!l.startsWith("|")) break;
    const cells = l.split("|");
    out.set((cells[1] ?? "").trim().replaceAll("`", ""), (cells[col] ?? "").trim().startsWith("holds"));
  }
  return out;
}

const claude = agentById("claude-code");
const reports = new Map<string, ProbesReport>();

beforeAll(async () => {
  for (const [key, agent, bin] of [
    ["2.1.332", claude, claudeBin("2.1.332")],
    ["2.1.197", claude, claudeBin("2.1.197")],
    ["codex", agentById("codex"), codexBin()],
  ] as const)
    reports.set(key, await verifyProbes({ agent, cli: bin }));
}, 600_000);

const held = (r: ProbesReport | undefined) => new Map(r?.probes.map((p) => [p.id, p.holds]));

describe("verify --probes on the pinned releases", () => {
  it("every_probe_holds_on_claude_code_2_1_332_as_the_findings_say", () => {
    expect(held(reports.get("2.1.332"))).toEqual(documented("Claude Code 2.1.332"));
    expect(reports.get("2.1.332")?.agrees).toBe(true);
  });

  it("claude_code_2_1_197_differs_from_the_2_1_332_model_exactly_where_the_findings_say", () => {
    const r = reports.get("2.1.197") as ProbesReport;
    if (claude.releases.includes("2.1.197")) {
      // The model knows 2.1.197 now: every probe must hold against its own release.
      expect(r.model.exact).toBe(true);
      expect(r.agrees).toBe(true);
      return;
    }
    expect(r.model).toEqual({ release: "2.1.332", exact: false, chosen: "detected" });
    expect(held(r)).toEqual(documented("Claude Code 2.1.197"));
    expect(r.probes.find((p) => p.id === "agents-md-alone")?.disagreements).toEqual([
      {
        moment: "launch",
        kind: "extra",
        file: "AGENTS.md",
        model: 'delivered, 6 bytes: "A root"',
        cli: "not delivered",
      },
    ]);
  });

  it("every_probe_holds_on_codex_0_171_0_as_the_findings_say", () => {
    expect(held(reports.get("codex"))).toEqual(documented("Codex 0.171.0"));
  });

  it("no_probe_run_sends_traffic_beyond_the_machine", () => {
    for (const r of reports.values()) expect(r.traffic.refused).toEqual([]);
  });
});
