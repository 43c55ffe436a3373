/**
 * The models against what the pinned CLIs sent for lint's disable comments (recorded by
 * test/conformance/disable-comments.test.ts in test/conformance/recorded/disable-comments.json): each
 * model sends the same text for every instruction file and charges its bytes, with no CLI run. Claude Code
 * strips a comment that is a block of its own, so the counted bytes drop; Codex, Gemini CLI and Copilot CLI
 * send every comment, which costs its bytes there. Then lint on the same repository: the comments silence
 * what they name.
 */
import { afterAll, describe, expect, it } from "vitest";
import { lintRepository } from "../../src/lint/index.js";
import {
  DISABLE_COMMENT_CASES,
  type DisableCommentRecording,
  modelRecording,
} from "../conformance/disable-comments.fixtures.js";
import { readRecordings, removeCases, writeCase } from "../support/recorded.js";

const recorded = readRecordings<DisableCommentRecording>("disable-comments");
afterAll(() => removeCases());

describe("the models on the disable-comment recordings", () => {
  it("every_case_is_recorded_for_each_agent", () => {
    for (const c of DISABLE_COMMENT_CASES)
      for (const agent of [
        "claude-code@2.1.332",
        "claude-code@2.1.197",
        "codex",
        "gemini-cli",
        "copilot-cli",
      ])
        expect(Object.keys(recorded)).toContain(`${c.name}@${agent}`);
  });

  for (const [k, rec] of Object.entries(recorded)) {
    const [name, ...agent] = k.split("@");
    it(`${name}_on_${agent.join("@")}_is_sent_and_charged_as_the_cli_sent_it`, () => {
      const c = DISABLE_COMMENT_CASES.find((x) => x.name === name);
      if (!c) throw new Error(`no case ${name}`);
      expect(modelRecording(agent.join("@"), writeCase(c, "ac-dc29-unit-"))).toEqual(rec);
    });
  }

  it("lint_heeds_the_comments_the_agents_were_run_on", () => {
    const c = DISABLE_COMMENT_CASES[0];
    if (!c) throw new Error("no case");
    const files = { ...c.files };
    const lint = () =>
      lintRepository({ root: writeCase({ ...c, files }, "ac-dc29-unit-").repo })
        .findings.filter((f) => f.file === "CLAUDE.md")
        .map((f) => `${f.ruleId}:${f.line}`);
    // The file-level `agent-context-disable` at the end of each file silences every rule there.
    files["CLAUDE.md"] = (c.files["CLAUDE.md"] as string)
      .replace("# CLAUDE instructions", "# CLAUDE @gone.md")
      .replace("See the style guide.", "See @gone.md.");
    expect(lint()).toEqual([]);
    // Without it: the next-line comment silences line 5's import, the first line's the file's
    // memory-read-by-one-agent; the heading's import is reported.
    files["CLAUDE.md"] = (files["CLAUDE.md"] as string).replace("<!-- agent-context-disable -->\n", "");
    expect(lint()).toEqual(["import-missing:2"]);
    files["CLAUDE.md"] = (files["CLAUDE.md"] as string).replace(/<!-- agent-context-disable[^>]*-->\n/g, "");
    expect(lint()).toContain("memory-read-by-one-agent:1");
  });
});
