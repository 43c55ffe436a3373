/**
 * `router-shard-unusable` decides on the router problem's `kind`, never on its words: a trigger that cannot
 * be compiled (kind `unusable-trigger`, router-dead-trigger's) is left out, a malformed row is reported at
 * its line, with the router's message as it is (the finding places it; the message does not repeat it).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import rule from "../../src/lint/rules/router-shard-unusable.js";
import { ruleTester } from "../support/rule-tester.js";

const SHARD = ".agent-context/routers/feature.md";
const LONG = `src/${"a".repeat(1100)}/**`;
const TEXT = `# Feature\n\n\`${LONG}\` | RULE-A → rules/ |\n\`unclosed | RULE-B\n\`*.kt\` | RULE-C → rules/ |\n`;

ruleTester(rule, {
  valid: [
    {
      name: "a_trigger_too_long_to_compile_is_left_to_router_dead_trigger",
      files: { [SHARD]: `\`${LONG}\` | R |\n` },
    },
  ],
  invalid: [
    {
      name: "a_malformed_row_is_reported_at_its_line_and_the_uncompilable_trigger_beside_it_is_not",
      files: { [SHARD]: TEXT },
      errors: [{ file: SHARD, line: 4, column: 1 }],
    },
  ],
});

describe("router-shard-unusable's message", () => {
  const root = mkdtempSync(join(tmpdir(), "ac-rsu-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is_the_router_s_message_without_the_shard_s_place", () => {
    mkdirSync(join(root, ".agent-context/routers"), { recursive: true });
    writeFileSync(join(root, SHARD), TEXT);
    const found = rule.check({ root, config: {} } as never) as { file: string; message: string }[];
    expect(found.map((f) => f.file)).toEqual([SHARD]);
    expect(found[0]?.message).toMatch(/^a trigger's backtick is not closed/);
  });
});
