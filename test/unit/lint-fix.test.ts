import { describe, expect, it } from "vitest";
import { fixRuleText } from "../../src/lint/fix.js";
import { RULES } from "../../src/lint/rules/index.js";
import { yamlQuote } from "../../src/lint/rules/rule-frontmatter-yaml.js";

const accept = () => true;

describe("lint --fix text edits (byte for byte)", () => {
  it.each([
    [
      "globs_list_renamed",
      "---\nglobs:\n  - src/**/*.ts\n---\nBody\n",
      "---\npaths:\n  - src/**/*.ts\n---\nBody\n",
      ["rule-globs-key"],
    ],
    [
      "globs_string_renamed",
      "---\nglobs: src/**/*.ts\n---\nBody\n",
      "---\npaths: src/**/*.ts\n---\nBody\n",
      ["rule-globs-key"],
    ],
    [
      "globs_star_scalar_renamed_and_quoted",
      "---\nglobs: **/*.ts\n---\nBody\n",
      '---\npaths: "**/*.ts"\n---\nBody\n',
      ["rule-frontmatter-yaml", "rule-globs-key"],
    ],
    [
      "star_list_item_quoted_others_kept",
      '---\npaths:\n  - **/*.ts\n  - "src/**"\n  - lib/*.js\n---\nBody\n',
      '---\npaths:\n  - "**/*.ts"\n  - "src/**"\n  - lib/*.js\n---\nBody\n',
      ["rule-frontmatter-yaml"],
    ],
    [
      "crlf_and_bom_kept",
      "\uFEFF---\r\nglobs:\r\n  - **/*.md\r\n---\r\nBody\r\n",
      '\uFEFF---\r\npaths:\r\n  - "**/*.md"\r\n---\r\nBody\r\n',
      ["rule-frontmatter-yaml", "rule-globs-key"],
    ],
    [
      "trailing_comment_kept",
      "---\npaths:\n  - **/*.ts   # every TypeScript file\n---\n",
      '---\npaths:\n  - "**/*.ts"   # every TypeScript file\n---\n',
      ["rule-frontmatter-yaml"],
    ],
    [
      "other_keys_and_body_untouched",
      "---\ndescription: *bold* claim\nglobs:\n  - src/**\n---\nglobs: in the body\n  - **/*.ts\n",
      "---\ndescription: *bold* claim\npaths:\n  - src/**\n---\nglobs: in the body\n  - **/*.ts\n",
      ["rule-globs-key"],
    ],
    [
      "brace_glob_quoted",
      "---\npaths:\n  - {src,lib}/**/*.ts\n---\n",
      '---\npaths:\n  - "{src,lib}/**/*.ts"\n---\n',
      ["rule-frontmatter-yaml"],
    ],
  ])("%s", (_name, input, output, ids) => {
    const r = fixRuleText(input, accept, RULES);
    expect(r?.text).toBe(output);
    expect(r?.ruleIds).toEqual(ids);
  });

  it.each([
    ["nothing_to_fix", "---\npaths:\n  - src/**\n---\nBody\n"],
    ["no_frontmatter", "Body only\nglobs: x\n"],
    ["frontmatter_not_on_the_first_line_is_not_guessed_at", "\n---\nglobs:\n  - src/**\n---\n"],
    ["unclosed_frontmatter", "---\nglobs:\n  - src/**\n"],
    ["globs_next_to_paths_is_left_for_a_human", "---\npaths:\n  - src/**\nglobs:\n  - lib/**\n---\n"],
    ["a_nested_globs_key_is_not_renamed", "---\nmetadata:\n  globs:\n    - src/**\n---\n"],
    ["already_quoted_star", "---\npaths:\n  - \"**/*.ts\"\n  - '*.md'\n---\n"],
  ])("no_fix_when_%s", (_name, input) => {
    expect(fixRuleText(input, accept, RULES)).toBeNull();
  });

  it("a_fix_the_verifier_rejects_is_not_applied", () => {
    expect(fixRuleText("---\nglobs: src/**\n---\n", () => false, RULES)).toBeNull();
  });

  it("the_verifier_receives_the_intended_globs", () => {
    let seen: string[] = [];
    fixRuleText(
      '---\nglobs:\n  - **/*.ts\n  - "src/**"\n---\n',
      (_t, g) => {
        seen = g;
        return true;
      },
      RULES,
    );
    expect(seen).toEqual(["**/*.ts", "src/**"]);
  });

  it.each([
    ["**/*.ts", '"**/*.ts"'],
    ['a"b', "'a\"b'"],
    ["a\\b", "'a\\b'"],
    ["it's\\x", "'it''s\\x'"],
  ])("yaml_quote_%s", (input, out) => {
    expect(yamlQuote(input)).toBe(out);
  });
});
