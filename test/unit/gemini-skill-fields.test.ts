/**
 * A Gemini CLI skill's name and description as its `parseFrontmatter` reads them (settled against Gemini CLI
 * 0.61.0 by the generator: seeds g300:71, :88, :140, :155, :163 agree once empty descriptions are kept;
 * docs/findings-fuzz.md, "Gemini CLI").
 */
import { describe, expect, it } from "vitest";
import { geminiSkillFields } from "../../src/agents/gemini-cli/sources.js";

const fm = (body: string) => `---\n${body}\n---\nbody\n`;

describe("geminiSkillFields", () => {
  it.each([
    [
      "plain YAML values",
      "name: db\ndescription: Migrate the db",
      { name: "db", description: "Migrate the db" },
    ],
    [
      "an empty description is kept (the line parser's empty string)",
      "name: beta\ndescription:",
      { name: "beta", description: "" },
    ],
    [
      "a quoted empty description is a YAML string",
      'name: beta\ndescription: ""',
      { name: "beta", description: "" },
    ],
    [
      "a quoted name keeps its quotes when the YAML description is not a string",
      'name: "_hidden"\ndescription:',
      { name: '"_hidden"', description: "" },
    ],
    [
      "indented continuation lines of the description are joined with a space",
      "name: x\ndescription: one\n  two\n  three",
      { name: "x", description: "one two three" },
    ],
    ["no description at all is no skill", "name: x", null],
    ["no name at all is no skill", "description: d", null],
  ])("%s", (_why, body, want) => {
    expect(geminiSkillFields(fm(body))).toEqual(want);
  });

  it("a_file_without_frontmatter_is_no_skill", () => {
    expect(geminiSkillFields("name: x\ndescription: d\n")).toBeNull();
  });
});
