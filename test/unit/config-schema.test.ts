/**
 * `.agent-context.json` against its JSON Schema (agent-context.schema.json, shipped in the package): the
 * generated validator is what the schema generates; the schema and the checks that word the errors agree on
 * a table of configurations (the schema compiled here by Ajv, independently of the generated code); unknown
 * keys at any depth are warnings with the nearest key; every problem is one line with its line and column.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, no declarations
import { generate, generateSchema } from "../../scripts/config-schema.mjs";
import { CONFIG_KEYS, checkConfig, parseConfig, unknownKeyWarnings } from "../../src/config.js";
import { UsageError } from "../../src/errors.js";
import { CHARGEABLE_KINDS } from "../../src/model/item.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SCHEMA = JSON.parse(readFileSync(resolve(ROOT, "agent-context.schema.json"), "utf8"));
const F = "/repo/.agent-context.json";

function refusal(text: string): string {
  try {
    parseConfig(text, F);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error(`accepted: ${text}`);
}

describe("the schema of .agent-context.json", () => {
  it("ships_with_the_package_with_a_schema_and_an_id", () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8"));
    expect(pkg.files).toContain("agent-context.schema.json");
    expect(SCHEMA.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(SCHEMA.$id).toMatch(/^urn:agent-context:/);
  });

  it("the_shipped_schema_is_what_the_config_type_generates", () => {
    // src/config/schema.ts is the single source: a description or constraint edited in the schema file
    // alone, or in the type without regenerating, fails here (run node scripts/config-schema.mjs).
    expect(readFileSync(resolve(ROOT, "agent-context.schema.json"), "utf8")).toBe(generateSchema());
  });

  it("the_generated_validator_is_what_the_schema_generates", () => {
    expect(readFileSync(resolve(ROOT, "src/config/validate.ts"), "utf8")).toBe(generate());
  });

  it("every_key_and_definition_of_the_schema_has_a_description_for_editors", () => {
    const missing: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== "object") return;
      const n = node as { properties?: Record<string, unknown>; definitions?: Record<string, unknown> };
      for (const [k, v] of Object.entries(n.properties ?? {})) {
        if (!(v as { description?: string }).description) missing.push(`${at}.${k}`);
        walk(v, `${at}.${k}`);
      }
      for (const [k, v] of Object.entries(n.definitions ?? {})) {
        if (!(v as { description?: string }).description) missing.push(`definitions.${k}`);
        walk(v, `definitions.${k}`);
      }
      for (const v of (node as { anyOf?: unknown[] }).anyOf ?? []) walk(v, at);
    };
    walk(SCHEMA, "");
    expect(missing).toEqual([]);
    expect(SCHEMA.definitions.RepositoryPath.not.pattern).toBe("^/|^[A-Za-z]:|(^|[\\\\/])\\.\\.([\\\\/]|$)");
  });

  it("names_the_keys_and_kinds_the_code_knows", () => {
    expect(Object.keys(SCHEMA.properties)).toEqual(
      [...CONFIG_KEYS].sort((a, b) => (a === "$schema" ? -1 : b === "$schema" ? 1 : 0)),
    );
    expect(SCHEMA.definitions.Kind.enum).toEqual([...CHARGEABLE_KINDS]);
  });

  const cases: unknown[] = [
    {},
    { cap: 0 },
    { cap: 4096, $schema: "./node_modules/agent-context/agent-context.schema.json" },
    { cap: -1 },
    { cap: 1.5 },
    { cap: "4096" },
    { cap: null },
    { charge: ["memory", "skill"] },
    { charge: ["local"] },
    { charge: ["routed"] },
    { charge: "memory" },
    { charge: [1] },
    { caps: { skill: 10 } },
    { caps: { skills: 10 } },
    { caps: { skill: -1 } },
    { caps: [] },
    { agents: { codex: { cap: 1, charge: [], caps: { command: 0 } } } },
    { agents: { codex: 5 } },
    { agents: { codex: null } },
    { agents: [] },
    { agents: { codex: { cap: "x" } } },
    { routers: ["a/*.md", "./b/**/*.md"] },
    { routers: "a/*.md" },
    { routers: ["/etc/*.md"] },
    { routers: ["a/../../b"] },
    { routers: ["..\\x"] },
    { routers: ["c:/x"] },
    { routers: ["a..b/x.md", "..x/y.md"] },
    { unlowerable: [".claude/rules/a.md"] },
    { unlowerable: [1] },
    { unlowerable: ["../a.md"] },
    { hook: { maxRows: 1, maxBytes: 1, oncePerSession: false } },
    { hook: { maxRows: 0 } },
    { hook: { maxBytes: 2.5 } },
    { hook: { oncePerSession: "yes" } },
    { hook: [] },
    { hook: null },
    { $schema: 1 },
    { lint: {} },
    { lint: { rules: { "rule-unscoped": "off", "import-missing": "warn", "x-y": "info" } } },
    { lint: { rules: { "rule-unscoped": { severity: "error", agents: ["claude-code"] } } } },
    { lint: { rules: { "rule-unscoped": {} } } },
    { lint: { rules: { "rule-unscoped": "warning" } } },
    { lint: { rules: { "rule-unscoped": 1 } } },
    { lint: { rules: { "rule-unscoped": { severity: "loud" } } } },
    { lint: { rules: { "rule-unscoped": { agents: [] } } } },
    { lint: { rules: { "rule-unscoped": { agents: "codex" } } } },
    { lint: { rules: { "rule-unscoped": { sevrity: "off" } } } },
    { lint: { rules: [] } },
    { lint: [] },
    [],
    "x",
    3,
  ];
  const ajv = new Ajv({ allErrors: true, strict: true });
  const schemaValidate = ajv.compile(SCHEMA);
  it.each(cases.map((c) => [JSON.stringify(c), c]))("the_schema_and_the_checks_agree_on_%s", (text) => {
    schemaValidate(JSON.parse(text));
    const refusedBySchema = (schemaValidate.errors ?? []).some((e) => e.keyword !== "additionalProperties");
    let refused = false;
    try {
      parseConfig(text, F);
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      refused = true;
    }
    expect(refused).toBe(refusedBySchema);
  });
});

describe("what a configuration mistake prints", () => {
  const text = [
    "{",
    '  "cap": 4096,',
    '  "agents": {',
    '    "claude": { "cap": 100 },',
    '    "codex": { "capp": 5 }',
    "  },",
    '  "hook": { "maxrows": 3 },',
    '  "caps": { "skil": 1 },',
    '  "charge": ["memory"],',
    '  "cpa": 1',
    "}",
  ].join("\n");

  it("unknown_keys_at_any_depth_are_warnings_at_their_line_and_column_with_the_nearest_key", async () => {
    // The registry loaded, as in the CLI (and as another file of the worker may have loaded it already).
    await import("../../src/agents/index.js");
    const { warnings } = checkConfig(text.replace('"skil"', '"skill"'), F);
    expect(warnings).toEqual([
      `warning: ${F}:10:3: unknown key "cpa" is ignored (did you mean "cap"?); known keys: cap, tokenCap, charge, caps, agents, routers, unlowerable, hook, lint`,
      `warning: ${F}:5:16: unknown key "agents.codex.capp" is ignored (did you mean "cap"?); known keys in "agents.codex": cap, tokenCap, charge, caps, release`,
      `warning: ${F}:7:13: unknown key "hook.maxrows" is ignored (did you mean "maxRows"?); known keys in "hook": maxRows, maxBytes, oncePerSession`,
      `warning: ${F}:4:5: "agents.claude" names no agent and is ignored (did you mean "claude-code"?); agents: claude-code, codex, gemini-cli, copilot-cli`,
    ]);
  });

  it("an_agent_id_no_agent_has_is_named_with_the_nearest_id_once_the_registry_is_loaded", async () => {
    await import("../../src/agents/index.js");
    const warnings = unknownKeyWarnings(JSON.parse(text.replace('"skil"', '"skill"')), F, text);
    expect(warnings).toContain(
      `warning: ${F}:4:5: "agents.claude" names no agent and is ignored (did you mean "claude-code"?); agents: claude-code, codex, gemini-cli, copilot-cli`,
    );
  });

  it("every_type_error_is_one_line_at_its_line_and_column", () => {
    const m = refusal('{\n  "cap": "big",\n  "charge": ["memroy"],\n  "hook": { "maxRows": 0 }\n}\n');
    expect(m.split("\nagent-context: ")).toEqual([
      `${F}:2:10: "cap" must be a non-negative whole number of bytes, got "big"`,
      `${F}:3:14: "charge" names "memroy" (did you mean "memory"?); each kind must be one of ${CHARGEABLE_KINDS.join(", ")}`,
      `${F}:4:24: "hook.maxRows" must be a positive whole number, got 0`,
    ]);
    expect(refusal(text)).toBe(
      `${F}:8:13: "caps" names "skil" (did you mean "skill"?); each key must be one of ${CHARGEABLE_KINDS.join(", ")}`,
    );
  });

  it("a_lint_rule_setting_is_refused_at_its_line_and_column_with_the_nearest_word", async () => {
    await import("../../src/agents/index.js");
    const m = refusal(
      [
        "{",
        '  "lint": {',
        '    "rules": {',
        '      "rule-unscoped": "warning",',
        '      "import-missing": { "sevrity": "off", "agents": ["codx"] }',
        "    }",
        "  }",
        "}",
      ].join("\n"),
    );
    expect(m.split("\nagent-context: ")).toEqual([
      `${F}:4:24: "lint.rules.rule-unscoped" must be one of "off", "info", "warn", "error", got "warning" (did you mean "warn"?)`,
      `${F}:5:27: "lint.rules.import-missing" has the unknown key "sevrity" (did you mean "severity"?); a rule's object holds "severity" and "agents"`,
      `${F}:5:56: "lint.rules.import-missing.agents" names "codx", which is no agent (did you mean "codex"?); agents: claude-code, codex, gemini-cli, copilot-cli`,
    ]);
  });

  it("a_lint_rule_id_no_rule_has_is_an_error_naming_the_nearest_id_once_lint_is_loaded", async () => {
    const text = '{\n  "lint": { "rules": { "rule-unscopped": "off" } }\n}\n';
    expect(() => parseConfig(text, F)).not.toThrow();
    await import("../../src/lint/index.js");
    expect(refusal(text)).toBe(
      `${F}:2:24: "lint.rules" names "rule-unscopped", which is no lint rule (did you mean "rule-unscoped"?); the rules: docs/commands/lint.md`,
    );
  });

  it("json_that_does_not_parse_is_named_at_its_line_and_column_and_never_told_to_be_deleted", () => {
    const m = refusal('{\n  "cap": 10,\n  "x": 1,\n}\n');
    expect(m).toBe(`${F}:4:1: not valid JSON (Expected double-quoted property name); fix it there`);
    expect(refusal('{\n  "cap": 1,\n  "cap": 2\n}')).toMatch(new RegExp(`^${F}:3:3: "cap" is given twice`));
  });
});
