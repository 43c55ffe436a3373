import { describe, expect, it } from "vitest";
import { agentById } from "../../src/agents/index.js";
import type { CapRun } from "../../src/app/cap.js";
import { effectiveCap } from "../../src/budget/cap-setting.js";
import { evaluateCap } from "../../src/budget/evaluate.js";
import type { RatchetResult } from "../../src/budget/ratchet.js";
import { CONTEXT_ITEM_JSON_FIELDS, type ContextItem } from "../../src/model/index.js";
import { capToJson, renderCapJson } from "../../src/report/cap-json.js";
import { CUT_QUESTION, renderCapText, renderFindings } from "../../src/report/cap-text.js";
import { shouldColor } from "../../src/report/color.js";
import { toTerminal } from "../../src/report/terminal.js";

function item(path: string, bytes: number, over: Partial<ContextItem> = {}): ContextItem {
  return {
    path,
    kind: "memory",
    loadedAt: "launch",
    bytes,
    fileBytes: bytes + 3,
    charged: true,
    importedBy: null,
    reason: "project memory in the working directory",
    ...over,
  };
}

const ISSUE_ITEMS = [
  item("CLAUDE.md", 52),
  item("docs/conventions.md", 3500, {
    kind: "import",
    importedBy: "CLAUDE.md",
    reason: "imported by CLAUDE.md",
  }),
  item(".claude/rules/style.md", 900, { kind: "rule", reason: "" }),
  item("CLAUDE.local.md", 77, { kind: "local", charged: false, reason: "personal memory; not charged" }),
];

function run(
  items: ContextItem[],
  cap = 4096,
  over: { cwd?: string; lowerTo?: number; ratchet?: RatchetResult; note?: string } = {},
): CapRun {
  const c = effectiveCap({ cap }, agentById("claude-code"), over.lowerTo, "/repo/.agent-context.json");
  const evaluation = evaluateCap(items, c.cap);
  return {
    agent: "claude-code",
    agentVersion: "2.1.332",
    root: "/repo",
    cwd: over.cwd ?? "/repo",
    cap: c,
    evaluation,
    items,
    charging: { kinds: ["memory", "import", "rule"], source: "default", caps: {} },
    snapshot: {
      agent: { id: "claude-code", name: "Claude Code", version: "2.1.332" },
      view: "fresh-clone",
      root: "/repo",
      cwd: over.cwd ?? "/repo",
      items,
      texts: new Map(),
      imports: [],
      rules: [],
      memory: [],
      findings: [],
    },
    findings: [],
    ratchet: over.ratchet ?? null,
    ratchetNote: over.note ?? null,
    delta: null,
    ok: evaluation.ok && (over.ratchet?.ok ?? true),
  };
}

describe("text report, clean", () => {
  it("says_clean_with_total_cap_and_spare_on_one_line", () => {
    const out = renderCapText(run([item("CLAUDE.md", 1698)]));
    expect(out.split("\n")[0]).toBe(
      "agent-context cap: clean — 1698 bytes of launch context (cap 4096, 2398 to spare)",
    );
  });

  it("names_the_claude_code_version_the_model_was_verified_on", () => {
    expect(renderCapText(run([]))).toContain("verified on Claude Code 2.1.332");
  });

  it("names_the_subdirectory_of_a_launch_from_a_cwd", () => {
    expect(renderCapText(run([], 4096, { cwd: "/repo/pkg/api" }))).toContain("for a launch in pkg/api/");
  });

  it("a_lowered_cap_is_shown_with_the_configured_one", () => {
    expect(renderCapText(run([item("CLAUDE.md", 10)], 4096, { lowerTo: 100 }))).toContain(
      "(cap 100 from --cap, configured 4096, 90 to spare)",
    );
  });
});

describe("text report, over the cap", () => {
  const out = renderCapText(run(ISSUE_ITEMS));
  const lines = out.split("\n");

  it("states_the_total", () => {
    expect(lines[0]).toContain("Claude Code loads 4452 bytes of launch context");
  });
  it("states_the_cap", () => {
    expect(lines[0]).toContain("the 4096-byte cap");
  });
  it("states_the_overage", () => {
    expect(lines[0]).toContain("356 over");
  });
  it("gives_the_remedy_of_cutting_not_raising", () => {
    expect(lines[1]).toBe("Cut 356 bytes; do not raise the cap (it only goes down). Largest first, by kind:");
  });
  it("lists_every_contributor_by_kind_with_its_subtotal_largest_first_with_bytes_path_and_why", () => {
    expect(lines.slice(2, 8)).toEqual([
      "  import — 3,500 bytes (1 file)",
      "      3500  docs/conventions.md   imported by CLAUDE.md",
      "  rule — 900 bytes (1 file)",
      "       900  .claude/rules/style.md   unscoped rule — add `paths:` frontmatter so it loads only on demand",
      "  memory — 52 bytes (1 file)",
      "        52  CLAUDE.md   project memory in the working directory",
    ]);
  });
  it("lists_loaded_but_uncharged_files_apart", () => {
    expect(lines[8]).toBe("Loaded but not charged:");
    expect(lines[9]).toBe("      77  CLAUDE.local.md   personal memory; not charged");
  });
  it("asks_the_question_of_each_line", () => {
    expect(out).toContain(CUT_QUESTION);
  });
  it("a_lowered_cap_names_the_flag", () => {
    expect(renderCapText(run(ISSUE_ITEMS, 8000, { lowerTo: 4000 }))).toContain(
      "452 over the 4000-byte cap (--cap; configured 8000)",
    );
  });
  it("has_no_ansi_escapes_without_colour", () => {
    expect(out).not.toContain("\u001b[");
  });
  it("has_ansi_escapes_with_colour", () => {
    expect(toTerminal(renderCapText(run(ISSUE_ITEMS), { color: true }))).toContain("\u001b[");
  });
});

describe("text report, ratchet", () => {
  const r: RatchetResult = {
    base: "origin/main",
    via: "--base",
    commit: "abc",
    baseCap: 4096,
    baseHasConfig: true,
    currentCap: 8000,
    ok: false,
    note: null,
    charging: null,
  };
  it("a_raised_cap_says_raised_from_what_to_what_at_which_base", () => {
    const out = renderCapText(run([], 8000, { ratchet: r }));
    expect(out).toContain("the cap was raised to 8000 in .agent-context.json");
    expect(out).toContain("it was 4096 at origin/main");
    expect(out).toContain("set it back to 4096 or lower");
  });
  it("a_held_ratchet_says_so_in_one_line", () => {
    const out = renderCapText(run([], 4000, { ratchet: { ...r, currentCap: 4000, ok: true } }));
    expect(out).toContain("ratchet: cap 4000 does not exceed 4096");
    expect(out).not.toContain("ERROR");
  });
  it("a_broken_ratchet_within_the_cap_does_not_call_the_run_clean_on_its_first_line", () => {
    const out = renderCapText(run([], 8000, { ratchet: r }));
    const first = out.split("\n")[0] ?? "";
    expect(first).not.toContain("clean");
    expect(first).toContain("failing");
  });
  it("a_base_without_config_says_in_one_line_that_the_ratchet_starts_here", () => {
    const note =
      "no .agent-context.json at main: the ratchet starts with this change (cap 8000 becomes the floor)";
    const out = renderCapText(
      run([], 8000, { ratchet: { ...r, baseCap: null, baseHasConfig: false, ok: true, note } }),
    );
    expect(out).toContain(`ratchet: ${note}\n`);
    expect(out).not.toContain("ERROR");
    expect(out.split("\n")[0]).toContain("clean");
  });
  it("a_missing_default_base_in_ci_is_one_line", () => {
    const out = renderCapText(run([], 4096, { note: "no ratchet check: no default branch found" }));
    expect(out).toContain("agent-context cap: no ratchet check: no default branch found\n");
  });
});

describe("colour decision", () => {
  it.each([
    [true, {}, true],
    [false, {}, false],
    [undefined, {}, false],
    [true, { NO_COLOR: "1" }, false],
    [true, { NO_COLOR: "" }, true],
    [false, { FORCE_COLOR: "1" }, false],
    [true, { TERM: "dumb" }, false],
  ])("tty_%s_with_env_%o_colours_%s", (isTTY, env, expected) => {
    expect(shouldColor({ isTTY }, env)).toBe(expected);
  });
});

describe("problems", () => {
  it("name_the_file_once_when_the_message_already_starts_with_it", () => {
    expect(
      renderFindings([
        {
          ruleId: "read-failed",
          severity: "warning",
          file: "CLAUDE.md",
          message: "CLAUDE.md: is a fifo, not a regular file",
        },
      ]),
    ).toBe("warning: CLAUDE.md: is a fifo, not a regular file\n");
  });

  it("beyond_the_limit_are_counted_in_one_line", () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      ruleId: "read-failed",
      severity: "warning" as const,
      file: `f${i}.md`,
      message: "m",
    }));
    const out = renderFindings(many, { limit: 20 }).split("\n").filter(Boolean);
    expect(out).toHaveLength(21);
    expect(out[20]).toBe("warning: … and 5 more like these");
  });

  it("name_the_file_and_line", () => {
    expect(
      renderFindings([
        {
          ruleId: "invalid-utf8",
          severity: "warning",
          file: "CLAUDE.md",
          line: 3,
          message: "invalid UTF-8",
          help: "re-save it",
        },
      ]),
    ).toBe("warning: CLAUDE.md:3: invalid UTF-8 (re-save it)\n");
  });
});

describe("json contract", () => {
  it("has_exactly_the_contract_keys_in_order", () => {
    expect(Object.keys(capToJson(run(ISSUE_ITEMS)))).toEqual([
      "agent",
      "agentVersion",
      "release",
      "root",
      "cwd",
      "cap",
      "total",
      "over",
      "ok",
      "view",
      "applied",
      "items",
      "partialSessions",
      "charge",
      "kinds",
      "overhead",
      "unadopted",
      "unmeasured",
      "framingBytes",
      "ratchet",
      "delta",
      "incomplete",
    ]);
  });
  it("carries_the_numbers", () => {
    expect(capToJson(run(ISSUE_ITEMS))).toMatchObject({
      agent: "claude-code",
      agentVersion: "2.1.332",
      root: "/repo",
      cwd: "/repo",
      cap: 4096,
      total: 4452,
      over: 356,
      ok: false,
      ratchet: null,
    });
  });
  it("lists_items_in_load_order_with_the_item_fields", () => {
    const j = JSON.parse(renderCapJson(run(ISSUE_ITEMS)));
    expect(j.items.map((i: { path: string }) => i.path)).toEqual(ISSUE_ITEMS.map((i) => i.path));
    for (const i of j.items) expect(Object.keys(i)).toEqual([...CONTEXT_ITEM_JSON_FIELDS]);
    expect(j.items[1]).toEqual({
      path: "docs/conventions.md",
      kind: "import",
      loadedAt: "launch",
      bytes: 3500,
      fileBytes: 3503,
      charged: true,
      importedBy: "CLAUDE.md",
      reason: "imported by CLAUDE.md",
    });
  });
  it("over_is_zero_within_the_cap", () => {
    expect(capToJson(run([item("CLAUDE.md", 10)]))).toMatchObject({ over: 0, ok: true, total: 10 });
  });
});
