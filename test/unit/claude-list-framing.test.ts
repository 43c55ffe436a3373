/**
 * verify's parser of the subagent and skills lists, by the release's framing: on 2.1.219 to 2.1.278 the
 * subagent list ends without its footer line and the skills list's header follows its last entry
 * (release-ranges.ts `agents-list-without-footer`; the texts below are those releases' and 2.1.199's, as
 * `node scripts/bisect-claude.mjs run --release V --probe agents-list-without-footer` records them).
 */
import { describe, expect, it } from "vitest";
import { claudeListEntries } from "../../src/agents/claude-code/verify.js";

const AGENTS =
  "Available agent types for the Agent tool:\n- statusline-setup: Use this agent to configure the user's Claude Code status line setting. (Tools: Read, Edit)";
const FOOTER =
  "\n\nWhen you launch multiple agents for independent work, send them in a single message with multiple tool uses so they run concurrently.";
const SKILLS =
  "\n\nThe following skills are available for use with the Skill tool:\n\n- probe-skill: Use this skill when a release probe asks.\n- init: Initialize a new CLAUDE.md file with codebase documentation";
const body = (text: string) => ({ messages: [{ role: "user", content: [{ type: "text", text }] }] });
const lists = (text: string, release?: string) =>
  claudeListEntries(body(text), release).map((e) => `${e.list} ${e.name}`);
const EXPECTED = ["agents statusline-setup", "skills probe-skill", "skills init"];

describe("the subagent list's end, by release", () => {
  it("on_a_release_without_the_footer_the_skills_list_is_not_read_as_subagents", () => {
    expect(lists(AGENTS + SKILLS, "2.1.233")).toEqual(EXPECTED);
    expect(lists(AGENTS + SKILLS, "2.1.219")).toEqual(EXPECTED);
    expect(lists(AGENTS + SKILLS, "2.1.278")).toEqual(EXPECTED);
  });

  it("on_a_release_with_the_footer_the_list_ends_at_the_footer", () => {
    expect(lists(AGENTS + FOOTER + SKILLS, "2.1.199")).toEqual(EXPECTED);
    expect(lists(AGENTS + FOOTER + SKILLS, "2.1.332")).toEqual(EXPECTED);
  });

  it("a_run_whose_release_is_not_known_ends_the_list_at_whichever_comes_first", () => {
    expect(lists(AGENTS + SKILLS)).toEqual(EXPECTED);
    expect(lists(AGENTS + FOOTER + SKILLS)).toEqual(EXPECTED);
  });
});
