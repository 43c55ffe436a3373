/**
 * Conformance of the copilot-cli model with the pinned GitHub Copilot CLI (./copilot-cli.suite.ts).
 * `npm test` runs a seeded share of the cases covering every kind of fixture and front-matter form
 * (`copilotShare`: 32 sessions of 72); the long tier runs all of them (copilot-cli-long.test.ts).
 */
import { describe, expect, it } from "vitest";
import { copilotReminder } from "../../src/agents/copilot-cli/on-read.js";
import { COPILOT_CASES } from "./copilot-cli.fixtures.js";
import { copilotCategories, copilotShare, copilotSuite } from "./copilot-cli.suite.js";

describe("the copilot-cli cases", () => {
  it("has_at_least_forty_fixture_repositories", () => {
    expect(COPILOT_CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(COPILOT_CASES.map((c) => c.name)).size).toBe(COPILOT_CASES.length);
  });

  it("the_share_run_here_covers_every_kind_of_fixture_and_front_matter_form_with_under_half_the_sessions", () => {
    const kinds = (cases: typeof COPILOT_CASES) => new Set(cases.flatMap(copilotCategories));
    expect(kinds(copilotShare())).toEqual(kinds(COPILOT_CASES));
    expect(copilotShare().length).toBeLessThan(COPILOT_CASES.length * 0.5);
  });

  it("reminder_framing_is_the_clis", () => {
    expect(copilotReminder("a/AGENTS.md", "x\n")).toBe(
      "<system_reminder>\nCustom instructions from a/AGENTS.md. Apply these to any code you write here:\n\nx\n\n</system_reminder>",
    );
  });
});

copilotSuite(copilotShare());
