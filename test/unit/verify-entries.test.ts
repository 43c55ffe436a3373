/**
 * verify's list entries (skills, subagents, commands): the comparison entry by entry, and the copy's
 * allowlist of the files the lists are read from (src/verify/entries.ts, src/verify/sandbox.ts), in
 * process on real files.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agents } from "../../src/agents/index.js";
import type { DeliveredEntry } from "../../src/model/index.js";
import { compareDelivery } from "../../src/verify/compare.js";
import { dashEntryName, entryDifferences } from "../../src/verify/entries.js";
import { makeSandbox, SANDBOX_MAX_SOURCES } from "../../src/verify/sandbox.js";

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

const e = (list: string, name: string, text = `- ${name}: d`): DeliveredEntry => ({ list, name, text });

describe("entries compared by list and name", () => {
  it("an_entry_only_the_cli_lists_is_missing_one_only_the_model_lists_is_extra_and_a_changed_one_differs", () => {
    const model = [e("skills", "a"), e("skills", "b", "- b: old"), e("agents", "x")];
    const cli = [e("skills", "a"), e("skills", "b", "- b: new"), e("skills", "c")];
    expect(entryDifferences(model, cli)).toEqual([
      { kind: "text", entry: "skills b", list: "skills", model: "- b: old", cli: "- b: new" },
      { kind: "missing", entry: "skills c", list: "skills", cli: "- c: d" },
      { kind: "extra", entry: "agents x", list: "agents", model: "- x: d" },
    ]);
  });

  it("the_same_entries_in_another_order_are_one_order_difference_per_list", () => {
    const model = [e("skills", "a"), e("skills", "b"), e("agents", "x")];
    const cli = [e("skills", "b"), e("skills", "a"), e("agents", "x")];
    expect(entryDifferences(model, cli)).toEqual([
      { kind: "order", list: "skills", model: "a, b", cli: "b, a" },
    ]);
  });

  it("a_name_listed_twice_by_the_cli_and_once_by_the_model_is_one_missing_entry", () => {
    const d = entryDifferences([e("skills", "a")], [e("skills", "a"), e("skills", "a")]);
    expect(d).toEqual([{ kind: "missing", entry: "skills a", list: "skills", cli: "- a: d" }]);
  });

  it("a_runner_that_reads_no_lists_compares_no_entries", () => {
    expect(
      compareDelivery("launch", { files: [], entries: [e("skills", "a")] }, { files: [] }, (p) => p),
    ).toEqual([]);
  });

  it("a_dash_entry_is_named_by_what_comes_before_its_first_colon_space", () => {
    expect(dashEntryName("- ops:deep:x: Restarts: all")).toBe("ops:deep:x");
    expect(dashEntryName("- mismatch (other): d")).toBe("mismatch (other)");
    expect(dashEntryName("- bare")).toBe("bare");
    expect(dashEntryName("- multi: a\nb")).toBe("multi");
  });
});

function repo(files: Record<string, string>, links: Record<string, string> = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-verify-entries-")));
  made.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  for (const [rel, target] of Object.entries(links)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    symlinkSync(target, join(root, rel));
  }
  return root;
}

function sandbox(root: string) {
  const copyRoot = realpathSync(mkdtempSync(join(tmpdir(), "ac-verify-entries-copy-")));
  made.push(copyRoot);
  const runners = agents().flatMap((a) => (a.capabilities?.verify ? [a.capabilities.verify] : []));
  return makeSandbox({
    root,
    copyRoot,
    memoryNames: new Set(agents().flatMap((a) => a.memoryFileNames)),
    instructionFile: (rel) => runners.some((r) => r.instructionFile(rel)),
    listedSource: (rel) => runners.some((r) => r.listedSource(rel)),
    runner: { settingsFile: () => false, rewriteSettings: () => undefined },
    reads: [],
    seeds: () => [],
  });
}

describe("the copy holds the files the lists are read from and nothing beside them", () => {
  it("skill_md_subagent_and_command_files_of_every_agent_are_copied_and_scripts_hooks_and_assets_are_not", () => {
    const sk = "---\nname: s\ndescription: d\n---\nx\n";
    const root = repo({
      ".claude/skills/s/SKILL.md": sk,
      ".claude/skills/s/scripts/run.sh": "#!/bin/sh\n",
      ".claude/skills/s/reference.md": "more\n",
      ".claude/agents/a.md": sk,
      ".claude/commands/ops/c.md": sk,
      ".codex/skills/deep/x/SKILL.md": sk,
      ".agents/skills/y/SKILL.md": sk,
      ".agents/skills/y/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n",
      ".agents/skills/y/run.py": "print(1)\n",
      ".github/skills/z/SKILL.md": sk,
      ".github/agents/g.md": sk,
      ".gemini/skills/w/SKILL.md": sk,
      ".claude/hooks/h.sh": "#!/bin/sh\n",
      ".claude/output-styles/o.md": "style\n",
    });
    const box = sandbox(root);
    expect([...box.files].sort()).toEqual(
      [
        ".agents/skills/y/SKILL.md",
        ".agents/skills/y/agents/openai.yaml",
        ".claude/agents/a.md",
        ".claude/commands/ops/c.md",
        ".claude/skills/s/SKILL.md",
        ".codex/skills/deep/x/SKILL.md",
        ".gemini/skills/w/SKILL.md",
        ".github/agents/g.md",
        ".github/skills/z/SKILL.md",
      ].sort(),
    );
    expect(box.limits).toEqual([]);
  });

  it("a_skill_md_linked_out_of_the_repository_is_named_and_not_copied", () => {
    const outside = repo({ "SKILL.md": "---\nname: out\ndescription: secret\n---\n" });
    const root = repo({}, { ".claude/skills/out/SKILL.md": join(outside, "SKILL.md") });
    const box = sandbox(root);
    expect(box.files).toEqual([]);
    expect(box.notCopied).toEqual([
      { file: ".claude/skills/out/SKILL.md", why: "its real path leaves the repository" },
    ]);
  });

  it("more_skills_than_the_bound_stop_the_copy_and_say_so", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i <= SANDBOX_MAX_SOURCES; i++) files[`.claude/skills/s${i}/SKILL.md`] = "x\n";
    const box = sandbox(repo(files));
    expect(box.files).toHaveLength(SANDBOX_MAX_SOURCES);
    expect(box.limits).toEqual([
      expect.stringMatching(/^the copy stopped after 2,000 skill, subagent and command files \(/),
    ]);
  });
});
