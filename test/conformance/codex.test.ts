/**
 * Conformance: the codex model's AGENTS.md message equals, byte for byte, what the pinned real Codex CLI
 * (`codex debug prompt-input`) puts in the prompt. Each case is one settled behaviour (see
 * docs/findings-codex.md). The CLI runs a few at a time in beforeAll; each case then compares.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type CodexChainOptions, type CodexChainResult, codexChain } from "../../src/agents/codex/chain.js";
import { type CodexRun, codexVersion, runCodex } from "../support/codex.js";
import { type Entry, tempDir, writeLayout } from "../support/codex-layout.js";

interface Case {
  name: string;
  /** Files under the repository dir `repo/`; `home/...` entries go into CODEX_HOME. */
  files: Record<string, Entry>;
  /** cwd relative to repo (default "."), or absolute via a function of the base dir. */
  cwd?: string | ((base: string) => string);
  /** CLI `-c` settings, given to the model as options too. */
  maxBytes?: number;
  fallbackNames?: string[];
  /** CODEX_HOME/config.toml text (may use $REPO for the repository's real path). */
  config?: string;
  /** Extra facts about the model's result. */
  check?: (r: CodexChainResult) => void;
}

const big = (n: number, ch = "x") => `${ch.repeat(n - 1)}\n`;

const cases: Case[] = [
  {
    name: "a_root_agents_md_alone_is_delivered_verbatim",
    files: { ".git": { git: true }, "AGENTS.md": "# Root\n\nUse pnpm.\n" },
  },
  {
    name: "nested_files_join_root_first_with_a_blank_line",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT\n", "a/AGENTS.md": "A\n", "a/b/AGENTS.md": "B\n" },
    cwd: "a/b",
    check: (r) => expect(r.items.map((i) => i.path)).toEqual(["AGENTS.md", "a/AGENTS.md", "a/b/AGENTS.md"]),
  },
  {
    name: "files_below_the_cwd_are_not_loaded",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT\n", "a/AGENTS.md": "A\n", "a/b/AGENTS.md": "B\n" },
    cwd: "a",
  },
  {
    name: "files_without_a_trailing_newline_are_joined_unmodified",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT", "a/AGENTS.md": "  A  " },
    cwd: "a",
  },
  {
    name: "an_override_file_wins_over_agents_md_in_the_same_directory",
    files: {
      ".git": { git: true },
      "AGENTS.md": "ROOT\n",
      "AGENTS.override.md": "OVR\n",
      "a/AGENTS.md": "A\n",
    },
    cwd: "a",
    check: (r) => expect(r.items.map((i) => i.path)).toEqual(["AGENTS.override.md", "a/AGENTS.md"]),
  },
  {
    name: "an_empty_override_still_hides_the_agents_md_beside_it",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT\n", "AGENTS.override.md": "", "a/AGENTS.md": "A\n" },
    cwd: "a",
  },
  {
    name: "fallback_names_apply_in_configured_order_where_no_agents_md_exists",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT\n", "a/CLAUDE.md": "CL\n", "a/TEAM.md": "TEAM\n" },
    cwd: "a",
    fallbackNames: ["TEAM.md", "CLAUDE.md"],
  },
  {
    name: "agents_md_wins_over_a_fallback_name",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT\n", "CLAUDE.md": "CL\n" },
    fallbackNames: ["CLAUDE.md"],
  },
  {
    name: "codex_home_config_toml_sets_fallback_names_and_budget",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT\n", "a/CLAUDE.md": "CLAUDE-A\n" },
    cwd: "a",
    config: 'project_doc_fallback_filenames = ["CLAUDE.md"]\nproject_doc_max_bytes = 9\n',
    check: (r) => expect(r.budget).toMatchObject({ maxBytes: 9, source: "user-config" }),
  },
  {
    name: "whitespace_only_and_empty_files_are_skipped_and_charge_nothing",
    files: {
      ".git": { git: true },
      "AGENTS.md": "  \n\t\n",
      "a/AGENTS.md": "",
      "a/b/AGENTS.md": "héllo wörld\n",
    },
    cwd: "a/b",
    maxBytes: 7,
    check: (r) => {
      expect(r.items.map((i) => i.charged)).toEqual([false, false, true]);
      expect(r.budget.usedBytes).toBe(7);
    },
  },
  {
    name: "a_nested_git_repository_starts_its_own_chain",
    files: {
      ".git": { git: true },
      "AGENTS.md": "OUTER\n",
      "sub/.git": { git: true },
      "sub/AGENTS.md": "INNER\n",
    },
    cwd: "sub",
  },
  {
    name: "a_git_file_marks_the_project_root_like_a_worktree",
    files: { ".git": "gitdir: /nowhere\n", "AGENTS.md": "ROOT\n", "a/AGENTS.md": "A\n" },
    cwd: "a",
  },
  {
    name: "without_any_git_marker_only_the_cwd_file_loads",
    files: { "AGENTS.md": "ROOT\n", "a/AGENTS.md": "A\n" },
    cwd: "a",
    check: (r) => expect(r.projectRoot).toBeNull(),
  },
  {
    name: "a_chain_exactly_at_the_budget_arrives_whole",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT\n", "a/AGENTS.md": "AAAA\n" },
    cwd: "a",
    maxBytes: 10,
    check: (r) => expect(r.truncated).toBeNull(),
  },
  {
    name: "one_byte_over_the_budget_cuts_the_most_specific_file",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT\n", "a/AGENTS.md": "AAAA\n" },
    cwd: "a",
    maxBytes: 9,
    check: (r) =>
      expect(r.truncated).toMatchObject({
        file: "a/AGENTS.md",
        line: 1,
        column: 5,
        lostBytes: [{ file: "a/AGENTS.md", bytes: 1 }],
      }),
  },
  {
    name: "a_cut_inside_a_multibyte_character_becomes_a_replacement_character",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT\n", "a/AGENTS.md": "héllo wörld\n" },
    cwd: "a",
    maxBytes: 7,
    check: (r) => {
      expect(r.texts.get("a/AGENTS.md")).toBe("h\uFFFD");
      expect(r.items[1]).toMatchObject({ bytes: 4, extra: { truncatedBytes: 12 } });
      expect(r.truncated?.firstLostWords).toBe("éllo wörld");
    },
  },
  {
    name: "a_cut_after_a_whole_multibyte_character_keeps_it",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT\n", "a/AGENTS.md": "héllo wörld\n" },
    cwd: "a",
    maxBytes: 8,
  },
  {
    name: "a_large_root_file_starves_the_nested_ones_entirely",
    files: { ".git": { git: true }, "AGENTS.md": big(40), "a/AGENTS.md": "A\n", "a/b/AGENTS.md": "B\n" },
    cwd: "a/b",
    maxBytes: 30,
    check: (r) => {
      expect(r.items.map((i) => i.bytes)).toEqual([30, 0, 0]);
      expect(r.truncated?.lostBytes).toEqual([
        { file: "AGENTS.md", bytes: 10 },
        { file: "a/AGENTS.md", bytes: 2 },
        { file: "a/b/AGENTS.md", bytes: 2 },
      ]);
    },
  },
  {
    name: "the_default_budget_is_32_kib",
    files: { ".git": { git: true }, "AGENTS.md": big(32760, "r"), "a/AGENTS.md": "0123456789ABCDEF\n" },
    cwd: "a",
    check: (r) => expect(r.budget).toMatchObject({ maxBytes: 32768, usedBytes: 32768, source: "default" }),
  },
  {
    name: "the_global_file_is_trimmed_uncharged_and_marked_off_from_the_project",
    files: {
      ".git": { git: true },
      "home/AGENTS.md": "\n  GLOBAL  \n\n",
      "AGENTS.md": "ROOT\n",
      "a/AGENTS.md": "A\n",
    },
    cwd: "a",
    maxBytes: 7,
    check: (r) => expect(r.truncated).toBeNull(),
  },
  {
    name: "the_global_file_is_trimmed_as_rust_trims_keeping_a_bom_and_dropping_next_line",
    files: {
      ".git": { git: true },
      "home/AGENTS.md": Buffer.from("\uFEFFG\u0085\n", "utf8"),
      "AGENTS.md": "ROOT\n",
    },
  },
  {
    name: "the_global_override_wins_and_loads_without_project_files",
    files: { "home/AGENTS.override.md": "GO\n", "home/AGENTS.md": "G\n", "a/.keep": "" },
    cwd: "a",
  },
  {
    name: "a_zero_budget_disables_the_project_chain_but_not_the_global_file",
    files: { ".git": { git: true }, "home/AGENTS.md": "G\n", "AGENTS.md": "ROOT\n" },
    maxBytes: 0,
  },
  {
    name: "a_project_codex_config_is_ignored_unless_the_project_is_trusted",
    files: {
      ".git": { git: true },
      "AGENTS.md": "ROOT-LONG\n",
      ".codex/config.toml": "project_doc_max_bytes = 3\n",
    },
  },
  {
    name: "a_trusted_project_codex_config_sets_the_budget_deepest_first",
    files: {
      ".git": { git: true },
      "AGENTS.md": "ROOT-LONG\n",
      ".codex/config.toml": "project_doc_max_bytes = 6\n",
      "a/.codex/config.toml": "project_doc_max_bytes = 3\n",
    },
    cwd: "a",
    config: '[projects."$REPO"]\ntrust_level = "trusted"\n',
    check: (r) => expect(r.budget).toMatchObject({ maxBytes: 3, source: "project-config" }),
  },
  {
    name: "a_trusted_project_codex_config_sets_fallback_names",
    files: {
      ".git": { git: true },
      "AGENTS.md": "ROOT\n",
      ".codex/config.toml": 'project_doc_fallback_filenames = ["GUIDE.md"]\n',
      "a/GUIDE.md": "GUIDE-A\n",
    },
    cwd: "a",
    config: '[projects."$REPO"]\ntrust_level = "trusted"\n',
    check: (r) => expect(r.fallbackNames).toEqual(["GUIDE.md"]),
  },
  {
    name: "an_untrusted_project_gets_no_agents_md_at_all",
    files: { ".git": { git: true }, "AGENTS.md": "ROOT\n" },
    config: '[projects."$REPO"]\ntrust_level = "untrusted"\n',
    check: (r) => expect(r.message).toBe(""),
  },
  {
    name: "custom_root_markers_from_codex_home_move_the_project_root",
    files: {
      ".git": { git: true },
      "AGENTS.md": "ROOT\n",
      "a/.marker": "",
      "a/AGENTS.md": "A\n",
      "a/b/AGENTS.md": "B\n",
    },
    cwd: "a/b",
    config: 'project_root_markers = [".marker"]\n',
  },
  {
    name: "symlinks_are_followed_and_directories_or_dangling_links_skipped",
    files: {
      ".git": { git: true },
      "docs/agents.md": "LINKED\n",
      "AGENTS.md": { link: "docs/agents.md" },
      "a/AGENTS.override.md": { dir: true },
      "a/AGENTS.md": "A\n",
      "a/b/AGENTS.override.md": { link: "/nowhere/at/all" },
      "a/b/AGENTS.md": "B\n",
    },
    cwd: "a/b",
  },
  {
    name: "a_symlink_loop_named_like_a_candidate_makes_codex_load_nothing",
    files: {
      ".git": { git: true },
      "AGENTS.md": "ROOT\n",
      "a/AGENTS.md": "A\n",
      "a/AGENTS.override.md": { link: "loop2" },
      "a/loop2": { link: "AGENTS.override.md" },
    },
    cwd: "a",
    check: (r) => expect(r.findings[0]?.message).toMatch(/Codex then loads no AGENTS.md at all/),
  },
  {
    name: "dangling_or_looping_root_markers_do_not_count",
    files: {
      ".git": { git: true },
      "AGENTS.md": "ROOT\n",
      "a/.git": { link: "/nowhere/at/all" },
      "a/b/.git": { link: ".git" },
      "a/b/AGENTS.md": "B\n",
    },
    cwd: "a/b",
  },
  {
    name: "a_cwd_reached_through_a_symlink_is_canonicalised",
    files: {
      ".git": { git: true },
      "AGENTS.md": "ROOT\n",
      "a/AGENTS.md": "A\n",
      "../alias": { link: "repo/a" },
    },
    cwd: (base) => join(base, "alias"),
  },
  {
    name: "invalid_utf8_bytes_become_replacement_characters_bom_and_crlf_stay",
    files: {
      ".git": { git: true },
      "AGENTS.md": Buffer.from([0xef, 0xbb, 0xbf, 0x58, 0x0d, 0x0a]),
      "a/AGENTS.md": Buffer.from([0x58, 0xff, 0xfe, 0x59, 0x0a]),
    },
    cwd: "a",
  },
  {
    name: "a_file_holding_only_a_bom_is_not_whitespace_to_codex",
    files: { ".git": { git: true }, "AGENTS.md": Buffer.from([0xef, 0xbb, 0xbf]), "a/AGENTS.md": "A\n" },
    cwd: "a",
  },
  {
    name: "a_cut_leaving_only_whitespace_skips_the_file_and_spends_nothing",
    files: {
      ".git": { git: true },
      "AGENTS.md": "ROOT\n",
      "a/AGENTS.md": "   tail\n",
      "a/b/AGENTS.md": "B\n",
    },
    cwd: "a/b",
    maxBytes: 7,
  },
];

interface Prepared {
  c: Case;
  run: CodexRun;
  model: CodexChainResult;
}

const prepared = new Map<string, Prepared>();

async function prepare(c: Case): Promise<Prepared> {
  const base = tempDir("ac-cx-conf-");
  const repo = join(base, "repo");
  const home = join(base, "home");
  const repoFiles: Record<string, Entry> = { ".": { dir: true } };
  const homeFiles: Record<string, Entry> = { ".": { dir: true } };
  for (const [k, v] of Object.entries(c.files)) {
    if (k.startsWith("home/")) homeFiles[k.slice(5)] = v;
    else repoFiles[k] = v;
  }
  if (c.config) homeFiles["config.toml"] = c.config.replaceAll("$REPO", repo);
  writeLayout(repo, repoFiles);
  writeLayout(home, homeFiles);
  const cwd = typeof c.cwd === "function" ? c.cwd(base) : join(repo, c.cwd ?? ".");
  const args: string[] = [];
  if (c.maxBytes !== undefined) args.push("-c", `project_doc_max_bytes=${c.maxBytes}`);
  if (c.fallbackNames) args.push("-c", `project_doc_fallback_filenames=${JSON.stringify(c.fallbackNames)}`);
  const run = await runCodex({ cwd, codexHome: home, args });
  const opts: CodexChainOptions = { root: repo, cwd, codexHome: home };
  if (c.maxBytes !== undefined) opts.maxBytes = c.maxBytes;
  if (c.fallbackNames) opts.fallbackNames = c.fallbackNames;
  return { c, run, model: codexChain(opts) };
}

beforeAll(async () => {
  const queue = [...cases];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) prepared.set(c.name, await prepare(c));
  };
  await Promise.all([worker(), worker(), worker()]);
}, 180_000);

describe(`codex AGENTS.md chain matches the real CLI (@openai/codex ${codexVersion()})`, () => {
  it("the_pinned_cli_is_the_verified_version", async () => {
    const { CODEX_VERIFIED_VERSION } = await import("../../src/agents/codex/release.js");
    expect(codexVersion()).toBe(CODEX_VERIFIED_VERSION);
  });

  it.each(cases.map((c) => [c.name]))("%s", (name) => {
    const p = prepared.get(name);
    if (!p) throw new Error(`case ${name} was not prepared`);
    expect(p.run.code, p.run.stderr).toBe(0);
    expect(p.model.message).toBe(p.run.agentsMessage);
    expect(Buffer.from(p.model.message).equals(Buffer.from(p.run.agentsMessage))).toBe(true);
    p.c.check?.(p.model);
  });
});
