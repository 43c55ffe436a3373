import { readFileSync } from "node:fs";
import { join } from "node:path";
import AjvDraft04 from "ajv-draft-04";
import ajvFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import type { Finding } from "../../src/model/finding.js";
import { shouldColor } from "../../src/report/color.js";
import { sortFindings } from "../../src/report/findings.js";
import { escapeData, escapeProperty, githubCommand, renderGithub } from "../../src/report/github.js";
import { findingToJson } from "../../src/report/json.js";
import { toSarif } from "../../src/report/sarif.js";
import { toTerminal } from "../../src/report/terminal.js";
import { renderFindingsText } from "../../src/report/text.js";

const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, "../fixtures/lint/sarif-schema-2.1.0.json"), "utf8"),
);
// CommonJS modules: under NodeNext the default import is module.exports, whose `.default` is the export.
const ajv = new AjvDraft04.default({ allErrors: true, strict: false });
ajvFormats.default(ajv);
const validateSarif = ajv.compile(schema);

const d = (over: Partial<Finding> = {}): Finding => ({
  ruleId: "import-missing",
  file: "CLAUDE.md",
  line: 3,
  column: 5,
  severity: "error",
  message: "@docs/styl.md resolves to no file",
  help: "fix the path",
  ...over,
});

describe("github workflow commands", () => {
  it.each([
    ["100%", "100%25"],
    ["a\nb", "a%0Ab"],
    ["a\r\nb", "a%0D%0Ab"],
    ["%0A literal", "%250A literal"],
    ["a:b,c", "a:b,c"],
  ])("escape_data_%#_encodes_percent_cr_and_lf_only", (input, out) => {
    expect(escapeData(input)).toBe(out);
  });

  it.each([
    ["a:b", "a%3Ab"],
    ["a,b", "a%2Cb"],
    ["50%,x:\n", "50%25%2Cx%3A%0A"],
    ["dir/file name.md", "dir/file name.md"],
  ])("escape_property_%#_also_encodes_colon_and_comma", (input, out) => {
    expect(escapeProperty(input)).toBe(out);
  });

  it("an_error_becomes_one_error_command_with_file_line_col_and_rule_title", () => {
    expect(githubCommand(d())).toBe(
      "::error file=CLAUDE.md,line=3,col=5,title=import-missing::@docs/styl.md resolves to no file%0Ahelp: fix the path",
    );
  });

  it("warning_and_info_map_to_warning_and_notice_commands", () => {
    expect(githubCommand(d({ severity: "warning" }))).toMatch(/^::warning /);
    expect(githubCommand(d({ severity: "info" }))).toMatch(/^::notice /);
  });

  it("a_file_name_with_a_comma_and_colon_cannot_break_out_of_its_property", () => {
    const line = githubCommand(d({ file: "a,line=99:b.md", message: "m::x" }));
    expect(line).toContain("file=a%2Cline=99%3Ab.md,line=3,");
    // The message may contain `::`; only the first `::` after the properties ends them.
    expect(line.split("::")[1]).toBe("error file=a%2Cline=99%3Ab.md,line=3,col=5,title=import-missing");
  });

  it("end_line_and_end_column_are_emitted_when_known", () => {
    expect(githubCommand(d({ endLine: 4, endColumn: 9 }))).toContain("line=3,endLine=4,col=5,endColumn=9,");
  });

  it("every_finding_is_one_line_of_output", () => {
    const out = renderGithub([d({ message: "multi\nline\r\nmessage" }), d({ file: "B.md" })]);
    expect(out.split("\n").filter(Boolean)).toHaveLength(2);
  });
});

describe("text output", () => {
  it("lists_file_line_col_severity_rule_message_and_help_sorted_by_file", () => {
    const out = renderFindingsText(
      [
        d({ file: "z.md" }),
        d({ file: "a.md", severity: "warning", ruleId: "rule-globs-key", fixable: true }),
      ],
      { color: false },
    );
    expect(out).toBe(
      [
        "a.md:3:5 warning rule-globs-key @docs/styl.md resolves to no file",
        "  help: fix the path (fixable with --fix)",
        "z.md:3:5 error import-missing @docs/styl.md resolves to no file",
        "  help: fix the path",
        "1 error, 1 warning; 1 fixable with `agent-context lint --fix`",
        "",
      ].join("\n"),
    );
  });

  it("findings_of_one_rule_with_one_message_and_help_are_said_once_with_their_places_under_it", () => {
    const out = renderFindingsText(
      [
        d({ file: "z.md", line: 1, column: 1 }),
        d({ file: "a.md", line: 2, column: 1 }),
        d({ file: "m.md", ruleId: "rule-globs-key", help: "rename it" }),
        d({ file: "b.md", line: 1, column: 1 }),
        d({ file: "b.md", line: 4, column: 1 }),
      ],
      { color: false },
    );
    expect(out).toBe(
      [
        "error import-missing @docs/styl.md resolves to no file (4 places in 3 files)",
        "  a.md:2:1",
        "  b.md:1:1",
        "  b.md:4:1",
        "  z.md:1:1",
        "  help: fix the path",
        "m.md:3:5 error rule-globs-key @docs/styl.md resolves to no file",
        "  help: rename it",
        "5 errors, 0 warnings",
        "",
      ].join("\n"),
    );
  });

  it("findings_sharing_a_help_but_not_a_message_keep_their_lines_and_say_the_help_once", () => {
    const out = renderFindingsText(
      [
        d({ file: "b.md", severity: "info", message: "Codex never sees it" }),
        d({ file: "a.md", severity: "info", message: "Claude Code never sees it" }),
        d({ file: "a.md", line: 9, severity: "info", message: "Codex never sees it" }),
        d({ file: "c.md", severity: "warning", message: "Codex never sees it" }),
      ],
      { color: false },
    );
    expect(out).toBe(
      [
        "a.md:3:5 info import-missing Claude Code never sees it",
        "a.md:9:5 info import-missing Codex never sees it",
        "b.md:3:5 info import-missing Codex never sees it",
        "  help: fix the path",
        "c.md:3:5 warning import-missing Codex never sees it",
        "  help: fix the path",
        "0 errors, 1 warning, 3 infos",
        "",
      ].join("\n"),
    );
  });

  it("no_findings_says_no_problems", () => {
    expect(renderFindingsText([], { color: false })).toBe("no problems\n");
  });

  it("colour_codes_appear_only_when_asked", () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape
    const esc = /\u001b\[/;
    expect(renderFindingsText([d()], { color: false })).not.toMatch(esc);
    expect(toTerminal(renderFindingsText([d()], { color: true }))).toMatch(esc);
  });

  it.each([
    [{ isTTY: true }, {}, true],
    [{ isTTY: false }, {}, false],
    [{}, {}, false],
    [{ isTTY: true }, { NO_COLOR: "1" }, false],
    [{ isTTY: true }, { NO_COLOR: "" }, true],
    [{ isTTY: true }, { TERM: "dumb" }, false],
  ])("use_color_%#_only_on_a_tty_without_no_color", (stream, env, want) => {
    expect(shouldColor(stream, env as NodeJS.ProcessEnv)).toBe(want);
  });
});

describe("sarif output", () => {
  const root = "/tmp/repo with space";
  const many: Finding[] = [
    d(),
    d({ file: "docs/ünïcode file#1.md", severity: "warning", ruleId: "rule-globs-key", fixable: true }),
    d({ file: "/etc/outside.md", severity: "info", ruleId: "import-outside-cwd", endLine: 3, endColumn: 9 }),
  ];

  it("validates_against_the_official_sarif_2_1_0_schema", () => {
    const log = toSarif(many, {
      root,
      rules: [
        { id: "import-missing", description: "An @import resolves to no file", defaultSeverity: "error" },
      ],
    });
    const ok = validateSarif(log);
    expect(validateSarif.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it("an_empty_run_validates_too", () => {
    expect(validateSarif(toSarif([], { root }))).toBe(true);
  });

  it("the_schema_check_rejects_a_log_with_a_wrong_level", () => {
    // The validator can fail: a broken log does not pass.
    const log = toSarif([d()], { root }) as { runs: { results: { level: string }[] }[] };
    const first = log.runs[0]?.results[0];
    if (first) first.level = "fatal";
    expect(validateSarif(log)).toBe(false);
  });

  it("results_carry_rule_index_level_uri_and_region", () => {
    const log = toSarif(many, { root }) as {
      // biome-ignore lint/suspicious/noExplicitAny: SARIF object
      runs: any[];
    };
    const run = log.runs[0];
    const rules = run.tool.driver.rules.map((r: { id: string }) => r.id);
    for (const r of run.results) expect(rules[r.ruleIndex]).toBe(r.ruleId);
    const byRule = Object.fromEntries(run.results.map((r: { ruleId: string }) => [r.ruleId, r]));
    expect(byRule["import-missing"].level).toBe("error");
    expect(byRule["rule-globs-key"].level).toBe("warning");
    expect(byRule["import-outside-cwd"].level).toBe("note");
    expect(byRule["rule-globs-key"].locations[0].physicalLocation.artifactLocation).toEqual({
      uri: "docs/%C3%BCn%C3%AFcode%20file%231.md",
      uriBaseId: "%SRCROOT%",
    });
    expect(byRule["import-outside-cwd"].locations[0].physicalLocation.artifactLocation.uri).toBe(
      "file:///etc/outside.md",
    );
    expect(byRule["import-missing"].locations[0].physicalLocation.region).toEqual({
      startLine: 3,
      startColumn: 5,
    });
    expect(run.originalUriBaseIds["%SRCROOT%"].uri).toBe("file:///tmp/repo%20with%20space/");
  });
});

describe("one finding record for every renderer", () => {
  it("findings_sort_by_file_line_column_rule_then_severity_and_ties_keep_their_order", () => {
    const a = d({ line: 3, column: 9 });
    const b = d({ line: 3, column: 2 });
    const c = d({ line: 3, column: 2, ruleId: "import-beyond-hop-limit" });
    const e = d({ line: 1, column: 40 });
    const f = d({ file: "A.md", line: 9 });
    const g = d({ line: 3, column: 2, ruleId: "import-beyond-hop-limit", message: "second of a tie" });
    expect(sortFindings([a, b, c, e, f, g])).toEqual([f, e, c, g, b, a]);
  });

  it("a_finding_without_line_column_or_help_renders_at_1_1_without_a_help_line", () => {
    const bare: Finding = {
      ruleId: "read-failed",
      severity: "warning",
      file: "CLAUDE.md",
      message: "cannot read",
    };
    expect(renderFindingsText([bare], { color: false })).toBe(
      "CLAUDE.md:1:1 warning read-failed cannot read\n0 errors, 1 warning\n",
    );
    expect(githubCommand(bare)).toBe("::warning file=CLAUDE.md,line=1,col=1,title=read-failed::cannot read");
    expect(findingToJson(bare)).toEqual({
      ruleId: "read-failed",
      file: "CLAUDE.md",
      line: 1,
      column: 1,
      severity: "warning",
      message: "cannot read",
      help: "",
      fixable: false,
    });
    const log = toSarif([bare], { root: "/r" }) as {
      runs: {
        results: { message: { text: string }; locations: { physicalLocation: { region: unknown } }[] }[];
      }[];
    };
    const result = log.runs[0]?.results[0];
    expect(result?.message.text).toBe("cannot read");
    expect(result?.locations[0]?.physicalLocation.region).toEqual({ startLine: 1, startColumn: 1 });
    expect(validateSarif(log)).toBe(true);
  });
});
