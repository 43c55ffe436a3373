/**
 * Lint a team tunes, on the built CLI as a user runs it: the ordinary repository that keeps one file per
 * agent on purpose (issue 29), `--agent` lists, `lint.rules` in `.agent-context.json`, and a finding's help
 * said once over its files.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

const lint = (root: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, "lint", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CI: "", NO_COLOR: "1" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

/** One instruction file per agent, kept apart on purpose, in a git repository. */
function perAgentRepo(config?: unknown, more: Record<string, string> = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-lint-tune-")));
  made.push(root);
  const files: Record<string, string> = {
    "CLAUDE.md": "# Guide\n\nUse pnpm.\n",
    "AGENTS.md": "# Guide\n\nUse pnpm.\n",
    "GEMINI.md": "# Guide\n\nUse pnpm.\n",
    ".github/copilot-instructions.md": "# Guide\n\nUse pnpm.\n",
    ...(config ? { ".agent-context.json": `${JSON.stringify(config, null, 2)}\n` } : {}),
    ...more,
  };
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  spawnSync("git", ["init", "-q"], { cwd: root });
  return root;
}

describe("lint tuned on the built CLI", () => {
  it("a_help_shared_by_four_files_is_printed_once_with_the_files_under_it", () => {
    const r = lint(perAgentRepo());
    expect(r.code).toBe(0);
    const help = "help: if every agent should follow it, point the other agents' own files at it";
    expect(r.stdout.split(help).length - 1).toBe(1);
    // Four messages under one help: each keeps its line, the help follows the last.
    expect(r.stdout).toMatch(
      /^\.github\/copilot-instructions\.md:1:1 info memory-read-by-one-agent .*\nAGENTS\.md:1:1 info memory-read-by-one-agent .*\nCLAUDE\.md:1:1 info memory-read-by-one-agent .*\nGEMINI\.md:1:1 info memory-read-by-one-agent .*\n {2}help: if every agent/m,
    );
    // One message over two files: said once, the files under it.
    const r2 = lint(
      perAgentRepo(undefined, { ".claude/rules/a.md": "Use tabs.\n", ".claude/rules/b.md": "Use tabs.\n" }),
      "--agent",
      "claude-code",
    );
    expect(r2.stdout).toContain(
      "so its 9 bytes load on every main session (the built-in Explore and Plan subagents start without it) (2 files)\n  .claude/rules/a.md:1:1\n  .claude/rules/b.md:1:1\n  help: add `paths:`",
    );
  });

  it("agent_lists_restrict_the_run_and_an_unknown_id_is_a_usage_error", () => {
    const root = perAgentRepo();
    const all = JSON.parse(lint(root, "--json").stdout).diagnostics as { ruleId: string; file: string }[];
    const some = JSON.parse(lint(root, "--json", "--agent", "codex,claude-code").stdout).diagnostics as {
      ruleId: string;
      file: string;
    }[];
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(all.length);
    // GEMINI.md is missed by Claude Code and Codex (kept); AGENTS.md only by Gemini CLI and Copilot (dropped
    // from memory-unseen-by-agent, which is Gemini CLI's there).
    expect(some.filter((d) => d.ruleId === "memory-unseen-by-agent").map((d) => d.file)).toEqual([
      "GEMINI.md",
    ]);
    expect(lint(root, "--json", "--agent", "all").stdout).toBe(lint(root, "--json").stdout);
    const bad = lint(root, "--agent", "codex,codx");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      "--agent codx: must be one of claude-code, codex, gemini-cli, copilot-cli, all",
    );
  });

  it("lint_rules_in_the_configuration_set_severities_and_the_exit_status", () => {
    const raised = lint(perAgentRepo({ lint: { rules: { "memory-unseen-by-agent": "error" } } }), "--json");
    expect(raised.code).toBe(1);
    const off = lint(
      perAgentRepo({
        lint: { rules: { "memory-unseen-by-agent": "off", "memory-read-by-one-agent": "off" } },
      }),
    );
    expect(off.stdout).not.toContain("memory-");
    const typo = lint(perAgentRepo({ lint: { rules: { "memory-unseen-by-agnt": "off" } } }));
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(
      '.agent-context.json:4:7: "lint.rules" names "memory-unseen-by-agnt", which is no lint rule (did you mean "memory-unseen-by-agent"?)',
    );
  });
});
