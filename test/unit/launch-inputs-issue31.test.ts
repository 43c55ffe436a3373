/**
 * What the models say about the inputs issue 31 added (the behaviours themselves are held against the
 * recordings by test/slow/recorded-agreement.test.ts): the findings and entries a user sees, the fresh-clone view
 * ignoring the user layer, and the parsing of the variables and flags.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/agents/claude-code/index.js";
import { codexChain } from "../../src/agents/codex/chain.js";
import { copilotCli } from "../../src/agents/copilot-cli/index.js";
import { copilotCustomDirs } from "../../src/agents/copilot-cli/launch.js";
import { geminiCli } from "../../src/agents/gemini-cli/index.js";
import { geminiProjectSlug } from "../../src/agents/gemini-cli/launch.js";

/** A fresh directory holding `files` (a git repository at `repo/`). */
function tree(files: Record<string, string | Buffer>): string {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "ac-i31-")));
  mkdirSync(join(base, "repo", ".git"), { recursive: true });
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(base, p)), { recursive: true });
    writeFileSync(join(base, p), t);
  }
  return base;
}

describe("copilot-cli inputs", () => {
  it("custom_dirs_are_split_on_commas_trimmed_resolved_from_the_cwd_deduplicated_and_folders_only", () => {
    const b = tree({ "d1/x": "", "d2/x": "", "f.md": "" });
    expect(copilotCustomDirs(` ${b}/d2 , ,${b}/nope,d1,${b}/d2,${b}/f.md,~/t,${b}/d1:${b}/d2`, b)).toEqual([
      `${b}/d2`,
      `${b}/d1`,
    ]);
  });

  it("the_user_view_adds_a_custom_dirs_files_and_the_fresh_clone_ignores_the_variable", () => {
    const b = tree({ "repo/AGENTS.md": "ag\n", "ext/instructions/e.instructions.md": "EXT\n" });
    const env = { HOME: `${b}/home`, COPILOT_CUSTOM_INSTRUCTIONS_DIRS: `${b}/ext` };
    const user = copilotCli.launch({ root: `${b}/repo`, view: "user", user: { home: `${b}/home`, env } });
    expect(user.items.map((i) => i.path)).toContain(`${b}/ext/instructions/e.instructions.md`);
    const fresh = copilotCli.launch({ root: `${b}/repo`, user: { home: `${b}/home`, env } });
    expect(fresh.items.map((i) => i.path)).not.toContain(`${b}/ext/instructions/e.instructions.md`);
  });

  it("a_user_instruction_file_over_one_mib_is_a_finding_naming_the_limit", () => {
    const b = tree({
      "repo/AGENTS.md": "ag\n",
      "home/.copilot/instructions/big.instructions.md": "x".repeat(1024 * 1024 + 1),
      "home/.copilot/instructions/bad.instructions.md": Buffer.from([0x75, 0x80, 0x0a]),
    });
    const s = copilotCli.launch({
      root: `${b}/repo`,
      view: "user",
      user: { home: `${b}/home`, env: { HOME: `${b}/home` } },
    });
    const big = `${b}/home/.copilot/instructions/big.instructions.md`;
    expect(s.items.map((i) => i.path)).not.toContain(big);
    expect(s.findings).toContainEqual(
      expect.objectContaining({ ruleId: "copilot-user-file-skipped", file: big }),
    );
    expect(s.findings).toContainEqual(
      expect.objectContaining({
        ruleId: "read-failed",
        file: `${b}/home/.copilot/instructions/bad.instructions.md`,
      }),
    );
  });

  it("no_custom_instructions_as_an_agent_argument_loads_nothing_and_attaches_nothing", () => {
    const b = tree({ "repo/AGENTS.md": "ag\n", "repo/src/AGENTS.md": "src\n", "repo/src/x.ts": "x\n" });
    const s = copilotCli.launch({ root: `${b}/repo`, agentArgs: ["--no-custom-instructions"] });
    expect(s.items.filter((i) => i.kind === "memory")).toEqual([]);
    expect(copilotCli.onDemand?.(s).read(`${b}/repo/src/x.ts`).items).toEqual([]);
  });
});

describe("claude-code inputs", () => {
  it("an_agents_md_left_out_for_its_text_is_a_skipped_entry_naming_the_file_it_equals", () => {
    const b = tree({ "repo/.claude/rules/a.md": "Rule text.\n", "repo/AGENTS.md": "Rule text.\n" });
    const s = claudeCode.launch({ root: `${b}/repo`, release: "2.1.332" });
    expect(s.items.map((i) => i.path)).not.toContain("AGENTS.md");
    expect(s.skipped).toContainEqual(
      expect.objectContaining({ path: "AGENTS.md", hiddenBy: ".claude/rules/a.md" }),
    );
  });
});

describe("codex inputs", () => {
  it("a_budget_of_zero_loses_each_file_whole_and_says_so_in_the_truncation", () => {
    const b = tree({ "repo/AGENTS.md": "ROOT\n", "repo/a/AGENTS.md": "A\n" });
    const r = codexChain({ root: `${b}/repo`, cwd: "a", maxBytes: 0 });
    expect(r.message).toBe("");
    expect(r.truncated?.lostBytes).toEqual([
      { file: "AGENTS.md", bytes: 5 },
      { file: "a/AGENTS.md", bytes: 2 },
    ]);
    expect(r.items.map((i) => [i.path, i.bytes, i.reason])).toEqual([
      ["AGENTS.md", 0, expect.stringContaining("project_doc_max_bytes is 0")],
      ["a/AGENTS.md", 0, expect.stringContaining("project_doc_max_bytes is 0")],
    ]);
  });

  it("a_profile_file_wins_over_config_toml_only_with_the_profile_flag", () => {
    const b = tree({
      "repo/AGENTS.md": "ROOT-0123456789\n",
      "home/.codex/small.config.toml": "project_doc_max_bytes = 4\n",
      "home/.codex/config.toml": "project_doc_max_bytes = 8\n",
    });
    const codexHome = `${b}/home/.codex`;
    expect(codexChain({ root: `${b}/repo`, codexHome, profile: "small" }).budget.maxBytes).toBe(4);
    expect(codexChain({ root: `${b}/repo`, codexHome }).budget.maxBytes).toBe(8);
  });
});

describe("gemini-cli inputs", () => {
  it("the_private_memory_folder_is_the_registry_entry_else_the_slugified_directory_name", () => {
    const b = tree({});
    expect(geminiProjectSlug(`${b}/home/.gemini`, "/x/My Repo.v2")).toBe("my-repo-v2");
    expect(geminiProjectSlug(`${b}/home/.gemini`, "/x/--")).toBe("project");
    mkdirSync(`${b}/home/.gemini`, { recursive: true });
    writeFileSync(`${b}/home/.gemini/projects.json`, JSON.stringify({ projects: { "/x/repo": "repo-1" } }));
    expect(geminiProjectSlug(`${b}/home/.gemini`, "/x/repo")).toBe("repo-1");
  });

  it("the_private_memory_loads_in_the_user_view_only", () => {
    const b = tree({ "repo/GEMINI.md": "PROJ\n", "home/.gemini/tmp/repo/memory/MEMORY.md": "PRIVATE\n" });
    const env = { HOME: `${b}/home` };
    const user = geminiCli.launch({ root: `${b}/repo`, view: "user", user: { home: `${b}/home`, env } });
    const privatePath = `${b}/home/.gemini/tmp/repo/memory/MEMORY.md`;
    expect(user.items.map((i) => i.path)).toContain(privatePath);
    const fresh = geminiCli.launch({ root: `${b}/repo`, user: { home: `${b}/home`, env } });
    expect(fresh.items.map((i) => i.path)).not.toContain(privatePath);
  });
});
