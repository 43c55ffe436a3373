/**
 * The Claude Code model against the recorded sources cases (test/conformance/sources.fixtures.ts, re-recorded
 * live by sources-cli.test.ts): for every claude-code case, on its release, the model's skill, command,
 * subagent and auto-memory items hold exactly the recorded entry texts, in the recorded order, and each
 * item's bytes are its entry plus the list's separator. In process, no CLI: the case's files are written as
 * the live test writes them (repository, HOME, the config dir) and the model runs in the user view with
 * CLAUDE_CONFIG_DIR set, as the CLI ran; a case without user files gives the same lists in the fresh-clone
 * view. An output style is checked against the text the request must contain.
 */
import { mkdirSync, realpathSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claudeCode } from "../../src/agents/claude-code/index.js";
import { claudeAutoMemoryText, claudeProjectKey as modelKey } from "../../src/agents/claude-code/sources.js";
import type { Snapshot } from "../../src/model/index.js";
import { tempDir, writeLayout } from "../support/codex-layout.js";
import {
  claudeProjectKey,
  LIST_SEPARATOR,
  type ListId,
  SOURCES_CASES,
  type SourcesCase,
} from "./sources.fixtures.js";

const CASES = SOURCES_CASES.filter((c) => c.agent === "claude-code");
const created: string[] = [];
afterAll(() => {
  for (const d of created) rmSync(d, { recursive: true, force: true });
});

/** A plugin loaded by `--plugin-dir` (a flag of one run): not modelled; installed plugins are. */
const PLUGIN = /a_local_plugin/;

const LIST_OF: Record<string, ListId> = {
  skills: "claude-code.skills",
  agents: "claude-code.agents",
  "auto-memory": "claude-code.auto-memory",
};

interface Laid {
  repo: string;
  home: string;
  config: string;
}

function layOut(c: SourcesCase): Laid {
  const base = realpathSync(tempDir("ac-ccsrc-"));
  created.push(base);
  const repo = join(base, c.repoDir ?? "repo");
  const home = join(base, "home");
  const config = join(home, ".claude-config");
  mkdirSync(repo, { recursive: true });
  mkdirSync(config, { recursive: true });
  writeLayout(repo, {
    ...(c.git === false ? {} : { ".git": { git: true } }),
    ...c.files,
    ...Object.fromEntries(Object.entries(c.links ?? {}).map(([k, v]) => [k, { link: v }])),
  });
  if (c.home) writeLayout(home, c.home);
  if (c.config)
    writeLayout(
      config,
      Object.fromEntries(
        Object.entries(c.config).map(([k, v]) => [k, v.replaceAll("<C>", config).replaceAll("<R>", repo)]),
      ),
    );
  if (c.autoMemory !== undefined)
    writeLayout(config, { [`projects/${claudeProjectKey(repo)}/memory/MEMORY.md`]: c.autoMemory });
  return { repo, home, config };
}

/** The case's `--add-dir` arguments, `<R>` made the repository's path. */
const addDirsOf = (c: SourcesCase, laid: Laid): string[] =>
  (c.args ?? []).flatMap((a, i, all) =>
    all[i - 1] === "--add-dir" ? [resolve(a.replaceAll("<R>", laid.repo))] : [],
  );

function run(c: SourcesCase, laid: Laid, view: "user" | "fresh-clone"): Snapshot {
  const addDirs = addDirsOf(c, laid);
  return claudeCode.launch({
    root: laid.repo,
    ...(addDirs.length > 0 ? { addDirs } : {}),
    cwd: join(laid.repo, c.cwd ?? "."),
    ...(c.release ? { release: c.release } : {}),
    ...(view === "user"
      ? {
          view: "user" as const,
          user: { home: laid.home, env: { CLAUDE_CONFIG_DIR: laid.config, ...(c.env ?? {}) } },
        }
      : {}),
  });
}

/** The model's entries per list, in item order. */
function lists(s: Snapshot): Partial<Record<ListId, string[]>> {
  const out: Partial<Record<ListId, string[]>> = {};
  for (const i of s.items) {
    const list = LIST_OF[String(i.extra?.list)];
    const entry = i.extra?.entry;
    if (!list || typeof entry !== "string") continue;
    const sep = LIST_SEPARATOR[list];
    expect(i.bytes, `${i.path}: bytes = entry + separator`).toBe(
      Buffer.byteLength(entry) + Buffer.byteLength(sep),
    );
    expect(s.texts.get(i.path), `${i.path}: the entry is the item's text`).toBe(entry);
    out[list] = [...(out[list] ?? []), entry];
  }
  return out;
}

const placeholders = (t: string, laid: Laid) =>
  t.split(laid.config).join("<C>").split(laid.repo).join("<R>").split(laid.home).join("<H>");

describe("the claude-code model lists the recorded skills, commands, subagents and auto memory", () => {
  it("has_claude_code_cases_on_both_pinned_releases", () => {
    expect(CASES.filter((c) => c.release === "2.1.332").length).toBeGreaterThanOrEqual(20);
    expect(CASES.filter((c) => c.release === "2.1.197").length).toBeGreaterThanOrEqual(20);
  });

  for (const c of CASES) {
    const skip = PLUGIN.test(c.name);
    it.skipIf(skip)(c.name, () => {
      const laid = layOut(c);
      const snap = run(c, laid, "user");
      const got = lists(snap);
      for (const list of [
        "claude-code.skills",
        "claude-code.agents",
        "claude-code.auto-memory",
      ] as ListId[]) {
        const want = (c.expected[list] ?? []).map((e) => e.text);
        expect(
          (got[list] ?? []).map((t) => placeholders(t, laid)),
          list,
        ).toEqual(want);
      }
      for (const t of c.contains ?? []) {
        const styles = snap.items.filter((i) => i.kind === "output-style").map((i) => snap.texts.get(i.path));
        expect(styles).toContain(t);
      }
      // Without user files and folders above the repository, the fresh-clone view (what `cap` judges, the
      // repository alone) lists the same.
      const above = Object.values(c.expected).some((l) => l?.some((e) => e.source.startsWith("../")));
      if (!c.config && !c.home && c.autoMemory === undefined && !above) {
        const fresh = lists(run(c, laid, "fresh-clone"));
        for (const list of ["claude-code.skills", "claude-code.agents"] as ListId[])
          expect(fresh[list] ?? [], `${list} (fresh clone)`).toEqual(got[list] ?? []);
      }
    });
  }
});

describe("the claude-code model's parts that the cases pin", () => {
  it("the_fresh_clone_view_reads_no_folder_above_the_repository", () => {
    const c = CASES.find((x) => x.name.includes("outside_a_git_repository")) as SourcesCase;
    const s = run(c, layOut(c), "fresh-clone");
    const names = s.items.filter((i) => i.extra?.entry).map((i) => i.extra?.name);
    expect(names).toEqual(["gamma", "rootsk"]);
  });

  it("the_fresh_clone_view_never_reads_auto_memory_nor_the_config_dir", () => {
    const c = CASES.find((x) => x.name.includes("auto_memory_is_a_section")) as SourcesCase;
    const laid = layOut(c);
    const s = run(c, laid, "fresh-clone");
    expect(s.items.filter((i) => i.kind === "auto-memory")).toEqual([]);
  });

  it("a_plugin_the_project_enables_is_named_not_measured_in_the_fresh_clone_view_and_listed_uncharged_in_the_user_view", () => {
    const c = CASES.find((x) =>
      x.name.includes("an_installed_plugin_the_project_settings_enable"),
    ) as SourcesCase;
    const laid = layOut(c);
    const fresh = run(c, laid, "fresh-clone");
    expect(fresh.items.filter((i) => String(i.extra?.name).startsWith("myplug:"))).toEqual([]);
    expect(fresh.unmeasured).toEqual([
      { kind: "plugin", name: "myplug@localmkt", source: ".claude/settings.json" },
    ]);
    const user = run(c, laid, "user");
    const plugin = user.items.filter((i) => String(i.extra?.name).startsWith("myplug:"));
    expect(plugin.map((i) => i.kind)).toEqual(["subagent", "command", "command", "skill", "skill"]);
    expect(plugin.every((i) => !i.charged && i.bytes > 0)).toBe(true);
    expect(user.unmeasured ?? []).toEqual([]);
  });

  it("an_enabled_plugin_whose_install_record_points_at_no_folder_is_named_not_measured_in_the_user_view", () => {
    const c = CASES.find((x) =>
      x.name.includes("an_installed_plugin_the_project_settings_enable"),
    ) as SourcesCase;
    const laid = layOut(c);
    rmSync(join(laid.config, "plugins", "cache"), { recursive: true });
    const user = run(c, laid, "user");
    expect(user.items.filter((i) => String(i.extra?.name).startsWith("myplug:"))).toEqual([]);
    expect(user.unmeasured).toEqual([
      { kind: "plugin", name: "myplug@localmkt", source: ".claude/settings.json" },
    ]);
  });

  it("user_layer_entries_are_listed_but_not_charged_and_repository_entries_are_charged", () => {
    const c = CASES.find((x) => x.name.includes("skills_come_from_the_config_dir")) as SourcesCase;
    const laid = layOut(c);
    const s = run(c, laid, "user");
    const skills = s.items.filter((i) => i.kind === "skill");
    expect(skills.find((i) => i.extra?.name === "cfgskill")?.charged).toBe(false);
    expect(skills.filter((i) => i.extra?.name !== "cfgskill").every((i) => i.charged)).toBe(true);
  });

  it("a_hidden_skill_is_an_uncharged_item_of_zero_bytes_and_a_dropped_subagent_is_one_with_a_finding", () => {
    const c = CASES.find((x) => x.name.includes("disable_model_invocation")) as SourcesCase;
    const s = run(c, layOut(c), "fresh-clone");
    const hidden = s.items.find((i) => i.extra?.name === "hidden");
    expect(hidden).toMatchObject({ kind: "skill", charged: false, bytes: 0 });
    expect(hidden?.reason).toContain("disable-model-invocation");
    const d = CASES.find((x) => x.name.includes("a_subagent_file_without_frontmatter")) as SourcesCase;
    const t = run(d, layOut(d), "fresh-clone");
    const dropped = t.items.filter((i) => i.kind === "subagent" && !i.charged).map((i) => i.path);
    expect(dropped.sort()).toEqual([
      ".claude/agents/nodesc.md",
      ".claude/agents/nofm.md",
      ".claude/agents/noname.md",
    ]);
    expect(
      t.findings
        .filter((f) => f.ruleId === "source-not-listed")
        .map((f) => f.file)
        .sort(),
    ).toEqual(dropped.sort());
  });

  it("the_lists_always_sent_headers_are_the_clis_and_not_reported_as_overhead", () => {
    const c = CASES.find((x) => x.name.includes("a_subagent_is_dash_name")) as SourcesCase;
    const s = run(c, layOut(c), "fresh-clone");
    expect(s.overhead ?? []).toEqual([]);
  });

  it("the_project_key_is_the_path_with_every_other_character_made_a_dash", () => {
    expect(modelKey("/tmp/x/my_repo.x")).toBe("-tmp-x-my-repo-x");
    expect(modelKey("/tmp/x/my_repo.x")).toBe(claudeProjectKey("/tmp/x/my_repo.x"));
  });

  it("a_single_auto_memory_line_over_the_character_limit_is_cut_at_25000_characters", () => {
    const t = claudeAutoMemoryText("x".repeat(30_000), "2.1.332");
    expect(t.startsWith(`${"x".repeat(25_000)}\n\n> WARNING: MEMORY.md is 29.3KB (limit: 24.4KB)`)).toBe(
      true,
    );
    expect(t).toContain("everything after the first 25000 characters of line 1 was cut off");
  });

  it("a_skills_folder_linked_out_of_the_repository_is_not_followed_and_the_measurement_says_it_is_incomplete", () => {
    const base = realpathSync(tempDir("ac-ccsrc-"));
    created.push(base);
    writeLayout(base, {
      "outside/evil/SKILL.md": "---\ndescription: Outside.\n---\n",
      "repo/.git": { git: true },
      "repo/.claude/skills": { link: "../../outside" },
      "repo/.claude/agents/a.md": { link: "../../../outside/evil/SKILL.md" },
    });
    const s = claudeCode.launch({ root: join(base, "repo") });
    expect(s.items.filter((i) => i.kind === "skill" || i.kind === "subagent")).toEqual([]);
    expect(s.findings.map((f) => f.ruleId)).toEqual(expect.arrayContaining(["walk-stopped", "read-failed"]));
  });

  it("mcp_servers_and_session_start_hooks_are_named_as_unmeasured_and_never_run", () => {
    const base = realpathSync(tempDir("ac-ccsrc-"));
    created.push(base);
    writeLayout(base, {
      ".git": { git: true },
      ".mcp.json": JSON.stringify({ mcpServers: { db: { command: "touch", args: ["RAN"] } } }),
      ".claude/settings.json": JSON.stringify({
        hooks: { SessionStart: [{ hooks: [{ type: "command", command: "touch RAN2" }] }] },
      }),
    });
    const s = claudeCode.launch({ root: base });
    expect(s.unmeasured).toEqual([
      { kind: "mcp-server", name: "db", source: ".mcp.json" },
      { kind: "hook", name: "SessionStart: touch RAN2", source: ".claude/settings.json" },
    ]);
  });
});
