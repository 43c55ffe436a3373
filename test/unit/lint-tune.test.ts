/**
 * Lint a team tunes (issue 29, item 4), in process on real repositories (test/support/rule-tester.ts):
 * `lint.rules` in `.agent-context.json` sets a rule's severity, turns it off or scopes it to agents;
 * `agents` (`lint --agent`) restricts the run; `<!-- agent-context-disable … -->` comments in an
 * instruction file silence findings there; the exit status follows the severities kept.
 */
import { describe, expect, it } from "vitest";
import { disableDirectives } from "../../src/lint/disable.js";
import { lintRepository } from "../../src/lint/index.js";
import { RULES } from "../../src/lint/rules/index.js";
import { renderLintOutput } from "../../src/report/command-output.js";
import { type LintCase, lintCaseRepo } from "../support/rule-tester.js";

/** CLAUDE.md imports a missing file (import-missing, an error) and a rule is unscoped (rule-unscoped, a warning). */
const BASE: Record<string, string> = {
  "CLAUDE.md": "# Project\n\nSee @docs/missing.md for more.\n",
  ".claude/rules/style.md": "Use tabs.\n",
};

function lint(files: Record<string, string>, opts: { agents?: string[]; config?: unknown } = {}) {
  const c: LintCase = {
    name: "x",
    files: { ...files, ...(opts.config ? { ".agent-context.json": JSON.stringify(opts.config) } : {}) },
  };
  const result = lintRepository({ root: lintCaseRepo(c), ...(opts.agents ? { agents: opts.agents } : {}) });
  const exit = renderLintOutput(result, "json", { color: false, rules: [] }).exitCode;
  const found = result.findings.map((f) => `${f.ruleId} ${f.severity} ${f.file}:${f.line ?? 1}`).sort();
  return { found, exit, result };
}

describe("lint.rules in the configuration", () => {
  it("without_a_setting_each_rule_keeps_its_default_severity_and_an_error_fails", () => {
    const { found, exit } = lint(BASE);
    expect(found).toContain("import-missing error CLAUDE.md:3");
    expect(found).toContain("rule-unscoped warning .claude/rules/style.md:1");
    expect(exit).toBe(1);
  });

  it("a_severity_replaces_the_default_and_the_exit_status_follows_the_severities_kept", () => {
    const { found, exit } = lint(BASE, {
      config: { lint: { rules: { "import-missing": "warn", "rule-unscoped": "info" } } },
    });
    expect(found).toContain("import-missing warning CLAUDE.md:3");
    expect(found).toContain("rule-unscoped info .claude/rules/style.md:1");
    expect(found.filter((f) => f.includes(" error "))).toEqual([]);
    expect(exit).toBe(0);
    const raised = lint(BASE, {
      config: { lint: { rules: { "import-missing": "off", "rule-unscoped": "error" } } },
    });
    expect(raised.found).toContain("rule-unscoped error .claude/rules/style.md:1");
    expect(raised.exit).toBe(1);
  });

  it("off_removes_the_rule_and_its_findings", () => {
    const { found, exit } = lint(BASE, { config: { lint: { rules: { "import-missing": "off" } } } });
    expect(found.some((f) => f.startsWith("import-missing"))).toBe(false);
    expect(found).toContain("rule-unscoped warning .claude/rules/style.md:1");
    expect(exit).toBe(0);
  });

  it("a_rule_scoped_to_agents_reports_only_findings_about_them", () => {
    // Only Copilot CLI loads it: memory-read-by-one-agent is about the agents that never see it.
    const files = { ".github/copilot-instructions.md": "# Copilot\n\nKeep it short.\n" };
    const F = "memory-read-by-one-agent info .github/copilot-instructions.md:1";
    expect(lint(files).found).toContain(F);
    const scoped = (agents: string[], severity?: string) =>
      lint(files, {
        config: {
          lint: { rules: { "memory-read-by-one-agent": { agents, ...(severity ? { severity } : {}) } } },
        },
      });
    expect(scoped(["copilot-cli"]).found).not.toContain(F);
    const same = scoped(["codex"], "error");
    expect(same.found).toContain(F.replace(" info ", " error "));
    expect(same.exit).toBe(1);
  });
});

describe("lint --agent", () => {
  it("a_run_for_codex_drops_what_only_claude_code_gets_wrong", () => {
    const { found } = lint(BASE, { agents: ["codex"] });
    expect(found.filter((f) => f.startsWith("import-") || f.startsWith("rule-"))).toEqual([]);
  });

  it("a_run_for_claude_code_keeps_its_rules_and_drops_a_file_only_other_agents_miss", () => {
    const { found } = lint(BASE, { agents: ["claude-code"] });
    expect(found).toContain("import-missing error CLAUDE.md:3");
    // CLAUDE.md is loaded by Claude Code; the agents that miss it (Codex, Gemini CLI) are not selected.
    expect(found.some((f) => f.startsWith("memory-read-by-one-agent"))).toBe(false);
    expect(lint(BASE, { agents: ["claude-code", "codex"] }).found).toContain(
      "memory-read-by-one-agent info CLAUDE.md:1",
    );
  });

  it("every_rule_names_the_registered_agents_it_is_about_or_leaves_each_finding_to_say", () => {
    const ids = ["claude-code", "codex", "gemini-cli", "copilot-cli"];
    const perFinding = new Set([
      "agent-limit",
      "file-unreadable",
      "hidden-from-model",
      "memory-read-by-one-agent",
      "skill-name-too-long",
    ]);
    for (const r of RULES) {
      if (perFinding.has(r.meta.id)) expect(r.meta.agents, r.meta.id).toBeUndefined();
      else {
        expect(r.meta.agents?.length, r.meta.id).toBeGreaterThan(0);
        for (const a of r.meta.agents ?? []) expect(ids, r.meta.id).toContain(a);
      }
    }
  });
});

describe("disable comments in instruction files", () => {
  it("a_disable_next_line_comment_silences_the_named_rule_on_the_next_line_only", () => {
    const { found } = lint({
      ...BASE,
      "CLAUDE.md":
        "# Project\n\n<!-- agent-context-disable-next-line import-missing -->\nSee @docs/missing.md.\n\nAnd @docs/gone.md.\n",
    });
    expect(found.filter((f) => f.startsWith("import-missing"))).toEqual(["import-missing error CLAUDE.md:6"]);
  });

  it("a_comment_naming_another_rule_silences_nothing", () => {
    const { found } = lint({
      ...BASE,
      "CLAUDE.md":
        "# Project\n\n<!-- agent-context-disable-next-line rule-unscoped -->\nSee @docs/missing.md.\n",
    });
    expect(found).toContain("import-missing error CLAUDE.md:4");
  });

  it("a_file_level_comment_silences_its_rules_in_that_file_and_a_bare_one_every_rule", () => {
    const named = lint({
      ...BASE,
      ".claude/rules/style.md":
        "<!-- agent-context-disable rule-unscoped, memory-read-by-one-agent -->\nUse tabs.\n",
    });
    expect(named.found.some((f) => f.includes(".claude/rules/style.md"))).toBe(false);
    expect(named.found).toContain("import-missing error CLAUDE.md:3");
    const bare = lint({ ...BASE, "CLAUDE.md": `${BASE["CLAUDE.md"]}\n<!-- agent-context-disable -->\n` });
    expect(bare.found.some((f) => f.includes(" CLAUDE.md:"))).toBe(false);
    expect(bare.exit).toBe(0);
  });

  it("a_comment_inside_a_paragraph_or_a_code_block_is_not_a_directive", () => {
    for (const text of [
      "# Project\n\nSee @docs/missing.md. <!-- agent-context-disable -->\n",
      "# Project\n\nSee @docs/missing.md.\n\n```\n<!-- agent-context-disable -->\n```\n",
      "# Project\n\nSee @docs/missing.md.\n\n    <!-- agent-context-disable -->\n",
    ])
      expect(lint({ ...BASE, "CLAUDE.md": text }).found, text).toContain("import-missing error CLAUDE.md:3");
  });

  it("directives_are_read_with_their_lines_ids_and_notes", () => {
    expect(
      disableDirectives(
        "---\npaths: x\n---\n<!-- agent-context-disable a b,c -- kept for the API docs -->\n\n<!--\nagent-context-disable-next-line\n-->\nX\r\n<!-- other --><!-- agent-context-disable-next-line d -->\nY\n",
      ),
    ).toEqual([
      { ruleIds: ["a", "b", "c"], at: 4 },
      { ruleIds: [], at: 6, line: 9 },
      { ruleIds: ["d"], at: 10, line: 11 },
    ]);
    expect(disableDirectives("<!-- agent-context-disabled -->\n")).toEqual([]);
  });
});
