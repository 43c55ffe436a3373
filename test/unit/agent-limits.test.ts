/**
 * Each agent's own limits as the model holds them (src/agents/<id>/limits.ts): Claude Code's per-file
 * large-memory limit for the models the conformance cases settled (limits-cli: 40,000 for
 * claude-sonnet-4-6, 200,000 for its [1m] form, 150,000 for 2.1.332's default claude-opus-5-5), and the
 * sessions that start without the launch memory.
 */
import { describe, expect, it } from "vitest";
import { claudeMemoryFileLimit, claudePartialSessions } from "../../src/agents/claude-code/limits.js";
import type { ContextItem } from "../../src/model/index.js";

const item = (kind: ContextItem["kind"]): ContextItem => ({
  path: "x",
  kind,
  loadedAt: "launch",
  bytes: 1,
  fileBytes: 1,
  charged: true,
  importedBy: null,
  reason: "",
});

describe("Claude Code's own limits", () => {
  it.each([
    ["claude-sonnet-4-6", 40_000],
    ["claude-sonnet-4-6[1m]", 200_000],
    ["claude-opus-5-5", 150_000],
    ["claude-opus-4-8", 150_000],
  ])("the_large_memory_file_limit_of_%s_is_%i_characters", (model, limit) => {
    expect(claudeMemoryFileLimit(model)).toBe(limit);
  });

  it("explore_and_plan_start_without_memory_imports_rules_and_local_memory_but_with_skills", () => {
    const [s] = claudePartialSessions;
    for (const k of ["memory", "import", "rule", "local"] as const) expect(s?.without(item(k)), k).toBe(true);
    for (const k of ["skill", "subagent", "command"] as const) expect(s?.without(item(k)), k).toBe(false);
  });
});
