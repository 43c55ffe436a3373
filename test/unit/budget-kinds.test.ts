/**
 * The kinds a cap charges (src/budget/kinds.ts, adoption.ts), the evaluation and the delta with them, and
 * the configuration keys that name them. Pure functions on records.
 */
import { describe, expect, it } from "vitest";
import { agentById } from "../../src/agents/index.js";
import { chargingChange } from "../../src/budget/adoption.js";
import { launchDelta } from "../../src/budget/delta.js";
import { evaluateCap } from "../../src/budget/evaluate.js";
import { applyCharging, chargingFor, DEFAULT_CHARGED_KINDS } from "../../src/budget/kinds.js";
import { parseConfig } from "../../src/config.js";
import type { ContextItem, ItemKind, ListOverhead, Snapshot } from "../../src/model/index.js";
import { stubAgent } from "../support/stub-agent.js";

const item = (path: string, kind: ItemKind, bytes: number, charged = true): ContextItem => ({
  path,
  kind,
  loadedAt: "launch",
  bytes,
  fileBytes: bytes,
  charged,
  importedBy: null,
  reason: "r",
});
const overhead = (kind: ItemKind, bytes: number, charged = true): ListOverhead => ({
  list: `${kind}s`,
  kind,
  bytes,
  charged,
  why: "header",
});

const ITEMS = [
  item("CLAUDE.md", "memory", 100),
  item(".claude/skills/a/SKILL.md", "skill", 40),
  item(".claude/agents/x.md", "subagent", 30),
  item("CLAUDE.local.md", "local", 7, false),
];

describe("evaluateCap with kinds", () => {
  it("charges_only_the_configured_kinds_and_their_loader_charged_overhead", () => {
    const ev = evaluateCap(ITEMS, 1000, {
      kinds: ["memory", "subagent"],
      overhead: [overhead("subagent", 31), overhead("skill", 60), overhead("subagent", 5, false)],
    });
    expect(ev.total).toBe(100 + 30 + 31);
    expect(ev.contributors.map((c) => c.item.path)).toEqual(["CLAUDE.md", ".claude/agents/x.md"]);
    expect(ev.overhead).toEqual([overhead("subagent", 31)]);
    expect(ev.notCharged.map((i) => i.path)).toEqual([".claude/skills/a/SKILL.md"]);
    expect(ev.uncharged.map((i) => i.path)).toEqual(["CLAUDE.local.md"]);
    expect(ev.unadopted).toEqual({
      kinds: ["skill"],
      bytes: 100,
      command: "agent-context init --adopt-kinds",
    });
  });

  it("without_kinds_charges_what_the_loader_charges_as_before", () => {
    const ev = evaluateCap(ITEMS, 1000);
    expect(ev.total).toBe(170);
    expect(ev.unadopted).toBeNull();
  });

  it("a_kind_exactly_at_its_cap_passes_and_one_byte_over_fails_without_failing_the_total", () => {
    const at = evaluateCap(ITEMS, 1000, { kinds: DEFAULT_CHARGED_KINDS, kindCaps: { skill: 40 } });
    expect(at.kindsOk).toBe(true);
    const over = evaluateCap(ITEMS, 1000, { kinds: DEFAULT_CHARGED_KINDS, kindCaps: { skill: 39 } });
    expect(over.kindsOk).toBe(false);
    expect(over.ok).toBe(true);
    expect(over.kinds.find((k) => k.kind === "skill")).toMatchObject({
      cap: 39,
      over: 1,
      ok: false,
      charged: false,
    });
  });

  it("a_kind_cap_for_a_kind_the_launch_does_not_send_is_listed_at_zero", () => {
    const ev = evaluateCap(ITEMS, 1000, { kindCaps: { command: 10 } });
    expect(ev.kinds.find((k) => k.kind === "command")).toMatchObject({ bytes: 0, entries: 0, ok: true });
  });
});

describe("chargingFor", () => {
  const claude = agentById("claude-code");
  const other = stubAgent({ id: "other", name: "Other" });

  it("an_agents_own_charge_replaces_the_top_level_one_which_replaces_the_default", () => {
    expect(chargingFor({}, claude)).toMatchObject({ kinds: ["memory", "import", "rule"], source: "default" });
    expect(chargingFor({ charge: ["skill", "memory"] }, other)).toMatchObject({
      kinds: ["memory", "skill"],
      source: "charge",
    });
    expect(
      chargingFor({ charge: ["skill"], agents: { other: { charge: ["command"] } } }, other),
    ).toMatchObject({ kinds: ["command"], source: "agents.other.charge" });
  });

  it("top_level_caps_are_the_default_agents_like_cap_and_an_agents_own_caps_override_them", () => {
    const config = { caps: { skill: 10, command: 5 }, agents: { "claude-code": { caps: { skill: 20 } } } };
    expect(chargingFor(config, claude).caps).toEqual({ skill: 20, command: 5 });
    expect(chargingFor(config, other).caps).toEqual({});
  });

  it("apply_charging_marks_items_of_uncharged_kinds_and_says_why", () => {
    const out = applyCharging(ITEMS, DEFAULT_CHARGED_KINDS);
    expect(out.map((i) => i.charged)).toEqual([true, false, false, false]);
    expect(out[1]?.reason).toBe(
      "r; not charged: .agent-context.json does not charge skill (adopt with agent-context init --adopt-kinds)",
    );
    // A loader-uncharged item keeps its own reason.
    expect(out[3]?.reason).toBe("r");
  });
});

describe("the configuration keys", () => {
  const parse = (v: unknown) => () => parseConfig(JSON.stringify(v), "/r/.agent-context.json");
  it("accepts_charge_and_caps_at_the_top_and_per_agent", () => {
    expect(
      parse({ charge: ["skill"], caps: { skill: 1 }, agents: { x: { charge: [], caps: { command: 0 } } } })(),
    ).toBeTruthy();
  });
  it.each([
    [{ charge: "skill" }, '"charge" must be an array of kinds'],
    [
      { charge: ["skills"] },
      '"charge" names "skills" (did you mean "skill"?); each kind must be one of memory, import, rule, skill',
    ],
    [{ charge: ["routed"] }, '"charge" names "routed"'],
    [{ caps: [] }, '"caps" must be an object of caps per kind'],
    [{ caps: { skill: -1 } }, '"caps.skill" must be a non-negative whole number of bytes, got -1'],
    [{ agents: { x: { caps: { local: 1 } } } }, '"agents.x.caps" names "local"'],
    [{ agents: { x: { charge: ["memory", 3] } } }, '"agents.x.charge" must be an array of kinds'],
  ])("rejects_%j", (config, message) => {
    expect(parse(config)).toThrow(message);
  });
});

describe("chargingChange", () => {
  const base = { kinds: DEFAULT_CHARGED_KINDS, source: "default", caps: { skill: 100 } };
  it("measures_only_when_kinds_are_adopted_and_allows_exactly_what_it_measured", () => {
    const asked: ItemKind[][] = [];
    const measure = (k: readonly ItemKind[]) => {
      asked.push([...k]);
      return 77;
    };
    expect(chargingChange(base, base, measure)).toEqual({
      adopted: [],
      allowance: 0,
      dropped: [],
      kindCaps: [],
    });
    expect(asked).toEqual([]);
    const ch = chargingChange(base, { ...base, kinds: ["memory", "import", "rule", "skill"] }, measure);
    expect(ch).toMatchObject({ adopted: ["skill"], allowance: 77 });
    expect(asked).toEqual([["skill"]]);
  });
  it("names_kinds_dropped_and_kind_caps_raised_or_removed", () => {
    expect(
      chargingChange(base, { kinds: ["memory"], source: "charge", caps: { skill: 101 } }, () => 0),
    ).toEqual({
      adopted: [],
      allowance: 0,
      dropped: ["import", "rule"],
      kindCaps: [{ kind: "skill", baseCap: 100, currentCap: 101 }],
    });
    expect(chargingChange(base, { ...base, caps: {} }, () => 0).kindCaps).toEqual([
      { kind: "skill", baseCap: 100, currentCap: null },
    ]);
    expect(chargingChange(base, { ...base, caps: { skill: 99 } }, () => 0).kindCaps).toEqual([]);
  });
});

describe("launchDelta with kinds", () => {
  const snap = (items: ContextItem[], over: ListOverhead[] = []): Snapshot => ({
    agent: { id: "a", name: "A", version: "1" },
    view: "fresh-clone",
    root: "/r",
    cwd: "/r",
    items,
    texts: new Map(),
    imports: [],
    rules: [],
    memory: [],
    findings: [],
    overhead: over,
  });
  const where = { base: "main", commit: "c", existedAtBase: () => false, existsNow: () => true };

  it("lists_a_file_of_an_uncharged_kind_without_counting_it_and_counts_a_new_lists_overhead_once", () => {
    const base = snap([item("CLAUDE.md", "memory", 10)]);
    const head = snap(
      [item("CLAUDE.md", "memory", 12), item(".s/a/SKILL.md", "skill", 40), item(".a/x.md", "subagent", 30)],
      [overhead("subagent", 31)],
    );
    const d = launchDelta(base, head, { ...where, kinds: ["memory", "subagent"] });
    expect(d).toMatchObject({ before: 10, after: 12 + 30 + 31, change: 2 + 30 + 31 });
    expect(d.files).toEqual([
      expect.objectContaining({ path: ".s/a/SKILL.md", kind: "skill", charged: false, change: 40 }),
      expect.objectContaining({ path: ".a/x.md", kind: "subagent", charged: true, change: 30 }),
      expect.objectContaining({ path: "CLAUDE.md", kind: "memory", charged: true, change: 2 }),
    ]);
    expect(d.kinds).toEqual([
      { kind: "memory", charged: true, before: 10, after: 12, change: 2 },
      { kind: "skill", charged: false, before: 0, after: 40, change: 40 },
      { kind: "subagent", charged: true, before: 0, after: 61, change: 61 },
    ]);
  });

  it("never_counts_framing_bytes", () => {
    const base = snap([{ ...item("GEMINI.md", "memory", 10), framingBytes: 50 }]);
    const head = snap([{ ...item("GEMINI.md", "memory", 10), framingBytes: 90 }]);
    const d = launchDelta(base, head, where);
    expect(d.change).toBe(0);
    expect(d.files).toEqual([]);
  });
});
